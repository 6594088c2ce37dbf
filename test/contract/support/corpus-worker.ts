/**
 * One corpus spec end to end, in its own process (run with `node --import tsx`), so that the
 * corpus test and the corpus sweep (`npm run corpus`) can check several specs at once:
 * [validate →] generate → strict type-check and compile [→ strict consumer check of the built
 * declarations] → import the emitted `zod.js` and `fixtures.js` → every fixture under zod and ajv.
 *
 * Usage: corpus-worker.ts [--spec-root=<folder>] <spec file> <output name> [--validate]
 *   [--declarations] [--consumer [--warm-consumer]] [--no-types]
 * - `--spec-root=<folder>`: the folder the spec's `$ref`s may read files in (a vendor's
 *   repository, as its user would give it to `zapgen --spec-root`); default the spec's folder.
 * - `--validate`: first `zapgen validate` the spec (its findings, or the crash, are recorded as
 *   such); generation runs only on a spec without errors.
 * - `--declarations`: build with declarations, as the package's own build does (an inferred type
 *   too long to write, TS7056, is reported only then).
 * - `--consumer`: build with declarations, then type-check a consumer that imports every subpath
 *   the package exports, strictly and with `skipLibCheck: false`.
 * - `--warm-consumer` (the sweep: many documents in one `CONTRACT_RUN_ID`): the consumer check
 *   starts from the libraries' build info, made once per run (`warmBuildInfo`).
 * - `--no-types`: no comparison of `types.ts` with openapi-typescript's, type by type (the
 *   corpus test's; the sweep reports no such step, and on large specs it took the rest of the
 *   time limit, so that a document that passed every step was recorded as a timeout).
 * The sweep preloads `test/support/trap-network.mjs` into the worker: a network attempt fails and
 * is printed to stderr.
 *
 * Prints `STEP <name>` as each step starts (so a parent that times the worker out knows where it
 * was), then one `RESULT <json>` line. Run on its own (without `CONTRACT_RUN_ID` from the corpus
 * test or sweep), it deletes its output when done.
 */
import path from 'node:path';
import { buildModel } from '../../../generator/src/model/index.js';
import { freshDir, removeRunDir, typecheck } from '../../support/contract-helpers.js';
import { AGREEMENT_FILE } from '../../support/zod-agreement.js';
import { classify, comparePackageTypes } from '../../support/types-equivalence.js';
import {
  consumerCheck,
  fixturesStep,
  generateStep,
  validateStep,
  writeAgreement,
  type CorpusResult,
} from './corpus-steps.js';
import { isSpecRootWord, readSpecArguments } from './spec-arguments.js';

export type { CorpusResult } from './corpus-steps.js';

const step = (name: string) => process.stdout.write(`STEP ${name}\n`);

async function main(): Promise<CorpusResult> {
  const args = process.argv.slice(2);
  const [first, second] = readSpecArguments(
    args.filter((arg) => !arg.startsWith('--') || isSpecRootWord(arg)),
  );
  const { spec, specRoot } = first ?? {};
  const name = second?.spec;
  const flags = new Set(args.filter((arg) => arg.startsWith('--') && !isSpecRootWord(arg)));
  const unknown = [...flags].filter(
    (flag) =>
      !['--validate', '--declarations', '--consumer', '--warm-consumer', '--no-types'].includes(
        flag,
      ),
  );
  if (!spec || !name || unknown.length)
    throw new Error(
      `usage: corpus-worker.ts [--spec-root=<folder>] <spec> <name> [--validate] [--declarations] [--consumer [--warm-consumer]] [--no-types]${unknown.length ? ` (unknown: ${unknown.join(' ')})` : ''}`,
    );
  const result: CorpusResult = { spec: path.basename(spec), generated: false, generateMs: 0 };

  if (flags.has('--validate')) {
    step('validate');
    result.validation = validateStep(spec, specRoot);
    if (result.validation.crash || result.validation.errors.length) return result;
  }

  step('generate');
  const dir = freshDir(name);
  if (!(await generateStep({ spec, specRoot, dir, result }))) return result;

  step('build');
  const document = writeAgreement(dir);
  const checked = await typecheck({
    dir,
    emit: true,
    declarations: flags.has('--consumer') || flags.has('--declarations'),
  });
  const lines = checked.diagnostics.split('\n').filter(Boolean);
  const isAgreement = (line: string) => line.startsWith(AGREEMENT_FILE);
  result.disagreements = lines.filter(isAgreement);
  const own = lines.filter((line) => !isAgreement(line) && !/^\s/.test(line));
  result.typecheck = {
    ok: own.length === 0,
    ms: checked.ms,
    diagnostics: lines.filter((line) => !isAgreement(line)).join('\n'),
  };
  if (flags.has('--consumer') && result.typecheck.ok) {
    step('consumer');
    result.consumer = await consumerCheck(dir, flags.has('--warm-consumer'));
  }

  step('fixtures');
  await fixturesStep({ dir, document, result });

  if (flags.has('--no-types')) return result;
  step('types');
  const typesStart = performance.now();
  // `src/types.ts` was compiled in the build step: only the comparison is checked here.
  const compared = comparePackageTypes({ dir, model: buildModel(document), checkFiles: false });
  const { unexplained, deliberate } = classify(compared.differences);
  result.types = {
    items: compared.items,
    ms: Math.round(performance.now() - typesStart),
    unexplained: [
      ...[...compared.diagnostics.zapgen, ...compared.diagnostics.check].map(
        (message) => `diagnostic: ${message}`,
      ),
      ...unexplained.map(
        (difference) =>
          `${difference.item} (${difference.direction}): ${difference.reason ?? ''}\n  zapgen: ${difference.zapgen}\n  openapi-typescript: ${difference.peer}`,
      ),
    ],
    deliberate,
  };
  return result;
}

main()
  .finally(() => {
    if (!process.env.CONTRACT_RUN_ID) removeRunDir();
  })
  .then(
    (result) => process.stdout.write(`\nRESULT ${JSON.stringify(result)}\n`),
    (error: unknown) => {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
