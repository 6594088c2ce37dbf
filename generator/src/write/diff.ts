/** `zapgen check`: what `generate` would change, as a unified diff, without writing anything. */
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as Diff from 'diff';
import { readIfExists, staleFiles, type WriteTarget } from './write-files.js';

/** The drift between a package on disk and freshly generated files. */
export interface Drift {
  /** Paths (relative to the package) that differ, are missing or would be deleted, sorted. */
  files: string[];
  /** Unified diff from disk (`a/`) to generated output (`b/`); empty when nothing differs. */
  patch: string;
}

/** Compares `files` with the contents of `outDir`. `label` prefixes paths in the diff (`packages/actions-v2`). */
export function diffFiles({
  outDir,
  files,
  marker,
  label,
}: WriteTarget & { label: string }): Drift {
  const changes: { path: string; before: string | undefined; after: string | undefined }[] = [];
  for (const file of files) {
    const before = readIfExists(path.join(outDir, file.path))?.toString('utf8');
    if (before !== file.contents) changes.push({ path: file.path, before, after: file.contents });
  }
  for (const stale of staleFiles({ outDir, files, marker })) {
    changes.push({
      path: stale,
      before: readIfExists(path.join(outDir, stale))?.toString('utf8'),
      after: undefined,
    });
  }
  changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const prefix = label ? `${label.replace(/\/+$/, '')}/` : '';
  const patch = changes
    .map(({ path: file, before, after }) =>
      diffLibrary().createTwoFilesPatch(
        before === undefined ? '/dev/null' : `a/${prefix}${file}`,
        after === undefined ? '/dev/null' : `b/${prefix}${file}`,
        before ?? '',
        after ?? '',
        undefined,
        undefined,
        { context: 3 },
      ),
    )
    .join('');
  return { files: changes.map((change) => change.path), patch };
}

/** The diff library, read by the first drift to print (`check`), not by `generate`. */
let diff: typeof Diff | undefined;
function diffLibrary(): typeof Diff {
  return (diff ??= createRequire(import.meta.url)('diff') as typeof Diff);
}
