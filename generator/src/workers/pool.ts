/**
 * A pool of worker threads for the CPU-heavy parts of a run that need no model (the type check
 * of the verify phase), so that a run uses a second core while the emitters run on the first.
 *
 * A task is a named function of `tasks.ts` with a structured-cloneable input and result. The
 * same function runs in a worker or, with a pool of size 0, in this thread: the bytes a run
 * writes cannot depend on where a task ran. A worker that throws rejects that task with its
 * error; a worker that dies (out of memory, a native crash) rejects every task it held, naming
 * it; neither ever leaves a task waiting.
 */
import module, { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runTask, type TaskInput, type TaskName, type TaskOutput } from './tasks.js';

/** `ZAPGEN_WORKERS=0` runs every task in this thread; a number sets the pool's size. */
export const WORKERS_VARIABLE = 'ZAPGEN_WORKERS';

/**
 * The pool's size: `requested` (0: in this thread), else `ZAPGEN_WORKERS`, else one worker per
 * core beside this thread's (none on a 1-core machine, nor on a Node without the compile cache).
 */
export function poolSize(requested?: number): number {
  if (requested !== undefined) return Math.max(0, Math.floor(requested));
  const fromEnvironment = process.env[WORKERS_VARIABLE];
  if (fromEnvironment !== undefined && fromEnvironment.trim() !== '') {
    const size = Number(fromEnvironment);
    if (!Number.isInteger(size) || size < 0)
      throw new Error(
        `${WORKERS_VARIABLE} must be a whole number of worker threads (0 runs in process), not ${JSON.stringify(fromEnvironment)}`,
      );
    return size;
  }
  // Without Node's compile cache (before 22.1), a worker compiles TypeScript anew: measured on
  // Node 20 (GitHub's spec, one pair on a loaded machine), 1.16x the CPU and no gain in wall time.
  if (!('enableCompileCache' in module)) return 0;
  return Math.max(0, os.availableParallelism() - 1);
}

interface Pending {
  task: TaskName;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** What a worker posts back for task `id`. */
export type TaskReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string } };

export class WorkerPool {
  private readonly slots: (Slot | undefined)[];
  private nextId = 0;
  private closed = false;

  /** A pool of `size` workers, started when a task first needs one; size 0 runs in this thread. */
  constructor(readonly size: number) {
    this.slots = Array.from({ length: size }, () => undefined);
  }

  /** Runs `task` on the least busy worker (in this thread for a pool of size 0). */
  run<T extends TaskName>(task: T, input: TaskInput<T>): Promise<TaskOutput<T>> {
    if (this.closed) return Promise.reject(new Error(`the worker pool is closed (task ${task})`));
    if (this.size === 0) return Promise.resolve().then(() => runTask(task, input));
    const index = this.leastBusy();
    const slot = (this.slots[index] ??= this.start(index));
    const id = this.nextId++;
    return new Promise<TaskOutput<T>>((resolve, reject) => {
      slot.pending.set(id, { task, resolve: resolve as (value: unknown) => void, reject });
      slot.worker.postMessage({ id, task, input });
    });
  }

  /** Stops every worker; tasks still running are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.filter((slot): slot is Slot => slot !== undefined);
    this.slots.fill(undefined);
    for (const slot of slots) failAll(slot, new Error('the worker pool was closed'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private leastBusy(): number {
    let best = 0;
    for (let index = 1; index < this.size; index += 1)
      if (load(this.slots[index]) < load(this.slots[best])) best = index;
    return best;
  }

  private start(index: number): Slot {
    const worker = startWorker();
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (reply: TaskReply) => {
      const pending = slot.pending.get(reply.id);
      if (!pending) return;
      slot.pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(revive(reply.error, pending.task));
    });
    const lost = (error: Error) => {
      if (this.slots[index] === slot) this.slots[index] = undefined;
      failAll(slot, error);
    };
    worker.on('error', (error) =>
      lost(new Error(`a worker thread failed: ${error.message}`, { cause: error })),
    );
    worker.on('messageerror', (error) =>
      lost(new Error(`a worker thread's reply could not be read: ${error.message}`)),
    );
    worker.on('exit', (code) => lost(new Error(`a worker thread exited (code ${code})`)));
    return slot;
  }
}

function load(slot: Slot | undefined): number {
  return slot?.pending.size ?? 0;
}

function failAll(slot: Slot, error: Error): void {
  for (const [id, pending] of slot.pending) {
    slot.pending.delete(id);
    pending.reject(new Error(`${error.message}, running ${pending.task}`, { cause: error }));
  }
}

/** A worker's error, as an Error of this thread that names the task. */
function revive(error: { name: string; message: string; stack?: string }, task: TaskName): Error {
  const revived = new Error(`${task} (in a worker thread): ${error.message}`);
  revived.name = error.name;
  if (error.stack)
    revived.stack = `${revived.name}: ${revived.message}\n${error.stack.split('\n').slice(1).join('\n')}`;
  return revived;
}

/**
 * A worker's heap limits. V8 sizes a worker's young generation by the machine's memory, and a
 * worker's pages outlive it: Node 24 returns them to the system seconds after the worker stops,
 * while the run formats its output. The check of GitHub's types.ts holds about 165 MB live;
 * with the default young generation its heap was 290 MB, with 16 MB it is 180 MB, at no more CPU
 * (measured in a worker alone, Node 24). Only the young generation is limited: a bigger program
 * never runs out of room.
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 16 };

/**
 * The worker's module: `worker.js` beside this one. Run from the TypeScript sources (the tests),
 * that is `worker.ts`, which the worker loads after registering tsx, as the tests run.
 */
function startWorker(): Worker {
  const entry = new URL(
    import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js',
    import.meta.url,
  );
  if (entry.pathname.endsWith('.js')) return new Worker(entry, { resourceLimits: RESOURCE_LIMITS });
  // tsx's ESM entry (`require.resolve` would find its CommonJS one).
  const tsx = new URL(
    'dist/esm/api/index.mjs',
    pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json')),
  ).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`,
    { eval: true, resourceLimits: RESOURCE_LIMITS },
  );
}
