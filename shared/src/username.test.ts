import { describe, expect, it } from 'vitest';
import { checkUsername } from './username.js';
import { usernameValueSchema } from './api/schemas.js';

describe('username rules', () => {
  it.each(['alice_1', 'Bob123', 'a_________________z'])('accepts %s', (n) => {
    expect(checkUsername(n).valid).toBe(true);
    expect(usernameValueSchema.safeParse(n).success).toBe(true);
  });
  it.each([
    ['short', ['length']],
    ['1abcdef', ['startsWithLetter']],
    ['abc def!', ['allowedCharacters']],
    ['a'.repeat(21), ['length']],
  ])('refuses %s', (n, failed) => {
    expect(checkUsername(n).failed).toEqual(failed);
    expect(usernameValueSchema.safeParse(n).success).toBe(false);
  });
});
