/**
 * `npm run bench`: generation time of zapgen against peer tools, on the same inputs, in one run.
 *
 * Every tool runs as a child process (node start-up included for all), several times per input;
 * the table reports the median and zapgen's ratio to each peer. Peers:
 * - openapi-typescript: types only (zapgen runs it too, as one of its emitters);
 * - @hey-api/openapi-ts: types + fetch SDK + zod, the closest in scope to zapgen.
 * Inputs: both specs of this repo, the largest corpus spec (Stripe), and GitHub's 12 MB REST
 * description, fetched once from the npm registry into `.bench/` (not a dependency: 400 MB).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const benchDir = join(root, '.bench');
const runs = Number(process.env.BENCH_RUNS ?? 3);

interface Input {
  name: string;
  /** Entry file or folder for zapgen; a single bundled file for the peers. */
  spec: string;
  peerSpec: string;
  runs: number;
}

interface Tool {
  name: string;
  command(input: Input, out: string): string[];
}

const bin = (path: string) => join(root, 'node_modules', path);

const tools: Tool[] = [
  {
    name: 'zapgen (all outputs)',
    command: (input, out) => [join(root, 'generator/bin/zapgen.js'), 'generate', '--spec', input.spec, '--out', out],
  },
  {
    name: 'openapi-typescript (types only)',
    command: (input, out) => [bin('openapi-typescript/bin/cli.js'), input.peerSpec, '-o', join(out, 'types.ts')],
  },
  {
    name: '@hey-api/openapi-ts (types, sdk, zod)',
    command: (input, out) => [
      bin('@hey-api/openapi-ts/bin/run.js'),
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
];

/** GitHub's description from the `@octokit/openapi` package, downloaded once. */
function githubSpec(): string | undefined {
  const target = join(benchDir, 'api.github.com.json');
  if (existsSync(target)) return target;
  try {
    mkdirSync(benchDir, { recursive: true });
    const tarball = execFileSync('npm', ['pack', '@octokit/openapi@23', '--silent', '--pack-destination', benchDir], { encoding: 'utf8' }).trim();
    execFileSync('tar', ['-xzf', join(benchDir, tarball), '-C', benchDir, '--strip-components=2', 'package/generated/api.github.com.json']);
    rmSync(join(benchDir, tarball));
    return target;
  } catch (error) {
    console.warn(`bench: GitHub's description is not available (${(error as Error).message.split('\n')[0]}); skipping it`);
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function time(tool: Tool, input: Input): number | string {
  const samples: number[] = [];
  for (let run = 0; run < input.runs; run += 1) {
    const out = mkdtempSync(join(tmpdir(), 'zapgen-bench-'));
    const started = performance.now();
    const result = spawnSync(process.execPath, tool.command(input, out), { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
    const elapsed = performance.now() - started;
    rmSync(out, { recursive: true, force: true });
    if (result.status !== 0) return `failed (${(result.stderr || result.stdout).trim().split('\n').slice(-1)[0] ?? result.status})`;
    samples.push(elapsed);
  }
  return median(samples);
}

function main(): void {
  mkdirSync(benchDir, { recursive: true });
  const inputs: Input[] = readdirSync(join(root, 'spec'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const spec = join(root, 'spec', entry.name, 'openapi.yaml');
      return { name: entry.name, spec, peerSpec: bundled(entry.name, spec), runs };
    });
  const stripe = join(root, 'test/corpus/stripe-spec3-2023-09.yaml');
  if (existsSync(stripe)) inputs.push({ name: 'stripe (4 MB)', spec: stripe, peerSpec: stripe, runs: Math.min(runs, 2) });
  const github = githubSpec();
  if (github) inputs.push({ name: 'github (12 MB)', spec: github, peerSpec: github, runs: 1 });

  const results: Record<string, Record<string, number | string>> = {};
  const lines = ['| input | ' + tools.map((tool) => tool.name).join(' | ') + ' | zapgen ÷ peers |', '|---|' + tools.map(() => '---:|').join('') + '---|'];
  for (const input of inputs) {
    const row: Record<string, number | string> = {};
    for (const tool of tools) {
      row[tool.name] = time(tool, input);
      console.error(`bench: ${input.name} · ${tool.name}: ${typeof row[tool.name] === 'number' ? `${Math.round(row[tool.name] as number)} ms` : row[tool.name]}`);
    }
    results[input.name] = row;
    const zapgen = row[tools[0]!.name];
    const ratios = tools.slice(1).map((tool) => {
      const peer = row[tool.name];
      return typeof zapgen === 'number' && typeof peer === 'number' ? `${(zapgen / peer).toFixed(2)}× ${tool.name.split(' ')[0]}` : 'n/a';
    });
    const cells = tools.map((tool) => (typeof row[tool.name] === 'number' ? `${Math.round(row[tool.name] as number)} ms` : String(row[tool.name])));
    lines.push(`| ${input.name} | ${cells.join(' | ')} | ${ratios.join(', ')} |`);
  }
  writeFileSync(join(benchDir, 'results.json'), `${JSON.stringify({ node: process.version, runs, results }, null, 2)}\n`);
  console.log(`Median of ${runs} run(s) per input (1 for GitHub), wall time of each CLI including node start-up, Node ${process.version}.\n`);
  console.log(lines.join('\n'));
}

main();
