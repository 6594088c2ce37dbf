/**
 * One small spec per class of construct that real specs hold and that broke generation before
 * (`test/fixtures/generality/`). Each must generate, type-check strictly, and have every fixture
 * accepted (or, for invalid ones, rejected) by zod and ajv; where zapgen cannot prove a typed
 * relation, the warning it prints is part of what is expected. Each spec runs in the corpus
 * worker's own process, two at a time.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mapLimit, removeRunDir, repoRoot, run, runId } from '../support/contract-helpers.js';
import type { CorpusResult } from './support/corpus-worker.js';

const WORKER = path.join(repoRoot, 'test/contract/support/corpus-worker.ts');
const FIXTURES = path.join(repoRoot, 'test/fixtures/generality');

/** `[spec, { why, want }]`: the construct, and the generation warnings expected (rule names). */
const CASES: [string, { why: string; want: { warnings: string[] } }][] = [
  [
    'examples-excess-and-default-properties.yaml',
    {
      why: 'a spec example with a property the schema does not declare, or without one that has a default, is not used as a typed fixture',
      want: { warnings: [] },
    },
  ],
  [
    'object-default-with-nested-defaults.yaml',
    {
      why: '`default: {}` on an allOf of an object whose properties have defaults: zod prefaults it, fixtures fill the nested defaults',
      want: { warnings: [] },
    },
  ],
  [
    'discriminator-mapping-and-type-array-with-oneof.yaml',
    {
      why: 'fixtures carry the discriminator value openapi-typescript narrows each mapped schema to',
      want: { warnings: [] },
    },
  ],
  [
    'nullable-keyword-in-3.1.yaml',
    {
      why: '3.0 `nullable` in a 3.1 document, with a type, without one and beside $ref',
      want: { warnings: [] },
    },
  ],
  [
    'type-that-does-not-compile.yaml',
    {
      why: 'a schema that is itself through an array alone (`string | Self[] | null`) has no TypeScript type (TS2502): unknown, with a warning',
      want: { warnings: ['type-replaced'] },
    },
  ],
  [
    'vendor-classes-allof-defaults-int64-formats.yaml',
    {
      why: 'allOf with a closed part, allOf parts with different defaults (top and nested), a required $ref to a defaulted enum in a recursive schema, integers documented beyond 2^53, uri with a pattern, hostname: zod and ajv agree on every fixture (the minimal fixture of the allOf leaves the defaulted `stream` out, which its TypeScript type requires: untyped)',
      want: { warnings: ['fixture-untyped'] },
    },
  ],
  [
    'object-with-2000-properties.json',
    { why: 'a very wide object (ajv code too deep for the stack before)', want: { warnings: [] } },
  ],
  [
    'deep-nesting-and-10000-value-enum.json',
    { why: '40 levels of inline objects and an enum of 10,000 values', want: { warnings: [] } },
  ],
  [
    'ref-into-an-inline-operation-schema.yaml',
    {
      why: "openapi-typescript's type for a $ref into another operation's inline schema did not compile (TS2339); zapgen's printer inlines the schema",
      want: { warnings: [] },
    },
  ],
  [
    'date-time-examples-as-servers-write-them.yaml',
    {
      why: 'date-time examples with `-0700`, a space, lower case: valid for ajv, so valid for zod',
      want: { warnings: [] },
    },
  ],
  [
    'ref-to-a-map-and-a-list-multi-file',
    {
      why: 'a multi-file spec whose `$ref`s stand for a map of properties (twice) and a parameter list: resolved as JSON Reference says, not bundled into a pointer OpenAPI rejects',
      want: { warnings: [] },
    },
  ],
  [
    'keywords-of-3.1-in-a-3.0-document.yaml',
    {
      why: "3.1's numeric exclusiveMinimum/Maximum, type lists, const and examples in a 3.0 document: read as 3.0 says them, the same by every reader; and a required property through a $ref to a schema with a default (no invalid fixture that zod's default makes valid)",
      want: { warnings: [] },
    },
  ],
  [
    'schema-id-and-anchor-refs.yaml',
    {
      why: 'JSON Schema 2020-12 `$id` and `$anchor` named by `$ref` (`/components/schemas/details#detail_id`)',
      want: { warnings: [] },
    },
  ],
  [
    'header-parameters-shared-across-files',
    {
      why: "a 3.1 multi-file spec whose `Accept` header parameter file is used by two operations: bundled into components.parameters, so no type indexes another operation's optional header group",
      want: { warnings: [] },
    },
  ],
  [
    'ref-to-another-operations-header-parameter.yaml',
    {
      why: "a `$ref` to another operation's header parameter: openapi-typescript's type for it indexes an optional group (TS2339, outside any schema); zapgen's printer writes the parameter's own type, which compiles",
      want: { warnings: [] },
    },
  ],
  [
    'swagger-2.0-multi-file',
    {
      why: 'a Swagger 2.0 spec split over files (definitions, shared parameters and responses; body and formData parameters, a file upload, x-nullable): bundled as 2.0, then converted',
      want: { warnings: [] },
    },
  ],
  [
    'redocly-habits-multi-file',
    {
      why: "habits of Redocly-kept specs: a description `$ref` to a Markdown file, `required: true` beside a parameter's and a request body's `$ref`, a `2xx` response, an undeclared `{hostname}` server variable, an example's `value` as a `$ref` to a JSON file: read as Redocly reads them, with warnings",
      want: { warnings: [] },
    },
  ],
  [
    'sweep-classes-webhook-map-oneof-not-allof-defaults.json',
    {
      why: "the sweeps' last classes: 200 webhook payloads spelling out a wide schema (Rebilly: zod.ts's inferred `webhookSchemas` past what tsc will serialize, TS7056); a oneOf that only `not` tells apart (Rebilly: a fixture two variants match to zod's `z.xor`); allOf parts defaulting `status` to values the other part rejects (motaword: zod filled in a default its base's enum refused). The 202 fixture is untyped: its TypeScript type is `never`",
      want: { warnings: ['fixture-untyped'] },
    },
  ],
  [
    'shared-pointer-targets.yaml',
    {
      why: "targets of `$ref`s into other schemas (a property, an allOf part, a path's body), shared three levels deep, one on a component cycle, one sent and answered, one a multipart Blob: each emitter names each target once, and the package type-checks with them",
      want: { warnings: [] },
    },
  ],
  [
    'typed-extras-in-allof-type-in-definitions-format-under-backtracking-pattern.yaml',
    {
      why: "the APIs.guru sweep's last classes: an allOf part's typeless additionalProperties read by zod's catchall only for the keys no part names (appcenter); a `type` that is an object, behind a $ref into `definitions`, read as no type by every reader, ajv included (codat); a format under a pattern that backtracks: the format's value where RE2 finds the pattern matches it, else no fixture (never one zod and ajv reject)",
      want: { warnings: [] },
    },
  ],
  [
    'openapi-3.2-read-as-3.1.yaml',
    {
      why: 'an OpenAPI 3.2 document (a tag summary) is read as 3.1, with a warning naming what is left out',
      want: { warnings: [] },
    },
  ],
];

