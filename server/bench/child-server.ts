// A Tapquest server node in a child process, as `npm start` runs it, so that a benchmark's load
// generator and the server under test never share one event loop.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ChildServer {
  url: string;
  pid: number;
  /** Resident set size of the server process, in bytes (VmRSS from /proc). */
  rss(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

/**
 * Starts server/src/main.ts with a fresh data directory and waits for /api/health. NODE_ENV is
 * production unless `env` says otherwise; LOG_LEVEL silent; seeded with the demo data by default.
 */
export async function startChildServer(env: Record<string, string> = {}): Promise<ChildServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapquest-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED: 'true',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /api/health within 60 s: ${stderr}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    rss: () => rssOf(child.pid!),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(force);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A sentence for a benchmark section: how busy the machine was when it started (others' work skews figures). */
export function machineLoad(): string {
  return `Load average when this run started: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.`;
}
