/**
 * What one package's runs keep between them (issue 24: an edit re-does only what it changed).
 *
 * Every `generate` and `check` runs in a session: a one-shot run in one of its own that ends with
 * it, `zapgen generate --watch` in one per package that lives as long as the watch. What a
 * session keeps is keyed by content, so a run in a long-lived session writes the bytes a run in a
 * fresh one writes (a test drives one over a sequence of edits and compares every step):
 *
 * - the memo (`memo/index.ts`): work keyed by content hashes, also kept on disk between processes;
 * - the package the release is computed from, as it was when the session started (watch mode:
 *   the edits of a session make one release), with the model of its spec and the spec hash of
 *   its `openapi.json`, built once instead of on every run;
 * - with `retain` (watch mode), each file's emitted text and its formatted bytes: a file an edit
 *   did not change is found by comparing its text with the one kept, not by hashing it and
 *   reading it back from disk;
 * - with `retain`, the last run's result with the options it ran with and the bytes of every
 *   spec file it read: a save that leaves every spec file's bytes as they were (an editor saving
 *   twice, a `touch`) is answered with it, and only the write (which still puts back a file
 *   edited by hand) runs again.
 */
import { statSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { buildModel, type ApiModel } from './model/index.js';
import { keepNodeFacts } from './model/closure.js';
import { memoOf } from './cache.js';
import { Memo } from './memo/index.js';
import { KeptWork } from './memo/kept.js';
import { specFileState } from './load/bounds.js';
import { readPreviousPackage, type PreviousPackage } from './release/index.js';
import { specHash, type OutputFile } from './write/index.js';

/** A file as formatted for the package: its bytes and their sha256 (hex). */
export interface FormattedFile {
  contents: string;
  digest: string;
}

export class GenerationSession {
  /** Work reused from earlier runs, or undefined to compute everything. */
  readonly memo: Memo | undefined;
  /** The package releases are computed from; undefined: the package on disk at each run. */
  readonly previous: PreviousPackage | undefined;
  /** Whether emitted and formatted files are kept between runs (a long-lived session). */
  readonly retain: boolean;
  /** Emitted sections kept in memory between runs (a retaining session only). */
  readonly kept: KeptWork | undefined;
  /** What was found kept, by kind, since the session started (`formatted`, `base-model`, `spec-hash`). */
  readonly hits = new Map<string, number>();
  readonly #formatted = new Map<string, FormattedFile & { emitted: string }>();
  readonly #models = new WeakMap<object, ApiModel>();
  readonly #hashes = new WeakMap<object, string>();
  #lastRun: KeptRun | undefined;
  /** Absolute path → the bytes (as text) a file had when last written or compared, and its stamp. */
  readonly #onDisk = new Map<string, { contents: string; stamp: string }>();

  constructor({
    memo,
    previous,
    retain = false,
  }: {
    memo?: Memo | undefined;
    previous?: PreviousPackage | undefined;
    retain?: boolean;
  } = {}) {
    this.memo = memo;
    this.previous = previous;
    this.retain = retain;
    this.kept = retain ? new KeptWork() : undefined;
  }

  /** The formatted file of the last run, when `emitted` (headed, not formatted) is its text again. */
  formatted(path: string, emitted: string): FormattedFile | undefined {
    const kept = this.#formatted.get(path);
    if (kept?.emitted !== emitted) return undefined;
    this.#hit('formatted');
    return { contents: kept.contents, digest: kept.digest };
  }

  /** Keeps a formatted file for the next run (a retaining session only). */
  keepFormatted(path: string, emitted: string, file: FormattedFile): void {
    if (this.retain) this.#formatted.set(path, { emitted, ...file });
  }

  /** Forgets the kept files that this run did not produce. */
  keepOnly(paths: ReadonlySet<string>): void {
    for (const path of this.#formatted.keys()) if (!paths.has(path)) this.#formatted.delete(path);
  }

  /**
   * The model of a previous package's spec: built once per document. The release diff only
   * reads it (`diffModels`), so one model serves every run of the session.
   */
  baseModel(document: Record<string, unknown>): ApiModel {
    let model = this.#models.get(document);
    if (model) this.#hit('base-model');
    else {
      model = buildModel(document);
      // Only diffs read it: what they read of its nodes serves every run of the session.
      keepNodeFacts(model);
      this.#models.set(document, model);
    }
    return model;
  }

  /**
   * The spec hash of a previous package's `openapi.json` (what the release checks it against):
   * once per document in a session, and through the memo by the digest of the file's bytes, so
   * that a one-shot run after a run that wrote that file does not serialise 13 MB to hash it.
   */
  previousSpecHash(previous: PreviousPackage & { document: Record<string, unknown> }): string {
    let hash = this.#hashes.get(previous.document);
    if (hash !== undefined) {
      this.#hit('spec-hash');
      return hash;
    }
    const compute = () => specHash(previous.document);
    hash =
      this.memo && previous.documentDigest
        ? this.memo.through(previousSpecKey(previous.documentDigest), compute)
        : compute();
    this.#hashes.set(previous.document, hash);
    return hash;
  }

  /**
   * Whether the file at `target` (absolute) still holds `file`'s bytes, known without reading
   * it: the session recorded it with these bytes (`recordOnDisk`) and its stamp (inode, size,
   * modification and change times, in nanoseconds) is the same. Any write changes the change
   * time, which no tool can set back, so a file edited since is read and compared again.
   */
  knownOnDisk(file: OutputFile, target: string): boolean {
    const kept = this.#onDisk.get(target);
    if (kept?.contents !== file.contents || kept.stamp !== stampOf(target)) return false;
    this.#hit('on-disk');
    return true;
  }

  /**
   * Records that the files of `out` hold `files`' bytes (a retaining session only), just after a
   * write. Only files the write found unchanged are recorded, with their status from before their
   * bytes were compared (`compared`, absolute path → status), and only when the file still has
   * that status: a file edited since the compare (during the write) is read next time. A written
   * file, or one changed too recently for its times to tell a later write from this one (the racy
   * case git knows), is not recorded either.
   */
  recordOnDisk(
    out: string,
    files: readonly OutputFile[],
    compared: ReadonlyMap<string, BigIntStats>,
  ): void {
    if (!this.retain) return;
    const settled = BigInt(Date.now() - RACY_MS) * 1_000_000n;
    for (const file of files) {
      const target = path.resolve(out, file.path);
      const before = compared.get(target);
      const stamp = before ? stampText(before) : undefined;
      if (before && stamp && before.ctimeNs < settled && before.mtimeNs < settled)
        if (stampOf(target) === stamp) {
          this.#onDisk.set(target, { contents: file.contents, stamp });
          continue;
        }
      this.#onDisk.delete(target);
    }
  }

  /**
   * Builds now what the release of an edit reads of the previous package (its model and its
   * spec hash), once per session: watch mode calls it while it waits for the first change, so
   * that the first edit does not pay for it.
   */
  prepareBase(): void {
    const document = this.previous?.document;
    if (!document) return;
    const { specHash: recorded } = this.previous;
    // An `openapi.json` that is not the spec its version was computed from is never diffed.
    if (
      recorded !== undefined &&
      this.previousSpecHash({ ...this.previous, document }) !== recorded
    )
      return;
    this.baseModel(document);
  }

  /** Notes that `openapi.json` written with bytes of sha256 `digest` is a spec of hash `hash`. */
  wroteSpec({ digest, hash }: { digest: string; hash: string }): void {
    this.memo?.set(previousSpecKey(digest), hash);
  }

  /**
   * The result the last run kept (`keepRun`), when this run is the same one again: the same
   * `run` (options, emitters and functions) and every spec file it read still holding the
   * bytes it parsed.
   */
  reusedRun<T>(run: RunIdentity): T | undefined {
    const kept = this.#lastRun;
    if (!kept || kept.key !== run.key || !sameItems(kept.objects, run.objects)) return undefined;
    for (const [file, hash] of Object.entries(kept.sources))
      if (specFileState(file) !== hash) return undefined;
    this.#hit('run');
    return kept.result as T;
  }

  /**
   * Keeps a run's result for the next run of a retaining session. Only a session whose previous
   * package is fixed keeps one: otherwise the release depends on the package on disk, which the
   * run itself wrote.
   */
  keepRun<T>(run: RunIdentity, sources: Readonly<Record<string, string>>, result: T): void {
    this.#lastRun =
      this.retain && this.previous
        ? { key: run.key, objects: [...run.objects], sources: { ...sources }, result }
        : undefined;
  }

  #hit(kind: string): void {
    this.hits.set(kind, (this.hits.get(kind) ?? 0) + 1);
  }
}

/**
 * What a run is, besides its spec files' bytes: its options as text, and the objects they hold
 * that text cannot tell apart (emitters, functions), compared by identity.
 */
export interface RunIdentity {
  key: string;
  objects: readonly object[];
}

interface KeptRun extends RunIdentity {
  /** Each spec file read (absolute path) → sha256 of the bytes parsed. */
  sources: Record<string, string>;
  result: unknown;
}

/**
 * How long after a write a file's times may still equal those of a later write: file times
 * advance by the kernel's clock tick (a few milliseconds); a second is far beyond it.
 */
const RACY_MS = 1000;

function statOf(target: string): BigIntStats | undefined {
  try {
    return statSync(target, { bigint: true });
  } catch {
    return undefined;
  }
}

const stampText = (stats: BigIntStats) =>
  `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;

function stampOf(target: string): string | undefined {
  const stats = statOf(target);
  return stats && stampText(stats);
}

const sameItems = (a: readonly object[], b: readonly object[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

const previousSpecKey = (digest: string) => Memo.key('previous-spec-hash', digest);

/**
 * The session of `zapgen generate --watch` for the package folder `out`: the package as it is
 * now is what every run of the watch releases against, and each file's text is kept.
 */
export function openWatchSession(out: string): GenerationSession {
  return new GenerationSession({
    memo: memoOf(out),
    previous: readPreviousPackage({ outDir: out }),
    retain: true,
  });
}
