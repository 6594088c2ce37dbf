/**
 * `zapgen generate | check | validate`. Prints one summary line per API; problems in a spec are
 * printed as `file:line:col  severity  rule  message`, never as a stack trace.
 * Exit codes: 0 ok, 1 invalid spec, drift or (diff) a breaking change, 2 usage.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatFinding, hasErrors, lintRules, type Finding } from './load/index.js';
import { displayPath } from './load/source-file.js';
import { apiNameOf, validate } from './load/api.js';
// The generation machinery (ts-morph, prettier, ...) is loaded only by the commands that use it.
import type { GenerateSummary, Timings } from './pipeline.js';
import { DIFF_HELP, resolveBase, runDiff } from './commands/diff.js';
import { countChanges, formatChange } from './diff/format.js';
import type { PreviousPackage } from './release/previous.js';

type Command = 'generate' | 'check' | 'validate' | 'diff';

const USAGE = `Usage: zapgen <command> [options]

Commands:
  generate   Validate each spec and (re)write its package
  check      Compare each package with what generate would write; exit 1 on drift
  validate   Report every problem of each spec as file:line:col  severity  rule  message
  diff       Compare each spec with an earlier version: breaking and non-breaking changes

Run "zapgen <command> --help" for the options of a command.`;

/** Problems found while reading a spec, before the lint rules run. */
const LOAD_RULES = [
  { name: 'file-not-found', severity: 'error', description: 'the spec file exists and can be read' },
  { name: 'yaml-syntax', severity: 'error', description: 'each file is well-formed YAML or JSON, without duplicate keys' },
  { name: 'openapi-schema', severity: 'error', description: 'the document follows the OpenAPI 3.0 / 3.1 schema' },
];

/** The options `generate` and `check` share. */
const PACKAGE_OPTIONS = `Options:
  --spec <file|folder>  Spec entry file, or a folder holding openapi.yaml
                        (default: every spec/<api>/ folder with an openapi.yaml)
  --out <folder>        Package folder (default: packages/<api>)
  --name <package>      npm package name (default: @zapgen/<api>)
  --debug               Print stack traces of internal errors
  -h, --help            Show this help`;

const HELP: Record<Command, string> = {
  generate: `Usage: zapgen generate [--spec <file|folder>] [--out <folder>] [--name <package>] [--watch]

Validates each spec and writes its package. Unchanged files are not rewritten; generated files
that are no longer produced are deleted. Errors in a spec stop its generation (exit 1).
When the spec changed since the package was generated, prints each change (as zapgen diff does),
bumps the package version by what the changes break and adds them to its CHANGELOG.md.

${PACKAGE_OPTIONS}
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
  --strict              Fail on warnings too
  --debug               Print stack traces of internal errors
  -h, --help            Show this help

Rules:
${[...LOAD_RULES, ...lintRules].map((rule) => `  ${rule.name.padEnd(24)}${rule.severity.padEnd(9)}${rule.description}`).join('\n')}`,
  diff: DIFF_HELP,
};

const OPTIONS = {
  spec: { type: 'string' },
  out: { type: 'string' },
  name: { type: 'string' },
  strict: { type: 'boolean' },
  base: { type: 'string' },
  format: { type: 'string' },
  watch: { type: 'boolean' },
  debug: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Which options each command accepts. */
const ACCEPTED: Record<Command, readonly (keyof typeof OPTIONS)[]> = {
  generate: ['spec', 'out', 'name', 'watch', 'debug', 'help'],
  check: ['spec', 'out', 'name', 'debug', 'help'],
  validate: ['spec', 'strict', 'debug', 'help'],
  diff: ['spec', 'base', 'format', 'debug', 'help'],
};

/** One API to process. */
interface Target {
  api: string;
  spec: string;
  out: string;
  packageName: string;
  specLabel: string;
}

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
    return command ? 0 : 2;
  }
  if (!isCommand(command)) return usageError(io, `unknown command "${command}"`, USAGE);

  const values = parseOptions(rest);
  if (typeof values === 'string') return usageError(io, values, HELP[command]);
  const unsupported = Object.keys(values).find((key) => !ACCEPTED[command].includes(key as keyof typeof OPTIONS));
  if (unsupported) return usageError(io, `option --${unsupported} does not apply to zapgen ${command}`, HELP[command]);
  if (values.help) {
    io.stdout(HELP[command]);
    return 0;
  }

  if (values.format !== undefined && values.format !== 'text' && values.format !== 'json') {
    return usageError(io, `--format must be text or json, not "${values.format}"`, HELP[command]);
  }

  const targets = findTargets({ spec: values.spec, out: values.out, name: values.name });
  if (typeof targets === 'string') return usageError(io, targets, HELP[command]);

  try {
    if (command === 'diff') {
      const base = resolveBase({ base: values.base, targets, specGiven: values.spec !== undefined });
      if (typeof base === 'string') return usageError(io, base, HELP.diff);
      return runDiff({ io, targets, base, format: values.format === 'json' ? 'json' : 'text' });
    }
    if (command === 'generate' && values.watch) {
      const [{ watchTargets }, { readPreviousPackage }] = await Promise.all([import('./commands/watch.js'), import('./release/previous.js')]);
      await watchTargets({ targets, generate: (target, previous) => runGenerate(io, target, previous), readPrevious: (outDir) => readPreviousPackage({ outDir }), log: io.stdout });
      return 0;
    }
    let failed = false;
    for (const target of targets) {
      const ok =
        command === 'validate'
          ? runValidate(io, target, values.strict ?? false)
          : command === 'generate'
            ? (await runGenerate(io, target)).ok
            : await runCheck(io, target);
      failed ||= !ok;
    }
    return failed ? 1 : 0;
  } catch (error) {
    io.stderr(`zapgen: internal error: ${(error as Error).message}`);
    if (values.debug && (error as Error).stack) io.stderr((error as Error).stack ?? '');
    else io.stderr('(run with --debug for the stack trace)');
    return 1;
  }
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
  return value === 'generate' || value === 'check' || value === 'validate' || value === 'diff';
}

