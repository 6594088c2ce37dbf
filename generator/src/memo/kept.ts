/**
 * Work kept in memory from one run to the next of one process (a watch session, issue 24), for
 * values too large or too many to be worth saving with the memo: keyed, like the memo, by the
 * content hashes of everything the computation reads, so a hit is the value it would give again.
 * Only what the last run used survives it (`endRun`): a session holds one package's worth.
 */
export class KeptWork {
  readonly #entries = new Map<string, unknown>();
  readonly #used = new Set<string>();
  /** Lookups that found their value, by kind (the key's prefix). */
  readonly hits = new Map<string, number>();

  /** The value of `key`, computed (and kept) when this process has not computed it yet. */
  through<T>(key: string, compute: () => T): T {
    this.#used.add(key);
    if (this.#entries.has(key)) {
      const kind = key.slice(0, key.indexOf(':'));
      this.hits.set(kind, (this.hits.get(kind) ?? 0) + 1);
      return this.#entries.get(key) as T;
    }
    const value = compute();
    this.#entries.set(key, value);
    return value;
  }

  /** Forgets what the last run did not use. */
  endRun(): void {
    for (const key of this.#entries.keys()) if (!this.#used.has(key)) this.#entries.delete(key);
    this.#used.clear();
  }
}
