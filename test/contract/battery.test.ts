/**
 * The battery of issue 20: what an attacker, a careless tool or a very large API hands zapgen.
 *
 * - Bad input: every invalid spec of `test/fixtures/bad-specs`, and schemas or values nested past
 *   the limits (made on the fly), through `zapgen generate`: exit 1, every error located
 *   (`file:line:col`), no stack, nothing written. (Special files, endless files and YAML alias
 *   bombs, which can hang or exhaust a process, run in child processes: `generator/test/cli/bounds.test.ts`.)
 * - Pathological and hostile specs that must build: the hostile spec (`test/fixtures/hostile`),
 *   cycles of bare references (`A: {$ref: B}, B: {$ref: A}`, and through unions), schemas and
 *   values nested to the limits, and fixtures whose single inferred type would exceed what tsc
 *   serializes (TS7056, which 3,000 operations reached), merged into one document made on the fly:
 *   generate, build with declarations, a strict consumer (`skipLibCheck: false`) of every
 *   subpath, and every fixture under zod and ajv. One document, so one build and one consumer
 *   check (the consumer's cost is mostly fixed); the full-size cases are `scripts/pathological.ts`.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { main, type Io } from '../../generator/src/cli.js';
import { MAX_SCHEMA_DEPTH, MAX_VALUE_DEPTH } from '../../generator/src/load/lint/schema-depth.js';
import { deepSchemas, merged, pathologicalSpec } from '../support/pathological-specs.js';
import { freshDir, removeRunDir, repoRoot, run, runId } from '../support/contract-helpers.js';
import type { CorpusResult } from './support/corpus-worker.js';

const WORKER = path.join(repoRoot, 'test/contract/support/corpus-worker.ts');
const BAD_SPECS = 'test/fixtures/bad-specs';
const dir = freshDir('battery');

// Started at once: the build and the consumer check take most of a minute, while the bad-input
// cases run in this process meanwhile.
const specFile = path.join(dir, 'pathological.json');
writeFileSync(
  specFile,
  JSON.stringify(
    merged(
      parse(readFileSync(path.join(repoRoot, 'test/fixtures/hostile/openapi.yaml'), 'utf8')),
      pathologicalSpec(),
    ),
  ),
);
const worked: Promise<CorpusResult | string> = run({
  command: process.execPath,
  args: [
    '--max-old-space-size=4096',
    '--import',
    'tsx',
    WORKER,
    specFile,
    'battery/pathological-package',
    '--consumer',
  ],
  cwd: repoRoot,
  env: { ...process.env, CONTRACT_RUN_ID: runId },
}).then(({ code, stdout, output }) => {
  const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
  return code === 0 && line
    ? (JSON.parse(line.slice('RESULT '.length)) as CorpusResult)
    : `the worker failed (exit ${code}):\n${output.slice(-4000)}`;
});

afterAll(async () => {
  await worked.catch(() => undefined);
  removeRunDir();
});

function capture(): Io & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (text) => out.push(text), stderr: (text) => err.push(text) };
}

/** Writes a spec made on the fly beside the battery's package; returns its path from the repository. */
function made(name: string, document: unknown): string {
  mkdirSync(path.join(dir, 'bad'), { recursive: true });
  const file = path.join(dir, 'bad', name);
  writeFileSync(file, JSON.stringify(document, null, 1));
  return path.relative(repoRoot, file);
}

const invalidFixtures = readdirSync(path.join(repoRoot, BAD_SPECS)).filter(
  (name) =>
    ![
      'valid.yaml',
      'public-api.yaml',
      'no-unreachable-schemas.yaml',
      // A warning (zapgen does not run the pattern itself), not an error: see lint.test.ts.
      'pattern-backtracking.yaml',
      'operation-id-present.yaml',
      'operation-secured.yaml',
      'server-variable-description-3.1.yaml',
    ].includes(name),
);

/** The rule of a fixture that is not named after it. */
const FIXTURE_RULES: Record<string, string> = {
  split: 'path-parameters',
  'duplicate-keys.yaml': 'yaml-syntax',
  'mock-extension.yaml': 'extension-shape',
  'swagger-2.yaml': 'openapi-schema',
  'null-ref.yaml': 'resolvable-refs',
  'swagger-2-converted.yaml': 'unique-operation-ids',
  'swagger-2-dangling-ref.yaml': 'resolvable-refs',
};