function usageError(io: Io, message: string, usage: string): number {
  io.stderr(`zapgen: ${message}\n\n${usage}`);
  return 2;
}

/** The APIs to process: the one of `--spec`, or every `spec/<api>/openapi.yaml` of the working directory. */
function findTargets({ spec, out, name }: { spec?: string; out?: string; name?: string }): Target[] | string {
  if (spec !== undefined) {
    const api = apiNameOf(spec);
    return [
      {
        api,
        spec,
        out: out ?? path.join('packages', api),
        packageName: name ?? `@zapgen/${api}`,
        specLabel: displayPath(path.resolve(spec)),
      },
    ];
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
      specLabel: `spec/${folder}`,
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
  const { findings, timings } = validate({ spec: target.spec, apiName: target.api });
  printFindings(io, findings);
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const warnings = findings.length - errors;
  const verdict = errors ? 'invalid' : warnings && strict ? 'invalid (--strict)' : 'valid';
  io.stdout(
    `${target.api}: ${verdict}, ${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${timings.load + timings.validate} ms (load ${timings.load}, validate ${timings.validate})`,
  );
  return errors === 0 && (!strict || warnings === 0);
}

async function runGenerate(io: Io, target: Target, previous?: PreviousPackage): Promise<{ ok: boolean; files: string[] }> {
  const { generate } = await import('./pipeline.js');
  const { value: summary, files } = await runPipeline(io, target, () => generate({ ...targetOptions(target), ...(previous && { previous }) }));
  if (!summary) return { ok: false, files };
  for (const change of summary.release.changes) io.stdout(formatChange(change));
  const { written, unchanged, deleted } = summary.files;
  const counts = [`${written} written`, `${unchanged} unchanged`, ...(deleted ? [`${deleted} deleted`] : [])];
  io.stdout(
    `${summary.api}: ${plural(summary.operations, 'operation')}, ${plural(summary.schemas, 'schema')}, ${plural(written + unchanged, 'file')} (${counts.join(', ')}) ${timing(summary.timings)}${warningNote(summary.warnings)}; ${releaseNote(summary.release)}`,
  );
  return { ok: true, files: summary.sources };
}

async function runCheck(io: Io, target: Target): Promise<boolean> {
  const { check } = await import('./pipeline.js');
  const { value: summary } = await runPipeline(io, target, () => check(targetOptions(target)));
  if (!summary) return false;
  const differ = summary.drift.files.length;
  if (differ) io.stdout(summary.drift.patch.trimEnd());
  io.stdout(
    `${summary.api}: ${plural(summary.operations, 'operation')}, ${plural(summary.schemas, 'schema')}, ${plural(summary.files, 'file')} (${differ ? `${differ} differ` : 'up to date'}) ${timing(summary.timings)}${warningNote(summary.warnings)}; ${summary.release.level ? `generate would release ${summary.release.version}` : `version ${summary.release.version}`}`,
  );
  if (differ) io.stderr(`${differ} file(s) differ from the spec; run npm run generate`);
  return differ === 0;
}

/** Runs a pipeline step; a spec with errors prints its findings and a summary, and gives no value. */
async function runPipeline<T>(io: Io, target: Target, run: () => Promise<T>): Promise<{ value?: T; files: string[] }> {
  try {
    return { value: await run(), files: [] };
  } catch (error) {
    const { SpecError } = await import('./pipeline.js');
    if (!(error instanceof SpecError)) throw error;
    printFindings(io, error.findings);
    const errors = error.findings.filter((finding) => finding.severity === 'error').length;
    const warnings = error.findings.length - errors;
    io.stderr(`${target.api}: invalid spec, ${plural(errors, 'error')}, ${plural(warnings, 'warning')}; nothing generated`);
    return { files: error.files };
  }
}

/** `version 1.0.0 → 2.0.0 (3 changes, 1 breaking)`, or the version kept. */
function releaseNote(release: GenerateSummary['release']): string {
  if (release.previousVersion === undefined) return `version ${release.version} (first, CHANGELOG.md started)`;
  if (!release.level) return `version ${release.version}`;
  const counted = release.changes.length ? countChanges(release.changes) : 'changes unknown';
  return `version ${release.previousVersion} → ${release.version} (${counted})`;
}

function targetOptions(target: Target) {
  return { spec: target.spec, out: target.out, packageName: target.packageName, specLabel: target.specLabel, apiName: target.api };
}

function printFindings(io: Io, findings: readonly Finding[]): void {
  const print = hasErrors(findings) ? io.stderr : io.stdout;
  for (const finding of findings) print(formatFinding(finding));
}

function timing(timings: Timings): string {
  const total = timings.load + timings.model + timings.emit + timings.write;
  return `in ${total} ms (load ${timings.load}, model ${timings.model}, emit ${timings.emit}, write ${timings.write})`;
}

function warningNote(warnings: readonly Finding[]): string {
  return warnings.length ? `; ${plural(warnings.length, 'warning')} (zapgen validate lists them)` : '';
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

