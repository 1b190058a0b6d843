import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { ADMIN_USERS_CSV_COLUMNS, adminUsersQuerySchema, csvRow, NO_USERNAME_LABEL, type AdminUserRow } from '@tapquest/shared';
import type { RouterFactory } from '../../app.js';
import { parse } from '../../platform/validate.js';
import { requireAdmin } from '../accounts/authenticate.js';
import { allUsersRanked, listUsers } from './admin-users.service.js';

// The admin dashboard's user management: a ranked, sortable, paged list and a CSV export of everyone.
// Admins only: a visitor gets 401, a signed-in user without the admin role 403.

async function* csvLines(rows: AsyncIterable<AdminUserRow>): AsyncGenerator<string> {
  yield csvRow(ADMIN_USERS_CSV_COLUMNS);
  for await (const r of rows) yield csvRow([r.rank, r.username ?? NO_USERNAME_LABEL, r.level, r.xp, r.interfaces, r.quests]);
}

export const adminUsersRouter: RouterFactory = () => {
  const router = Router();

  router.get('/admin/users', requireAdmin, async (req, res) => {
    const { sort, page, pageSize } = parse(adminUsersQuerySchema, req.query);
    res.json(await listUsers({ sort, page, pageSize }));
  });

  router.get('/admin/users.csv', requireAdmin, async (_req, res) => {
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="tapquest-users-${day}.csv"`);
    // Streamed with backpressure, so a large user base never sits in memory; a failure half-way
    // destroys the response (the download fails) instead of leaving a truncated file that looks whole.
    await pipeline(Readable.from(csvLines(allUsersRanked())), res);
  });

  return router;
};
