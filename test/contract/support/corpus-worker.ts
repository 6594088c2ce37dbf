/**
 * One corpus spec end to end, in its own process (run with `node --import tsx`), so that the
 * corpus test can check several specs at once: generate → strict type-check and compile →
 * import the emitted `zod.js` and `fixtures.js` → every fixture under zod and ajv.
 *
 * Usage: corpus-worker.ts <spec file> <output name>. Prints one `RESULT <json>` line. Run on its
 * own (without `CONTRACT_RUN_ID` from the corpus test), it deletes its output when done.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatFinding } from '../../../generator/src/load/finding.js';
import { SpecError } from '../../../generator/src/pipeline.js';
import { buildModel } from '../../../generator/src/model/index.js';
import { fixtureCases, generateToTemp, removeRunDir, tallyCases, typecheck, type EmittedModules, type FixtureTally } from '../../support/contract-helpers.js';
import { agreementModule, AGREEMENT_FILE } from '../../support/zod-agreement.js';

/** The rules of the warnings generation itself reports (the spec's own come from validation). */
const GENERATION_RULES = new Set(['type-replaced', 'fixture-untyped']);

/** What the worker reports about one spec. */
export interface CorpusResult {
  spec: string;
  generated: boolean;
  generateMs: number;
  /** Set when generation failed: the located findings of an invalid spec, or the crash. */
  specErrors?: string[];
  crash?: string;
  /** Generation warnings (what zapgen left out, e.g. `fixture-untyped`), as `file:line:col  warning  rule  message`. */
  warnings?: string[];
  typecheck?: { ok: boolean; ms: number; diagnostics: string };
  /** Diagnostics of the agreement test (zod output types against openapi-typescript's), which the tests add to the package. */
  disagreements?: string[];
  fixtures?: FixtureTally;
  /** Importing the compiled modules failed. */
  importError?: string;
}

async function main(): Promise<CorpusResult> {
  const [spec, name] = process.argv.slice(2);
  if (!spec || !name) throw new Error('usage: corpus-worker.ts <spec> <name>');
  const result: CorpusResult = { spec: path.basename(spec), generated: false, generateMs: 0 };
  const start = performance.now();
  let dir: string;
  try {
    const generated = await generateToTemp({ spec, name });
    dir = generated.dir;
    result.warnings = generated.warnings.filter((warning) => !warning.rule.startsWith('lint') && GENERATION_RULES.has(warning.rule)).map(formatFinding);
  } catch (error) {
    result.generateMs = Math.round(performance.now() - start);
    if (error instanceof SpecError) result.specErrors = error.findings.filter((finding) => finding.severity === 'error').map(formatFinding);
    else result.crash = (error as Error).stack ?? String(error);
    return result;
  }
  result.generated = true;
  result.generateMs = Math.round(performance.now() - start);

  // The agreement test of the generator is compiled with the package, and its diagnostics kept apart:
  // a disagreement is a finding about zapgen, not a package that fails to build.
  const document = JSON.parse(readFileSync(path.join(dir, 'openapi.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(dir, AGREEMENT_FILE), agreementModule(buildModel(document)));
  const checked = await typecheck({ dir, emit: true });
  const lines = checked.diagnostics.split('\n').filter(Boolean);
  const isAgreement = (line: string) => line.startsWith(AGREEMENT_FILE);
  result.disagreements = lines.filter(isAgreement);
  const own = lines.filter((line) => !isAgreement(line) && !/^\s/.test(line));
  result.typecheck = { ok: own.length === 0, ms: checked.ms, diagnostics: lines.filter((line) => !isAgreement(line)).join('\n') };
  try {
    const load = (file: string) => import(pathToFileURL(path.join(dir, 'dist', file)).href);
    const modules: EmittedModules = { zod: await load('zod.js'), fixtures: await load('fixtures.js') };
    result.fixtures = tallyCases(fixtureCases({ modules, document }));
  } catch (error) {
    result.importError = (error as Error).stack ?? String(error);
  }
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
