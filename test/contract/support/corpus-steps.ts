/**
 * The steps of one corpus document (`corpus-worker.ts` runs them for one spec, `corpus-batch.ts`
 * for many small ones in one process): validate, generate, the agreement module, fixtures under
 * zod and ajv, and the strict consumer check with its libraries' build info.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatFinding } from '../../../generator/src/load/finding.js';
import { buildModel } from '../../../generator/src/model/index.js';
import { generate, SpecError, validate } from '../../../generator/src/pipeline.js';
import {
  fixtureCases,
  repoRoot,
  run,
  runId,
  tallyCases,
  tempRoot,
  type EmittedModules,
  type FixtureTally,
  type TscResult,
} from '../../support/contract-helpers.js';
import { agreementModule, AGREEMENT_FILE } from '../../support/zod-agreement.js';

/** What the worker reports about one spec. */
export interface CorpusResult {
  spec: string;
  generated: boolean;
  generateMs: number;
  /** `--validate`: what `zapgen validate` said before generating. */
  validation?: {
    ms: number;
    /** Every error finding, as `file:line:col  error  rule  message`. */
    errors: string[];
    warnings: number;
    /** Validation itself threw: an internal error. */
    crash?: string;
  };
  /** Set when generation failed: the located findings of an invalid spec, or the crash. */
  specErrors?: string[];
  crash?: string;
  /** What generation reported. */
  generation?: { operations: number; schemas: number; warnings: string[] };
  /** The package's own compiler options, forced strict; compiled to `dist/` (with `.d.ts` under `--consumer`). */
  typecheck?: TscResult;
  /** `--consumer`: a strict consumer (`skipLibCheck: false`) of every subpath; run only when the build passed. */
  consumer?: TscResult & { subpaths: string[] };
  /** Diagnostics of zapgen's agreement test (zod's output types against openapi-typescript's), compiled beside the package but not part of it. */
  disagreements?: string[];
  fixtures?: FixtureTally;
  fixturesMs?: number;
  /** Importing the compiled modules failed. */
  importError?: string;
  /** `types.ts` against openapi-typescript's output, type by type (`test/support/types-equivalence.ts`). */
  types?: {
    items: number;
    ms: number;
    /** Differences no deliberate class explains, and diagnostics of either file or of the check. */
    unexplained: string[];
    deliberate: Record<string, number>;
  };
}

