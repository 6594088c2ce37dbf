import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/index.js';
import type { SchemaModel } from '../../src/model/index.js';
import { document } from './support.js';

const methods = { type: 'string', enum: ['cash', 'check', 'paypal'] };
const enumOf = (values: string[], extra: object = {}): SchemaModel =>
  ({ kind: 'enum', values, nullable: false, ...extra }) as SchemaModel;

type Case = [
  string,
  {
    given: unknown;
    others?: Record<string, unknown>;
    openapi?: string;
    want: SchemaModel;
    /** The pointers warned about, as `Subject`-relative suffixes. */
    warned?: string[];
  },
];

/** The model of `given` as component `Subject`, and the pointers of the model's warnings. */
function built({
  given,
  others = {},
  openapi,
}: {
  given: unknown;
  others?: Record<string, unknown>;
  openapi?: string;
}): { schema: SchemaModel; warned: string[] } {
  const model = buildModel(
    document({
      ...(openapi && { openapi }),
      components: { schemas: { ...others, Subject: given } },
    }),
  );
  const schema = model.schemas.find((named) => named.name === 'Subject')!.schema;
  const warned = (model.warnings ?? []).map(({ pointer }) =>
    pointer.replace('#/components/schemas/Subject', ''),
  );
  return { schema, warned };
}

describe('not', () => {
  const cases: Case[] = [
    [
      "allOf: [$ref enum, {not: {enum}}] (Rebilly's form) is the reduced enum",
      {
        given: { allOf: [{ $ref: '#/components/schemas/Methods' }, { not: { enum: ['cash'] } }] },
        others: { Methods: methods },
        want: enumOf(['check', 'paypal'], { baseType: 'string' }),
      },
    ],
    [
      'the same beside type: string, a description kept',
      {
        given: {
          type: 'string',
          description: 'D',
          allOf: [
            { $ref: '#/components/schemas/Methods' },
            { not: { enum: ['paypal', 'unlisted'] } },
          ],
        },
        others: { Methods: methods },
        want: enumOf(['cash', 'check'], { baseType: 'string', description: 'D' }),
      },
    ],
    [
      'a reference followed through a chain of references',
      {
        given: { allOf: [{ $ref: '#/components/schemas/Alias' }, { not: { const: 'check' } }] },
        others: { Methods: methods, Alias: { $ref: '#/components/schemas/Methods' } },
        want: enumOf(['cash', 'paypal'], { baseType: 'string' }),
      },
    ],
    [
      'own enum and own not',
      {
        given: { type: 'string', enum: ['a', 'b', 'c'], not: { enum: ['b'] } },
        want: enumOf(['a', 'c'], { baseType: 'string' }),
      },
    ],
    [
      '3.1 $ref with a sibling not',
      {
        given: { $ref: '#/components/schemas/Methods', not: { const: 'cash' } },
        others: { Methods: methods },
        want: enumOf(['check', 'paypal'], { baseType: 'string' }),
      },
    ],
    [
      'a nullable enum keeps null unless null is excluded',
      {
        given: { type: ['string', 'null'], enum: ['a', 'b', null], not: { enum: ['a'] } },
        want: enumOf(['b'], { baseType: 'string', nullable: true }),
      },
    ],
    [
      'every value excluded: never',
      {
        given: { type: 'string', enum: ['a'], not: { const: 'a' } },
        want: { kind: 'never', nullable: false },
      },
    ],
    [
      'an open string lists its excluded strings',
      {
        given: { type: 'string', minLength: 1, not: { enum: ['x', 3] } },
        want: { kind: 'string', minLength: 1, excluded: ['x'], nullable: false },
      },
    ],
    [
      'an open integer through allOf',
      {
        given: { type: 'integer', allOf: [{ not: { enum: [0] } }] },
        want: { kind: 'number', integer: true, excluded: [0], nullable: false },
      },
    ],
    [
      'not: {enum} with nothing to narrow: read without it, warned at the not',
      {
        given: { type: 'object', not: { enum: [{}] } },
        want: { kind: 'object', properties: [], additionalProperties: true, nullable: false },
        warned: ['/not'],
      },
    ],
    [
      'any other not: read without it, warned at the not',
      {
        given: {
          type: 'object',
          properties: { a: { type: 'string', not: { pattern: '^x' } } },
          not: { required: ['b'] },
        },
        want: {
          kind: 'object',
          properties: [{ name: 'a', required: false, schema: { kind: 'string', nullable: false } }],
          additionalProperties: true,
          nullable: false,
        },
        warned: ['/not', '/properties/a/not'],
      },
    ],
    [
      'not: {} is never, not warned',
      {
        given: { type: 'object', properties: { a: { not: {} } } },
        want: {
          kind: 'object',
          properties: [{ name: 'a', required: false, schema: { kind: 'never', nullable: false } }],
          additionalProperties: true,
          nullable: false,
        },
      },
    ],
    [
      '3.0: the siblings of a $ref, not among them, are ignored',
      {
        openapi: '3.0.3',
        given: { $ref: '#/components/schemas/Methods', not: { const: 'cash' } },
        others: { Methods: methods },
        want: { kind: 'ref', name: 'Methods', nullable: false },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, others, openapi, want, warned = [] }) => {
    const result = built({ given, ...(others && { others }), ...(openapi && { openapi }) });
    expect(result.schema).toEqual(want);
    expect(result.warned.sort()).toEqual(warned.sort());
  });
});
