/**
 * `zapgen generate --watch`: generates once, then again whenever a file of a spec changes (the
 * entry and every file it `$ref`s, as the last run read them), debounced. An invalid spec prints
 * its located findings and the watch goes on; the next valid save generates again.
 *
 * Node's `fs.watch` on the folders of those files is enough: they are a known handful, and
 * watching folders (not files) sees the rename-over-original writes of editors. A watcher
 * library (chokidar) would add globbing and polling this does not need.
 */
import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

/** Quiet time after the last change before regenerating: editors write a file in several steps. */
export const DEBOUNCE_MS = 100;

export interface WatchTarget {
  api: string;
  out: string;
}

/**
 * One generation, which prints its own summary or findings and reports whether the spec was
 * valid and which files it read. `session` is the target's, made when watching started: what
 * its runs keep between them (in the CLI, `GenerationSession`: the package as it was then, so
 * that a session of edits makes one release, and the work an edit can reuse).
 */
export type GenerateOnce<T extends WatchTarget, S> = (
  target: T,
  session: S,
) => Promise<{ ok: boolean; files: string[] }>;

/**
 * Runs `generate` for every target, then on every change of their files, until `signal` aborts
 * (the CLI passes none: Ctrl+C ends the process). Resolves when stopped.
 */
export async function watchTargets<T extends WatchTarget, S>({
  targets,
  generate,
  openSession,
  prepare,
  log,
  signal,
}: {
  targets: readonly T[];
  generate: GenerateOnce<T, S>;
  openSession: (target: T) => S;
  /**
   * Work the next run of a session would do, done once its runs are over and the watch waits
   * for a change (in the CLI, `GenerationSession.prepareBase`): the first edit does not wait
   * for it.
   */
  prepare?: (session: S) => void;
  log: (text: string) => void;
  signal?: AbortSignal;
}): Promise<void> {
  const states = targets.map(
    (target) =>
      new TargetWatch({
        target,
        generate,
        session: openSession(target),
        ...(prepare && { prepare }),
        log,
      }),
  );
  for (const state of states) await state.run();
  if (states.every((state) => state.watchedFolders === 0)) {
    for (const state of states) state.close();
    throw new WatchError(
      'nothing can be watched: no folder of the spec files exists or can be read',
    );
  }
  log(
    `zapgen: watching ${states.reduce((sum, state) => sum + state.fileCount, 0)} files for changes (Ctrl+C to stop)`,
  );
  await new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  for (const state of states) state.close();
}

/** The watch cannot start (the CLI reports it and exits 1). */
export class WatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WatchError';
  }
}

/** The nearest folder of `file` that exists, and the name in it on the way to `file`. */
function nearestExisting(file: string): { folder: string; name: string } {
  let name = path.basename(file);
  let folder = path.dirname(file);
  while (!existsSync(folder) && path.dirname(folder) !== folder) {
    name = path.basename(folder);
    folder = path.dirname(folder);
  }
  return { folder, name };
}

class TargetWatch<T extends WatchTarget, S> {
  readonly #target: T;
  readonly #generate: GenerateOnce<T, S>;
  readonly #session: S;
  readonly #prepare: ((session: S) => void) | undefined;
  readonly #log: (text: string) => void;
  /** Folder → watcher, and the file names watched in each folder. */
  readonly #watchers = new Map<string, FSWatcher>();
  #files = new Set<string>();
  #interest = new Map<string, Set<string>>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #closed = false;

  constructor({
    target,
    generate,
    session,
    prepare,
    log,
  }: {
    target: T;
    generate: GenerateOnce<T, S>;
    session: S;
    prepare?: (session: S) => void;
    log: (text: string) => void;
  }) {
    this.#target = target;
    this.#generate = generate;
    this.#session = session;
    this.#prepare = prepare;
    this.#log = log;
  }

  get fileCount(): number {
    return this.#files.size;
  }

  get watchedFolders(): number {
    return this.#watchers.size;
  }

  /** Generates now (or once more after the run in progress) and watches the files it read. */
  async run(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        try {
          const { ok, files } = await this.#generate(this.#target, this.#session);
          // An invalid spec may stop reading before some of its files: keep watching those too.
          this.#watch(ok ? files : [...this.#files, ...files]);
        } catch (error) {
          this.#log(`zapgen: internal error: ${(error as Error).message}`);
        }
      } while (this.#again && !this.#closed);
    })();
    try {
      await this.#running;
    } finally {
      this.#running = undefined;
    }
    // After the runs, not before the next: a change that comes meanwhile waits for it all the same.
    if (this.#prepare && !this.#closed) setImmediate(() => this.#prepareIdle());
  }

  #prepareIdle(): void {
    if (this.#closed || this.#running) return;
    try {
      this.#prepare?.(this.#session);
    } catch {
      // Only time is lost: the run that needs the work does it, and reports what fails.
    }
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }

  /**
   * Watches the folders of `files`. A folder that does not exist yet (a spec to be written, a
   * `$ref` to a folder not made yet) is waited for: its nearest existing ancestor is watched for
   * the name on the way to it, so that the watch never ends with nothing to watch.
   */
  #watch(files: string[]): void {
    if (this.#closed || files.length === 0) return;
    this.#files = new Set(files.map((file) => path.resolve(file)));
    // Watched folder → the names in it that matter (a file of the spec, or the next folder down).
    const interest = new Map<string, Set<string>>();
    for (const file of this.#files) {
      const { folder, name } = nearestExisting(file);
      const names = interest.get(folder) ?? new Set<string>();
      names.add(name);
      interest.set(folder, names);
    }
    this.#interest = interest;
    for (const [folder, watcher] of this.#watchers) {
      if (interest.has(folder)) continue;
      watcher.close();
      this.#watchers.delete(folder);
    }
    for (const folder of interest.keys()) {
      if (this.#watchers.has(folder)) continue;
      try {
        const watcher = watch(folder, (_event, name) => {
          if (name === null || this.#interest.get(folder)?.has(name.toString())) this.#schedule();
        });
        watcher.on('error', () => {
          watcher.close();
          this.#watchers.delete(folder);
        });
        this.#watchers.set(folder, watcher);
      } catch {
        // Unreadable: looked at again after the next run; `watchedFolders` tells if none is left.
      }
    }
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.run(), DEBOUNCE_MS);
  }
}
