/**
 * How the corpus sweep gives a spec to its workers (`corpus-worker.ts`, `corpus-batch.ts`) on
 * their command lines: the file, after `--spec-root=<folder>` when its `$ref`s may read files
 * above its folder (a vendor's repository, as its user would give it to `zapgen --spec-root`).
 * A module of its own: the sweep's parent process uses it without loading the generator.
 */

/** The word that gives a spec's root on a worker's command line: `--spec-root=<folder>`. */
const SPEC_ROOT = '--spec-root=';

/**
 * The command-line words of a spec for `corpus-worker.ts` and `corpus-batch.ts`: the file, after
 * `--spec-root=<folder>` when `$ref`s may read files above its folder (a vendor's repository).
 */
export function specArguments({ file, specRoot }: { file: string; specRoot?: string }): string[] {
  return [...(specRoot === undefined ? [] : [`${SPEC_ROOT}${specRoot}`]), file];
}

/** Whether `word` is the `--spec-root=<folder>` of the spec after it. */
export function isSpecRootWord(word: string): boolean {
  return word.startsWith(SPEC_ROOT);
}

/** The specs of words made by `specArguments` (a `--spec-root=` gives the next spec's root). */
export function readSpecArguments(words: readonly string[]): { spec: string; specRoot?: string }[] {
  const specs: { spec: string; specRoot?: string }[] = [];
  let specRoot: string | undefined;
  for (const word of words) {
    if (isSpecRootWord(word)) specRoot = word.slice(SPEC_ROOT.length);
    else {
      specs.push({ spec: word, ...(specRoot !== undefined && { specRoot }) });
      specRoot = undefined;
    }
  }
  return specs;
}
