/**
 * A fixed, seeded sample of documents, stratified by size: the documents, sorted by size, are
 * cut into strata of equal count (size deciles by default), and each stratum gives the same share
 * of the sample, picked by a seeded shuffle of its own. So small, medium and large specs are all
 * represented, the same seed always gives the same sample, and a larger sample with the same seed
 * contains the smaller one.
 */

export interface SizedDocument {
  /** Stable identifier, e.g. the path under the directory's `api/` folder. */
  id: string;
  bytes: number;
}

export interface Stratum {
  /** 1-based, from the smallest documents to the largest. */
  index: number;
  minBytes: number;
  maxBytes: number;
  /** Documents in the whole population of this stratum. */
  population: number;
}

export interface SampledDocument<T extends SizedDocument> {
  document: T;
  stratum: Stratum;
}

/** The strata of `documents` (sorted by size, then id), each holding its documents. */
export function strataOf<T extends SizedDocument>({
  documents,
  strata,
}: {
  documents: readonly T[];
  strata: number;
}): { stratum: Stratum; documents: T[] }[] {
  const sorted = [...documents].sort(
    (a, b) => a.bytes - b.bytes || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const count = Math.max(1, Math.min(strata, sorted.length));
  const result: { stratum: Stratum; documents: T[] }[] = [];
  for (let index = 0; index < count; index += 1) {
    const members = sorted.slice(
      Math.floor((index * sorted.length) / count),
      Math.floor(((index + 1) * sorted.length) / count),
    );
    if (!members.length) continue;
    result.push({
      stratum: {
        index: index + 1,
        minBytes: members[0]!.bytes,
        maxBytes: members[members.length - 1]!.bytes,
        population: members.length,
      },
      documents: members,
    });
  }
  return result;
}

/**
 * `size` documents of `documents`, stratified by size and picked with `seed`; all of them (with
 * their strata) when `size` is not smaller than the population. The result is ordered by stratum,
 * then by pick order.
 */
export function stratifiedSample<T extends SizedDocument>({
  documents,
  size,
  seed,
  strata = 10,
}: {
  documents: readonly T[];
  size: number;
  seed: string;
  strata?: number;
}): SampledDocument<T>[] {
  const groups = strataOf({ documents, strata });
  if (size >= documents.length)
    return groups.flatMap(({ stratum, documents: members }) =>
      members.map((document) => ({ document, stratum })),
    );
  // Equal shares; the remainder goes to the largest strata first (the rarest sizes of interest).
  const quotas = groups.map(() => Math.floor(size / groups.length));
  for (
    let extra = size - quotas.reduce((sum, quota) => sum + quota, 0), index = groups.length - 1;
    extra > 0;
    extra -= 1, index -= 1
  )
    quotas[index]! += 1;
  return groups.flatMap(({ stratum, documents: members }, index) => {
    const random = seededRandom(`${seed}/${stratum.index}`);
    const shuffled = [...members];
    for (let i = shuffled.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    return shuffled.slice(0, quotas[index]).map((document) => ({ document, stratum }));
  });
}

/**
 * The order a sweep runs its documents in. `mixed`: the `head` largest first (they are the long
 * poles), the rest in a seeded order, so the ETA is an average over a mix of sizes. `size`:
 * smallest first, ties by id, so that a run stopped early (the whole collection takes about a
 * day) has covered the most documents, and a resumed one goes on where it stopped.
 */
export function runOrder<T extends { document: SizedDocument }>({
  items,
  order,
  head,
  seed,
}: {
  items: readonly T[];
  order: 'mixed' | 'size';
  head: number;
  seed: string;
}): T[] {
  if (order === 'size')
    return [...items].sort(
      (a, b) =>
        a.document.bytes - b.document.bytes ||
        (a.document.id < b.document.id ? -1 : a.document.id > b.document.id ? 1 : 0),
    );
  const bySize = [...items].sort((a, b) => b.document.bytes - a.document.bytes);
  const random = seededRandom(`order/${seed}`);
  const rest = bySize.slice(head).map((item) => ({ item, key: random() }));
  return [...bySize.slice(0, head), ...rest.sort((a, b) => a.key - b.key).map(({ item }) => item)];
}

/**
 * The `count` largest documents, largest first (ties by id): the long poles a run of the whole
 * collection in size order reaches last, so they can be run (or re-run) on their own.
 */
export function largestOf<T extends SizedDocument>({
  documents,
  count,
}: {
  documents: readonly T[];
  count: number;
}): T[] {
  return [...documents]
    .sort((a, b) => b.bytes - a.bytes || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, count);
}

/** A deterministic generator of numbers in [0, 1) from a string seed (cyrb53 hash → mulberry32). */
export function seededRandom(seed: string): () => number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < seed.length; i += 1) {
    const code = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  let state = h1 >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
