/** A thread of the pool (`pool.ts`): runs each task it is sent and posts back its result or error. */
import { parentPort } from 'node:worker_threads';
import type { TaskReply } from './pool.js';
import { runTask, type TaskName } from './tasks.js';

const port = parentPort!;
port.on('message', async ({ id, task, input }: { id: number; task: TaskName; input: never }) => {
  let reply: TaskReply;
  try {
    reply = { id, ok: true, value: await runTask(task, input) };
  } catch (error) {
    const {
      name = 'Error',
      message = String(error),
      stack,
    } = error instanceof Error ? error : ({} as Partial<Error>);
    reply = { id, ok: false, error: { name, message, ...(stack !== undefined && { stack }) } };
  }
  port.postMessage(reply);
});
