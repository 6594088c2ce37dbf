/**
 * The whole run for one API: load (bundle + validate) → model → emitters → format + header →
 * write (or compare). The spec is parsed once and every emitter reads the same model.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type Satisfies from 'semver/functions/satisfies.js';
import {
  emitters as defaultEmitters,
  ModuleRegistry,
  type EmitContext,
  type EmittedFile,
  type Emitter,
} from './emit/index.js';
import { hasErrors, loadSpec, sortFindings, validateSpec, type Finding } from './load/index.js';
import { verifyPackage, type VerifyWarning } from './verify/index.js';
import { poolSize, WorkerPool } from './workers/pool.js';
import { Degradations } from './emit/shared/degrade.js';
import { FIXTURES_MODULE } from './emit/fixtures/index.js';
import { TYPES_MODULE } from './emit/typescript-types/index.js';
import { collectGarbage, EMITTER_HEAP, HEAP_BEFORE_FORMAT } from './memory.js';
import { apiNameOf } from './load/api.js';
import { sourceStates } from './load/bounds.js';
import { displayPath } from './load/source-file.js';
import { buildModel, type ApiModel } from './model/index.js';
import { filterDocument } from './model/filter.js';
import type {
  FilterConfig,
  NamesConfig,
  NamespacesConfig,
  ReadWriteMode,
  TransformersConfig,
} from './config/types.js';
import { splitReadWrite } from './model/read-write.js';
import { applySurface, surfaceOf } from './model/surface.js';
import { RUNTIME_RANGE } from './emit/package/package-json.js';
import { transformersActing } from './emit/zod/codecs.js';
import { locateChanges, type LocatedChange } from './diff/index.js';
import { memoOf, saveMemo } from './cache.js';
import { Memo } from './memo/index.js';
import { GenerationSession, type FormattedFile, type RunIdentity } from './session.js';
import {
  BUNDLED_SPEC_FILE,
  computeRelease,
  readPreviousPackage,
  type PreviousPackage,
  type Release,
  type SurfaceRecord,
} from './release/index.js';
import {
  addHeader,
  diffFiles,
  formatFile,
  FormatterMissingError,
  headerPrefix,
  headerText,
  isFormatted,
  specHash,
  writeFiles,
  type Drift,
  type OutputFile,
  lockFolder,
  type WriteResult,
} from './write/index.js';

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
  /**
   * Where the spec came from, as printed in headers and the README; default the spec's path
   * relative to `out`, so the bytes do not depend on the working directory.
   */
  specLabel?: string;
  /** Short API name; default from the spec's folder (for `openapi.yaml`) or file name. */
  apiName?: string;
  /**
   * The operations the package exposes (a config's `filter`); what only the others use leaves
   * too. Default: every operation.
   */
  filter?: FilterConfig;
  /** Overlay 1.0 files applied to the spec, in order, before it is validated (a config's `overlays`). */
  overlays?: readonly string[];
  /**
   * The folder `$ref`s may read files in (a config's `specRoot`, `--spec-root`): it must hold the
   * spec. Default the spec entry's folder (`load/spec-files.ts`).
   */
  specRoot?: string;
  /** How operations are named (a config's `names`). */
  names?: NamesConfig;
  /** Resource namespaces of the client (a config's `namespaces`). */
  namespaces?: NamespacesConfig;
  /** Request and response shapes of their own (a config's `readWrite`; default `'shared'`). */
  readWrite?: ReadWriteMode;
  /** Dates and int64 as `Date` and `bigint` (a config's `transformers`); default off. */
  transformers?: TransformersConfig;
  /** Output kinds to run; default every registered emitter. */
  emitters?: readonly Emitter[];
  /** Overwrite files in `out` that zapgen did not generate (default false: refuse, naming them). */
  force?: boolean;
  /**
   * The package the version and changelog are computed from; default the package at `out` as it
   * is on disk. Watch mode passes the package as it was when watching started, so that a
   * session of edits makes one release.
   */
  previous?: PreviousPackage;
  /**
   * The caller holds the lock of `out` already (the CLI, around its cache). By default
   * `generate` and `check` take it, waiting while another run holds it.
   */
  locked?: boolean;
  /**
   * Work reused from earlier runs, keyed by content hashes (`memo/index.ts`); default the memo of
   * `out` (`cache.ts`), kept in memory and beside the run cache. `false`: compute everything.
   * Either way the bytes are the same.
   */
  memo?: Memo | false;
  /**
   * Worker threads for the type check of the verify phase, which then runs beside the emitters
   * (`workers/pool.ts`); 0 runs it in this thread. Default `ZAPGEN_WORKERS`, else one per core
   * beside this thread's, for the checks of more than a megabyte (`verify/index.ts`).
   * The bytes are the same either way.
   */
  workers?: number;
  /**
   * What runs keep between them (`session.ts`): watch mode passes one per package for as long
   * as it watches. Its memo and previous package stand for `memo` and `previous`. Default a
   * session of this run only. The bytes are the same either way.
   */
  session?: GenerationSession;
}

