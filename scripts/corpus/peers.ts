/**
 * The peers of the sweep, on the same documents as zapgen, each in child processes under the
 * same time limit as zapgen's worker (generation and compilation together):
 * - openapi-typescript: types only (`types.ts`);
 * - @hey-api/openapi-ts: types + SDK + zod (`@hey-api/typescript`, `@hey-api/sdk`, `zod`), with
 *   the fetch client it bundles into its output.
 * "Generates" means the CLI exits 0 and writes its types file; "compiles" means `tsc --noEmit`
 * with `strict` passes on the output (module resolution `Bundler`: hey-api's imports have no
 * extensions; `skipLibCheck` as in their own setups).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runChild } from './child.js';
import { normaliseMessage, parseTsDiagnostics, stackHead, tsClasses } from './classify.js';

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
}

export interface Peer {
  name: string;
  /** The file that proves generation wrote something. */
  typesFile: string;
  /** Arguments of node for the CLI. */
  args(input: { spec: string; out: string; root: string }): string[];
}

export const PEERS: readonly Peer[] = [
  {
    name: 'openapi-typescript',
    typesFile: 'types.ts',
    args: ({ spec, out, root }) => [
      path.join(root, 'node_modules/openapi-typescript/bin/cli.js'),
      spec,
      '-o',
      path.join(out, 'types.ts'),
    ],
  },
  {
    name: '@hey-api/openapi-ts',
    typesFile: 'types.gen.ts',
    args: ({ spec, out, root }) => [
      path.join(root, 'node_modules/@hey-api/openapi-ts/bin/run.js'),
      '-i',
      spec,
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

/** Runs one peer on one document in `dir` (emptied first, deleted after). */
export async function runPeer({
  peer,
  spec,
  dir,
  root,
  timeoutMs,
  memoryMb,
}: {
  peer: Peer;
  spec: string;
  dir: string;
  root: string;
  timeoutMs: number;
  memoryMb: number;
}): Promise<PeerResult> {
  rmSync(dir, { recursive: true, force: true });
  const out = path.join(dir, 'out');
  mkdirSync(out, { recursive: true });
  const deadline = performance.now() + timeoutMs;
  try {
    const generation = await runChild({
      command: process.execPath,
      args: [`--max-old-space-size=${memoryMb}`, ...peer.args({ spec, out, root })],
      cwd: dir,
      timeoutMs,
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
    result.generated = true;
    writeFileSync(path.join(dir, 'tsconfig.json'), `${JSON.stringify(PEER_TSCONFIG, null, 2)}\n`);
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    const compile = await runChild({
      command: process.execPath,
      args: [
        `--max-old-space-size=${memoryMb}`,
        tsc,
        '-p',
        path.join(dir, 'tsconfig.json'),
        '--pretty',
        'false',
      ],
      cwd: dir,
      timeoutMs: Math.max(1, deadline - performance.now()),
    });
    result.compileMs = compile.ms;
    if (compile.timedOut)
      return { ...result, timeout: 'compile', classes: { [`${peer.name} compile: timeout`]: 1 } };
    const output = `${compile.stdout}${compile.stderr}`;
    const diagnostics = parseTsDiagnostics(output);
    result.compiled = compile.code === 0;
    result.errors = diagnostics.length;
    if (!result.compiled) {
      for (const [key, { count }] of tsClasses({ output, step: `${peer.name} compile` }))
        result.classes[key] = count;
      result.first = (
        diagnostics.length
          ? diagnostics.map((diagnostic) => diagnostic.text)
          : output.trim().split('\n')
      )
        .slice(0, 5)
        .map((line) => line.slice(0, 400));
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
