/**
 * The third-party specs the tests run on: `test/corpus/`, byte-for-byte as published (origin,
 * commit and licence of each in `test/corpus/provenance.tsv`). Paths are relative to this file,
 * so the tests work from any clone location; a missing spec throws instead of leaving a test
 * with nothing to check.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of `test/corpus/`. */
export const corpusDir = fileURLToPath(new URL('../corpus/', import.meta.url));

/** The spec files of the corpus (file names, sorted); throws when there are none. */
export function corpusSpecs(): string[] {
  const specs = existsSync(corpusDir)
    ? readdirSync(corpusDir)
        .filter((file) => /\.(ya?ml|json)$/i.test(file))
        .sort()
    : [];
  if (specs.length === 0)
    throw new Error(
      `no specs in ${corpusDir}: the corpus is part of the repository and must not be missing`,
    );
  return specs;
}

/** Absolute path of one corpus spec; throws when it is missing. */
export function corpusSpec(file: string): string {
  const absolute = path.join(corpusDir, file);
  if (!existsSync(absolute)) throw new Error(`corpus spec ${file} is missing from ${corpusDir}`);
  return absolute;
}
