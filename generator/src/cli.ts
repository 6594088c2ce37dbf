/**
 * `zapgen generate | check | validate`. Prints one summary line per API; problems in a spec are
 * printed as `file:line:col  severity  rule  message`, never as a stack trace.
 * Exit codes: see `EXIT` (a breaking change found by `diff` is 1 as well).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import validatePackageName from 'validate-npm-package-name';
import { formatFinding, hasErrors, lintRules, type Finding } from './load/index.js';
import { apiNameOf, validate } from './load/api.js';
import { INPUT_LIMITS, sourceStates } from './load/bounds.js';
import { displayPath } from './load/source-file.js';
// The generation machinery (oxfmt, TypeScript, ...) is loaded only by the commands that use it;
// ts-morph only by `migrate` (a test checks that `generate` does not load it).
import type { GenerateSummary, Timings } from './pipeline.js';
import { DIFF_HELP } from './commands/diff-help.js';
import { countChanges, formatChange } from './diff/format.js';
import type { GenerationSession } from './session.js';
import {
  cachedRun,
  memoFileFor,
  recordRun,
  type CachedSummary,
  type RunIdentity,
} from './cache.js';
import { optionsKey, type Target, type TargetFlags } from './commands/config-targets.js';

type Command = 'generate' | 'check' | 'validate' | 'diff' | 'init';

/** What the exit code tells a script. */
export const EXIT = {
  ok: 0,
  /** The spec is invalid, the package drifted (`check`), or the output folder cannot be written. */
  failed: 1,
  /** The command line is wrong. */
  usage: 2,
  /** A bug in zapgen (EX_SOFTWARE). */
  internal: 70,
} as const;

const USAGE = `Usage: zapgen <command> [options]

Commands:
  generate   Validate each spec and (re)write its package
  check      Compare each package with what generate would write; exit 1 on drift
  validate   Report every problem of each spec as file:line:col  severity  rule  message
  diff       Compare each spec with an earlier version: breaking and non-breaking changes
  init       Write a zapgen.config.ts for an existing spec (or the spec/<api>/ folders)
  migrate    Move code written for openapi-typescript and openapi-fetch to a generated package
  mcp        Serve a generated package's operations as MCP tools (--api <name>)

Options:
  --version   Print zapgen's version
  -h, --help  Show this help

Run "zapgen <command> --help" for the options of a command.

Exit codes: 0 ok; 1 invalid spec, drift (check) or an output folder that cannot be written;
2 wrong command line; 70 internal error (a bug in zapgen: please report it).`;

/** Problems found while reading a spec, before the lint rules run. */
const LOAD_RULES = [
  {
    name: 'file-not-found',
    severity: 'error',
    description: 'the spec file exists and can be read',
  },
  {
    name: 'input-bounds',
    severity: 'error',
    description: `each file is a regular file of at most ${INPUT_LIMITS.fileBytes / 2 ** 20} MiB, with at most ${INPUT_LIMITS.nodes.toLocaleString('en-US')} nodes and ${INPUT_LIMITS.depth} levels (YAML aliases expanded)`,
  },
  {
    name: 'spec-files',
    severity: 'error',
    description:
      "a $ref reads only the spec's own files: in its folder (or --spec-root) or below, not hidden, also where a link points, .json, .yaml or .yml (or .md, .markdown, .txt, .htm or .html text for a description or summary)",
  },
  {
    name: 'yaml-syntax',
    severity: 'error',
    description: 'each YAML file is well-formed, without duplicate keys',
  },
  {
    name: 'json-syntax',
    severity: 'error',
    description: 'each .json file is strict JSON (no comments, no trailing commas)',
  },
  {
    name: 'openapi-schema',
    severity: 'error',
    description: 'the document follows the OpenAPI 3.0 / 3.1 schema',
  },
];

