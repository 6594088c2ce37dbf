/**
 * zapgen's steps on the sweep's documents (validate, generate, network, build, consumer,
 * fixtures), each run in a child process under the time limit: one document in the per-document
 * worker (`corpus-worker.ts`), or a batch of small ones in one process (`corpus-batch.ts`).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { readBatchOutput } from './batches.js';
import { runChild, type ChildOutcome } from './child.js';
import type { CorpusDocument } from './directory.js';
import { zapgenOutcome, type ZapgenOutcome } from './outcome.js';
import { specArguments } from '../../test/contract/support/spec-arguments.js';

/** What every zapgen step of one run shares. */
export interface ZapgenRun {
  /** The repository (its workers and generator). */
  root: string;
  /** Names the run's temporary packages (`CONTRACT_RUN_ID`). */
  runId: string;
  /** Where the run's packages are written (`.tmp/contract/<runId>`). */
  runDir: string;
  memoryMb: number;
  timeoutMs: number;
  /** Keep the package of a document zapgen fails on. */
  keep: boolean;
}

/** Node's arguments for one of the sweep's workers (`test/contract/support/<script>`), network trapped. */
const workerArgs = (run: ZapgenRun, script: string) => [
  `--max-old-space-size=${run.memoryMb}`,
  '--import',
  'tsx',
  '--import',
  path.join(run.root, 'test/support/trap-network.mjs'),
  path.join(run.root, 'test/contract/support', script),
];

/** zapgen's every step on one document, in the per-document worker. */
export async function zapgenAlone({
  document,
  name,
  run,
}: {
  document: CorpusDocument;
  /** The document's package folder under the run's directory. */
  name: string;
  run: ZapgenRun;
}): Promise<ZapgenOutcome> {
  const child = await runChild({
    command: process.execPath,
    args: [
      ...workerArgs(run, 'corpus-worker.ts'),
      ...specArguments(document),
      name,
      '--validate',
      '--consumer',
      // The libraries' declarations checked once per run, not once per document.
      '--warm-consumer',
      // types.ts against openapi-typescript's is the corpus test's, not a step of the sweep.
      '--no-types',
    ],
    cwd: run.root,
    env: { ...process.env, CONTRACT_RUN_ID: run.runId },
    timeoutMs: run.timeoutMs,
  });
  const outcome = zapgenOutcome({ child, timeoutMs: run.timeoutMs });
  if (!(run.keep && outcome.status === 'fail')) {
    const dir = path.join(run.runDir, name);
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.consumer`, { recursive: true, force: true });
  }
  return outcome;
}

/**
 * zapgen on a batch of small documents in one process (in `batch`): `recorded` receives the
 * outcome of each document it reports, in order; the positions of every other one (a failure of
 * any kind, a batch that crashed or timed out, a network attempt) are returned, to run alone, so
 * that their records are the per-document worker's.
 */
export async function zapgenBatch({
  documents,
  batch,
  run,
  recorded,
}: {
  documents: readonly CorpusDocument[];
  batch: string;
  run: ZapgenRun;
  recorded: (index: number, outcome: ZapgenOutcome) => void;
}): Promise<number[]> {
  const child = await runChild({
    command: process.execPath,
    args: [
      ...workerArgs(run, 'corpus-batch.ts'),
      batch,
      ...documents.flatMap((document) => specArguments(document)),
    ],
    cwd: run.root,
    env: { ...process.env, CONTRACT_RUN_ID: run.runId },
    timeoutMs: run.timeoutMs,
  });
  rmSync(batch, { recursive: true, force: true });
  rmSync(`${batch}.consumer`, { recursive: true, force: true });
  const network = child.stderr.includes('NETWORK ATTEMPT ');
  const outcomes = network || child.timedOut ? new Map() : readBatchOutput(child.stdout);
  const alone: number[] = [];
  for (const [index, document] of documents.entries()) {
    const outcome = outcomes.get(index);
    if (!outcome || 'retry' in outcome) {
      alone.push(index);
      console.error(
        `corpus: ${document.id}: checked alone (${outcome ? outcome.retry : child.timedOut ? 'the batch timed out' : network ? 'a network attempt in the batch' : `the batch ended with ${child.code}`})`,
      );
      continue;
    }
    const result = JSON.parse(outcome.result.slice('RESULT '.length)) as {
      validation?: { ms: number };
      generateMs: number;
      typecheck?: { ms: number };
      consumer?: { ms: number };
      fixturesMs?: number;
    };
    const ms =
      (result.validation?.ms ?? 0) +
      result.generateMs +
      (result.typecheck?.ms ?? 0) +
      (result.consumer?.ms ?? 0) +
      (result.fixturesMs ?? 0);
    const own: ChildOutcome = {
      code: 0,
      stdout: outcome.result,
      stderr: '',
      timedOut: false,
      ms,
    };
    recorded(index, {
      ...zapgenOutcome({ child: own, timeoutMs: run.timeoutMs }),
      batched: documents.length,
    });
  }
  return alone;
}
