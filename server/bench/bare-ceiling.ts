import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

// Shared by the server benchmarks: autocannon runs, and a bare node:http 'hello' server
// measured in the same run as the ceiling the app's figures are compared with.

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(opts: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ duration: 10, connections: 10, ...opts });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export async function bareCeiling(connections: number, duration = 10): Promise<LoadResult> {
  const server = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end('{"hello":"world"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await load({ url: `http://127.0.0.1:${port}/`, connections, duration });
  } finally {
    server.close();
  }
}

export const row = (name: string, r: LoadResult, ceiling?: LoadResult) =>
  `| ${name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${ceiling ? `${((r.rps / ceiling.rps) * 100).toFixed(1)} %` : '100 %'} | ${r.errors + r.non2xx} |`;

export const tableHead = '| target | req/s | p50 ms | p99 ms | of ceiling | errors + non-2xx |\n|---|---|---|---|---|---|';
