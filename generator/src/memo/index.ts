/**
 * Work reused from one run to the next (issue 24: a small edit of a spec should not pay for the
 * parts of the package it does not change). A memo maps the content hash of everything a
 * computation reads to what it returned, so a hit is, by construction, the value the computation
 * would return again: the memo never decides what is generated, and a run with an empty memo
 * writes the same bytes as one with a full memo (a test proves it over a sequence of edits).
 *
 * Keys are `Memo.key(kind, ...inputs)`; values are strings or JSON. Only the entries a run used
 * or made survive `endRun`, so a memo holds one package's worth of work, not every past version
 * of it. Where a package's memo is kept between runs: `cache.ts` (`memoOf`, `saveMemo`).
 */
import { createHash } from 'node:crypto';

export type MemoValue =
  string | number | boolean | null | MemoValue[] | { [key: string]: MemoValue };

/** Reused work, keyed by content hashes. */
export class Memo {
  readonly #entries: Map<string, MemoValue>;
  readonly #used = new Set<string>();
  /** Lookups that found their value, by kind (the key's prefix), since the memo was made. */
  readonly hits = new Map<string, number>();

  constructor(entries: Iterable<[string, MemoValue]> = []) {
    this.#entries = new Map(entries);
  }

  /** The key of a computation of `kind` over `inputs` (every input it reads, in a fixed order). */
  static key(kind: string, ...inputs: string[]): string {
    const hash = createHash('sha256').update(kind);
    for (const input of inputs) hash.update(`\0${input.length}\0`).update(input);
    return `${kind}:${hash.digest('base64url')}`;
  }

  get<T extends MemoValue>(key: string): T | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      const kind = key.slice(0, key.indexOf(':'));
      this.hits.set(kind, (this.hits.get(kind) ?? 0) + 1);
      this.#used.add(key);
    }
    return value as T | undefined;
  }

  set(key: string, value: MemoValue): void {
    this.#entries.set(key, value);
    this.#used.add(key);
  }

  /** The value of `key`, computed (and kept) when the memo does not hold it. */
  through<T extends MemoValue>(key: string, compute: () => T): T {
    const found = this.get<T>(key);
    if (found !== undefined) return found;
    const value = compute();
    this.set(key, value);
    return value;
  }

  /** Forgets what the last run neither used nor made. */
  endRun(): void {
    for (const key of this.#entries.keys()) if (!this.#used.has(key)) this.#entries.delete(key);
    this.#used.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Every entry (to save them). */
  entries(): [string, MemoValue][] {
    return [...this.#entries];
  }
}
