/**
 * The release a generation makes: the package's semver version and its `CHANGELOG.md`, from the
 * changes between the spec the package on disk was generated from and the spec now. The version
 * moves once per spec change: it is recomputed only when the spec hash differs from the one
 * recorded with it, so `generate` twice bumps once and `check` stays deterministic.
 */
import { diffModels, formChange, releaseLevel, type Change } from '../diff/index.js';
import type { TransformersConfig } from '../config/types.js';
import type { Level } from '../diff/rules.js';
import { inlineCode, markdownText } from '../emit/package/markdown.js';
import { buildModel } from '../model/index.js';
import { specHash as hashOf } from '../write/header.js';
import type { ApiModel } from '../model/types.js';
import type { ReadWriteMode } from '../model/read-write.js';
import { surfaceChanges, type SurfaceRecord } from './surface.js';
import type { PreviousPackage } from './previous.js';
import { bumpVersion, FIRST_VERSION, isSemver } from './version.js';

export { BUNDLED_SPEC_FILE, readPreviousPackage, type PreviousPackage } from './previous.js';
export { MANIFEST_KEY } from '../emit/package/package-json.js';
export { bumpVersion, FIRST_VERSION, isSemver } from './version.js';
export type { SurfaceRecord } from './surface.js';

export interface Release {
  /** The package version to write. */
  version: string;
  /** The version on disk before, when there was one. */
  previousVersion?: string;
  /** The bump made; undefined when the version did not move. */
  level?: Level;
  /** The changes since the previous version (empty when the spec did not change). */
  changes: Change[];
  /** The whole `CHANGELOG.md`, without zapgen's header. */
  changelog: string;
}

/** How many operations a changelog line names before `and N more`. */
const NAMED_OPERATIONS = 10;

/**
 * The release for `model` (hash `specHash`) given the package on disk. A package generated for
 * the first time (or by a zapgen that recorded no hash, from the same spec) starts a changelog;
 * a package whose `openapi.json` is missing cannot be compared, so it is released as breaking.
 */
export function computeRelease({
  previous,
  model,
  specHash,
  packageName,
  readWrite,
  surface,
  transformers,
  base = { model: buildModel, specHash: ({ document }) => hashOf(document) },
}: {
  previous: PreviousPackage;
  model: ApiModel;
  specHash: string;
  packageName: string;
  /** The package's `readWrite` mode (how readOnly/writeOnly changes count). */
  readWrite?: ReadWriteMode;
  /** What the config makes of the surface now (`surfaceOf`); a change of it is released too. */
  surface?: SurfaceRecord;
  /** The package's `transformers`: a format change can change a type of the client then. */
  transformers?: TransformersConfig | undefined;
  /**
   * How the previous package's spec is modelled and hashed: a session (`session.ts`) keeps both
   * between runs; default computed here.
   */
  base?: {
    model: (document: Record<string, unknown>) => ApiModel;
    specHash: (previous: PreviousPackage & { document: Record<string, unknown> }) => string;
  };
}): Release {
  const known =
    previous.version !== undefined && isSemver(previous.version) ? previous.version : undefined;
  const render = (entries: string) => changelog({ packageName, entries });
  const first = (version: string) => ({
    version,
    changes: [],
    changelog: render(joinEntries(firstEntry({ version, model }), previous.entries)),
  });
  if (known === undefined) return first(FIRST_VERSION);
  const configChanges = surfaceChanges({
    before: previous.surface,
    after: surface,
    operations: new Set(model.operations.map((operation) => operation.operationId)),
  });
  if (previous.specHash === specHash && configChanges.length)
    return released({ known, model, changes: configChanges, previous, render, config: true });
  if (previous.specHash === specHash) {
    return {
      version: known,
      previousVersion: known,
      changes: [],
      changelog: render(previous.entries ?? firstEntry({ version: known, model })),
    };
  }
  // The openapi.json on disk must be the spec the version was computed from: a missing one, or
  // one copied in by hand since, cannot tell what changed.
  const untrusted = !previous.document
    ? 'is missing'
    : previous.specHash !== undefined &&
        base.specHash({ ...previous, document: previous.document }) !== previous.specHash
      ? `is not the one ${known} was computed from`
      : undefined;
  if (untrusted || !previous.document) {
    const version = bumpVersion({ version: known, level: 'major' });
    const entry = entryText({
      version,
      model,
      changes: [],
      note: `The spec this package was generated from before (openapi.json) ${untrusted ?? 'is missing'}, so the changes since ${known} are not known: this release counts as breaking.`,
    });
    return {
      version,
      previousVersion: known,
      level: 'major',
      changes: [],
      changelog: render(joinEntries(entry, previous.entries)),
    };
  }
  const found = diffModels({
    base: base.model(previous.document),
    revision: model,
    ...(readWrite && { readWrite }),
    transformers,
  });
  const form = found.length
    ? undefined
    : formChange({ base: previous.document, revision: model.document });
  const changes = [...(form ? [form] : found), ...configChanges];
  const level = releaseLevel(changes);
  // Generated by a zapgen that kept no record, from the same spec: this version starts the changelog.
  if (previous.specHash === undefined && !level)
    return first(known === '0.0.0' ? FIRST_VERSION : known);
  if (!level)
    return {
      version: known,
      previousVersion: known,
      changes,
      changelog: render(previous.entries ?? firstEntry({ version: known, model })),
    };
  return released({ known, model, changes, previous, render, config: false });
}

