/**
 * Every third-party spec of the corpus (`test/corpus/`): it generates (or
 * fails with located errors), its output type-checks strictly, and every fixture is accepted —
 * or, for `invalid` ones, rejected — by both the emitted zod schema and ajv against the bundled
 * `openapi.json`. Each spec runs in a child process, biggest first, as many at once as there are
 * cores; the results table is printed and written to `.tmp/contract/corpus-results.md`.
 */
import { statSync, writeFileSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { corpusSpecs } from '../support/corpus.js';
import {
  corpusDir,
  mapLimit,
  removeRunDir,
  repoRoot,
  run,
  runId,
  tempRoot,
} from '../support/contract-helpers.js';
import type { CorpusResult } from './support/corpus-worker.js';

const WORKER = path.join(repoRoot, 'test/contract/support/corpus-worker.ts');

const specs = corpusSpecs().sort(
  (a, b) =>
    statSync(path.join(corpusDir, b)).size - statSync(path.join(corpusDir, a)).size ||
    a.localeCompare(b),
);

const results = new Map<string, CorpusResult | { spec: string; workerFailed: string }>();

async function runWorker(
  spec: string,
): Promise<CorpusResult | { spec: string; workerFailed: string }> {
  const name = `corpus/${spec.replace(/\.(ya?ml|json)$/i, '')}`;
  const { code, stdout, output } = await run({
    command: process.execPath,
    args: [
      '--max-old-space-size=6144',
      '--import',
      'tsx',
      WORKER,
      path.join(corpusDir, spec),
      name,
    ],
    cwd: repoRoot,
    env: { ...process.env, CONTRACT_RUN_ID: runId },
  });
  const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
  if (code !== 0 || !line) return { spec, workerFailed: `exit ${code}: ${output.slice(-4000)}` };
  return JSON.parse(line.slice('RESULT '.length)) as CorpusResult;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function tableRow(result: CorpusResult | { spec: string; workerFailed: string }): string {
  if ('workerFailed' in result) return `| ${result.spec} | ✗ worker crashed | | | | |`;
  if (!result.generated) {
    const why = result.specErrors
      ? `✗ invalid spec (${result.specErrors.length} located errors)`
      : '✗ crash';
    return `| ${result.spec} | ${why} ${seconds(result.generateMs)} | – | – | – | – |`;
  }
  const check = result.typecheck
    ? `${result.typecheck.ok ? '✓' : '✗'} ${seconds(result.typecheck.ms)}`
    : '–';
  const fixtures = result.fixtures;
  const valid = fixtures
    ? `${fixtures.valid.passed}/${fixtures.valid.total}`
    : `✗ ${result.importError?.split('\n')[0] ?? ''}`;
  const invalid = fixtures ? `${fixtures.invalid.passed}/${fixtures.invalid.total}` : '–';
  const types = result.types
    ? `${result.types.items - result.types.unexplained.length - Object.values(result.types.deliberate).reduce((a, b) => a + b, 0)}/${result.types.items} equal, ${
        Object.entries(result.types.deliberate)
          .map(([name, count]) => `${count} ${name}`)
          .join(', ') || 'no deliberate differences'
      }${result.types.unexplained.length ? `, ✗ ${result.types.unexplained.length} unexplained` : ''} (${seconds(result.types.ms)})`
    : '–';
  return `| ${result.spec} | ✓ ${seconds(result.generateMs)} | ${check} | ${valid} | ${invalid} | ${types} |`;
}

describe('corpus: every third-party spec', () => {
  beforeAll(async () => {
    const limit = Math.max(1, Math.min(availableParallelism(), 4));
    await mapLimit({
      items: specs,
      limit,
      task: async (spec) => {
        const result = await runWorker(spec);
        results.set(spec, result);
        console.log(`corpus: ${tableRow(result)}`);
      },
    });
    const table = [
      '| spec | generated | type-checked | fixtures valid (zod+ajv) | invalid rejected (zod+ajv) | types against openapi-typescript |',
      '|---|---|---|---|---|---|',
      ...specs.map((spec) => tableRow(results.get(spec)!)),
    ].join('\n');
    mkdirSync(tempRoot, { recursive: true });
    writeFileSync(path.join(tempRoot, 'corpus-results.md'), `${table}\n`);
    console.log(`Corpus results (${limit} at a time):\n${table}`);
  }, 3_600_000);

  afterAll(removeRunDir);

  test('the corpus is there', () => {
    expect(specs.length).toBeGreaterThanOrEqual(15);
  });

  test.each(specs)('%s', (spec) => {
    const result = results.get(spec);
    expect(result, 'no result').toBeDefined();
    if (!result) return;
    if ('workerFailed' in result) expect.fail(`${spec}: the worker failed\n${result.workerFailed}`);
    if (!result.generated) {
      expect(result.crash, `${spec}: generation crashed`).toBeUndefined();
      // An invalid spec must say where: `file:line:col  error  rule  message`.
      expect(result.specErrors?.length, `${spec}: rejected without findings`).toBeGreaterThan(0);
      for (const finding of result.specErrors ?? [])
        expect(finding).toMatch(/^[^\s:][^:]*:\d+:\d+ {2}error {2}\S+ {2}\S/);
      return;
    }
    expect
      .soft(
        result.typecheck?.ok,
        `${spec}: tsc --strict\n${result.typecheck?.diagnostics.split('\n').slice(0, 40).join('\n')}`,
      )
      .toBe(true);
    // The test corpus has no unexplained disagreement between zod and openapi-typescript.
    expect
      .soft(result.disagreements ?? [], `${spec}: zod output types against openapi-typescript's`)
      .toEqual([]);
    expect(
      result.importError,
      `${spec}: importing the compiled zod.js/fixtures.js`,
    ).toBeUndefined();
    // zapgen's types.ts against openapi-typescript's, type by type: equal, or different on purpose.
    expect(result.types, `${spec}: types not compared`).toBeDefined();
    expect
      .soft(
        result.types?.unexplained.slice(0, 20) ?? [],
        `${spec}: types that differ from openapi-typescript's without a deliberate reason`,
      )
      .toEqual([]);
    const failures = result.fixtures?.failures ?? [];
    expect
      .soft(
        failures.slice(0, 30),
        `${spec}: ${failures.length} fixture(s) where zod or ajv disagree with the fixture`,
      )
      .toEqual([]);
  });
});
