import { emitters, ModuleRegistry } from '../../../src/emit/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import { typescriptTypesEmitter } from '../../../src/emit/typescript-types/index.js';
import { zodEmitter } from '../../../src/emit/zod/index.js';
import { agreements } from '../../../../test/support/zod-disagreements.js';
import { withAgreement } from '../../../../test/support/zod-agreement.js';
import { buildModel } from '../../../src/model/index.js';
import { typecheck, removeScratchDirs } from './support.js';

const CONTEXT = {
  apiName: 'x',
  packageName: 'x',
  runtimePackage: 'r',
  specLabel: 'x',
  specHash: '',
  modules: ModuleRegistry.of(emitters),
  release: { version: '1.0.0', changelog: '' },
};

function document(schemas: Record<string, unknown>, openapi = '3.1.0'): Record<string, unknown> {
  return { openapi, info: { title: 'T', version: '1' }, paths: {}, components: { schemas } };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Constructs whose types agree exactly, and the known disagreements, side by side. */
const SCHEMAS = {
  Pet: {
    type: 'object',
    required: ['id', 'kind'],
    properties: {
      id: { type: 'string', format: 'uuid', readOnly: true },
      kind: { const: 'pet' },
      name: { type: ['string', 'null'], maxLength: 10 },
      tag: { enum: ['', 'a', null] },
      size: { type: 'integer', format: 'int64', default: 1 },
      born: { type: 'string', format: 'date-time' },
      tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
      meta: { type: 'object', additionalProperties: { type: 'number' } },
      extra: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true },
      closed: {
        type: 'object',
        properties: { a: { type: 'string' } },
        additionalProperties: false,
      },
      owner: { anyOf: [ref('Owner'), { type: 'null' }] },
    },
  },
  Owner: {
    type: 'object',
    properties: { name: { type: 'string' }, pets: { type: 'array', items: ref('Pet') } },
  },
  Tree: {
    type: 'object',
    required: ['children'],
    properties: {
      label: { type: 'string', default: 'node' },
      children: { type: 'array', items: ref('Tree') },
    },
  },
  Loose: { type: 'object' },
  Pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
  Shape: { oneOf: [ref('Circle'), ref('Square')], discriminator: { propertyName: 'type' } },
  Circle: {
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string' }, r: { type: 'number' } },
  },
  Square: {
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string' }, side: { type: 'number' } },
  },
  Drawing: { type: 'object', properties: { shapes: { type: 'array', items: ref('Shape') } } },
  Named: {
    allOf: [ref('Owner'), { type: 'object', properties: { nick: { type: 'string' } } }],
    required: ['name'],
  },
  Mixed: { type: ['string', 'integer'] },
  // allOf parts with different defaults for one property (their input is any value: the
  // default is filled in first), one of them recursive (its types are spelled out).
  Request: {
    type: 'object',
    additionalProperties: false,
    required: ['input'],
    properties: { input: { type: 'string' }, stream: { type: 'boolean', default: false } },
  },
  StreamRequest: {
    allOf: [
      ref('Request'),
      { type: 'object', properties: { stream: { type: 'boolean', enum: [true], default: true } } },
    ],
  },
  // A required property through a reference to a schema with a default: optional on input
  // (openfga: TS2322 on the recursive schema's spelled-out input type).
  TypeName: { type: 'string', enum: ['ANY', 'LIST'], default: 'ANY' },
  TypeRef: {
    type: 'object',
    required: ['type_name'],
    properties: {
      type_name: ref('TypeName'),
      generic_types: { type: 'array', items: ref('TypeRef') },
    },
  },
  Thread: {
    allOf: [
      ref('Request'),
      {
        type: 'object',
        properties: {
          stream: { type: 'boolean', enum: [true], default: true },
          replies: { type: 'array', items: ref('Thread') },
        },
      },
    ],
  },
  // A discriminated parent with an index signature (azure monitor-metricAlert): the types'
  // `Omit<Criteria, "kind">` keeps `[key: string]: ...` alone, zod the parent's properties.
  Criteria: {
    type: 'object',
    additionalProperties: { type: 'object' },
    discriminator: { propertyName: 'kind' },
    required: ['kind', 'name'],
    properties: { kind: { type: 'string' }, name: { type: 'string' } },
  },
  DynamicCriteria: {
    allOf: [ref('Criteria')],
    type: 'object',
    required: ['sensitivity'],
    properties: { sensitivity: { type: 'string', enum: ['Low', 'High'] } },
  },
  // Itself through a union and array items alone: `unknown` in types.ts (vercel's
  // EdgeConfigItemValue), zod's output assignable to it.
  Json: { oneOf: [{ type: 'string' }, { type: 'array', items: ref('Json') }] },
  // allOf parts giving a property an object type and an integer (sinao's RecurringInvoice
  // `discount`), in a recursive cluster: the spec type is not assignable to zod's in any schema
  // that reaches it, each of which is checked zod → types.
  Contract: {
    type: 'object',
    properties: {
      discount: { type: 'object', properties: { percent: { type: 'integer' } } },
      lines: { type: 'array', items: ref('Line') },
    },
  },
  Recurring: {
    allOf: [ref('Contract'), { type: 'object', properties: { discount: { type: 'integer' } } }],
  },
  Line: { type: 'object', properties: { document: ref('Recurring') } },
  // A nullable schema that a discriminator maps (stream-io's events): openapi-typescript writes
  // `{ type: "ping" } & (Ping | null)`, never null; compared without null on both sides.
  Event: {
    oneOf: [ref('Ping')],
    discriminator: { propertyName: 'type', mapping: { ping: '#/components/schemas/Ping' } },
  },
  Ping: {
    type: ['object', 'null'],
    required: ['type', 'at'],
    properties: { type: { type: 'string' }, at: { type: 'string' } },
  },
  Page: {
    type: 'object',
    properties: {
      limit: { type: 'integer', default: '10' },
      cursor: { type: 'string', default: 'start' },
    },
  },
};

