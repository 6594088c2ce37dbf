/**
 * Ctrl+C (SIGINT), SIGTERM and SIGHUP during `generate` or `check`. Without a handler Node dies
 * at once, wherever it is: half way through a swap, with staged files and backups left. With
 * one, the signal waits for the synchronous write in progress (write-files.ts) to finish, and
 * then the process releases its folder locks and exits with 128 + the signal's number, as a
 * shell expects. A package is thus either written whole or not touched; what a SIGKILL leaves
 * is repaired by the next write (journal.ts).
 */
import { releaseAllLocks } from '../write/lock.js';

const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

/**
 * Installs the handlers; returns the function that removes them. That function first lets the
 * event loop go through a whole poll phase, where libuv delivers a signal that arrived during
 * the last synchronous write: it still stops the process (with its exit code) rather than
 * being dropped. (The first `setImmediate` may run in the current loop iteration, after its
 * poll phase; the second runs after the next one.)
 */
export function guardSignals(log: (text: string) => void): () => Promise<void> {
  const handlers = Object.entries(SIGNALS).map(([signal, number]) => {
    const handler = () => {
      releaseAllLocks();
      log(`zapgen: stopped by ${signal}; no package was left half written`);
      process.exit(128 + number);
    };
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  return async () => {
    for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    for (const remove of handlers) remove();
  };
}
