/**
 * The pathological specs of issue 20 at full size, outside `npm test` (each takes minutes):
 * generate, build with declarations, a strict consumer and every fixture under zod and ajv, as
 * the corpus worker runs a spec. `test/contract/battery.test.ts` runs the small versions.
 *
 *   npx tsx scripts/pathological.ts                      # every case
 *   npx tsx scripts/pathological.ts --only operations-3000 --operations 3000
 *
 * Prints one line per case: its size, the time of each step and what failed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CorpusResult } from '../test/contract/support/corpus-worker.js';
import { repoRoot, run } from '../test/support/contract-helpers.js';
import {
  aliasCycles,
  deepSchemas,
  largeFixtureTypes,
  manyOperations,
} from '../test/support/pathological-specs.js';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    operations: { type: 'string', default: '3000' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('Usage: npx tsx scripts/pathological.ts [--only <case>] [--operations N]');
  process.exit(0);
}

const operations = Number(values.operations);
const CASES: [string, () => Record<string, unknown>][] = [
  [`operations-${operations}`, () => manyOperations({ operations })],
  ['large-fixture-types', largeFixtureTypes],
  ['alias-cycles', aliasCycles],
  ['deep-schemas-at-the-limits', () => deepSchemas()],
];

const folder = path.join(repoRoot, '.tmp', 'pathological');
mkdirSync(folder, { recursive: true });
let failed = false;
for (const [name, make] of CASES) {
  if (values.only && values.only !== name) continue;
  const spec = path.join(folder, `${name}.json`);
  const text = JSON.stringify(make());
  writeFileSync(spec, text);
  const start = performance.now();
  const { code, stdout, output } = await run({
    command: process.execPath,
    args: [
      '--max-old-space-size=6144',
      '--import',
      'tsx',
      path.join(repoRoot, 'test/contract/support/corpus-worker.ts'),
      spec,
      `pathological/${name}`,
      '--consumer',
    ],
    cwd: repoRoot,
  });
  const line = stdout.split('\n').find((each) => each.startsWith('RESULT '));
  const seconds = (ms: number | undefined) => `${((ms ?? 0) / 1000).toFixed(1)} s`;
  if (code !== 0 || !line) {
    failed = true;
    console.log(`${name}: the worker failed (exit ${code})\n${output.slice(-2000)}`);
    continue;
  }
  const result = JSON.parse(line.slice('RESULT '.length)) as CorpusResult;
  const problems = [
    ...(result.crash ? [`crash: ${result.crash.split('\n')[0]}`] : []),
    ...(result.specErrors ?? []),
    ...(result.typecheck && !result.typecheck.ok
      ? [`build: ${result.typecheck.diagnostics.split('\n')[0]}`]
      : []),
    ...(result.consumer && !result.consumer.ok
      ? [`consumer: ${result.consumer.diagnostics.split('\n')[0]}`]
      : []),
    ...(result.fixtures?.failures.slice(0, 3) ?? []),
  ];
  failed ||= problems.length > 0;
  console.log(
    `${name} (${(text.length / 1024).toFixed(0)} KiB): generate ${seconds(result.generateMs)}, build ${seconds(result.typecheck?.ms)}, consumer ${seconds(result.consumer?.ms)}, fixtures ${seconds(result.fixturesMs)} (${result.fixtures?.valid.passed ?? 0}/${result.fixtures?.valid.total ?? 0} valid), ${seconds(performance.now() - start)} in all: ${problems.length ? problems.join('; ') : 'ok'}`,
  );
}
process.exit(failed ? 1 : 0);
