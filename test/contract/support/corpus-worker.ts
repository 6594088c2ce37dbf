/**
 * One corpus spec end to end, in its own process (run with `node --import tsx`), so that the
 * corpus test and the corpus sweep (`npm run corpus`) can check several specs at once:
 * [validate →] generate → strict type-check and compile [→ strict consumer check of the built
 * declarations] → import the emitted `zod.js` and `fixtures.js` → every fixture under zod and ajv.
 *
 * Usage: corpus-worker.ts <spec file> <output name> [--validate] [--consumer [--warm-consumer]]
 *   [--no-types]
 * - `--validate`: first `zapgen validate` the spec (its findings, or the crash, are recorded as
 *   such); generation runs only on a spec without errors.
 * - `--consumer`: build with declarations, then type-check a consumer that imports every subpath
 *   the package exports, strictly and with `skipLibCheck: false`.
 * - `--warm-consumer` (the sweep: many documents in one `CONTRACT_RUN_ID`): the consumer check
 *   starts from the libraries' build info, made once per run (`warmBuildInfo`).
 * - `--no-types`: no comparison of `types.ts` with openapi-typescript's, type by type (the
 *   corpus test's; the sweep reports no such step, and on large specs it took the rest of the
 *   time limit, so that a document that passed every step was recorded as a timeout).
 * The sweep preloads `test/support/trap-network.mjs` into the worker: a network attempt fails and
 * is printed to stderr.
 *
 * Prints `STEP <name>` as each step starts (so a parent that times the worker out knows where it
 * was), then one `RESULT <json>` line. Run on its own (without `CONTRACT_RUN_ID` from the corpus
 * test or sweep), it deletes its output when done.
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
  freshDir,
  removeRunDir,
  repoRoot,
  run,
  runId,
  tallyCases,
  tempRoot,
  typecheck,
  type EmittedModules,
  type FixtureTally,
  type TscResult,
} from '../../support/contract-helpers.js';
import { agreementModule, AGREEMENT_FILE } from '../../support/zod-agreement.js';
import { classify, comparePackageTypes } from '../../support/types-equivalence.js';

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
const CONSUMER_OPTIONS = {
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

const step = (name: string) => process.stdout.write(`STEP ${name}\n`);

async function main(): Promise<CorpusResult> {
  const args = process.argv.slice(2);
  const [spec, name] = args.filter((arg) => !arg.startsWith('--'));
  const flags = new Set(args.filter((arg) => arg.startsWith('--')));
  const unknown = [...flags].filter(
    (flag) => !['--validate', '--consumer', '--warm-consumer', '--no-types'].includes(flag),
  );
  if (!spec || !name || unknown.length)
    throw new Error(
      `usage: corpus-worker.ts <spec> <name> [--validate] [--consumer [--warm-consumer]] [--no-types]${unknown.length ? ` (unknown: ${unknown.join(' ')})` : ''}`,
    );
  const result: CorpusResult = { spec: path.basename(spec), generated: false, generateMs: 0 };

  if (flags.has('--validate')) {
    step('validate');
    const start = performance.now();
    try {
      const { findings } = validate({ spec });
      result.validation = {
        ms: Math.round(performance.now() - start),
        errors: findings.filter((finding) => finding.severity === 'error').map(formatFinding),
        warnings: findings.filter((finding) => finding.severity === 'warning').length,
      };
    } catch (error) {
      result.validation = {
        ms: Math.round(performance.now() - start),
        errors: [],
        warnings: 0,
        crash: (error as Error).stack ?? String(error),
      };
    }
    if (result.validation.crash || result.validation.errors.length) return result;
  }

  step('generate');
  const start = performance.now();
  const dir = freshDir(name);
  try {
    const summary = await generate({ spec, out: dir });
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
    return result;
  }
  result.generated = true;
  result.generateMs = Math.round(performance.now() - start);

  step('build');
  // The agreement test of the generator is compiled with the package, and its diagnostics kept apart:
  // a disagreement is a finding about zapgen, not a package that fails to build.
  const document = JSON.parse(readFileSync(path.join(dir, 'openapi.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  writeFileSync(path.join(dir, AGREEMENT_FILE), agreementModule(buildModel(document)));
  const checked = await typecheck({ dir, emit: true, declarations: flags.has('--consumer') });
  const lines = checked.diagnostics.split('\n').filter(Boolean);
  const isAgreement = (line: string) => line.startsWith(AGREEMENT_FILE);
  result.disagreements = lines.filter(isAgreement);
  const own = lines.filter((line) => !isAgreement(line) && !/^\s/.test(line));
  result.typecheck = {
    ok: own.length === 0,
    ms: checked.ms,
    diagnostics: lines.filter((line) => !isAgreement(line)).join('\n'),
  };
  if (flags.has('--consumer') && result.typecheck.ok) {
    step('consumer');
    result.consumer = await consumerCheck(dir, flags.has('--warm-consumer'));
  }

  step('fixtures');
  const fixturesStart = performance.now();
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
  result.fixturesMs = Math.round(performance.now() - fixturesStart);

  if (flags.has('--no-types')) return result;
  step('types');
  const typesStart = performance.now();
  // `src/types.ts` was compiled in the build step: only the comparison is checked here.
  const compared = comparePackageTypes({ dir, model: buildModel(document), checkFiles: false });
  const { unexplained, deliberate } = classify(compared.differences);
  result.types = {
    items: compared.items,
    ms: Math.round(performance.now() - typesStart),
    unexplained: [
      ...[...compared.diagnostics.zapgen, ...compared.diagnostics.check].map(
        (message) => `diagnostic: ${message}`,
      ),
      ...unexplained.map(
        (difference) =>
          `${difference.item} (${difference.direction}): ${difference.reason ?? ''}\n  zapgen: ${difference.zapgen}\n  openapi-typescript: ${difference.peer}`,
      ),
    ],
    deliberate,
  };
  return result;
}

/**
 * Type-checks, strictly and with `skipLibCheck: false`, a consumer that imports every subpath
 * the package exports (by its name, through `exports`, from its built declarations). The
 * consumer is `<dir>.consumer/`, with the package linked into its `node_modules`.
 */
