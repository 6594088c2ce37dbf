/**
 * Many small corpus documents end to end in one process (run with `node --import tsx`): the
 * sweep's fast path. Each document is validated and generated here (one Node start-up, one
 * load of the generator, for the whole batch), the packages are built in one tsc program and
 * strictly consumed in another (`batch-check.ts`), and each one's fixtures run under zod and ajv.
 *
 * Usage: corpus-batch.ts <batch folder> [--spec-root=<folder>] <spec file>...
 * (a `--spec-root=` gives the folder the next spec's `$ref`s may read files in: `specArguments`)
 *
 * Prints, for each spec (by its position in the arguments), either `RESULT <index> <json>` (the
 * `CorpusResult` the per-document worker would print: the document is invalid with its findings,
 * or passed every step) or `RETRY <index> <reason>`: anything else (a crash, a spec the generator
 * rejects, any diagnostic of its build or consumer, a fixture that fails, options or a package
 * name it cannot share a program with). The sweep runs those with `corpus-worker.ts`, alone, so
 * that every failure it reports was found by the per-document check and is that document's.
 * Build and consumer times are the batch's, shared equally by the documents checked in it.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  batchBuild,
  batchConsumer,
  batchPackage,
  sameOptions,
  type BatchCheck,
} from './batch-check.js';
import {
  fixturesStep,
  generateStep,
  validateStep,
  writeAgreement,
  type CorpusResult,
} from './corpus-steps.js';
import { readSpecArguments } from './spec-arguments.js';

const [batchArgument, ...specWords] = process.argv.slice(2);
const batch = batchArgument && path.resolve(batchArgument);
const specs = readSpecArguments(specWords);
if (!batch || !specs.length)
  throw new Error('usage: corpus-batch.ts <batch folder> [--spec-root=<folder>] <spec>...');

const retry = (index: number, reason: string) =>
  process.stdout.write(`RETRY ${index} ${reason.replace(/\s+/g, ' ').slice(0, 300)}\n`);
const report = (index: number, result: CorpusResult) =>
  process.stdout.write(`RESULT ${index} ${JSON.stringify(result)}\n`);

async function main(): Promise<void> {
  rmSync(batch!, { recursive: true, force: true });
  mkdirSync(batch!, { recursive: true });
  const results = new Map<number, CorpusResult>();
  const documents = new Map<number, Record<string, unknown>>();
  const names = new Set<string>();
  for (const [index, { spec, specRoot }] of specs.entries()) {
    const result: CorpusResult = { spec: path.basename(spec), generated: false, generateMs: 0 };
    result.validation = validateStep(spec, specRoot);
    if (result.validation.crash) {
      retry(index, 'validate threw');
      continue;
    }
    if (result.validation.errors.length) {
      report(index, result);
      continue;
    }
    const dir = batchPackage(batch!, index);
    if (!(await generateStep({ spec, specRoot, dir, result }))) {
      retry(index, 'generate failed');
      continue;
    }
    const first = results.keys().next();
    if (!first.done && !sameOptions(batchPackage(batch!, first.value), dir)) {
      retry(index, 'compiler options differ from the batch');
      continue;
    }
    const { name } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name: string;
    };
    if (names.has(name)) {
      retry(index, `package name ${name} taken in the batch`);
      continue;
    }
    names.add(name);
    documents.set(index, writeAgreement(dir));
    results.set(index, result);
  }
  if (!results.size) return;

  const keep = (check: BatchCheck, step: string) => {
    if (check.failed || check.unattributed.length) {
      const why = check.failed
        ? 'tsc failed or stopped before the type check'
        : check.unattributed[0]!;
      for (const index of results.keys()) retry(index, `batch ${step}: ${why}`);
      results.clear();
      return;
    }
    for (const [index, diagnostics] of check.byPackage) {
      if (!results.delete(index)) continue;
      retry(index, `${step}: ${diagnostics[0]}`);
    }
  };
  const built = await batchBuild({ batch: batch!, indexes: [...results.keys()] });
  keep(built, 'build');
  if (!results.size) return;
  const buildShare = Math.round(built.ms / results.size);
  const consumed = await batchConsumer({ batch: batch!, indexes: [...results.keys()] });
  keep(consumed, 'consumer');
  if (!results.size) return;
  const consumerShare = Math.round(consumed.ms / results.size);
  process.stdout.write(
    `BATCH ${specs.length} documents, ${results.size} checked together: build ${built.ms} ms, consumer ${consumed.ms} ms\n`,
  );

  for (const [index, result] of results) {
    const dir = batchPackage(batch!, index);
    result.typecheck = { ok: true, ms: buildShare, diagnostics: '' };
    result.disagreements = [];
    result.consumer = {
      ok: true,
      ms: consumerShare,
      diagnostics: '',
      subpaths: consumed.subpaths.get(index) ?? [],
    };
    await fixturesStep({ dir, document: documents.get(index)!, result });
    if (result.importError || result.fixtures?.failures.length) retry(index, 'fixtures failed');
    else report(index, result);
  }
}

main().then(
  () => rmSync(`${batch!}.consumer`, { recursive: true, force: true }),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
