import { z } from 'zod';
import { BADGE_SLOTS, BIO_MAX, PASSWORD_MAX, PASSWORD_MIN, PROFILE_TEXT_MAX, URL_MAX, USERNAME_MAX } from '../limits.js';
import { USERNAME_RULES } from '../username.js';

// Request bodies of SPEC section 7. The server validates with these; the client's forms use the same limits.
// .strict() refuses unknown keys, which also closes the door on operator injection through extra fields.

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const id = z.string().min(1, 'is required').max(64, 'is too long').regex(/^[A-Za-z0-9_-]+$/, 'is not a valid id');

export const emailSchema = z
  .string({ error: 'is required' })
  .trim()
  .max(254, 'is too long')
  .email('must be a valid email address')
  .transform((e) => e.toLowerCase());

export const credentialsSchema = z
  .object({
    email: emailSchema,
    password: z
      .string({ error: 'is required' })
      .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
  })
  .strict();

export const loginSchema = z
  .object({
    email: emailSchema,
    password: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX, 'is too long'),
  })
  .strict();

export const usernameValueSchema = z
  .string({ error: 'is required' })
  .max(USERNAME_MAX, `must be at most ${USERNAME_MAX} characters`)
  .superRefine((name, ctx) => {
    for (const rule of USERNAME_RULES) {
      if (!rule.test(name)) ctx.addIssue({ code: 'custom', message: `must match: ${rule.label.toLowerCase()}` });
    }
  });

export const usernameBodySchema = z.object({ username: usernameValueSchema }).strict();
export const usernameQuerySchema = z.object({ username: usernameValueSchema, ts: z.string().optional() });

export const profileUpdateSchema = z
  .object({
    biography: text(BIO_MAX).optional(),
    custom_link: text(URL_MAX).optional(),
    location: text(PROFILE_TEXT_MAX).optional(),
    website_link: text(URL_MAX).optional(),
    instagram_link: text(URL_MAX).optional(),
    twitter_link: text(URL_MAX).optional(),
  })
  .strict();

export const badgesBodySchema = z
  .object({ badgeIDs: z.array(id).max(BADGE_SLOTS, `must hold at most ${BADGE_SLOTS} badges`) })
  .strict();
export const flairBodySchema = z.object({ flairID: id.nullable() }).strict();

export const deviceClaimSchema = z
  .object({ deviceToken: z.string({ error: 'is required' }).min(1, 'is required').max(128, 'is too long') })
  .strict();

export const ackBodySchema = z.object({ ack_type: z.enum(['seen', 'read'], { error: 'must be seen or read' }) }).strict();

export const eventUpgradeSchema = z
  .object({ uuid: z.string().min(8, 'is too short').max(64, 'is too long').regex(/^[A-Za-z0-9-]+$/, 'is not a valid id').optional() })
  .strict();

export const pushSubscriptionSchema = z
  .object({
    endpoint: z.string().url('must be a URL').max(URL_MAX, 'is too long').refine((u) => /^https?:\/\//.test(u), 'must be http(s)'),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(64) }).strict(),
  })
  .strict();

export const noticesQuerySchema = z.object({
  hist: z.coerce.number().int().min(1).max(100).optional(),
  ts: z.string().optional(),
});

export type Credentials = z.infer<typeof credentialsSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;
