/**
 * The whole run for one API: load (bundle + validate) → model → emitters → format + header →
 * write (or compare). The spec is parsed once and every emitter reads the same model.
 */
import path from 'node:path';
import { emitters as defaultEmitters, type EmitContext, type EmittedFile, type Emitter } from './emit/index.js';
import { hasErrors, loadSpec, validateSpec, type Finding } from './load/index.js';
import { apiNameOf } from './load/api.js';
import { displayPath } from './load/source-file.js';
import { buildModel, type ApiModel } from './model/index.js';
import { locateChanges, type LocatedChange } from './diff/index.js';
import { computeRelease, readPreviousPackage, type PreviousPackage, type Release } from './release/index.js';
import { addHeader, diffFiles, formatFiles, headerPrefix, headerText, specHash, writeFiles, type Drift, type OutputFile, type WriteCounts } from './write/index.js';

export { apiNameOf, validate, type ValidateSummary } from './load/api.js';

/** npm package name of the shared runtime every generated package depends on. */
export const RUNTIME_PACKAGE = '@zapgen/runtime';

export interface GenerateOptions {
  /** Entry file, or a folder holding `openapi.yaml|yml|json`. */
  spec: string;
  /** Package folder to write. */
  out: string;
  /** npm package name; default `@zapgen/<api name>`. */
  packageName?: string;
  /** Where the spec came from, as printed in headers; default the spec path relative to the working directory. */
  specLabel?: string;
  /** Short API name; default from the spec's folder (for `openapi.yaml`) or file name. */
  apiName?: string;
  /** Output kinds to run; default every registered emitter. */
  emitters?: readonly Emitter[];
  /**
   * The package the version and changelog are computed from; default the package at `out` as it
   * is on disk. Watch mode passes the package as it was when watching started, so that a
   * session of edits makes one release.
   */
  previous?: PreviousPackage;
}

/** Milliseconds spent in each phase. */
export interface Timings {
  load: number;
  model: number;
  emit: number;
  write: number;
}

export interface GenerateSummary {
  api: string;
  operations: number;
  schemas: number;
  files: WriteCounts;
  timings: Timings;
  /** Warnings of the spec (errors stop the run with a `SpecError`). */
  warnings: Finding[];
  /** The version written and the changes since the previous one, located in the spec. */
  release: ReleaseSummary;
  /** Every file the spec was read from (absolute paths), entry first. */
  sources: string[];
}

export interface ReleaseSummary extends Omit<Release, 'changelog' | 'changes'> {
  changes: LocatedChange[];
}

export interface CheckSummary extends Omit<GenerateSummary, 'files'> {
  /** Number of files generated. */
  files: number;
  drift: Drift;
}

/** The spec has errors: nothing was generated. `findings` holds every problem, errors and warnings. */
export class SpecError extends Error {
  readonly findings: Finding[];
  /** The files of the spec that were read (absolute paths), so that watch mode can watch them. */
  readonly files: string[];

  constructor(findings: Finding[], files: string[] = []) {
    const errors = findings.filter((finding) => finding.severity === 'error').length;
    super(`the spec has ${errors} error(s)`);
    this.name = 'SpecError';
    this.findings = findings;
    this.files = files;
  }
}

/** Generates the package `out` from `spec`, writing only files that changed. */
export async function generate(options: GenerateOptions): Promise<GenerateSummary> {
  const built = await build(options);
  const start = performance.now();
  const files = writeFiles({ outDir: options.out, files: built.outputs, marker: built.marker });
  built.timings.write += performance.now() - start;
  return { ...built.summary, files, timings: rounded(built.timings) };
}

/** Generates `spec` in memory and compares it with the package on disk; nothing is written. */
export async function check(options: GenerateOptions): Promise<CheckSummary> {
  const built = await build(options);
  const start = performance.now();
  const drift = diffFiles({ outDir: options.out, files: built.outputs, marker: built.marker, label: displayPath(path.resolve(options.out)) });
  built.timings.write += performance.now() - start;
  return { ...built.summary, files: built.outputs.length, drift, timings: rounded(built.timings) };
}

