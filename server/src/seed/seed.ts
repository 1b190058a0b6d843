import type { AppDeps } from '../app.js';

// Demo data: filled in by the domain work (issue 5).
export async function seedIfEmpty(_deps: AppDeps): Promise<void> {}
