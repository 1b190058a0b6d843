import http from 'node:http';

// A bare HTTP client for what supertest hides: the client's own address (rate limits are per
// IP), a fresh connection per request, and bodies sent byte for byte.

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body, or undefined. */
  json: { messages?: { message?: string }[]; [key: string]: unknown } | undefined;
}

export function httpRequest(
  url: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; from?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
    const req = http.request(
      url,
      {
        method: opts.method ?? 'GET',
        path: opts.path,
        localAddress: opts.from,
        agent: false,
        headers: { ...(body ? { 'Content-Length': String(body.length) } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json: RawResponse['json'];
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export const postJson = (url: string, path: string, value: unknown, extra: { headers?: Record<string, string>; from?: string } = {}) =>
  httpRequest(url, {
    method: 'POST',
    path,
    body: JSON.stringify(value),
    headers: { 'Content-Type': 'application/json', ...extra.headers },
    from: extra.from,
  });