/** The rules of `validate --help`, one per line, in columns as wide as the longest name needs. */
function ruleTable(
  rules: readonly { name: string; severity: string; description: string }[],
): string {
  const nameWidth = Math.max(...rules.map((rule) => rule.name.length)) + 2;
  return rules
    .map((rule) => `  ${rule.name.padEnd(nameWidth)}${rule.severity.padEnd(9)}${rule.description}`)
    .join('\n');
}

/** How the APIs to process are chosen: a config, or --spec. */
const CONFIG_OPTIONS = `  --config <file>       The config (default: zapgen.config.{ts,mts,js,mjs,json} of the working
                        directory, unless --spec is given)
  --api <name>          Only this API of the config (repeatable)`;

/** The options `generate` and `check` share. */
const PACKAGE_OPTIONS = `Options:
${CONFIG_OPTIONS}
  --spec <file|folder>  Spec entry file, or a folder holding openapi.yaml (default: the config's
                        APIs, else every spec/<api>/ folder with an openapi.yaml)
  --spec-root <folder>  The folder a $ref may read the spec's files in (default: the spec's own
                        folder; the config's specRoot): a folder above it, for a spec whose entry
                        names files in sibling folders
  --out <folder>        Package folder (default: the config's, else packages/<api>)
  --name <package>      npm package name (default: the config's, else @zapgen/<api>)
  --debug               Print stack traces of internal errors
  -h, --help            Show this help`;

/** `--force`, which only `generate` takes. */
const FORCE_OPTION = `  --force               Overwrite files in the package folder that zapgen did not generate
                        (by default zapgen refuses and names them)`;

const HELP: Record<Command, string> = {
  generate: `Usage: zapgen generate [--spec <file|folder>] [--out <folder>] [--name <package>] [--watch]

Validates each spec and writes its package. Unchanged files are not rewritten; generated files
that are no longer produced are deleted. Errors in a spec stop its generation (exit 1).
What zapgen cannot prove to compile is left out and listed as a warning, located in the spec:
  type-replaced    openapi-typescript's type of a schema does not compile; it is written unknown
  fixture-untyped  a fixture is valid for the spec but not for its openapi-typescript type; it is
                   written without satisfies
  schema-not       a \`not\` the model cannot read is not enforced (\`not: {enum|const}\` beside an
                   enum is: its values are taken out)
  emit-degraded    an emitter could not handle a construct and wrote it weaker
The write
is all or nothing: if it fails, the previous package is left as it was. A file that zapgen did not
generate (without its header) is never overwritten unless --force is given. Ctrl+C (or SIGTERM)
lets a write in progress finish; what a killed run left is repaired by the next generate. While
generate or check runs, the package folder is locked (<out>/.zapgen.lock): another run waits.

When the spec changed since the package was generated, prints each change (as zapgen diff does),
bumps the package version by what the changes break and adds them to its CHANGELOG.md.

${PACKAGE_OPTIONS}
${FORCE_OPTION}
  --watch               Generate again whenever a file of the spec changes, until Ctrl+C;
                        the edits of one session make one version and one changelog entry`,
  check: `Usage: zapgen check [--spec <file|folder>] [--out <folder>] [--name <package>]

Generates in memory and compares with the package on disk. Prints a unified diff and exits 1
when a file differs, is missing or is stale. Nothing is written.

${PACKAGE_OPTIONS}`,
  validate: `Usage: zapgen validate [--spec <file|folder>] [--strict]

Checks each spec against the OpenAPI schema and zapgen's lint rules. Exits 1 on errors
(and on warnings too with --strict).

Options:
  --spec <file|folder>  Spec entry file, or a folder holding openapi.yaml
                        (default: every spec/<api>/ folder with an openapi.yaml)
  --spec-root <folder>  The folder a $ref may read the spec's files in (default: the spec's own
                        folder; the config's specRoot): a folder above it, for a spec whose entry
                        names files in sibling folders
  --strict              Fail on warnings too
  --debug               Print stack traces of internal errors
  -h, --help            Show this help

Rules:
${ruleTable([...LOAD_RULES, ...lintRules])}`,
  diff: DIFF_HELP,
  init: `Usage: zapgen init [--spec <file|folder>] [--out <folder>] [--name <package>] [--config <file>]
                   [--from-stainless <api.md|stainless.yml>]

Writes a config for an existing spec: zapgen.config.ts (or the file --config names: .ts, .mts,
.js, .mjs or .json) with one API, its spec, output folder and package name. Without --spec, one
API per spec/<api>/ folder holding an openapi.yaml. An existing config is never overwritten
unless --force. With --from-stainless, the client keeps a Stainless SDK's surface: every method
of its api.md (or the resources of its stainless.yml) becomes the namespace and name of the
operation with that method and path (namespaces.operations in the config). A stainless.yml's
pagination schemes (page_number, offset, cursor, cursor_id, cursor_url) page the methods they
match, through stainless-pagination.overlay.yaml written beside the config and listed in its
overlays; a scheme zapgen cannot page (fake_page, parameters in the body) is a warning naming it
and its methods.

Options:
  --spec <file|folder>  The spec (default: every spec/<api>/openapi.yaml)
  --from-stainless <f>  The api.md or stainless.yml of the SDK whose surface to keep (needs --spec)
  --out <folder>        Package folder (default: packages/<api>)
  --name <package>      npm package name (default: @zapgen/<api>)
  --config <file>       The file to write (default: zapgen.config.ts)
  --force               Replace an existing config file
  -h, --help            Show this help`,
};

