import { Router } from 'express';
import { z } from 'zod';
import { LONG_POLL_DEFAULT_SECONDS, LONG_POLL_MAX_SECONDS, NOTICE_FETCH_LIMIT, ackBodySchema, noticesQuerySchema } from '@tapquest/shared';
import type { RouterFactory } from '../../app.js';
import { parse } from '../../platform/validate.js';
import { currentUser, requireUser } from '../accounts/authenticate.js';
import { longPollsEnded, waitForNewNotices } from './long-poll.js';
import { acknowledgeNotice, listNotices, noticeCount } from './notices.service.js';

// The client's long poll sends duration=60 and loops (SPEC section 7): anything that is not a number
// means the default rather than a 400, and the value is kept within 1..LONG_POLL_MAX_SECONDS.
const pollQuerySchema = z.object({
  duration: z.unknown().transform((v) => {
    const seconds = typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 1), LONG_POLL_MAX_SECONDS) : LONG_POLL_DEFAULT_SECONDS;
  }),
  after: z.string().max(64, 'is too long').optional(),
  ts: z.string().optional(),
});

export const noticesRouter: RouterFactory = () => {
  const router = Router();
  router.use(['/my/notices', '/notices'], requireUser);

  router.get('/my/notices', async (req, res) => {
    const { hist } = parse(noticesQuerySchema, req.query);
    res.json(await listNotices(currentUser(req).id, hist ?? NOTICE_FETCH_LIMIT));
  });

  router.get('/my/notices/count', async (req, res) => {
    res.json(await noticeCount(currentUser(req).id));
  });

  router.get('/my/notices/poll', async (req, res) => {
    const { duration, after } = parse(pollQuerySchema, req.query);
    const gone = new AbortController();
    // 'close' also follows a normal answer; aborting a finished poll does nothing.
    req.on('close', () => gone.abort());
    const notices = await waitForNewNotices(currentUser(req).id, { after, durationMs: Math.round(duration * 1000), signal: gone.signal });
    if (gone.signal.aborted) return;
    // Shutting down: without this the client would keep the connection open and hold up the close.
    if (longPollsEnded()) res.setHeader('Connection', 'close');
    res.json({ notices });
  });

  router.patch('/notices/:id', async (req, res) => {
    const { ack_type } = parse(ackBodySchema, req.body);
    res.json(await acknowledgeNotice(currentUser(req).id, req.params.id, ack_type));
  });

  return router;
};
