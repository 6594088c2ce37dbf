/**
 * The peers of the sweep, on the same documents as zapgen, each in child processes under the
 * same time limit as zapgen's worker (generation and compilation together):
 * - openapi-typescript: types only (`types.ts`);
 * - @hey-api/openapi-ts: types + SDK + zod (`@hey-api/typescript`, `@hey-api/sdk`, `zod`), with
 *   the fetch client it bundles into its output.
 * "Generates" means the CLI exits 0 and writes its types file; "compiles" means `tsc --noEmit`
 * with `strict` passes on the output (module resolution `Bundler`: hey-api's imports have no
 * extensions; `skipLibCheck` as in their own setups). How a unit of documents runs:
 * `peer-unit.ts`; its steps: `peer-steps.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

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