async function consumerCheck(
  dir: string,
  warmed: boolean,
): Promise<TscResult & { subpaths: string[] }> {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    name: string;
    exports?: Record<string, unknown>;
  };
  const subpaths = Object.keys(manifest.exports ?? { '.': './dist/index.js' }).filter(
    (subpath) => !/\.json$/.test(subpath),
  );
  const consumer = `${dir}.consumer`;
  rmSync(consumer, { recursive: true, force: true });
  const link = path.join(consumer, 'node_modules', ...manifest.name.split('/'));
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(dir, link, 'dir');
  const specifiers = subpaths.map((subpath) =>
    subpath === '.' ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, '')}`,
  );
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
  const warm = warmed ? await warmBuildInfo() : undefined;
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
function consumerTsc({
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
 * so the diagnostics are those of a check from scratch. It sits beside the packages' consumers
 * (`<run>/<name>.consumer`), at the same depth: the build info's paths are relative to it.
 * Undefined when it cannot be made (each check is then from scratch).
 */
async function warmBuildInfo(): Promise<string | undefined> {
  const runDir = path.join(tempRoot, runId);
  const template = path.join(runDir, 'libraries.tsbuildinfo');
  if (existsSync(template)) return template;
  const consumer = path.join(runDir, `libraries-${process.pid}.consumer`);
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

main()
  .finally(() => {
    if (!process.env.CONTRACT_RUN_ID) removeRunDir();
  })
  .then(
    (result) => process.stdout.write(`\nRESULT ${JSON.stringify(result)}\n`),
    (error: unknown) => {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
