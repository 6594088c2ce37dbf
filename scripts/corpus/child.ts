/**
 * Child processes of the sweep, each with a time limit. A child runs in its own process group,
 * so that a timeout ends it together with the processes it started (tsc, the peers' workers).
 */
import { spawn } from 'node:child_process';

export interface ChildOutcome {
  /** Exit code; null when ended by a signal. */
  code: number | null;
  stdout: string;
  /** The end of stderr (at most 64 KB). */
  stderr: string;
  timedOut: boolean;
  ms: number;
}

const STDERR_LIMIT = 64 * 1024;
const live = new Set<number>();

/** Ends every child still running (their whole process groups): on Ctrl-C or a fatal error. */
export function killChildren(): void {
  for (const pid of live) killGroup(pid);
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Runs `command args` in `cwd`; kills its process group after `timeoutMs`. */
export function runChild({
  command,
  args,
  cwd,
  env,
  timeoutMs,
}: {
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
}): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, {
      cwd,
      env: env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const pid = child.pid;
    if (pid !== undefined) live.add(pid);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_LIMIT);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== undefined) killGroup(pid);
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      if (pid !== undefined) live.delete(pid);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (pid !== undefined) {
        live.delete(pid);
        // Grandchildren a crashed child left behind.
        killGroup(pid);
      }
      resolve({ code, stdout, stderr, timedOut, ms: Math.round(performance.now() - start) });
    });
  });
}
