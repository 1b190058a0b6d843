import { promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// One engine per data directory. The lock file holds the owner's pid plus what it takes to tell a
// live owner from a dead one whose pid was reused: the host, the kernel boot id and the process
// start time (Linux /proc; elsewhere only "is that pid alive"). A lock whose owner is gone is
// stale and is taken over; a live owner gets a clear error instead of two engines corrupting
// each other's journal.

export const LOCK_FILE = 'mongod.lock';

interface LockInfo {
  pid: number;
  hostname: string;
  bootId?: string;
  startTicks?: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  readonly code = 'EDATADIRLOCKED';
  constructor(dir: string, holder: string, lockPath: string) {
    super(
      `embedded-mongo: the data directory ${dir} is already in use by ${holder}. ` +
        `Only one engine may use a data directory: stop the other one (or connect to it with its mongodb:// URI). ` +
        `If that process no longer exists, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/PID/stat: start time in clock ticks since boot (the command name may contain spaces). */
function processStartTicks(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function currentInfo(): LockInfo {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    bootId: readProc('/proc/sys/kernel/random/boot_id')?.trim(),
    startTicks: processStartTicks(process.pid),
    startedAt: new Date().toISOString(),
  };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** 'live', 'stale', or 'unknown' (another host: we can't check, so we must not take it over). */
function ownerState(info: LockInfo): 'live' | 'stale' | 'unknown' {
  if (info.hostname !== os.hostname()) return 'unknown';
  const bootId = readProc('/proc/sys/kernel/random/boot_id')?.trim();
  if (info.bootId && bootId && info.bootId !== bootId) return 'stale'; // the machine rebooted since
  if (!pidAlive(info.pid)) return 'stale';
  if (info.startTicks) {
    const ticks = processStartTicks(info.pid);
    if (ticks && ticks !== info.startTicks) return 'stale'; // pid reused by another process
  }
  return 'live';
}

function parse(text: string): LockInfo | null {
  try {
    const info = JSON.parse(text) as LockInfo;
    return Number.isInteger(info.pid) && typeof info.hostname === 'string' ? info : null;
  } catch {
    return null;
  }
}

export class DataDirLock {
  private constructor(private readonly file: string, private readonly content: string) {}

  static async acquire(dir: string): Promise<DataDirLock> {
    const file = path.join(dir, LOCK_FILE);
    const content = JSON.stringify(currentInfo()) + '\n';
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const handle = await fs.open(file, 'wx');
        try {
          await handle.writeFile(content);
          await handle.sync();
        } finally {
          await handle.close();
        }
        return new DataDirLock(file, content);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      let existing: string;
      try {
        existing = await fs.readFile(file, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile
        throw err;
      }
      const info = parse(existing);
      if (!info) {
        // Empty or half-written: its writer may be creating it right now, or died doing so.
        const age = Date.now() - (await fs.stat(file).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
        if (age < 2000) {
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
      } else {
        const state = ownerState(info);
        const holder = `process ${info.pid} on ${info.hostname} (since ${info.startedAt})`;
        if (state === 'live' || state === 'unknown') throw new DataDirLockedError(dir, holder, file);
      }
      // Stale: move it aside atomically, and only delete it if what we moved is what we judged.
      const aside = `${file}.stale-${process.pid}-${Date.now()}`;
      try {
        await fs.rename(file, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      const moved = await fs.readFile(aside, 'utf8').catch(() => '');
      if (moved !== existing) {
        // Another starter replaced the stale lock between our read and rename: put theirs back.
        await fs.link(aside, file).catch(() => undefined);
        await fs.unlink(aside).catch(() => undefined);
        throw new DataDirLockedError(dir, 'another engine that just started', file);
      }
      await fs.unlink(aside).catch(() => undefined);
    }
    throw new Error(`embedded-mongo: could not acquire ${file}`);
  }

  async release(): Promise<void> {
    // Only remove the file if it's still ours.
    const current = await fs.readFile(this.file, 'utf8').catch(() => null);
    if (current === this.content) await fs.unlink(this.file).catch(() => undefined);
  }
}
