/**
 * The peers of the sweep, on the same documents as zapgen, each in child processes under the
 * same time limit as zapgen's worker (generation and compilation together):
 * - openapi-typescript: types only (`types.ts`);
 * - @hey-api/openapi-ts: types + SDK + zod (`@hey-api/typescript`, `@hey-api/sdk`, `zod`), with
 *   the fetch client it bundles into its output.
 * "Generates" means the CLI exits 0 and writes its types file; "compiles" means `tsc --noEmit`
 * with `strict` passes on the output (module resolution `Bundler`: hey-api's imports have no
 * extensions; `skipLibCheck` as in their own setups).
 *
 * The outputs of a unit of small documents (`batches.ts`) are compiled in one tsc program, as
 * zapgen's are: a tsc start and TypeScript's lib cost as much for a 1 KB document as for a large
 * one. A document whose output has any diagnostic there (or all of them, if the program failed
 * without naming a document) is compiled again alone, so every failure recorded is that of its
 * own program.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { runChild } from './child.js';
import {
  attribute,
  normaliseMessage,
  parseTsDiagnostics,
  stackHead,
  tsClasses,
  typeCheckSkipped,
} from './classify.js';

export interface PeerResult {
  generated: boolean;
  generateMs: number;
  /** The CLI's last lines when it failed. */
  generateError?: string;
  compiled?: boolean;
  compileMs?: number;
  /** Number of tsc errors. */
  errors?: number;
  /** Set when the time limit ended the peer, with the step it was in. */
  timeout?: 'generate' | 'compile';
  /** Failure classes of this peer on this document (see classify.ts), with their counts. */
  classes: Record<string, number>;
  /** First diagnostics (or error lines) as printed. */
  first: string[];
  /** The peer's version, and the Node that ran it (a peers-only run is joined with zapgen's later). */
  version?: string;
  node?: string;
  /**
   * Generated in one process (`peer-generate.ts`) with this many documents: `generateMs` is its
   * own time plus an equal share of the process's start. Absent: by the CLI, alone.
   */
  generatedWith?: number;
  /**
   * Compiled in one program with the outputs of this many documents: `compileMs` is an equal
   * share of it. Absent: compiled alone.
   */
  batched?: number;
}

/** Where the peers come from and how each runs. */
export interface PeerSetup {
  /** The Node that runs the peers' CLIs and tsc (their current versions need Node 22 or later). */
  node: string;
  /** A folder whose node_modules holds the peers (default the repository). */
  peersRoot: string;
  /** The repository (its TypeScript compiles the outputs). */
  root: string;
  timeoutMs: number;
  memoryMb: number;
}

export interface Peer {
  name: string;
  /** The file that proves generation wrote something. */
  typesFile: string;
  /** Arguments of node for the CLI. */
  args(input: { spec: string; out: string; peersRoot: string }): string[];
}

/** The plugins hey-api runs: types, SDK and zod. */
export const HEY_API_PLUGINS = ['@hey-api/typescript', '@hey-api/sdk', 'zod'] as const;

export const PEERS: readonly Peer[] = [
  {
    name: 'openapi-typescript',
    typesFile: 'types.ts',
    args: ({ spec, out, peersRoot }) => [
      path.join(peersRoot, 'node_modules/openapi-typescript/bin/cli.js'),
      spec,
      '-o',
      path.join(out, 'types.ts'),
    ],
  },
  {
    name: '@hey-api/openapi-ts',
    typesFile: 'types.gen.ts',
    args: ({ spec, out, peersRoot }) => [
      path.join(peersRoot, 'node_modules/@hey-api/openapi-ts/bin/run.js'),
      '-i',
      spec,
      '-o',
      out,
      '-p',
      ...HEY_API_PLUGINS,
      '-s',
      '--no-log-file',
    ],
  },
];

/** The version of `name` installed under `peersRoot`. */
export const peerVersion = (peersRoot: string, name: string) =>
  (
    JSON.parse(
      readFileSync(path.join(peersRoot, 'node_modules', name, 'package.json'), 'utf8'),
    ) as { version: string }
  ).version;

const PEER_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  },
  include: ['out/**/*.ts'],
};

/**
 * Runs one peer on the documents `specs` (a unit of `batches.ts`), each in `<dir>/d<index>`
 * (emptied first, all deleted after): generation one document at a time, then one tsc program
 * for the outputs of a unit of several, and alone for those it does not pass.
 */
