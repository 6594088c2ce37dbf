/**
 * `zapgen diff [--base <git-ref|file|folder>] [--spec <file|folder>] [--format text|json]`:
 * compares each spec with an earlier version of it (default: as committed at HEAD) and prints
 * every change as `file:line:col  breaking|non-breaking  rule  message`, then a summary.
 * Exit codes: 0 no breaking change, 1 breaking changes or an invalid spec, 2 usage.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  checkoutSpec,
  diffDocuments,
  diffJson,
  diffSummary,
  emptyDocument,
  formatChange,
  isCommit,
  loadBase,
  loadRevision,
  releaseLevel,
  repositoryRoot,
  type SpecDiff,
} from '../diff/index.js';
import { formatFinding, hasErrors, type Finding } from '../load/finding.js';
import { resolveEntry } from '../load/load-spec.js';
import { displayPath } from '../load/source-file.js';
import type { FilterConfig, ReadWriteMode } from '../config/types.js';
import { filterDocument } from '../model/filter.js';
import type { TransformersConfig } from '../config/types.js';

export { DIFF_HELP } from './diff-help.js';

/** One API to compare: what the CLI resolved from `--spec` or `spec/<api>/`. */
export interface DiffTarget {
  api: string;
  spec: string;
  /** The config's operation filter: both versions are compared as the package sees them. */
  filter?: FilterConfig;
  /** The config's overlays, applied to both versions (as they are now). */
  overlays?: readonly string[];
  /** The folder `$ref`s may read files in (`--spec-root`, `specRoot`): the base gets its counterpart. */
  specRoot?: string;
  /** The config's `readWrite`: in `'split'`, readOnly changes count for responses only, writeOnly for requests. */
  readWrite?: ReadWriteMode;
  /** The config's `transformers`: a format that makes a Date or bigint changes a type. */
  transformers?: TransformersConfig;
}

interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** The earlier version: a git ref or a path. */
type Base = { kind: 'git'; ref: string } | { kind: 'path'; spec: string };

/** How `--base` reads: a path when it exists, else a git ref; a usage message when neither works. */
export function resolveBase({
  base,
  targets,
  specGiven,
}: {
  base: string | undefined;
  targets: readonly DiffTarget[];
  /** A path base compares with one spec, named by `--spec`. */
  specGiven: boolean;
}): Base | string {
  const given = base ?? 'HEAD';
  if (base !== undefined && existsSync(base)) {
    return specGiven && targets.length === 1
      ? { kind: 'path', spec: base }
      : `--base ${base} is a file or folder: give --spec too`;
  }
  for (const target of targets) {
    const root = repositoryRoot(path.dirname(resolveEntry(target.spec)));
    if (!root)
      return `${displayPath(path.resolve(target.spec))} is not in a git repository: give --base a spec file or folder`;
    if (!isCommit({ ref: given, root }))
      return `--base ${given} is neither a file, a folder nor a git ref`;
  }
  return { kind: 'git', ref: given };
}

/** Compares every target with `base`; prints text as it goes or JSON at the end. Resolves to the exit code. */
export function runDiff({
  io,
  targets,
  base,
  format,
}: {
  io: Output;
  targets: readonly DiffTarget[];
  base: Base;
  format: 'text' | 'json';
}): number {
  const diffs: SpecDiff[] = [];
  let failed = false;
  for (const target of targets) {
    const diff = diffTarget({ io, target, base });
    if (!diff) {
      failed = true;
      continue;
    }
    diffs.push(diff);
    if (format === 'text') {
      for (const change of diff.changes) io.stdout(formatChange(change));
      io.stdout(diffSummary(diff));
    }
    failed ||= diff.changes.some((change) => change.severity === 'breaking');
  }
  if (format === 'json') io.stdout(diffJson(diffs).trimEnd());
  return failed ? 1 : 0;
}

function diffTarget({
  io,
  target,
  base,
}: {
  io: Output;
  target: DiffTarget;
  base: Base;
}): SpecDiff | undefined {
  const overlays = { overlays: target.overlays ?? [] };
  const revision = loadRevision(target.spec, { ...overlays, specRoot: target.specRoot });
  if (!revision.ok)
    return invalid({ io, api: target.api, findings: revision.findings, which: 'spec' });
  const revisionLabel =
    base.kind === 'git' ? 'the working tree' : displayPath(path.resolve(target.spec));
  const filtered = (document: Record<string, unknown>) =>
    target.filter ? filterDocument(document, target.filter).document : document;
  const diff = (document: Record<string, unknown>, baseLabel: string): SpecDiff => {
    const { changes, formOnly } = diffDocuments({
      base: filtered(document),
      revision: { ...revision.value, document: filtered(revision.value.document!) },
      ...(target.readWrite && { readWrite: target.readWrite }),
      transformers: target.transformers,
    });
    return {
      api: target.api,
      base: baseLabel,
      revision: revisionLabel,
      changes,
      level: releaseLevel(changes),
      formOnly,
    };
  };
  if (base.kind === 'path') {
    // The root stands to the base's entry as it does to the revision's.
    const specRoot =
      target.specRoot === undefined
        ? undefined
        : path.resolve(
            path.dirname(resolveEntry(base.spec)),
            path.relative(path.dirname(revision.value.entry), path.resolve(target.specRoot)),
          );
    const loaded = loadBase(base.spec, { ...overlays, specRoot });
    return loaded.ok
      ? diff(loaded.value, displayPath(path.resolve(base.spec)))
      : invalid({ io, api: target.api, findings: loaded.findings, which: 'base spec' });
  }
  const root = repositoryRoot(path.dirname(revision.value.entry))!;
  const checkout = checkoutSpec({
    ref: base.ref,
    root,
    spec: target.spec,
    entry: revision.value.entry,
    files: revision.value.files,
  });
  try {
    if (checkout.missing)
      return diff(
        emptyDocument(String(revision.value.document!.openapi ?? '3.1.0')),
        `${base.ref} (no spec there)`,
      );
    // The same folder of the copy; a root above the repository is the whole copy.
    const specRoot =
      target.specRoot === undefined
        ? undefined
        : path.join(checkout.root, insideOrTop(path.relative(root, path.resolve(target.specRoot))));
    const loaded = loadBase(checkout.spec, { ...overlays, specRoot });
    if (loaded.ok) return diff(loaded.value, base.ref);
    // Findings in the temporary copy are shown as `<ref>:<path in the repository>`.
    const prefix = `${displayPath(checkout.root)}/`;
    const findings = loaded.findings.map((finding) =>
      finding.file.startsWith(prefix)
        ? { ...finding, file: `${base.ref}:${finding.file.slice(prefix.length)}` }
        : finding,
    );
    return invalid({ io, api: target.api, findings, which: `spec at ${base.ref}` });
  } finally {
    checkout.dispose();
  }
}

/** `relative` (to a repository's root) when it is inside it, else the root itself (''). */
function insideOrTop(relative: string): string {
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)
    ? ''
    : relative;
}

function invalid({
  io,
  api,
  findings,
  which,
}: {
  io: Output;
  api: string;
  findings: readonly Finding[];
  which: string;
}): undefined {
  const print = hasErrors(findings) ? io.stderr : io.stdout;
  for (const finding of findings) print(formatFinding(finding));
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  io.stderr(
    `${api}: invalid ${which}, ${errors} error${errors === 1 ? '' : 's'}; nothing compared`,
  );
  return undefined;
}
