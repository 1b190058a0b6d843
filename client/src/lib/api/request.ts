import type { ErrorBody } from '@tapquest/shared';

// The one place that talks HTTP to the API, with the error semantics of SPEC section 8:
// a 4xx is logged as a warning (status and body) and a 5xx as an error, and either way the
// response goes back to the caller, who decides what the person sees.

export const API_HOST = (import.meta.env.VITE_API_HOST ?? '/api').replace(/\/+$/, '');

/** A fetch Response whose json() is typed with the success body; check `ok` before reading it. */
export interface ApiResponse<T> extends Response {
  json(): Promise<T>;
}

export type Query = Record<string, string | number | undefined>;

export interface RequestOptions {
  /** Sent as `Authorization: Bearer`; omitted when null or undefined. */
  token?: string | null;
  json?: unknown;
  form?: FormData;
  query?: Query;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
}

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_HOST}${path}${search ? `?${search}` : ''}`;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  // GETs carry a `ts` cache-buster: intermediaries and old service workers must never answer from cache.
  const query = method === 'GET' ? { ...options.query, ts: Date.now() } : options.query;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(apiUrl(path, query), {
    method,
    headers,
    body,
    signal: options.signal,
    credentials: options.credentials,
  });
  if (res.status >= 500) {
    console.error(`${method} ${path} failed`, res.status, await readBody(res.clone()));
  } else if (res.status >= 400) {
    console.warn(`${method} ${path} was refused`, res.status, await readBody(res.clone()));
  }
  return res as ApiResponse<T>;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && Array.isArray((value as ErrorBody).messages);
}

/** The server's first message (`messages[0].message`), or `fallback` when the body has none. */
export async function errorMessage(res: Response, fallback: string): Promise<string> {
  const body = await readBody(res.clone());
  return (isErrorBody(body) && body.messages[0]?.message) || fallback;
}

/** The body of a call that answers JSON only when it has something to say (content-length non-zero). */
export async function jsonIfAny<T>(res: Response): Promise<T | undefined> {
  if (res.headers.get('content-length') === '0' || res.status === 204) return undefined;
  const body = await readBody(res);
  return body === null ? undefined : (body as T);
}
