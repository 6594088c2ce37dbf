/**
 * The sweep's batches: small documents run together in one `corpus-batch.ts` process (one Node
 * start-up, one tsc program for their builds, one for their strict consumers), so that a 1 KB
 * document no longer costs two tsc start-ups and a parse of TypeScript's lib, zod and @types/node.
 * A document the batch does not report as passed (or invalid) is run again alone by the per-document
 * worker; see `test/contract/support/corpus-batch.ts`.
 */

export interface BatchLimits {
  /** Documents per batch (at most). */
  documents: number;
  /** Documents above this size run alone. */
  documentBytes: number;
  /** Bytes of the specs of one batch (at most; one document always fits). */
  bytes: number;
}

export const DEFAULT_BATCH: BatchLimits = {
  documents: 24,
  documentBytes: 256 * 1024,
  bytes: 1024 * 1024,
};

/**
 * Cuts the run order into units: consecutive small documents into batches (within `limits`),
 * every other document alone, in the same order.
 */
export function formBatches<T extends { document: { bytes: number } }>({
  items,
  limits,
}: {
  items: readonly T[];
  limits: BatchLimits;
}): T[][] {
  const units: T[][] = [];
  let open: T[] = [];
  let bytes = 0;
  const close = () => {
    if (open.length) units.push(open);
    open = [];
    bytes = 0;
  };
  for (const item of items) {
    const size = item.document.bytes;
    if (limits.documents < 2 || size > limits.documentBytes) {
      close();
      units.push([item]);
      continue;
    }
    if (open.length >= limits.documents || (open.length && bytes + size > limits.bytes)) close();
    open.push(item);
    bytes += size;
  }
  close();
  return units;
}

/** What a batch printed about each of its documents (by position): the result line, or why it must run alone. */
export function readBatchOutput(
  stdout: string,
): Map<number, { result: string } | { retry: string }> {
  const outcomes = new Map<number, { result: string } | { retry: string }>();
  for (const line of stdout.split('\n')) {
    const match = /^(RESULT|RETRY) (\d+) (.*)$/.exec(line);
    if (!match) continue;
    const index = Number(match[2]);
    outcomes.set(
      index,
      match[1] === 'RESULT' ? { result: `RESULT ${match[3]}` } : { retry: match[3]! },
    );
  }
  return outcomes;
}
