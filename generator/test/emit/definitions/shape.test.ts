import { describe, expect, test } from 'vitest';
import type { NamedSchema, SchemaModel } from '../../../src/model/types.js';
import type { ValueShape } from '@zapgen/runtime';
import { valueShape } from '../../../src/emit/definitions/shape.js';
import { boolean, integer, string } from '../client/model.js';

const object = (
  properties: Record<string, SchemaModel>,
  additionalProperties: boolean | SchemaModel = true,
): SchemaModel => ({
  kind: 'object',
  nullable: false,
  properties: Object.entries(properties).map(([name, schema]) => ({
    name,
    required: false,
    schema,
  })),
  additionalProperties,
});

const components: NamedSchema[] = [
  { name: 'Id', pointer: '#/components/schemas/Id', schema: integer },
  {
    name: 'Node',
    pointer: '#/components/schemas/Node',
    schema: object({ next: { kind: 'ref', name: 'Node', nullable: false } }),
  },
];

describe('valueShape: how a server parses a parameter back from the wire', () => {
  const cases: [string, { given: SchemaModel; want: ValueShape }][] = [
    ['string', { given: string, want: { type: 'string' } }],
    ['integer', { given: integer, want: { type: 'integer' } }],
    [
      'a reference is followed',
      { given: { kind: 'ref', name: 'Id', nullable: false }, want: { type: 'integer' } },
    ],
    [
      'a cycle ends in unknown',
      {
        given: { kind: 'ref', name: 'Node', nullable: false },
        want: {
          type: 'object',
          properties: { next: { type: 'unknown' } },
          additional: { type: 'unknown' },
        },
      },
    ],
    [
      'array of enums',
      {
        given: {
          kind: 'array',
          nullable: false,
          items: { kind: 'enum', nullable: false, values: ['a', 'b'] },
        },
        want: { type: 'array', items: { type: 'string' } },
      },
    ],
    [
      'record of strings (key-prefixed filters)',
      {
        given: object({}, string),
        want: { type: 'object', properties: {}, additional: { type: 'string' } },
      },
    ],
    [
      'nullable union keeps the non-null type',
      {
        given: {
          kind: 'union',
          mode: 'anyOf',
          nullable: true,
          variants: [integer, { kind: 'null', nullable: true }],
        },
        want: { type: 'integer' },
      },
    ],
    [
      'integer or number is a number',
      {
        given: {
          kind: 'union',
          mode: 'types',
          nullable: false,
          variants: [integer, { kind: 'number', integer: false, nullable: false }],
        },
        want: { type: 'number' },
      },
    ],
    [
      'string or boolean is unknown',
      {
        given: { kind: 'union', mode: 'types', nullable: false, variants: [string, boolean] },
        want: { type: 'unknown' },
      },
    ],
    [
      'allOf of objects merges their properties',
      {
        given: {
          kind: 'intersection',
          nullable: false,
          parts: [object({ a: string }), object({ b: boolean })],
        },
        want: {
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'boolean' } },
          additional: { type: 'unknown' },
        },
      },
    ],
    ['const', { given: { kind: 'const', nullable: false, value: 3 }, want: { type: 'integer' } }],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(valueShape(given, components)).toEqual(want);
  });
});
