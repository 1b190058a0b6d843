// SPEC section 2: a quest is in person unless it happens 'Global'ly or 'Online'.
const REMOTE_LOCATIONS = new Set(['global', 'online']);

export function isInPerson(location: string): boolean {
  return !REMOTE_LOCATIONS.has(location.trim().toLowerCase());
}
