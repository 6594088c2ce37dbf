/**
 * Formatting many large files at once. Prettier is CPU-bound and single-threaded, and on a big
 * spec (Stripe: 10 MB of output) it is most of the generation time, so files are spread over
 * worker threads, one per core. Small outputs stay on the main thread, where starting workers
 * (each loads prettier) would cost more than it saves. The result is the same either way.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { formatFile, parserFor, PRETTIER_OPTIONS } from './format.js';

/** Below this many bytes of output, workers are not worth starting. */
const PARALLEL_THRESHOLD = 1_000_000;

// Plain CommonJS run with `eval`, so it works the same from the compiled generator and from
// TypeScript sources under a test runner; prettier is loaded from the path the parent resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const prettier = import(workerData.prettierUrl);
parentPort.on('message', async ({ id, contents, options }) => {
  try {
    const { format } = await prettier;
    parentPort.postMessage({ id, formatted: await format(contents, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

export interface FormatJob {
  path: string;
  contents: string;
}

function normalise(formatted: string): string {
  return `${formatted.replace(/\r\n?/g, '\n').replace(/\n*$/, '')}\n`;
}

/**
 * Formats every file (see `formatFile`), in parallel worker threads when the output is at least
 * `minParallelBytes` (default 1 MB) and the machine has more than one core.
 */
export async function formatFiles(
  jobs: readonly FormatJob[],
  { minParallelBytes = PARALLEL_THRESHOLD }: { minParallelBytes?: number } = {},
): Promise<PromiseSettledResult<string>[]> {
  const total = jobs.reduce((sum, job) => sum + job.contents.length, 0);
  const workers = Math.min(availableParallelism(), jobs.length, 4);
  if (total < minParallelBytes || workers < 2) {
    return Promise.allSettled(jobs.map((job) => formatFile(job)));
  }
  const prettierUrl = import.meta.resolve('prettier');
  const pool = Array.from({ length: workers }, () => new Worker(WORKER_SOURCE, { eval: true, workerData: { prettierUrl } }));
  try {
    // Largest first, each to the next free worker, so one huge file does not wait behind others.
    const order = jobs.map((job, index) => ({ job, index })).sort((a, b) => b.job.contents.length - a.job.contents.length);
    const results: PromiseSettledResult<string>[] = new Array(jobs.length);
    let next = 0;
    await Promise.all(
      pool.map(async (worker) => {
        while (next < order.length) {
          const { job, index } = order[next++]!;
          const parser = parserFor(job.path);
          if (!parser) {
            results[index] = { status: 'fulfilled', value: normalise(job.contents) };
            continue;
          }
          results[index] = await new Promise<PromiseSettledResult<string>>((resolve) => {
            const onMessage = (message: { formatted?: string; error?: string }) => {
              worker.off('error', onError);
              resolve(message.error === undefined ? { status: 'fulfilled', value: normalise(message.formatted ?? '') } : { status: 'rejected', reason: new Error(message.error) });
            };
            const onError = (error: Error) => {
              worker.off('message', onMessage);
              resolve({ status: 'rejected', reason: error });
            };
            worker.once('message', onMessage);
            worker.once('error', onError);
            worker.postMessage({ id: index, contents: job.contents, options: { ...PRETTIER_OPTIONS, parser, filepath: job.path } });
          });
        }
      }),
    );
    return results;
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
}
