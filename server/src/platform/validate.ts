import type { z } from 'zod';
import { Invalid } from './errors.js';

/** Parses untrusted input with a shared zod schema; the first problem becomes a 400 naming the field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.');
  const message = field ? `${field} ${issue.message}` : issue.message;
  throw new Invalid(message, field || undefined);
}
