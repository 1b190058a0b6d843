// HTTP load figures (issue 11): autocannon at 100 connections against one server node in a child
// process (seeded, on the embedded engine it starts itself, as `npm start` does), with mixed traffic
// GET /api/my/notices, GET /api/my/profile, POST /api/device/claim, beside a bare node:http server
// in another child process as the ceiling of this machine, load generator and all.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort, machineLoad, startChildServer } from './child-server.js';

const CONNECTIONS = 100;
const DURATION_S = 10;
const SINGLE_DURATION_S = 5;
// Seeded gear the bench user claims once during set-up; every claim in the run then meets it
// already claimed: 409, after the item lookup and the conditional update, and nothing changes.
const CLAIM_TOKEN = 'demo-neon-cap-007';

interface Row {
  target: string;
  result: autocannon.Result;
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function startBareServer(body: string): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const code = `require('node:http').createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(${JSON.stringify(body)});
  }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (c) => reject(new Error(`bare server exited ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: string }> {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.text() };
}

function statuses(r: autocannon.Result): string {
  const codes = Object.entries(r.statusCodeStats ?? {}).map(([code, stat]) => `${code}: ${(stat?.count ?? 0).toLocaleString('en')}`);
  if (r.errors) codes.push(`errors: ${r.errors}`);
  if (r.timeouts) codes.push(`timeouts: ${r.timeouts}`);
  return codes.join(', ');
}

export default async function loadBench(): Promise<string> {
  const busy = machineLoad();
  const server = await startChildServer();
  const rows: Row[] = [];
  let bareRps = 0;
  try {
    const json = { 'content-type': 'application/json' };
    const signUp = await call(`${server.url}/api/user`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: `load.${Date.now()}@bench.test`, password: 'load bench password' }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${signUp.body}`);
    const auth = { authorization: `Bearer ${JSON.parse(signUp.body).token}` };
    const steps = [
      ['PUT', '/api/my/username', { username: 'load_bench' }, 200],
      ['POST', '/api/device/claim', { deviceToken: CLAIM_TOKEN }, 200],
      ['GET', '/api/my/notices', undefined, 200],
      ['GET', '/api/my/profile', undefined, 200],
      ['POST', '/api/device/claim', { deviceToken: CLAIM_TOKEN }, 409],
    ] as const;
    const bodies: Record<string, string> = {};
    for (const [method, path, body, expected] of steps) {
      const res = await call(`${server.url}${path}`, { method, headers: { ...json, ...auth }, body: body && JSON.stringify(body) });
      if (res.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${res.status} ${res.body.slice(0, 200)}`);
      bodies[`${method} ${path}`] = res.body;
    }

    const requests: autocannon.Request[] = [
      { method: 'GET', path: '/api/my/notices', headers: auth },
      { method: 'GET', path: '/api/my/profile', headers: auth },
      { method: 'POST', path: '/api/device/claim', headers: { ...json, ...auth }, body: JSON.stringify({ deviceToken: CLAIM_TOKEN }) },
    ];
    // Warm-up: JIT, connection pool, caches.
    await run({ url: server.url, requests, duration: 2 });
    rows.push({ target: 'mixed 1:1:1 (notices, profile, claim)', result: await run({ url: server.url, requests, duration: DURATION_S }) });
    for (const request of requests) {
      const result = await run({ url: server.url, requests: [request], duration: SINGLE_DURATION_S });
      rows.push({ target: `${request.method} ${request.path} alone`, result });
    }

    // The ceiling answers with the profile's JSON, so bytes on the wire are alike.
    const bare = await startBareServer(bodies['GET /api/my/profile']!);
    try {
      await run({ url: bare.url, duration: 2 });
      const result = await run({ url: bare.url, duration: DURATION_S });
      rows.unshift({ target: 'bare node:http (ceiling)', result });
      bareRps = result.requests.average;
    } finally {
      bare.stop();
    }
  } finally {
    await server.stop();
  }

  const fmt = (n: number) => Math.round(n).toLocaleString('en');
  const table = [
    '| target | duration | req/s (mean) | of ceiling | p50 ms | p99 ms | responses |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      ({ target, result: r }) =>
        `| ${target} | ${r.duration.toFixed(0)} s | ${fmt(r.requests.average)} | ${((r.requests.average / bareRps) * 100).toFixed(0)}% | ${r.latency.p50} | ${r.latency.p99} | ${statuses(r)} |`,
    ),
  ];
  return [
    '## HTTP load (autocannon)',
    '',
    `${CONNECTIONS} connections, one Tapquest node (NODE_ENV=production, seeded, embedded engine in the same process, as \`npm start\`)`,
    'in a child process; autocannon in the bench process; the bare node:http ceiling in another child process, answering',
    "the profile's JSON. Every call carries a signed-in user's bearer token.",
    '',
    ...table,
    '',
    `The claim is a write path that changes nothing: the bench user claimed \`${CLAIM_TOKEN}\` during set-up, so every`,
    'claim in the run looks the item up, attempts the conditional update, and answers **409 Conflict** (already claimed).',
    'Mixed traffic: autocannon cycles each connection through the three requests in turn.',
    '',
    busy,
  ].join('\n');
}
