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
  /**
   * Entries read from a memo file and not looked up yet, as JSON text: a run uses a few of
   * GitHub's 7,000, so the others are neither parsed nor written again (`lines`).
   */
  readonly #texts: Map<string, string>;
  readonly #used = new Set<string>();
  /** Keys set since the last `saved`: what a memo file does not hold yet. */
  readonly #fresh = new Set<string>();
  /** Lookups that found their value, by kind (the key's prefix), since the memo was made. */
  readonly hits = new Map<string, number>();

  constructor(entries: Iterable<[string, MemoValue]> = [], texts: Iterable<[string, string]> = []) {
    this.#entries = new Map(entries);
    this.#texts = new Map(texts);
    for (const key of this.#entries.keys()) this.#texts.delete(key);
  }

  /** The key of a computation of `kind` over `inputs` (every input it reads, in a fixed order). */
  static key(kind: string, ...inputs: string[]): string {
    const hash = createHash('sha256').update(kind);
    for (const input of inputs) hash.update(`\0${input.length}\0`).update(input);
    return `${kind}:${hash.digest('base64url')}`;
  }

  get<T extends MemoValue>(key: string): T | undefined {
    const value = this.#entries.get(key) ?? this.#parsed(key);
    if (value !== undefined) {
      const kind = key.slice(0, key.indexOf(':'));
      this.hits.set(kind, (this.hits.get(kind) ?? 0) + 1);
      this.#used.add(key);
    }
    return value as T | undefined;
  }

  set(key: string, value: MemoValue): void {
    this.#entries.set(key, value);
    this.#texts.delete(key);
    this.#used.add(key);
    this.#fresh.add(key);
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
    for (const key of this.#texts.keys()) if (!this.#used.has(key)) this.#texts.delete(key);
    for (const key of this.#fresh) if (!this.#used.has(key)) this.#fresh.delete(key);
    this.#used.clear();
  }

  get size(): number {
    return this.#entries.size + this.#texts.size;
  }

  /**
   * Every entry as `[key, JSON text]` (to save them), or with `fresh` only those set since the
   * last `saved()`. An entry read from a file and never looked up keeps the text it was read as.
   */
  lines({ fresh = false }: { fresh?: boolean } = {}): [string, string][] {
    const lines: [string, string][] = [];
    for (const [key, value] of this.#entries)
      if (!fresh || this.#fresh.has(key)) lines.push([key, JSON.stringify(value)]);
    if (!fresh) lines.push(...this.#texts);
    return lines;
  }

  /** Every entry has been written where the memo is kept. */
  saved(): void {
    this.#fresh.clear();
  }

  /** An entry read from a file, parsed on its first lookup; undefined (a miss) when it is not JSON. */
  #parsed(key: string): MemoValue | undefined {
    const text = this.#texts.get(key);
    if (text === undefined) return undefined;
    this.#texts.delete(key);
    try {
      const value = JSON.parse(text) as MemoValue;
      this.#entries.set(key, value);
      return value;
    } catch {
      return undefined;
    }
  }
}
