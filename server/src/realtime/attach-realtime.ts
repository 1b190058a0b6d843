import type http from 'node:http';
import type { AppDeps } from '../app.js';

export interface Realtime {
  close(): Promise<void>;
}

// socket.io gateway: filled in by the notices work (issue 6).
export async function attachRealtime(_server: http.Server, _deps: AppDeps): Promise<Realtime> {
  return { close: async () => {} };
}