interface Built {
  outputs: OutputFile[];
  /** Header prefix of this spec's files: only those are deleted when stale. */
  marker: string;
  summary: Omit<GenerateSummary, 'files' | 'timings'>;
  timings: Timings;
}

async function build(options: GenerateOptions): Promise<Built> {
  const timings: Timings = { load: 0, model: 0, emit: 0, write: 0 };
  let start = performance.now();
  const api = options.apiName ?? apiNameOf(options.spec);
  const packageName = options.packageName ?? `@zapgen/${api}`;
  const { model, findings, release, changes, sources, hash } = prepare({ options, packageName, lap });

  const context: EmitContext = {
    apiName: api,
    packageName,
    runtimePackage: RUNTIME_PACKAGE,
    specLabel: options.specLabel ?? displayPath(path.resolve(options.spec)),
    specHash: hash,
    release: { version: release.version, changelog: release.changelog },
  };
  const emitted: (EmittedFile & { emitter: string })[] = [];
  for (const emitter of options.emitters ?? defaultEmitters) {
    for (const file of await emitter.emit(model, context)) emitted.push({ ...file, emitter: emitter.name });
  }
  assertUniquePaths(emitted);
  timings.emit = elapsed();

  const header = headerText(context);
  const withHeaders = emitted.map((file) => ({ path: file.path, contents: addHeader({ path: file.path, contents: file.contents, header }) }));
  const formatted = await formatFiles(withHeaders);
  const outputs = formatted.map((result, index) => {
    const file = emitted[index]!;
    if (result.status === 'rejected') {
      throw new Error(`the ${file.emitter} emitter produced ${file.path}, which prettier cannot parse: ${(result.reason as Error).message}`);
    }
    return { path: file.path, contents: result.value };
  });
  timings.write = elapsed();

  return {
    outputs,
    marker: headerPrefix(context.specLabel),
    summary: {
      api,
      operations: model.operations.length,
      schemas: model.schemas.length,
      warnings: findings.filter((finding) => finding.severity === 'warning'),
      release: { ...withoutChangelog(release), changes },
      sources,
    },
    timings,
  };

  function lap(phase: 'load' | 'model'): void {
    timings[phase] = elapsed();
  }

  function elapsed(): number {
    const now = performance.now();
    const spent = now - start;
    start = now;
    return spent;
  }
}

/**
 * Loads a spec without errors, builds its model and computes the release against the previous
 * package. Only the model and the located changes leave this function: the parsed files and
 * their syntax trees (large for big YAML specs) can be collected before emitting.
 */
function prepare({ options, packageName, lap }: { options: GenerateOptions; packageName: string; lap: (phase: 'load' | 'model') => void }): {
  model: ApiModel;
  findings: Finding[];
  release: Release;
  changes: LocatedChange[];
  sources: string[];
  hash: string;
} {
  const loaded = loadSpec(options.spec);
  const findings = validateSpec(loaded);
  if (hasErrors(findings) || !loaded.document) throw new SpecError(findings, loaded.files);
  lap('load');
  const model = buildModel(loaded.document);
  const hash = specHash(loaded.document);
  // The release diffs the previous spec with this one: counted with the model.
  const release = computeRelease({ previous: options.previous ?? readPreviousPackage({ outDir: options.out, specHash: hash }), model, specHash: hash, packageName });
  const changes = locateChanges({ changes: release.changes, revision: loaded });
  lap('model');
  return { model, findings, release, changes, sources: loaded.files, hash };
}

function withoutChangelog({ changelog: _changelog, changes: _changes, ...rest }: Release): Omit<Release, 'changelog' | 'changes'> {
  return rest;
}

function assertUniquePaths(files: readonly { path: string; emitter: string }[]): void {
  const owners = new Map<string, string>();
  for (const file of files) {
    const owner = owners.get(file.path);
    if (owner) throw new Error(`the ${owner} and ${file.emitter} emitters both produce ${file.path}`);
    owners.set(file.path, file.emitter);
  }
}

function rounded(timings: Timings): Timings {
  return {
    load: Math.round(timings.load),
    model: Math.round(timings.model),
    emit: Math.round(timings.emit),
    write: Math.round(timings.write),
  };
}