/** The release of `changes` (at least one): the bumped version and its changelog entry. */
function released({
  known,
  model,
  changes,
  previous,
  render,
  config,
}: {
  known: string;
  model: ApiModel;
  changes: Change[];
  previous: PreviousPackage;
  render: (entries: string) => string;
  /** The spec is the same: only the config changed. */
  config: boolean;
}): Release {
  const level = releaseLevel(changes)!;
  const version = bumpVersion({ version: known, level });
  const entry = entryText({
    version,
    model,
    changes,
    note: `${summaryOf(changes)} since ${known}${config ? ', from a change of the config (the spec is the same)' : ''}.`,
  });
  return {
    version,
    previousVersion: known,
    level,
    changes,
    changelog: render(joinEntries(entry, previous.entries)),
  };
}

function changelog({ packageName, entries }: { packageName: string; entries: string }): string {
  return (
    [
      `# Changelog of ${markdownText(packageName)}`,
      `Newest first. Each entry lists what a change of the spec did to code that uses this package: a breaking change bumps the major version (the minor before 1.0.0), an addition the minor, anything else the patch. The API's own version is ${inlineCode('info.version')} of the spec.`,
      entries.trim(),
    ].join('\n\n') + '\n'
  );
}

function joinEntries(entry: string, previous: string | undefined): string {
  return previous ? `${entry}\n\n${previous.trim()}` : entry;
}

function apiLine(model: ApiModel): string {
  return markdownText(
    `${model.info.title.replace(/\s+/g, ' ').trim() || 'The API'} ${model.info.version || '(no version)'}`,
  );
}

function firstEntry({ version, model }: { version: string; model: ApiModel }): string {
  return `## ${version}\n\nFirst version of this changelog: ${apiLine(model)}, ${count(model.operations.length, 'operation')}, ${count(model.schemas.length, 'component schema')}.`;
}

const SECTIONS: { level: Level; title: string }[] = [
  { level: 'major', title: 'Breaking changes' },
  { level: 'minor', title: 'Additions' },
  { level: 'patch', title: 'Other changes' },
];

function entryText({
  version,
  model,
  changes,
  note,
}: {
  version: string;
  model: ApiModel;
  changes: Change[];
  note: string;
}): string {
  const sections = SECTIONS.flatMap(({ level, title }) => {
    const lines = changes.filter((change) => change.level === level).map(changeLine);
    return lines.length ? [`### ${title}`, lines.join('\n')] : [];
  });
  return [`## ${version}`, `${apiLine(model)}. ${note}`, ...sections].join('\n\n');
}

/** `- message (rule); used by a, b`: breaking changes name what they touch. */
function changeLine(change: Change): string {
  const operations = change.operations;
  const named = operations
    .slice(0, NAMED_OPERATIONS)
    .map((operation) => inlineCode(operation))
    .join(', ');
  const more =
    operations.length > NAMED_OPERATIONS ? ` and ${operations.length - NAMED_OPERATIONS} more` : '';
  const usedBy = change.schemas.length && operations.length ? `; used by ${named}${more}` : '';
  return `- ${markdownMessage(change.message)} (${inlineCode(change.rule)})${usedBy}`;
}

/**
 * A message for Markdown: the names it quotes in backticks as code spans, the rest as escaped
 * text. A name holding a backtick splits oddly but never escapes: every piece is escaped.
 */
function markdownMessage(message: string): string {
  return message
    .split(/(`[^`]*`)/)
    .map((piece) => {
      if (/^`[^`]*`$/.test(piece)) return inlineCode(piece.slice(1, -1));
      // markdownText trims: keep the spaces around the code spans.
      const text = markdownText(piece);
      return text
        ? `${/^\s/.test(piece) ? ' ' : ''}${text}${/\s$/.test(piece) ? ' ' : ''}`
        : piece.replace(/\s+/g, ' ');
    })
    .join('');
}

function summaryOf(changes: readonly Change[]): string {
  const counts = SECTIONS.map(
    ({ level }) => changes.filter((change) => change.level === level).length,
  );
  return [
    count(counts[0]!, 'breaking change'),
    count(counts[1]!, 'addition'),
    count(counts[2]!, 'other change'),
  ].join(', ');
}

function count(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}
