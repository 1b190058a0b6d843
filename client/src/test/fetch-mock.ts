import { vi } from 'vitest';

// Tests mock the network at the edge the app really uses: the global fetch. Handlers are keyed by
// "METHOD /path" with the API prefix removed; anything unmatched answers 404 like the real API.

export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorBody(message: string) {
  return { messages: [{ message }] };
}

export function mockFetch(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {}
    }
    const call = { method, path, url, headers: new Headers(init.headers), body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    return handler ? handler(call) : json(404, errorBody(`No API route for ${method} ${path}`));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls, called: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}