const kinds: [string, { want: string }][] = [
  ['Pet', { want: 'whole mutual' }],
  ['Owner', { want: 'whole mutual' }],
  ['Tree', { want: 'whole mutual' }],
  ['Mixed', { want: 'whole mutual' }],
  ['Loose', { want: 'whole specToZod' }],
  ['Pair', { want: 'whole specToZod' }],
  ['Circle', { want: 'omit mutual' }],
  ['Shape', { want: 'keys' }],
  ['Drawing', { want: 'keys' }],
  ['Named', { want: 'whole specToZod' }],
  ['Page', { want: 'whole specToZod' }],
  ['DynamicCriteria', { want: 'keys' }],
  ['Json', { want: 'whole zodToSpec' }],
  ['Recurring', { want: 'whole zodToSpec' }],
  ['Line', { want: 'whole zodToSpec' }],
  ['Contract', { want: 'whole zodToSpec' }],
  ['Ping', { want: 'omit mutual' }],
  ['Event', { want: 'keys' }],
];

/** A recursive schema keeps precise input and output types: a default is optional in, present out. */
const USAGE = `import type * as z from 'zod';
import type * as zod from './zod.js';

export const input: z.input<typeof zod.TreeSchema> = { children: [{ children: [] }] };
export const output: z.output<typeof zod.TreeSchema> = { label: 'a', children: [{ label: 'b', children: [] }] };
// @ts-expect-error: children is required
export const missing: z.input<typeof zod.TreeSchema> = {};
// @ts-expect-error: label is always present on output
export const unlabelled: z.output<typeof zod.TreeSchema> = { children: [] };
export const typeRef: z.input<typeof zod.TypeRefSchema> = { generic_types: [{}] };
export const typeRefOut: z.output<typeof zod.TypeRefSchema> = { type_name: 'LIST' };
// @ts-expect-error: type_name is always present on output
export const untyped: z.output<typeof zod.TypeRefSchema> = {};
export const streamed: z.output<typeof zod.StreamRequestSchema> = { input: 'x', stream: true };
export const thread: z.output<typeof zod.ThreadSchema> = { input: 'x', stream: true, replies: [] };
// @ts-expect-error: stream is true in a thread
export const unstreamed: z.output<typeof zod.ThreadSchema> = { input: 'x', stream: false };
`;

describe('zod emitter: agreement with openapi-typescript (a test of the generator, not shipped)', () => {
  afterAll(removeScratchDirs);

  const model = buildModel(document(SCHEMAS));

  it.each(kinds)('%s is checked as %s', (name, { want }) => {
    const agreement = agreements(model).get(name)!;
    expect(
      [agreement.kind, 'direction' in agreement ? agreement.direction : ''].join(' ').trim(),
    ).toBe(want);
  });

  it('compiles against openapi-typescript, and fails when the two disagree', async () => {
    const emitted = [
      ...(await typescriptTypesEmitter.emit(model, CONTEXT)),
      ...(await zodEmitter.emit(model, CONTEXT)),
    ];
    expect(emitted.map((file) => file.path)).not.toContain('src/zod-agreement.ts');
    const files = withAgreement({ files: emitted, model });
    expect(typecheck([...files, { path: 'src/usage.ts', contents: USAGE }])).toEqual([]);

    // A zod.ts that drifted from the spec: `Circle.r` a string instead of a number (its
    // annotation too, had it one, or zod.ts itself would fail to compile before the agreement is
    // checked; a leaf like Circle is inferred, `componentAnnotation`).
    const drifted = files.map((file) =>
      file.path === 'src/zod.ts'
        ? {
            ...file,
            contents: file.contents
              .replace(/r: z\.number\(\)\.optional\(\)/, 'r: z.string().optional()')
              .replace(/r: z\.ZodOptional<z\.ZodNumber>/, 'r: z.ZodOptional<z.ZodString>'),
          }
        : file,
    );
    expect(drifted).not.toEqual(files);
    expect(typecheck(drifted).some((line) => line.includes('zod-agreement.ts'))).toBe(true);
  }, 240_000); // two whole-program type checks of the corpus spec; slow on a loaded CI machine
});