/** The strict consumer's compiler options (as in the outside-repo test). */
export const CONSUMER_OPTIONS = {
  target: 'ES2022',
  lib: ['ES2023', 'DOM'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  skipLibCheck: false,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  types: ['node'],
  noEmit: true,
};

/** `zapgen validate` of the spec: its error findings, or the crash. */
export function validateStep(
  spec: string,
  specRoot?: string,
): NonNullable<CorpusResult['validation']> {
  const start = performance.now();
  try {
    const { findings } = validate({ spec, ...(specRoot !== undefined && { specRoot }) });
    return {
      ms: Math.round(performance.now() - start),
      errors: findings.filter((finding) => finding.severity === 'error').map(formatFinding),
      warnings: findings.filter((finding) => finding.severity === 'warning').length,
    };
  } catch (error) {
    return {
      ms: Math.round(performance.now() - start),
      errors: [],
      warnings: 0,
      crash: (error as Error).stack ?? String(error),
    };
  }
}

/** Generates the package into `dir`; fills `result`'s generation fields. True when it generated. */
export async function generateStep({
  spec,
  specRoot,
  dir,
  result,
}: {
  spec: string;
  /** The folder `$ref`s may read files in (`--spec-root`); default the spec's. */
  specRoot?: string;
  dir: string;
  result: CorpusResult;
}): Promise<boolean> {
  const start = performance.now();
  try {
    const summary = await generate({
      spec,
      out: dir,
      ...(specRoot !== undefined && { specRoot }),
    });
    result.generation = {
      operations: summary.operations,
      schemas: summary.schemas,
      warnings: summary.warnings.map(formatFinding),
    };
  } catch (error) {
    result.generateMs = Math.round(performance.now() - start);
    if (error instanceof SpecError)
      result.specErrors = error.findings
        .filter((finding) => finding.severity === 'error')
        .map(formatFinding);
    else result.crash = (error as Error).stack ?? String(error);
    return false;
  }
  result.generated = true;
  result.generateMs = Math.round(performance.now() - start);
  return true;
}

/**
 * Writes the agreement test of the generator beside the package's sources (compiled with the
 * package, its diagnostics kept apart: a disagreement is a finding about zapgen, not a package
 * that fails to build). Returns the package's OpenAPI document.
 */
export function writeAgreement(dir: string): Record<string, unknown> {
  const document = JSON.parse(readFileSync(path.join(dir, 'openapi.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  writeFileSync(path.join(dir, AGREEMENT_FILE), agreementModule(buildModel(document)));
  return document;
}

/** Imports the compiled `zod.js`, `validators.js` and `fixtures.js`; every fixture under zod and ajv. */
export async function fixturesStep({
  dir,
  document,
  result,
}: {
  dir: string;
  document: Record<string, unknown>;
  result: CorpusResult;
}): Promise<void> {
  const start = performance.now();
  try {
    const load = (file: string) => import(pathToFileURL(path.join(dir, 'dist', file)).href);
    const modules: EmittedModules = {
      zod: await load('zod.js'),
      validators: await load('validators.js'),
      fixtures: await load('fixtures.js'),
    };
    result.fixtures = tallyCases(fixtureCases({ modules, document }));
  } catch (error) {
    result.importError = (error as Error).stack ?? String(error);
  }
  result.fixturesMs = Math.round(performance.now() - start);
}

/** The subpaths a package exports (without JSON ones), and the specifiers that import them. */
export function exportedSpecifiers(dir: string): {
  name: string;
  subpaths: string[];
  specifiers: string[];
} {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    name: string;
    exports?: Record<string, unknown>;
  };
  const subpaths = Object.keys(manifest.exports ?? { '.': './dist/index.js' }).filter(
    (subpath) => !/\.json$/.test(subpath),
  );
  const specifiers = subpaths.map((subpath) =>
    subpath === '.' ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, '')}`,
  );
  return { name: manifest.name, subpaths, specifiers };
}

/**
 * Type-checks, strictly and with `skipLibCheck: false`, a consumer that imports every subpath
 * the package exports (by its name, through `exports`, from its built declarations). The
 * consumer is `<dir>.consumer/`, with the package linked into its `node_modules`.
 */
export async function consumerCheck(
  dir: string,
  warmed: boolean,
): Promise<TscResult & { subpaths: string[] }> {
  const { name, subpaths, specifiers } = exportedSpecifiers(dir);
  const consumer = `${dir}.consumer`;
  rmSync(consumer, { recursive: true, force: true });
  const link = path.join(consumer, 'node_modules', ...name.split('/'));
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(dir, link, 'dir');
  const source = [
    ...specifiers.map(
      (specifier, index) => `import * as module${index} from ${JSON.stringify(specifier)};`,
    ),
    `export const modules = [${specifiers.map((_, index) => `module${index}`).join(', ')}] as const;`,
    '',
  ].join('\n');
  writeFileSync(path.join(consumer, 'index.ts'), source);
  writeFileSync(
    path.join(consumer, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: CONSUMER_OPTIONS, files: ['index.ts'] }, null, 2)}\n`,
  );
  const start = performance.now();
  const warm = warmed ? await warmBuildInfo(consumer) : undefined;
  const buildInfo = path.join(consumer, 'consumer.tsbuildinfo');
  if (warm) copyFileSync(warm, buildInfo);
  const { code, output } = await consumerTsc({ consumer, buildInfo });
  return {
    ok: code === 0,
    diagnostics: output.trim(),
    ms: Math.round(performance.now() - start),
    subpaths,
  };
}

/** tsc over a consumer folder, incremental from `buildInfo` (which it updates). */
export function consumerTsc({
  consumer,
  buildInfo,
}: {
  consumer: string;
  buildInfo: string;
}): Promise<{ code: number | null; output: string }> {
  const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  return run({
    command: process.execPath,
    args: [
      '--max-old-space-size=6144',
      tsc,
      '-p',
      path.join(consumer, 'tsconfig.json'),
      '--incremental',
      '--tsBuildInfoFile',
      buildInfo,
      '--pretty',
      'false',
    ],
    cwd: consumer,
  });
}

/**
 * The build info of a consumer of the libraries alone, made once per run (`CONTRACT_RUN_ID`):
 * what every consumer check starts from. With `skipLibCheck: false` nearly all of a check is the
 * libraries' declarations (zod, @types/node, TypeScript's lib, the runtime: 45 of 50 s for a
 * 1 KB spec, the same for every package); from this build info tsc checks them once per run and
 * each package's own declarations in full: TypeScript's incremental builder checks every file
 * that is new or changed (all of a package's), and every file when one touches the global scope,
 * so the diagnostics are those of a check from scratch. The build info's paths are relative to
 * its folder, so it is made at the depth of `consumer` under the run's folder (one per depth:
 * `<run>/corpus/directory/<api>/<version>.consumer` is deeper than `<run>/batch-1.consumer`; a
 * build info made at another depth names files that do not exist, and tsc checks everything).
 * Undefined when it cannot be made (each check is then from scratch).
 */
export async function warmBuildInfo(consumer: string): Promise<string | undefined> {
  const runDir = path.join(tempRoot, runId);
  const depth = path.relative(runDir, consumer).split(path.sep).length;
  const template = path.join(runDir, `libraries-depth-${depth}.tsbuildinfo`);
  if (existsSync(template)) return template;
  const librariesConsumer = path.join(
    runDir,
    ...Array.from({ length: depth - 1 }, () => 'libraries'),
    `libraries-${process.pid}.consumer`,
  );
  return makeWarmBuildInfo({ consumer: librariesConsumer, template });
}

async function makeWarmBuildInfo({
  consumer,
  template,
}: {
  consumer: string;
  template: string;
}): Promise<string | undefined> {
  rmSync(consumer, { recursive: true, force: true });
  mkdirSync(consumer, { recursive: true });
  const runtime = JSON.parse(
    readFileSync(path.join(repoRoot, 'packages/runtime/package.json'), 'utf8'),
  ) as { name: string; exports: Record<string, unknown> };
  const specifiers = [
    'zod',
    'zod/mini',
    ...Object.keys(runtime.exports).map((subpath) =>
      subpath === '.' ? runtime.name : `${runtime.name}/${subpath.replace(/^\.\//, '')}`,
    ),
  ];
  writeFileSync(
    path.join(consumer, 'index.ts'),
    `${specifiers.map((specifier) => `export type {} from ${JSON.stringify(specifier)};`).join('\n')}\n`,
  );
  writeFileSync(
    path.join(consumer, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: CONSUMER_OPTIONS, files: ['index.ts'] }, null, 2)}\n`,
  );
  const buildInfo = path.join(consumer, 'consumer.tsbuildinfo');
  await consumerTsc({ consumer, buildInfo });
  if (!existsSync(buildInfo)) return undefined;
  // Two workers may make it at once: each renames a complete file into place.
  renameSync(buildInfo, template);
  rmSync(consumer, { recursive: true, force: true });
  return template;
}