/** Milliseconds spent in each phase. */
export interface Timings {
  load: number;
  model: number;
  emit: number;
  verify: number;
  write: number;
}

export interface GenerateSummary {
  api: string;
  operations: number;
  schemas: number;
  files: WriteResult;
  timings: Timings;
  /** Warnings of the spec (errors stop the run with a `SpecError`). */
  warnings: Finding[];
  /** Warnings about the package's surroundings (an installed runtime the package was not generated for). */
  notes: string[];
  /** The version written and the changes since the previous one, located in the spec. */
  release: ReleaseSummary;
  /** Every file the spec was read from (absolute paths), entry first. */
  sources: string[];
  /** sha256 of the bytes parsed from each file the spec was read from (absolute path → hash). */
  sourceHashes: Record<string, string>;
  /** sha256 of each generated file (path relative to the package → hash). */
  outputHashes: Record<string, string>;
}

export interface ReleaseSummary extends Omit<Release, 'changelog' | 'changes'> {
  changes: LocatedChange[];
}

export interface CheckSummary extends Omit<GenerateSummary, 'files' | 'notes'> {
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
  return locked(options, 'generate', () => generateLocked(options));
}

/** Runs `run` holding the lock of `options.out` (unless the caller holds it). */
async function locked<T>(
  options: GenerateOptions,
  command: string,
  run: () => Promise<T>,
): Promise<T> {
  const lock = options.locked ? undefined : await lockFolder({ outDir: options.out, command });
  try {
    return await run();
  } finally {
    lock?.release();
  }
}

async function generateLocked(options: GenerateOptions): Promise<GenerateSummary> {
  const session = sessionFor(options);
  const built = await build(options, session);
  const start = performance.now();
  // Each unchanged file's status before it was compared (watch mode): `recordOnDisk` remembers a
  // file only if it is still the same, so an edit made during the write is never taken for ours.
  const compared = new Map<string, BigIntStats>();
  const files = writeFiles({
    outDir: options.out,
    files: built.outputs,
    marker: built.marker,
    force: options.force ?? false,
    ...(session.retain && {
      knownOnDisk: (file: OutputFile, target: string) =>
        session.knownOnDisk(file, path.resolve(target)),
      onUnchanged: (_file: OutputFile, target: string, before: BigIntStats) =>
        compared.set(path.resolve(target), before),
    }),
  });
  session.recordOnDisk(options.out, built.outputs, compared);
  if (session.memo && !built.reused) saveMemo({ out: options.out, memo: session.memo });
  built.timings.write += performance.now() - start;
  const mismatch = runtimeMismatch(options.out);
  return {
    ...built.summary,
    files,
    timings: rounded(built.timings),
    notes: [...built.notes, ...(mismatch ? [mismatch] : [])],
  };
}

/**
 * A warning when the `@zapgen/runtime` that Node would load for the package (the nearest
 * `node_modules` at or above it) is not the version range the package was generated for.
 */
