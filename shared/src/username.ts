import { USERNAME_MAX, USERNAME_MIN } from './limits.js';

// The live checklist of the sign-up username step; the server enforces the same rules.
export interface UsernameRule {
  id: 'length' | 'startsWithLetter' | 'allowedCharacters';
  label: string;
  test: (name: string) => boolean;
}

export const USERNAME_RULES: readonly UsernameRule[] = [
  {
    id: 'length',
    label: `${USERNAME_MIN} to ${USERNAME_MAX} characters`,
    test: (n) => n.length >= USERNAME_MIN && n.length <= USERNAME_MAX,
  },
  { id: 'startsWithLetter', label: 'Starts with a letter', test: (n) => /^[A-Za-z]/.test(n) },
  {
    id: 'allowedCharacters',
    label: 'Only letters, numbers or underscore',
    test: (n) => n.length > 0 && /^[A-Za-z0-9_]+$/.test(n),
  },
];

export function checkUsername(name: string): { valid: boolean; failed: UsernameRule['id'][] } {
  const failed = USERNAME_RULES.filter((r) => !r.test(name)).map((r) => r.id);
  return { valid: failed.length === 0, failed };
}

/** Uniqueness is case-insensitive: 'Alice_1' and 'alice_1' are the same name. */
export function usernameKey(name: string): string {
  return name.toLowerCase();
}
