/**
 * The tasks a worker thread can run (`pool.ts`), by name. Each reads only its input, which is
 * copied to the worker, so that its result is the same in any thread.
 */
import { checkSources, forgetTypes } from '../verify/check.js';

const tasks = {
  /** Type-checks types.ts and a module of fixtures (`verify/check.ts`). */
  'verify-check': checkSources,
  /** Drops the parsed types.ts a thread keeps between checks of one run. */
  'verify-forget': forgetTypes,
} as const;

export type TaskName = keyof typeof tasks;
export type TaskInput<T extends TaskName> = Parameters<(typeof tasks)[T]>[0];
export type TaskOutput<T extends TaskName> = Awaited<ReturnType<(typeof tasks)[T]>>;

export function runTask<T extends TaskName>(task: T, input: TaskInput<T>): TaskOutput<T> {
  const run = tasks[task] as ((input: TaskInput<T>) => TaskOutput<T>) | undefined;
  if (!run) throw new Error(`no worker task ${String(task)}`);
  return run(input);
}