const OPTIONS = {
  config: { type: 'string' },
  api: { type: 'string', multiple: true },
  spec: { type: 'string' },
  'spec-root': { type: 'string' },
  out: { type: 'string' },
  name: { type: 'string' },
  strict: { type: 'boolean' },
  force: { type: 'boolean' },
  'from-stainless': { type: 'string' },
  base: { type: 'string' },
  format: { type: 'string' },
  watch: { type: 'boolean' },
  debug: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Which options each command accepts. */
const ACCEPTED: Record<Command, readonly (keyof typeof OPTIONS)[]> = {
  generate: [
    'config',
    'api',
    'spec',
    'spec-root',
    'out',
    'name',
    'force',
    'watch',
    'debug',
    'help',
  ],
  check: ['config', 'api', 'spec', 'spec-root', 'out', 'name', 'debug', 'help'],
  validate: ['config', 'api', 'spec', 'spec-root', 'strict', 'debug', 'help'],
  diff: ['config', 'api', 'spec', 'spec-root', 'base', 'format', 'debug', 'help'],
  init: ['config', 'spec', 'out', 'name', 'from-stainless', 'force', 'debug', 'help'],
};

/** Where output goes; injectable for tests. */
export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processIo: Io = {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
};

/** Runs the CLI with `argv` (without `node` and the script); resolves to the exit code. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command ? io.stdout : io.stderr)(USAGE);
    return command ? EXIT.ok : EXIT.usage;
  }
  if (command === '--version' || command === '-v' || command === 'version') {
    io.stdout(zapgenVersion());
    return EXIT.ok;
  }
  if (command === 'migrate') {
    // Its own options: it works on a user's code, not on specs.
    const { runMigrate } = await import('./commands/migrate.js');
    return runMigrate(rest, io);
  }
  if (command === 'mcp') {
    // The package's own server runs, with its own options: only --api and --out are zapgen's.
    const { runMcp } = await import('./commands/mcp.js');
    return runMcp(rest, io);
  }
  if (!isCommand(command)) return usageError(io, `unknown command "${command}"`, USAGE);

  const values = parseOptions(rest);
  if (typeof values === 'string') return usageError(io, values, HELP[command]);
  const unsupported = Object.keys(values).find(
    (key) => !ACCEPTED[command].includes(key as keyof typeof OPTIONS),
  );
  if (unsupported)
    return usageError(
      io,
      `option --${unsupported} does not apply to zapgen ${command}`,
      HELP[command],
    );
  if (values.help) {
    io.stdout(HELP[command]);
    return EXIT.ok;
  }

  if (values.format !== undefined && values.format !== 'text' && values.format !== 'json') {
    return usageError(io, `--format must be text or json, not "${values.format}"`, HELP[command]);
  }

  if (command === 'init') {
    const specs = findTargets({ spec: values.spec, out: values.out, name: values.name });
    if (typeof specs === 'string') return usageError(io, specs, HELP.init);
    const { runInit } = await import('./commands/init.js');
    return runInit({
      io,
      targets: specs,
      file: values.config,
      force: values.force ?? false,
      stainless: values['from-stainless'],
    });
  }
  const targets = await resolveTargets(io, {
    ...values,
    ...(values['spec-root'] !== undefined && { specRoot: values['spec-root'] }),
  });
  if (typeof targets === 'number') return targets;
  if (typeof targets === 'string') return usageError(io, targets, HELP[command]);

  // generate and check hold folder locks and write packages: a signal waits for a write to end.
  const { guardSignals } =
    command === 'generate' || command === 'check'
      ? await import('./commands/signals.js')
      : { guardSignals: undefined };
  const unguard = guardSignals?.(io.stderr);
  try {
    if (command === 'diff') {
      const { resolveBase, runDiff } = await import('./commands/diff.js');
      const base = resolveBase({
        base: values.base,
        targets,
        specGiven: values.spec !== undefined,
      });
      if (typeof base === 'string') return usageError(io, base, HELP.diff);
      return runDiff({ io, targets, base, format: values.format === 'json' ? 'json' : 'text' });
    }
    if (command === 'generate' && values.watch) {
      const [{ watchTargets, WatchError }, { openWatchSession }] = await Promise.all([
        import('./commands/watch.js'),
        import('./session.js'),
      ]);
      try {
        await watchTargets<Target, GenerationSession>({
          targets,
          generate: (target, session) =>
            generateWatched(io, target, { force: values.force ?? false, session }),
          openSession: (target) => openWatchSession(target.out),
          prepare: (session) => session.prepareBase(),
          log: io.stdout,
        });
      } catch (error) {
        if (!(error instanceof WatchError)) throw error;
        io.stderr(`zapgen: ${error.message}`);
        return EXIT.failed;
      }
      return 0;
    }
    let failed = false;
    for (const target of targets) {
      const ok =
        command === 'validate'
          ? runValidate(io, target, values.strict ?? false)
          : command === 'generate'
            ? (await runGenerate(io, target, { force: values.force ?? false })).ok
            : await runCheck(io, target);
      failed ||= !ok;
    }
    return failed ? EXIT.failed : EXIT.ok;
  } catch (error) {
    io.stderr(`zapgen: internal error: ${(error as Error).message}`);
    if (values.debug && (error as Error).stack) io.stderr((error as Error).stack ?? '');
    else
      io.stderr(
        '(run with --debug for the stack trace; this is a bug in zapgen, please report it)',
      );
    return EXIT.internal;
  } finally {
    await unguard?.();
  }
}

/** The version of this zapgen, from its package.json (next to `src/` and `dist/`). */
function zapgenVersion(): string {
  const manifest = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

/** The options given, or why they cannot be read. */
function parseOptions(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS, allowPositionals: false, strict: true }).values;
  } catch (error) {
    return (error as Error).message.split('\n')[0] ?? 'invalid arguments';
  }
}