export function runtimeMismatch(out: string): string | undefined {
  for (let dir = path.resolve(out); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', RUNTIME_PACKAGE, 'package.json');
    if (existsSync(manifest)) {
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string };
      // semver is read only here, where a runtime is installed beside the package.
      const satisfies = createRequire(import.meta.url)(
        'semver/functions/satisfies',
      ) as typeof Satisfies;
      if (typeof version === 'string' && satisfies(version, RUNTIME_RANGE)) return undefined;
      return `${RUNTIME_PACKAGE} ${version ?? '(no version)'} is installed at ${path.dirname(manifest)}, but this package was generated for ${RUNTIME_RANGE}: install a matching runtime, or generate with the zapgen of that runtime`;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Generates `spec` in memory and compares it with the package on disk; nothing is written. */
export async function check(options: GenerateOptions): Promise<CheckSummary> {
  return locked(options, 'check', () => checkLocked(options));
}

async function checkLocked(options: GenerateOptions): Promise<CheckSummary> {
  const session = sessionFor(options);
  const built = await build(options, session);
  const start = performance.now();
  const drift = diffFiles({
    outDir: options.out,
    files: built.outputs,
    marker: built.marker,
    label: displayPath(path.resolve(options.out)),
  });
  if (session.memo && !built.reused) saveMemo({ out: options.out, memo: session.memo });
  built.timings.write += performance.now() - start;
  return { ...built.summary, files: built.outputs.length, drift, timings: rounded(built.timings) };
}

interface Built {
  outputs: OutputFile[];
  /** Header prefix of this spec's files: only those are deleted when stale. */
  marker: string;
  summary: Omit<GenerateSummary, 'files' | 'timings' | 'notes'>;
  /** What the user should know about the output (files left unformatted). */
  notes: string[];
  timings: Timings;
  /**
   * The session's last run, answered again (`build`): it used nothing of the memo, so the memo
   * must not end a run now, which would forget every entry.
   */
  reused?: boolean;
}

function sessionFor(options: GenerateOptions): GenerationSession {
  if (options.session) return options.session;
  const memo = options.memo === false ? undefined : (options.memo ?? memoOf(options.out));
  return new GenerationSession({ memo, ...(options.previous && { previous: options.previous }) });
}

/**
 * A run of the session again, when its spec files hold the bytes the last run read (watch mode:
 * a save that changed nothing), else a new run. Only the write (or compare) follows either way.
 */
async function build(options: GenerateOptions, session: GenerationSession): Promise<Built> {
  const identity = runIdentityOf(options);
  const start = performance.now();
  const reused = session.reusedRun<Built>(identity);
  if (reused) {
    const timings = { load: performance.now() - start, model: 0, emit: 0, verify: 0, write: 0 };
    return { ...reused, timings, reused: true };
  }
  const built = await buildAnew(options, session);
  session.keepRun(identity, sourceStates(built.summary.sources, built.summary.sourceHashes), built);
  return built;
}

/**
 * Everything a run's bytes depend on besides its spec files and the previous package: its
 * options as text, and the emitters and the config's functions (names, namespaces) themselves.
 */
function runIdentityOf(options: GenerateOptions): RunIdentity {
  const objects: object[] = [...(options.emitters ?? defaultEmitters)];
  const key = JSON.stringify(
    {
      cwd: process.cwd(),
      spec: path.resolve(options.spec),
      out: path.resolve(options.out),
      packageName: options.packageName,
      specLabel: options.specLabel,
      apiName: options.apiName,
      filter: options.filter,
      overlays: options.overlays?.map((overlay) => path.resolve(overlay)),
      // Only when set, so that the identities of runs without it stay as they were.
      ...(options.specRoot !== undefined && { specRoot: path.resolve(options.specRoot) }),
      names: options.names,
      namespaces: options.namespaces,
      readWrite: options.readWrite,
      transformers: options.transformers,
    },
    (_key, value: unknown) =>
      typeof value === 'function' ? `function ${objects.push(value) - 1}` : value,
  );
  return { key, objects };
}

async function buildAnew(options: GenerateOptions, session: GenerationSession): Promise<Built> {
  const timings: Timings = { load: 0, model: 0, emit: 0, verify: 0, write: 0 };
  let start = performance.now();
  const produced = await produce({ options, lap, session });
  const { files, header, context } = produced;
  // The model and the checker's programs are garbage now; the formatter's memory comes on top.
  collectGarbage({ aboveBytes: HEAP_BEFORE_FORMAT });

  // One file at a time, and each emitted text dropped once its formatted copy exists: on a big
  // spec (GitHub: 44 MB of output) the emitted, headed and formatted copies of every file held
  // at once were a large part of the peak memory.
  const formatWarnings: string[] = [];
  const outputs: OutputFile[] = [];
  const outputHashes: Record<string, string> = {};
  for (const [index, file] of files.entries()) {
    const contents = addHeader({ path: file.path, contents: file.contents, header });
    files[index] = { ...file, contents: '' };
    try {
      const output = await formatted({ path: file.path, contents, out: options.out, session });
      outputs.push({ path: file.path, contents: output.contents });
      outputHashes[file.path] = output.digest;
    } catch (error) {
      // The formatter is recursive: a deeply nested schema is beyond what it can lay out safely.
      // The code is valid as emitted, only not laid out, so it is kept and the user told.
      if (error instanceof RangeError) {
        formatWarnings.push(
          `${file.path} is written as emitted, not formatted: ${error.message}; the code is the same`,
        );
        outputs.push({
          path: file.path,
          contents: contents.replace(/\r\n?/g, '\n').replace(/\n*$/, '\n'),
        });
      } else if (error instanceof FormatterMissingError) throw error;
      else
        throw new Error(
          `the ${file.emitter} emitter produced ${file.path}, which the formatter cannot parse: ${(error as Error).message}`,
          { cause: error },
        );
    }
  }
  for (const output of outputs) outputHashes[output.path] ??= sha256(output.contents);
  session.keepOnly(new Set(Object.keys(outputHashes)));
  session.kept?.endRun();
  // The next run reads this openapi.json back as its previous spec: its hash is known already.
  const bundled = outputHashes[BUNDLED_SPEC_FILE];
  if (bundled) session.wroteSpec({ digest: bundled, hash: context.specHash });
  timings.write = elapsed();

  return {
    outputs,
    marker: headerPrefix(context.specLabel),
    notes: [...produced.surfaceNotes, ...formatWarnings],
    summary: {
      api: context.apiName,
      operations: produced.operations,
      schemas: produced.schemas,
      warnings: [
        ...produced.findings.filter((finding) => finding.severity === 'warning'),
        ...locateWarnings({
          spec: options.spec,
          specRoot: options.specRoot,
          warnings: produced.verifyWarnings,
        }),
      ],
      release: { ...withoutChangelog(produced.release), changes: produced.changes },
      sources: produced.sources,
      sourceHashes: produced.sourceHashes,
      outputHashes,
    },
    timings,
  };

  function lap(phase: 'load' | 'model' | 'emit' | 'verify'): void {
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
 * Load, model, emit and verify: the files to format and what the summary needs. The model and
 * the emitters' intermediate state stay in this function, so that they can be collected before
 * formatting.
 */
async function produce({
  options,
  lap,
  session,
}: {
  options: GenerateOptions;
  lap: (phase: 'load' | 'model' | 'emit' | 'verify') => void;
  session: GenerationSession;
}) {
  const { memo } = session;
  const api = options.apiName ?? apiNameOf(options.spec);
  const packageName = options.packageName ?? `@zapgen/${api}`;
  const { model, findings, release, changes, sources, sourceHashes, hash, surfaceNotes, surface } =
    prepare({
      options,
      packageName,
      lap,
      session,
    });

  const emitters = options.emitters ?? defaultEmitters;
  const context: EmitContext = {
    // Every product emitter's modules, and those of any other emitter of this run.
    modules: ModuleRegistry.of([
      ...defaultEmitters,
      ...emitters.filter((emitter) => !defaultEmitters.includes(emitter)),
    ]),
    apiName: api,
    packageName,
    runtimePackage: RUNTIME_PACKAGE,
    specLabel: oneLine(options.specLabel ?? specLabelOf({ spec: options.spec, out: options.out })),
    specHash: hash,
    release: { version: release.version, changelog: release.changelog },
    ...(surface && { surface }),
    degradations: new Degradations(),
    ...(memo && { memo }),
    ...(session.kept && { kept: session.kept }),
    ...(options.transformers && { transformers: options.transformers }),
  };
  // The files the verify phase reads (and may change), where their emitters declare them.
  const verifiedPaths = {
    types: context.modules.file(TYPES_MODULE.id),
    fixtures: context.modules.file(FIXTURES_MODULE.id),
  };
  const verifiedFiles = new Set(Object.values(verifiedPaths));
  const emitted: (EmittedFile & { emitter: string })[] = [];
  // The verify phase reads types.ts and fixtures.ts only. With a worker thread, it starts once
  // the types' emitter has run: the types are checked there while the fixtures and the other
  // emitters run here, the fixtures once their emitter has run ('emit' then counts both, 'verify'
  // what is left of it after the emitters). Its memory is let go before formatting, and the check
  // of the types (most of it on a big spec) is done by the time the fixtures are.
  const pool = new WorkerPool(poolSize(options.workers));
  const providerOf = (files: ReadonlySet<string>) =>
    emitters.map((emitter) => emitter.provides.some((module) => files.has(module.file)));
  const verifiedAfter = providerOf(verifiedFiles).lastIndexOf(true);
  const typesAt = providerOf(new Set([verifiedPaths.types])).indexOf(true);
  const verifyFrom = typesAt < 0 ? verifiedAfter : Math.min(typesAt, verifiedAfter);
  type Verified = EmittedFile & { emitter: string };
  let verifying: ReturnType<typeof verifyPackage<Verified>> | undefined;
  let verifiedSoFar = 0;
  let deliver: ((files: Verified[]) => void) | undefined;
  const unverified = () => {
    const files = emitted.slice(verifiedSoFar).filter((file) => verifiedFiles.has(file.path));
    verifiedSoFar = emitted.length;
    return files;
  };
  const verify = (more: boolean) => {
    verifying = verifyPackage({
      model,
      files: unverified(),
      ...(more && { later: new Promise<Verified[]>((resolve) => (deliver = resolve)) }),
      paths: verifiedPaths,
      runtimePackage: context.runtimePackage,
      memo,
      ...(pool.size > 0 && {
        pool: {
          check: (request) => pool.run('verify-check', request),
          forget: () => pool.run('verify-forget', undefined),
        },
      }),
      // Asked for workers explicitly, a run uses them whatever the size (the tests of the pool).
      ...(options.workers !== undefined && { pooledChars: 0 }),
    });
    // Awaited after the emitters; until then a failure must not count as unhandled.
    verifying.catch(() => undefined);
    // The worker's heap (TypeScript and its program over types.ts: about 400 MB on GitHub's
    // spec) is let go as soon as the check is done, while the emitters still run, instead of
    // after the last of them: a Node 24 process keeps a stopped worker's pages for seconds.
    // (A worker that fails to stop costs memory, not the run: the close in `finally` is a no-op.)
    const release = () => pool.close().catch(() => undefined);
    void verifying.then(release, release);
    return verifying;
  };
  let verified: Awaited<NonNullable<typeof verifying>>;
  try {
    for (const [index, emitter] of emitters.entries()) {
      for (const file of await emitter.emit(model, context))
        emitted.push({ ...file, emitter: emitter.name });
      collectGarbage(EMITTER_HEAP);
      if (pool.size === 0) continue;
      if (index >= verifyFrom && !verifying) {
        assertUniquePaths(emitted);
        verify(index < verifiedAfter);
      } else if (index >= verifiedAfter && deliver) {
        assertUniquePaths(emitted);
        deliver(unverified());
        deliver = undefined;
      }
    }
    assertUniquePaths(emitted);
    lap('emit');
    verified = await (verifying ?? verify(false));
  } finally {
    // An emitter that failed leaves the phase no fixtures to wait for.
    deliver?.([]);
    await pool.close();
  }
  const verifiedOutputs = new Map(verified.files.map((file) => [file.path, file]));
  lap('verify');
  return {
    files: emitted.map((file) => verifiedOutputs.get(file.path) ?? file),
    verifyWarnings: [
      ...(model.warnings ?? []).map(({ pointer, message, rule }) => ({
        pointer,
        rule: rule ?? 'schema-not',
        message,
      })),
      ...context.degradations!.list.map(({ pointer, message }) => ({
        pointer,
        rule: 'emit-degraded',
        message,
      })),
      ...verified.warnings,
    ],
    header: headerText(context),
    context,
    operations: model.operations.length,
    schemas: model.schemas.length,
    findings,
    release,
    changes,
    sources,
    sourceHashes,
    surfaceNotes,
  };
}

/**
 * Loads a spec without errors, builds its model and computes the release against the previous
 * package. Only the model and the located changes leave this function: the parsed files and
 * their syntax trees (large for big YAML specs) can be collected before emitting.
 */
function prepare({
  options,
  packageName,
  lap,
  session,
}: {
  options: GenerateOptions;
  packageName: string;
  lap: (phase: 'load' | 'model') => void;
  session: GenerationSession;
}): {
  model: ApiModel;
  findings: Finding[];
  release: Release;
  changes: LocatedChange[];
  sources: string[];
  sourceHashes: Record<string, string>;
  hash: string;
  /** What of the config's names and namespaces matched nothing or could not be used. */
  surfaceNotes: string[];
  /** What the config makes of the surface, recorded in package.json for the next release. */
  surface: SurfaceRecord | undefined;
} {
  const loaded = loadSpec(options.spec, {
    overlays: options.overlays ?? [],
    specRoot: options.specRoot,
  });
  const findings = validateSpec(loaded);
  if (hasErrors(findings) || !loaded.document) throw new SpecError(findings, loaded.files);
  lap('load');
  // The filter shapes what the package is: the model, the bundled spec and the hash the release
  // compares are all of the filtered document, so a change of the filter is a change.
  const document = options.filter
    ? filterDocument(loaded.document, options.filter).document
    : loaded.document;
  const model = buildModel(document);
  const surfaceNotes = applySurface({
    model,
    ...(options.names && { names: options.names }),
    ...(options.namespaces && { namespaces: options.namespaces }),
  });
  const hash = specHash(document);
  const surface = surfaceOf({
    model,
    readWrite: options.readWrite,
    transformers: transformersActing(model, options.transformers),
  });
  // The release diffs the previous spec with this one: counted with the model.
  const release = computeRelease({
    previous: session.previous ?? readPreviousPackage({ outDir: options.out, specHash: hash }),
    base: {
      model: (document) => session.baseModel(document),
      specHash: (previous) => session.previousSpecHash(previous),
    },
    model,
    specHash: hash,
    packageName,
    ...(options.readWrite && { readWrite: options.readWrite }),
    ...(surface && { surface }),
    transformers: options.transformers,
  });
  // After the release, which compares the models as the specs write them (in the chosen mode).
  if (options.readWrite === 'split') splitReadWrite(model);
  const changes = locateChanges({ changes: release.changes, revision: loaded });
  lap('model');
  return {
    model,
    findings,
    release,
    changes,
    sources: loaded.files,
    sourceHashes: loaded.hashes,
    hash,
    surface,
    surfaceNotes,
  };
}

/**
 * `formatFile` with the sha256 of the result: the session's copy when the file's text is the one
 * it formatted last (watch mode), else through the memo. Headers carry no spec hash, so a file
 * whose code a small edit did not change is emitted with the same bytes and found again.
 */
async function formatted({
  path: filePath,
  contents,
  out,
  session,
}: {
  path: string;
  contents: string;
  out: string;
  session: GenerationSession;
}): Promise<FormattedFile> {
  const kept = session.formatted(filePath, contents);
  if (kept) return kept;
  const result = await formattedThroughMemo({ path: filePath, contents, out, memo: session.memo });
  session.keepFormatted(filePath, contents, result);
  return result;
}

/**
 * The formatted text itself is not kept in the memo (GitHub's package is 44 MB): the memo holds
 * its digest, and the text is the file in `out`, when it still has that digest. A file the
 * formatter leaves as it is (JSON: GitHub's 25 MB `openapi.json`) is not worth a key.
 */
async function formattedThroughMemo({
  path: filePath,
  contents,
  out,
  memo,
}: {
  path: string;
  contents: string;
  out: string;
  memo: Memo | undefined;
}): Promise<FormattedFile> {
  if (!memo || !isFormatted(filePath)) {
    const result = await formatFile({ path: filePath, contents });
    return { contents: result, digest: sha256(result) };
  }
  const key = Memo.key('format', filePath, contents);
  const found = memo.get<string>(key);
  const onDisk = typeof found === 'string' ? readGenerated(path.join(out, filePath)) : undefined;
  if (onDisk !== undefined && sha256(onDisk) === found) return { contents: onDisk, digest: found };
  const result = await formatFile({ path: filePath, contents });
  const digest = sha256(result);
  memo.set(key, digest);
  return { contents: result, digest };
}

/** A file of the package as it is on disk, or undefined. */
function readGenerated(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** sha256 (hex) of a file's text, as the run cache records it. */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function withoutChangelog({
  changelog: _changelog,
  changes: _changes,
  ...rest
}: Release): Omit<Release, 'changelog' | 'changes'> {
  return rest;
}

/**
 * `spec` as seen from `out` (`../../spec/actions-v2`), posix-style: the same wherever zapgen runs
 * from, and still true when the two folders move together.
 */
export function specLabelOf({ spec, out }: { spec: string; out: string }): string {
  const relative = path.relative(path.resolve(out), path.resolve(spec)).split(path.sep).join('/');
  return relative === '' ? '.' : relative;
}

/** A label goes into comments and Markdown: one line, no control characters. */
function oneLine(label: string): string {
  return label.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
}

/**
 * Generation warnings located in the files the user wrote. The spec is read again for this only
 * when there are warnings: the parsed files are not kept in memory while emitting.
 */
function locateWarnings({
  spec,
  specRoot,
  warnings,
}: {
  spec: string;
  specRoot: string | undefined;
  warnings: readonly (Omit<VerifyWarning, 'rule'> & { rule: string })[];
}): Finding[] {
  if (!warnings.length) return [];
  const locations = loadSpec(spec, { specRoot }).sourceMap.locateMany(
    warnings.map((warning) => warning.pointer.replace(/^#/, '')),
  );
  return sortFindings(
    warnings.map((warning, index) => ({
      ...locations[index]!,
      rule: warning.rule,
      severity: 'warning' as const,
      message: warning.message,
    })),
  );
}

function assertUniquePaths(files: readonly { path: string; emitter: string }[]): void {
  const owners = new Map<string, string>();
  for (const file of files) {
    const owner = owners.get(file.path);
    if (owner)
      throw new Error(`the ${owner} and ${file.emitter} emitters both produce ${file.path}`);
    owners.set(file.path, file.emitter);
  }
}

function rounded(timings: Timings): Timings {
  return {
    load: Math.round(timings.load),
    model: Math.round(timings.model),
    emit: Math.round(timings.emit),
    verify: Math.round(timings.verify),
    write: Math.round(timings.write),
  };
}
