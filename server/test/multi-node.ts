import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Several real server processes for the multi-node tests: a throwaway redis-server and nodes started
// as `npx tsx server/src/main.ts`, each on its own port, all on one database and one Redis.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The redis-server binary, or null when it is not installed (the test then says so and skips). */
export function redisServerBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, child: ChildProcess, output: () => string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}:\n${output()}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start in ${ms} ms:\n${output()}`);
}

export interface Child {
  url: string;
  port: number;
  output(): string;
  stop(): Promise<void>;
}

/** Collects the child's output and stops it with `signal` (SIGTERM, then SIGKILL after 10 s). */
function track(child: ChildProcess, signal: (sig: NodeJS.Signals) => void = (sig) => child.kill(sig)) {
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    signal('SIGTERM');
    const killer = setTimeout(() => signal('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  };
  return { output: () => out, stop };
}

const pong = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });

/** A redis-server with nothing kept on disk. */
export async function startRedis(binary: string): Promise<Child> {
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { output, stop } = track(child);
  await waitFor('redis-server', () => pong(port), child, output, 15_000);
  return { url: `redis://127.0.0.1:${port}`, port, output, stop };
}

/** One server process, as `npm start` runs it, with the given environment on top of a quiet test one. */
export async function startNode(env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const child = spawn('npx', ['tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SEED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it also stops what npx started under it.
    detached: true,
  });
  // Signals go to the whole group: npx, and the node process it started.
  const { output, stop } = track(child, (sig) => {
    try {
      if (child.pid) process.kill(-child.pid, sig);
    } catch {
      // already gone
    }
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`node on ${port}`, async () => (await fetch(`${url}/api/health`)).ok, child, output);
  return { url, port, output, stop };
}