function isCommand(value: string): value is Command {
  return (
    value === 'generate' ||
    value === 'check' ||
    value === 'validate' ||
    value === 'diff' ||
    value === 'init'
  );
}

/**
 * The APIs to process: those of the config (see config-targets.ts), else those of `--spec` or
 * `spec/<api>/`. A config that cannot be used prints each problem (file and option) and gives 2.
 */
async function resolveTargets(io: Io, values: TargetFlags): Promise<Target[] | string | number> {
  const nameProblem = values.name === undefined ? undefined : packageNameProblem(values.name);
  if (nameProblem) return nameProblem;
  const { configTargets, ConfigError } = await import('./commands/config-targets.js');
  try {
    const fromConfig = await configTargets(values);
    if (fromConfig !== undefined)
      return typeof fromConfig === 'string'
        ? fromConfig
        : (fromConfig.map((target) => outProblem(target.out)).find(Boolean) ?? fromConfig);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) io.stderr(`zapgen: ${problem}`);
    return EXIT.usage;
  }
  const found = findTargets({ spec: values.spec, out: values.out, name: values.name });
  return typeof found === 'string' || values.specRoot === undefined
    ? found
    : found.map((target) => ({ ...target, specRoot: values.specRoot! }));
}

function usageError(io: Io, message: string, usage: string): number {
  io.stderr(`zapgen: ${message}\n\n${usage}`);
  return EXIT.usage;
}

