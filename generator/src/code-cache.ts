/**
 * zapgen's own cache: what it derives from its dependencies and keeps as files for the next runs
 * (the compiled OpenAPI schema validators, the reduced TypeScript library of the verify check),
 * in `generator/.cache/` beside `dist/` and `src/`. Not in the system's temporary folder, where
 * another user could plant a file; a read-only installation derives everything on every run.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';

/** `generator/.cache/`. */
export const CACHE_FOLDER = fileURLToPath(new URL('../.cache/', import.meta.url));

/** The text of the cache file `name`, or undefined when it is not there (or not readable). */
export function cachedText(name: string, folder = CACHE_FOLDER): string | undefined {
  try {
    return readFileSync(path.join(folder, name), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Writes the cache file `name`: whole, under a name of this thread's own (worker threads share
 * the process id), then renamed, so that a concurrent run reads the old state or all of it. A
 * cache that cannot be written is left alone.
 */
export function keepCached(name: string, text: string, folder = CACHE_FOLDER): void {
  const file = path.join(folder, name);
  const partial = `${file}.${process.pid}.${threadId}.${randomUUID()}.tmp`;
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(partial, text);
    renameSync(partial, file);
  } catch {
    // A read-only installation derives it again on every run.
  } finally {
    rmSync(partial, { force: true });
  }
}
