/**
 * `zapgen diff`: two versions of a spec compared over the model, each change classified by what
 * it does to code that uses the generated package, and located where the revision says it.
 */
import { hasErrors, type Finding } from '../load/finding.js';
import type { TransformersConfig } from '../config/types.js';
import { loadSpec, type LoadedSpec } from '../load/load-spec.js';
import { validateSpec } from '../load/validate.js';
import { buildModel } from '../model/index.js';
import { compareCodePoints } from '../model/order.js';
import type { ReadWriteMode } from '../model/read-write.js';
import type { Change, LocatedChange } from './changes.js';
import { diffModels, formChange, GENERATED_BY_KEY } from './compare.js';

export type { Change, LocatedChange } from './changes.js';
export { diffModels, formChange, releaseLevel, GENERATED_BY_KEY } from './compare.js';
export {
  diffRules,
  plainDiffRules,
  ruleNamed,
  SCHEMA_CHANGES,
  type DiffRule,
  type Direction,
  type Level,
  type Severity,
} from './rules.js';
export { countChanges, formatChange, diffJson, diffSummary, type SpecDiff } from './format.js';
export { checkoutSpec, isCommit, repositoryRoot, type GitBase } from './git.js';

/** A spec read for comparison, or the findings that stop it. */
export type Loaded<T> =
  { ok: true; value: T; warnings: Finding[] } | { ok: false; findings: Finding[] };

/** The revision (the spec being edited): loaded and validated like `generate` does. */
export function loadRevision(
  spec: string,
  options: { overlays?: readonly string[]; specRoot?: string | undefined } = {},
): Loaded<LoadedSpec> {
  const loaded = loadSpec(spec, options);
  const findings = validateSpec(loaded);
  if (hasErrors(findings) || !loaded.document) return { ok: false, findings };
  return { ok: true, value: loaded, warnings: findings };
}

/**
 * The base (an earlier version): only read and bundled. It was valid once; lint rules added
 * since then must not stop the comparison. zapgen's own header in `openapi.json` is dropped.
 * `overlays` are the config's as they are now (an action that selects nothing in the earlier
 * version is a warning, not a failure).
 */
export function loadBase(
  spec: string,
  options: { overlays?: readonly string[]; specRoot?: string | undefined } = {},
): Loaded<Record<string, unknown>> {
  const loaded = loadSpec(spec, options);
  if (hasErrors(loaded.findings) || !loaded.document)
    return { ok: false, findings: loaded.findings };
  return { ok: true, value: withoutHeader(loaded.document), warnings: [] };
}

/** An OpenAPI document without operations or schemas: the base of an API that did not exist yet. */
export function emptyDocument(openapi: string): Record<string, unknown> {
  return { openapi, info: { title: '', version: '' }, paths: {} };
}

/** The bundled document without the `x-generated-by` key zapgen writes into `openapi.json`. */
export function withoutHeader(document: Record<string, unknown>): Record<string, unknown> {
  const { [GENERATED_BY_KEY]: _header, ...rest } = document;
  return rest;
}

/**
 * Every change from `base` to the loaded `revision`, located in the revision's files; `formOnly`
 * when there is none but the documents differ (see `formChange`).
 */
export function diffDocuments({
  base,
  revision,
  readWrite,
  transformers,
}: {
  base: Record<string, unknown>;
  revision: LoadedSpec;
  /** The package's `readWrite` mode: which directions a readOnly/writeOnly property counts in. */
  readWrite?: ReadWriteMode;
  /** The package's `transformers` (a format change can change a type then). */
  transformers?: TransformersConfig | undefined;
}): { changes: LocatedChange[]; formOnly: boolean } {
  const changes = diffModels({
    base: buildModel(base),
    revision: buildModel(revision.document!),
    ...(readWrite && { readWrite }),
    transformers,
  });
  return {
    changes: locateChanges({ changes, revision }),
    formOnly:
      changes.length === 0 && formChange({ base, revision: revision.document! }) !== undefined,
  };
}

/** `changes` with the file, line and column of their pointers in `revision`: breaking first, then by position. */
export function locateChanges({
  changes,
  revision,
}: {
  changes: readonly Change[];
  revision: Pick<LoadedSpec, 'sourceMap'>;
}): LocatedChange[] {
  const locations = revision.sourceMap.locateMany(
    changes.map((change) => change.pointer.replace(/^#/, '')),
  );
  const rank = { major: 0, minor: 1, patch: 2 };
  return changes
    .map((change, index) => ({ ...change, ...locations[index]! }))
    .sort(
      (a, b) =>
        rank[a.level] - rank[b.level] ||
        compareCodePoints(a.file, b.file) ||
        a.line - b.line ||
        a.column - b.column ||
        compareCodePoints(a.rule, b.rule) ||
        compareCodePoints(a.message, b.message),
    );
}
