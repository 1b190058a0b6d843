export * from './limits.js';
export * from './username.js';
export * from './xp-curve.js';
export * from './streak.js';
export * from './relative-time.js';
export * from './api/schemas.js';
export * from './api/types.js';
export * from './api/gear-and-quests.js';
