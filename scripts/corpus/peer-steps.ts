/**
 * A peer's steps on the sweep's documents: generation by its CLI (one document) or in one process
 * (`peer-generate.ts`, several), and `tsc` on the outputs, alone or in one program.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runChild } from './child.js';
import {
  attribute,
  failureLine,
  normaliseMessage,
  parseTsDiagnostics,
  stackHead,
  tsClasses,
  typeCheckSkipped,
} from './classify.js';
import type { Peer, PeerResult, PeerSetup } from './peers.js';

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

/** A peer on a unit of documents (`batches.ts`), each worked on in `<dir>/d<index>`. */
export interface PeerUnit {
  peer: Peer;
  specs: readonly string[];
  dir: string;
  setup: PeerSetup;
}

/** The folder of the unit's document `index`. */
export const docDir = (dir: string, index: number) => path.join(dir, `d${index}`);

/** The peer's CLI on one document, into `<dir>/out`. */
export async function generate({
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
    const error = failureLine(output) ?? `exit ${generation.code}`;
    return {
      ...result,
      generateError: stackHead(lines.slice(-12).join('\n'), 6),
      classes: { [`${peer.name} generate: ${normaliseMessage(error)}`]: 1 },
      first: lines.slice(-6),
    };
  }
  return { ...result, generated: true };
}

/**
 * The documents `specs` generated in one process (`peer-generate.ts`), each into
 * `<dir>/d<index>/out`: the results of those it generated (the others are left to the CLI).
 */
export async function generateTogether({
  peer,
  specs,
  dir,
  setup,
}: PeerUnit): Promise<Map<number, PeerResult>> {
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
export async function compileAlone({
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