export async function runPeerUnit({
  peer,
  specs,
  dir,
  setup,
}: {
  peer: Peer;
  specs: readonly string[];
  dir: string;
  setup: PeerSetup;
}): Promise<PeerResult[]> {
  rmSync(dir, { recursive: true, force: true });
  const stamp = { version: peerVersion(setup.peersRoot, peer.name), node: nodeVersion(setup) };
  try {
    const together =
      specs.length > 1 ? await generateTogether({ peer, specs, dir, setup }) : new Map();
    const results: PeerResult[] = [];
    for (const [index, spec] of specs.entries())
      results.push({
        ...(together.get(index) ??
          (await generate({ peer, spec, dir: docDir(dir, index), setup }))),
        ...stamp,
      });
    const generated = results.flatMap((result, index) => (result.generated ? [index] : []));
    const passed =
      generated.length > 1 ? await compileTogether({ dir, indexes: generated, setup }) : undefined;
    for (const index of generated) {
      const result = results[index]!;
      if (passed?.indexes.has(index)) {
        Object.assign(result, {
          compiled: true,
          compileMs: Math.round(passed.ms / generated.length),
          errors: 0,
          batched: generated.length,
        });
        continue;
      }
      // Generation and compilation of one document share its time limit, as when it runs alone.
      const left = Math.max(1, setup.timeoutMs - result.generateMs);
      Object.assign(
        result,
        await compileAlone({ peer, dir: docDir(dir, index), setup, timeoutMs: left }),
      );
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const docDir = (dir: string, index: number) => path.join(dir, `d${index}`);

const nodeVersions = new Map<string, string>();
function nodeVersion({ node }: PeerSetup): string {
  let version = nodeVersions.get(node);
  if (version === undefined) {
    version =
      node === process.execPath
        ? process.version
        : execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    nodeVersions.set(node, version);
  }
  return version;
}

/** The peer's CLI on one document, into `<dir>/out`. */
async function generate({
  peer,
  spec,
  dir,
  setup,
}: {
  peer: Peer;
  spec: string;
  dir: string;
  setup: PeerSetup;
}): Promise<PeerResult> {
  const out = path.join(dir, 'out');
  mkdirSync(out, { recursive: true });
  const generation = await runChild({
    command: setup.node,
    args: [
      `--max-old-space-size=${setup.memoryMb}`,
      ...peer.args({ spec, out, peersRoot: setup.peersRoot }),
    ],
    cwd: dir,
    timeoutMs: setup.timeoutMs,
  });
  const result: PeerResult = {
    generated: false,
    generateMs: generation.ms,
    classes: {},
    first: [],
  };
  if (generation.timedOut)
    return { ...result, timeout: 'generate', classes: { [`${peer.name} generate: timeout`]: 1 } };
  if (generation.code !== 0 || !existsSync(path.join(out, peer.typesFile))) {
    const output = `${generation.stderr}\n${generation.stdout}`.trim();
    const lines = output.split('\n').filter((line) => line.trim());
    const error =
      lines.find((line) => /error/i.test(line)) ??
      lines[lines.length - 1] ??
      `exit ${generation.code}`;
    return {
      ...result,
      generateError: stackHead(lines.slice(-12).join('\n'), 6),
      classes: {
        [`${peer.name} generate: ${normaliseMessage(error.replace(/\x1b\[[0-9;]*m/g, ''))}`]: 1,
      },
      first: lines.slice(-6),
    };
  }
  return { ...result, generated: true };
}

/**
 * The documents `specs` generated in one process (`peer-generate.ts`), each into
 * `<dir>/d<index>/out`: the results of those it generated (the others are left to the CLI).
 */
async function generateTogether({
  peer,
  specs,
  dir,
  setup,
}: {
  peer: Peer;
  specs: readonly string[];
  dir: string;
  setup: PeerSetup;
}): Promise<Map<number, PeerResult>> {
  mkdirSync(dir, { recursive: true });
  const child = await runChild({
    command: setup.node,
    args: [
      `--max-old-space-size=${setup.memoryMb}`,
      '--import',
      'tsx',
      path.join(setup.root, 'scripts/corpus/peer-generate.ts'),
      peer.name,
      setup.peersRoot,
      ...specs.flatMap((spec, index) => [spec, path.join(docDir(dir, index), 'out')]),
    ],
    cwd: dir,
    timeoutMs: setup.timeoutMs,
  });
  const own = new Map<number, number>();
  if (!child.timedOut)
    for (const [, index, ms] of child.stdout.matchAll(/^GENERATED (\d+) (\d+)$/gm))
      if (existsSync(path.join(docDir(dir, Number(index)), 'out', peer.typesFile)))
        own.set(Number(index), Number(ms));
  const shared = Math.max(0, child.ms - [...own.values()].reduce((a, b) => a + b, 0));
  const results = new Map<number, PeerResult>();
  for (const [index, ms] of own)
    results.set(index, {
      generated: true,
      generateMs: ms + Math.round(shared / specs.length),
      classes: {},
      first: [],
      generatedWith: specs.length,
    });
  // What it did not generate starts afresh with the CLI.
  for (const index of specs.keys())
    if (!results.has(index)) rmSync(docDir(dir, index), { recursive: true, force: true });
  return results;
}

const tscArgs = ({ root, memoryMb }: PeerSetup, project: string) => [
  `--max-old-space-size=${memoryMb}`,
  path.join(root, 'node_modules/typescript/bin/tsc'),
  '-p',
  project,
  '--pretty',
  'false',
];

/** `tsc` on one document's output (`<dir>/out`), alone: the record of every failure. */
async function compileAlone({
  peer,
  dir,
  setup,
  timeoutMs,
}: {
  peer: Peer;
  dir: string;
  setup: PeerSetup;
  timeoutMs: number;
}): Promise<Partial<PeerResult>> {
  writeFileSync(path.join(dir, 'tsconfig.json'), `${JSON.stringify(PEER_TSCONFIG, null, 2)}\n`);
  const compile = await runChild({
    command: setup.node,
    args: tscArgs(setup, path.join(dir, 'tsconfig.json')),
    cwd: dir,
    timeoutMs,
  });
  if (compile.timedOut)
    return {
      compileMs: compile.ms,
      timeout: 'compile',
      classes: { [`${peer.name} compile: timeout`]: 1 },
    };
  const output = `${compile.stdout}${compile.stderr}`;
  const diagnostics = parseTsDiagnostics(output);
  const compiled = compile.code === 0;
  if (compiled) return { compileMs: compile.ms, compiled, errors: diagnostics.length };
  const classes: Record<string, number> = {};
  for (const [key, { count }] of tsClasses({ output, step: `${peer.name} compile` }))
    classes[key] = count;
  return {
    compileMs: compile.ms,
    compiled,
    errors: diagnostics.length,
    classes,
    first: (diagnostics.length
      ? diagnostics.map((diagnostic) => diagnostic.text)
      : output.trim().split('\n')
    )
      .slice(0, 5)
      .map((line) => line.slice(0, 400)),
  };
}

/**
 * The outputs `<dir>/d<index>/out` of `indexes` in one tsc program (same options as alone):
 * the documents it passes (none if it timed out, crashed, printed a diagnostic that names no
 * document, or stopped before the type check).
 */
export async function compileTogether({
  dir,
  indexes,
  setup,
}: {
  dir: string;
  indexes: readonly number[];
  setup: PeerSetup;
}): Promise<{ indexes: Set<number>; ms: number }> {
  const project = path.join(dir, 'tsconfig.json');
  writeFileSync(
    project,
    `${JSON.stringify({ ...PEER_TSCONFIG, include: indexes.map((index) => `d${index}/out/**/*.ts`) }, null, 2)}\n`,
  );
  const compile = await runChild({
    command: setup.node,
    args: tscArgs(setup, project),
    cwd: dir,
    timeoutMs: setup.timeoutMs,
  });
  const output = `${compile.stdout}${compile.stderr}`;
  const { byPackage, unattributed } = attribute({
    output,
    owner: (line) => {
      const match = /^d(\d+)\//.exec(line);
      return match ? Number(match[1]) : undefined;
    },
  });
  const trusted =
    !compile.timedOut &&
    !unattributed.length &&
    (compile.code === 0 || byPackage.size > 0) &&
    !typeCheckSkipped(output);
  return {
    indexes: new Set(trusted ? indexes.filter((index) => !byPackage.has(index)) : []),
    ms: compile.ms,
  };
}