const results = new Map<string, CorpusResult | { workerFailed: string }>();

beforeAll(async () => {
  await mapLimit({
    items: CASES.map(([spec]) => spec),
    limit: Math.max(1, Math.min(availableParallelism(), 2)),
    task: async (spec) => {
      const { code, stdout, output } = await run({
        command: process.execPath,
        args: [
          '--max-old-space-size=4096',
          '--import',
          'tsx',
          WORKER,
          path.join(FIXTURES, spec),
          `generality/${spec.replace(/\.\w+$/, '')}`,
          // With declarations, as the package's own build: TS7056 is reported only then.
          '--declarations',
        ],
        cwd: repoRoot,
        env: { ...process.env, CONTRACT_RUN_ID: runId },
      });
      const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
      results.set(
        spec,
        code === 0 && line
          ? (JSON.parse(line.slice('RESULT '.length)) as CorpusResult)
          : { workerFailed: `exit ${code}: ${output.slice(-4000)}` },
      );
      // Progress: the whole battery takes minutes.
      console.log(
        `generality: ${spec} ${code === 0 && line ? 'checked' : `worker failed (exit ${code})`} (${results.size}/${CASES.length})`,
      );
    },
  });
}, 1_200_000);

afterAll(removeRunDir);

describe('constructs of real specs', () => {
  test.each(CASES)('%s', (spec, { why, want }) => {
    const result = results.get(spec);
    if (!result || 'workerFailed' in result)
      return expect.fail(
        `${spec} (${why}): the worker failed\n${result && 'workerFailed' in result ? result.workerFailed : ''}`,
      );
    expect(result.crash, `${spec}: ${why}`).toBeUndefined();
    expect(result.specErrors, `${spec}: ${why}`).toBeUndefined();
    expect(result.typecheck?.diagnostics, `${spec}: ${why}`).toBe('');
    expect(result.importError).toBeUndefined();
    expect(result.fixtures?.failures, `${spec}: fixtures under zod and ajv`).toEqual([]);
    // The warnings generation itself reports (the spec's own come from validation).
    const rules = (result.generation?.warnings ?? []).map((warning) => warning.split('  ')[2]);
    expect(rules.filter((rule) => rule === 'type-replaced' || rule === 'fixture-untyped')).toEqual(
      want.warnings,
    );
  });
});
