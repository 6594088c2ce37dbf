/**
 * One zapgen at a time per package folder. Two runs writing the same folder interleave their
 * swaps and both report success; a `check` reading while a `generate` writes sees half of each.
 * So `generate` and `check` hold `<out>/.zapgen.lock` while they read or write the package: the
 * file is created exclusively (`O_EXCL`), names its holder, and is removed when done. A run
 * that finds it waits, saying for whom, and gives up after `LOCK_WAIT_MS` with the lock's path.
 * A lock whose process is gone (same host, pid not running: killed, crashed) is taken over.
 * Two calls in one process exclude each other as two processes do.
 */
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The lock file's name in the package folder. */
export const LOCK_FILE = '.zapgen.lock';

/** How long a run waits for another to finish before giving up. */
export const LOCK_WAIT_MS = 10 * 60 * 1000;

const POLL_MS = 100;

/** Who holds a lock. */
export interface LockHolder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

/** The folder stayed locked by another run for longer than the wait. */
export class LockTimeoutError extends Error {
  constructor({ outDir, holder, file }: { outDir: string; holder?: LockHolder; file: string }) {
    super(
      `${outDir} is still locked by ${describe(holder)} after ${LOCK_WAIT_MS / 60_000} minutes; nothing was done. If no zapgen is running there, delete ${file}`,
    );
    this.name = 'LockTimeoutError';
  }
}

/** A held lock; `release()` is idempotent. */
export interface Lock {
  release(): void;
}

interface HeldLock {
  file: string;
  /** Folders created to hold the lock, innermost first: removed with it when left empty. */
  createdFolders: string[];
}

/** The locks this process holds, by folder. */
const held = new Map<string, HeldLock>();

/** Every lock this process holds, released (on a signal, before exiting). */
export function releaseAllLocks(): void {
  for (const [folder, entry] of held) {
    held.delete(folder);
    removeLock(entry);
  }
}

/**
 * Takes the lock of `outDir` (creating the folder when missing), waiting while another live
 * process holds it: `onWait` is called once, with the holder, when waiting starts.
 */
export async function lockFolder({
  outDir,
  command,
  onWait,
  waitMs = LOCK_WAIT_MS,
}: {
  outDir: string;
  command: string;
  onWait?: (holder: string) => void;
  waitMs?: number;
}): Promise<Lock> {
  const folder = path.resolve(outDir);
  const createdFolders = createFolder(folder);
  const file = path.join(folder, LOCK_FILE);
  const deadline = Date.now() + waitMs;
  let announced = false;
  for (;;) {
    if (tryCreate(file, command)) {
      const entry = { file, createdFolders };
      held.set(folder, entry);
      return releaser(folder, entry);
    }
    const { holder, text } = readHolder(file);
    if (holder && isGone(holder, folder)) {
      // Taken over only if it is still the dead process's lock (another run may have done so first).
      if (readHolder(file).text === text) attempt(() => unlinkSync(file));
      continue;
    }
    if (Date.now() >= deadline) {
      removeEmptyFolders(createdFolders);
      throw new LockTimeoutError({ outDir, holder, file });
    }
    if (!announced) {
      announced = true;
      onWait?.(`waiting for ${describe(holder)} to finish with ${outDir}`);
    }
    await sleep(POLL_MS);
  }
}

function releaser(folder: string, entry: HeldLock): Lock {
  return {
    release() {
      if (held.get(folder) !== entry) return;
      held.delete(folder);
      removeLock(entry);
    },
  };
}

function removeLock(entry: HeldLock): void {
  attempt(() => unlinkSync(entry.file));
  // A folder created only to hold the lock (the spec was invalid) is not left behind.
  removeEmptyFolders(entry.createdFolders);
}

function tryCreate(file: string, command: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    const holder: LockHolder = {
      pid: process.pid,
      host: hostname(),
      command,
      since: new Date().toISOString(),
    };
    writeSync(descriptor, JSON.stringify(holder));
  } finally {
    closeSync(descriptor);
  }
  return true;
}

function readHolder(file: string): { holder?: LockHolder; text?: string } {
  try {
    const text = readFileSync(file, 'utf8');
    const value = JSON.parse(text) as Partial<LockHolder>;
    return typeof value.pid === 'number' && typeof value.host === 'string'
      ? { holder: value as LockHolder, text }
      : { text };
  } catch {
    // Missing (released meanwhile) or being written: looked at again on the next poll.
    return {};
  }
}

/** True when the holder's process is known to be gone: same host, and no such pid. */
function isGone(holder: LockHolder, folder: string): boolean {
  if (holder.host !== hostname()) return false;
  // This process's pid on a lock it does not hold: left by an earlier process with the same pid.
  if (holder.pid === process.pid) return !held.has(folder);
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function describe(holder: LockHolder | undefined): string {
  return holder
    ? `zapgen ${holder.command} (pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}, since ${holder.since})`
    : 'another zapgen';
}

/** Creates `folder` and its missing parents; returns those created, innermost first. */
function createFolder(folder: string): string[] {
  const missing: string[] = [];
  for (let current = folder; !exists(current); current = path.dirname(current))
    missing.push(current);
  mkdirSync(folder, { recursive: true });
  return missing;
}

function removeEmptyFolders(folders: readonly string[]): void {
  for (const folder of folders)
    attempt(() => {
      if (readdirSync(folder).length === 0) rmdirSync(folder);
    });
}

function exists(folder: string): boolean {
  try {
    readdirSync(folder);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

function attempt(step: () => void): void {
  try {
    step();
  } catch {
    // Best effort: a lock file already gone, a folder no longer empty.
  }
}