/** Why `name` cannot be the name of a new npm package, or undefined when it can. */
function packageNameProblem(name: string): string | undefined {
  const { validForNewPackages, errors = [], warnings = [] } = validatePackageName(name);
  if (validForNewPackages) return undefined;
  return `--name ${JSON.stringify(name)} is not a valid npm package name: ${[...errors, ...warnings].join('; ')}`;
}

/** Why `out` cannot be a package folder, or undefined when it can (missing is fine: it is created). */
function outProblem(out: string): string | undefined {
  try {
    return statSync(out).isDirectory()
      ? undefined
      : `--out ${out} is a file; it must be a folder (the package's root)`;
  } catch {
    return undefined;
  }
}

/** The APIs to process: the one of `--spec`, or every `spec/<api>/openapi.yaml` of the working directory. */
function findTargets({
  spec,
  out,
  name,
}: {
  spec?: string;
  out?: string;
  name?: string;
}): Target[] | string {
  const nameProblem = name === undefined ? undefined : packageNameProblem(name);
  if (nameProblem) return nameProblem;
  if (spec !== undefined) {
    const api = apiNameOf(spec);
    const target = {
      api,
      spec,
      out: out ?? path.join('packages', api),
      packageName: name ?? `@zapgen/${api}`,
    };
    return outProblem(target.out) ?? [target];
  }
  if (out !== undefined || name !== undefined) return '--out and --name need --spec';
  let folders: string[];
  try {
    folders = readdirSync('spec').sort();
  } catch {
    return 'no --spec given and no spec/ folder here';
  }
  const targets = folders
    .filter((folder) => isFile(path.join('spec', folder, 'openapi.yaml')))
    .map((folder) => ({
      api: folder,
      spec: path.join('spec', folder),
      out: path.join('packages', folder),
      packageName: `@zapgen/${folder}`,
    }));
  return targets.length ? targets : 'no --spec given and no spec/<api>/openapi.yaml here';
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function runValidate(io: Io, target: Target, strict: boolean): boolean {
  const { findings, timings } = validate({
    spec: target.spec,
    apiName: target.api,
    ...(target.overlays && { overlays: target.overlays }),
    ...(target.specRoot !== undefined && { specRoot: target.specRoot }),
  });
  printFindings(io, findings);
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const warnings = findings.length - errors;
  const verdict = errors ? 'invalid' : warnings && strict ? 'invalid (--strict)' : 'valid';
  io.stdout(
    `${target.api}: ${verdict}, ${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${timings.load + timings.validate} ms (load ${timings.load}, validate ${timings.validate})`,
  );
  return errors === 0 && (!strict || warnings === 0);
}

async function runGenerate(
  io: Io,
  target: Target,
  options: { force: boolean; session?: GenerationSession },
): Promise<{ ok: boolean; files: string[] }> {
  return (
    (await holdingLock(io, target, 'generate', () => generateTarget(io, target, options))) ?? {
      ok: false,
      files: [],
    }
  );
}

/**
 * One run of watch mode: the config (when the target has one) is read again first and watched
 * with the spec's files, so that saving it regenerates with the new options.
 */
async function generateWatched(
  io: Io,
  target: Target,
  options: { force: boolean; session: GenerationSession },
): Promise<{ ok: boolean; files: string[] }> {
  const { refreshTarget } = await import('./commands/config-targets.js');
  const current = await refreshTarget(target);
  const configFiles = target.config === undefined ? [] : [target.config];
  if (current instanceof Error) {
    for (const problem of current.problems) io.stderr(`zapgen: ${problem}`);
    return { ok: false, files: configFiles };
  }
  const result = await runGenerate(io, current, options);
  return { ...result, files: [...result.files, ...configFiles] };
}

async function generateTarget(
  io: Io,
  target: Target,
  options: { force: boolean; session?: GenerationSession },
): Promise<{ ok: boolean; files: string[] }> {
  const { force, session } = options;
  // Watch mode releases against the package as it was when watching started: never from cache.
  const cached = session ? undefined : fromCache(target);
  if (cached) {
    printGenerationWarnings(io, cached.summary.warnings);
    io.stdout(
      `${cached.summary.api}: ${plural(cached.summary.operations, 'operation')}, ${plural(cached.summary.schemas, 'schema')}, ${plural(cached.summary.files, 'file')} (0 written, ${cached.summary.files} unchanged) ${cached.note}${warningNote(cached.summary.warnings)}; version ${cached.summary.version}`,
    );
    return { ok: true, files: cached.summary.sources };
  }
  const { generate } = await import('./pipeline.js');
  // With no cache folder (no node_modules at or above the package), the memo of reusable work
  // would die with this process, which generates the package once: it is not filled (the bytes
  // are the same; cutting types.ts into sections and hashing every file for it is not paid).
  const oneShot = !session && memoFileFor(target.out) === undefined;
  const { value: summary, files } = await runPipeline(io, target, () =>
    generate({
      ...targetOptions(target),
      force,
      locked: true,
      ...(session && { session }),
      ...(oneShot && { memo: false }),
    }),
  );
  if (!summary) return { ok: false, files };
  // A run with notes (a mismatched runtime, a file left unformatted) is not cached: they are said again.
  const recorded = summary.notes.length ? undefined : record(target, summary);
  printGenerationWarnings(io, summary.warnings);
  for (const change of summary.release.changes) io.stdout(formatChange(change));
  const { written, unchanged, deleted } = summary.files;
  const counts = [
    `${written} written`,
    `${unchanged} unchanged`,
    ...(deleted ? [`${deleted} deleted`] : []),
  ];
  io.stdout(
    `${summary.api}: ${plural(summary.operations, 'operation')}, ${plural(summary.schemas, 'schema')}, ${plural(written + unchanged, 'file')} (${counts.join(', ')}) ${timing(summary.timings)}${warningNote(summary.warnings)}; ${releaseNote(summary.release)}`,
  );
  for (const note of summary.notes) io.stderr(`${target.api}: warning: ${note}`);
  if (recorded && !recorded.recorded && recorded.changedSources.length)
    io.stderr(
      `${target.api}: warning: ${recorded.changedSources.map((file) => displayPath(file)).join(', ')} changed during the run; the package was generated from the bytes read before, run zapgen generate again`,
    );
  return { ok: true, files: summary.sources };
}

/** Records a run in the cache once it is verified (see cache.ts). */
function record(
  target: Target,
  summary: Parameters<typeof cacheable>[0] & {
    sources: string[];
    sourceHashes: Record<string, string>;
    outputHashes: Record<string, string>;
  },
) {
  return recordRun({
    identity: identityOf(target),
    sources: sourceStates(summary.sources, summary.sourceHashes),
    outputs: summary.outputHashes,
    summary: cacheable(summary),
    // Both generate and check compared every file with the output, under the lock held here.
    verified: true,
  });
}

async function runCheck(io: Io, target: Target): Promise<boolean> {
  return (await holdingLock(io, target, 'check', () => checkTarget(io, target))) ?? false;
}

/**
 * Runs `run` holding the lock of the target's package folder (lock.ts): while another zapgen
 * holds it, says so and waits. A folder that cannot be locked (not writable, locked for too
 * long) is reported and gives undefined.
 */
async function holdingLock<T>(
  io: Io,
  target: Target,
  command: string,
  run: () => Promise<T>,
): Promise<T | undefined> {
  const { lockFolder } = await import('./write/lock.js');
  const { JOURNAL_FILE, recoverInterruptedWrite } = await import('./write/journal.js');
  let lock;
  try {
    lock = await lockFolder({
      outDir: target.out,
      command,
      onWait: (message) => io.stderr(`${target.api}: ${message}`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr(
      `${target.api}: ${code ? `cannot write to ${target.out} (${code}): ${(error as Error).message}` : (error as Error).message}`,
    );
    return undefined;
  }
  try {
    // What a killed run left is repaired before anything reads the package (check only says so).
    if (command === 'generate') {
      const recovered = recoverInterruptedWrite(target.out);
      if (recovered) io.stderr(`${target.api}: ${recovered}`);
    } else if (existsSync(path.join(target.out, JOURNAL_FILE)))
      io.stderr(
        `${target.api}: an interrupted zapgen generate left ${target.out} half written; zapgen generate repairs it`,
      );
    return await run();
  } finally {
    lock.release();
  }
}

async function checkTarget(io: Io, target: Target): Promise<boolean> {
  const cached = fromCache(target);
  if (cached) {
    io.stdout(
      `${cached.summary.api}: ${plural(cached.summary.operations, 'operation')}, ${plural(cached.summary.schemas, 'schema')}, ${plural(cached.summary.files, 'file')} (up to date) ${cached.note}${warningNote(cached.summary.warnings)}; version ${cached.summary.version}`,
    );
    return true;
  }
  const { check } = await import('./pipeline.js');
  const { value: summary } = await runPipeline(io, target, () =>
    check({ ...targetOptions(target), locked: true }),
  );
  if (!summary) return false;
  const differ = summary.drift.files.length;
  if (!differ) record(target, summary);
  if (differ) io.stdout(summary.drift.patch.trimEnd());
  io.stdout(
    `${summary.api}: ${plural(summary.operations, 'operation')}, ${plural(summary.schemas, 'schema')}, ${plural(summary.files, 'file')} (${differ ? `${differ} differ` : 'up to date'}) ${timing(summary.timings)}${warningNote(summary.warnings)}; ${summary.release.level ? `generate would release ${summary.release.version}` : `version ${summary.release.version}`}`,
  );
  if (differ) io.stderr(`${differ} file(s) differ from the spec; run zapgen generate`);
  return differ === 0;
}

/**
 * Runs a pipeline step. A spec with errors prints its findings and a summary; an output folder that
 * cannot be written prints why; both give no value. Anything else is a bug and is rethrown.
 */
async function runPipeline<T>(
  io: Io,
  target: Target,
  run: () => Promise<T>,
): Promise<{ value?: T; files: string[] }> {
  try {
    return { value: await run(), files: [] };
  } catch (error) {
    const { SpecError } = await import('./pipeline.js');
    const { WriteFailedError, WriteRefusedError } = await import('./write/index.js');
    if (error instanceof WriteRefusedError || error instanceof WriteFailedError) {
      io.stderr(`${target.api}: ${error.message}`);
      return { files: [] };
    }
    if (!(error instanceof SpecError)) throw error;
    printFindings(io, error.findings);
    const errors = error.findings.filter((finding) => finding.severity === 'error').length;
    const warnings = error.findings.length - errors;
    io.stderr(
      `${target.api}: invalid spec, ${plural(errors, 'error')}, ${plural(warnings, 'warning')}; nothing generated`,
    );
    return { files: error.files };
  }
}

/** `version 1.0.0 → 2.0.0 (3 changes, 1 breaking)`, or the version kept. */
function releaseNote(release: GenerateSummary['release']): string {
  if (release.previousVersion === undefined)
    return `version ${release.version} (first, CHANGELOG.md started)`;
  if (!release.level) return `version ${release.version}`;
  const counted = release.changes.length ? countChanges(release.changes) : 'changes unknown';
  return `version ${release.previousVersion} → ${release.version} (${counted})`;
}

function identityOf(target: Target): RunIdentity {
  return {
    spec: target.spec,
    out: target.out,
    packageName: target.packageName,
    apiName: target.api,
    // The config's options shape the package: a change of them is a miss.
    options: optionsKey(target),
  };
}

function cacheable(summary: {
  api: string;
  operations: number;
  schemas: number;
  warnings: Finding[];
  release: { version: string };
}): CachedSummary {
  return {
    api: summary.api,
    operations: summary.operations,
    schemas: summary.schemas,
    warnings: summary.warnings,
    version: summary.release.version,
  };
}

/**
 * The last run of `target`, when the cache shows that it still stands (see cache.ts), with the
 * timing note to print in place of the phases.
 */
function fromCache(
  target: Target,
): { summary: NonNullable<ReturnType<typeof cachedRun>>; note: string } | undefined {
  const start = performance.now();
  const summary = cachedRun(identityOf(target));
  if (!summary) return undefined;
  return {
    summary,
    note: `in ${Math.round(performance.now() - start)} ms (from cache: spec, options and zapgen unchanged, ${plural(summary.files, 'generated file')} as written)`,
  };
}

function printGenerationWarnings(io: Io, warnings: readonly Finding[]): void {
  for (const warning of warnings)
    if (GENERATION_RULES.has(warning.rule)) io.stdout(formatFinding(warning));
}

function targetOptions(target: Target) {
  return {
    spec: target.spec,
    out: target.out,
    packageName: target.packageName,
    apiName: target.api,
    ...(target.filter && { filter: target.filter }),
    ...(target.overlays && { overlays: target.overlays }),
    ...(target.specRoot !== undefined && { specRoot: target.specRoot }),
    ...(target.names && { names: target.names }),
    ...(target.namespaces && { namespaces: target.namespaces }),
    ...(target.readWrite && { readWrite: target.readWrite }),
    ...(target.transformers && { transformers: target.transformers }),
  };
}

function printFindings(io: Io, findings: readonly Finding[]): void {
  const print = hasErrors(findings) ? io.stderr : io.stdout;
  for (const finding of findings) print(formatFinding(finding));
}

function timing(timings: Timings): string {
  const total = timings.load + timings.model + timings.emit + timings.verify + timings.write;
  return `in ${total} ms (load ${timings.load}, model ${timings.model}, emit ${timings.emit}, verify ${timings.verify}, write ${timings.write})`;
}

/** Warnings found while generating (not by validation): printed by generate, counted by check. */
const GENERATION_RULES = new Set([
  'type-replaced',
  'fixture-untyped',
  'schema-not',
  'emit-degraded',
]);

function warningNote(warnings: readonly Finding[]): string {
  const generation = warnings.filter((warning) => GENERATION_RULES.has(warning.rule)).length;
  const spec = warnings.length - generation;
  const notes = [
    ...(spec ? [`${plural(spec, 'warning')} (zapgen validate lists them)`] : []),
    ...(generation
      ? [`${plural(generation, 'generation warning')} (zapgen generate lists them)`]
      : []),
  ];
  return notes.length ? `; ${notes.join(', ')}` : '';
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