/** `[name, { spec (from the repository root), the rule of an error expected }]` */
const BAD: [string, { spec: () => string; rule: string }][] = [
  ...invalidFixtures.map(
    (name) =>
      [
        name,
        {
          spec: () => `${BAD_SPECS}/${name}`,
          rule: FIXTURE_RULES[name] ?? name.replace(/(-3\.[01])?\.(ya?ml|json)$/, ''),
        },
      ] as [string, { spec: () => string; rule: string }],
  ),
  [
    `inline schemas nested ${MAX_SCHEMA_DEPTH + 1} levels`,
    {
      spec: () => made('deep-schema.json', deepSchemas({ depth: MAX_SCHEMA_DEPTH + 1 })),
      rule: 'schema-depth',
    },
  ],
  [
    `a default nested ${MAX_VALUE_DEPTH + 1} levels`,
    {
      spec: () => made('deep-value.json', deepSchemas({ valueDepth: MAX_VALUE_DEPTH + 1 })),
      rule: 'schema-depth',
    },
  ],
];

describe('bad input: generate exits 1, every error located, nothing written', () => {
  it.each(BAD)('%s', async (name, { spec, rule }) => {
    const file = spec();
    const out = path.join(dir, 'out', name.replace(/\W+/g, '-'));
    const io = capture();
    const previous = process.cwd();
    process.chdir(repoRoot);
    let code: number;
    try {
      code = await main(['generate', '--spec', file, '--out', out], io);
    } finally {
      process.chdir(previous);
    }
    const errors = io.err.filter((line) => /^\S+:\d+:\d+ {2}error {2}/.test(line));
    expect(code, io.err.join('\n')).toBe(1);
    expect(errors.map((line) => line.split('  ')[2])).toContain(rule);
    for (const line of errors) expect(line).toMatch(/^[^:\s]+(\/[^:\s]+)*:[1-9]\d*:[1-9]\d* {2}/);
    expect(io.err.join('\n')).not.toMatch(/^\s+at /m);
    expect(io.err.at(-1)).toMatch(/: invalid spec, \d+ errors?, \d+ warnings?; nothing generated$/);
    expect(() => readdirSync(out)).toThrow();
  });
});

describe('pathological and hostile specs: generate, build, a strict consumer, fixtures', () => {
  const result = async (): Promise<CorpusResult> => {
    const outcome = await worked;
    if (typeof outcome === 'string') throw new Error(outcome);
    return outcome;
  };

  it('generates without an internal error', async () => {
    const got = await result();
    expect(got.crash).toBeUndefined();
    expect(got.specErrors).toBeUndefined();
  }, 600_000);

  it('builds with declarations (no TS2456 for the cycles, no TS7056 for the fixtures, no stack overflow for the depth)', async () => {
    const got = await result();
    expect(got.typecheck?.diagnostics).toBe('');
    expect(got.typecheck?.ok).toBe(true);
  }, 600_000);

  it('passes a strict consumer of every subpath', async () => {
    const got = await result();
    expect(got.consumer?.diagnostics).toBe('');
    expect(got.consumer?.ok).toBe(true);
    // The package's exports, root first, then by subpath (as the registry writes them).
    expect(got.consumer?.subpaths).toEqual([
      '.',
      './fetch',
      './fixtures',
      './mcp',
      './mock',
      './react-query',
      './swr',
      './tanstack-query',
      './types',
      './zod',
    ]);
  }, 600_000);

  it('says where it wrote a type as unknown: each member of a cycle of bare references', async () => {
    const replaced = ((await result()).generation?.warnings ?? [])
      .filter((warning) => warning.includes('  type-replaced  '))
      .map((warning) => /schema `(\w+)` refers to itself/.exec(warning)?.[1]);
    expect(replaced.sort()).toEqual(['CycleA', 'CycleB', 'UnionC', 'UnionD']);
  }, 600_000);

  it('every fixture is valid (or invalid) under zod and ajv, where ajv can evaluate the schema', async () => {
    const { fixtures } = await result();
    // ajv, the reference validator, recurses forever on a value that reaches a cycle of bare
    // references (JSON Schema leaves such a schema without meaning); zapgen writes none there.
    const unevaluable =
      /^(CycleHolder|echoCycleHolder)\b.*ajv throws: Maximum call stack size exceeded$/;
    expect(fixtures?.failures.filter((failure) => !unevaluable.test(failure))).toEqual([]);
    expect(fixtures?.valid.passed).toBeGreaterThan(300);
  }, 600_000);
});
