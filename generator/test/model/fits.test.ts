import { describe, expect, it } from 'vitest';
import { valueFits } from '../../src/model/fits.js';
import type { JsonValue, SchemaModel } from '../../src/model/types.js';

const string = (extra: object = {}): SchemaModel =>
  ({ kind: 'string', nullable: false, ...extra }) as SchemaModel;
const number = (extra: object = {}): SchemaModel =>
  ({ kind: 'number', integer: false, nullable: false, ...extra }) as SchemaModel;
const integer = (extra: object = {}): SchemaModel =>
  ({ kind: 'number', integer: true, nullable: false, ...extra }) as SchemaModel;
const array = (items: SchemaModel, extra: object = {}): SchemaModel =>
  ({ kind: 'array', items, nullable: false, ...extra }) as SchemaModel;
const object = (extra: object = {}): SchemaModel =>
  ({
    kind: 'object',
    properties: [],
    additionalProperties: true,
    nullable: false,
    ...extra,
  }) as SchemaModel;
const property = (name: string, schema: SchemaModel, required = false) => ({
  name,
  schema,
  required,
});
const ref = (name: string, nullable = false): SchemaModel => ({ kind: 'ref', name, nullable });
const unknown: SchemaModel = { kind: 'unknown', nullable: false };

const components: Record<string, SchemaModel> = {
  Id: integer({ minimum: 1 }),
  Node: object({ properties: [property('next', ref('Node', true))] }),
  Closed: object({ additionalProperties: false, properties: [property('b', string())] }),
};
const lookup = (name: string) => components[name];
/** `allOf: [{a} closed, $ref: Closed ({b} closed)]`. */
const closedParts: SchemaModel = {
  kind: 'intersection',
  nullable: false,
  parts: [
    object({ additionalProperties: false, properties: [property('a', integer(), true)] }),
    ref('Closed'),
  ],
};

/** appcenter: `allOf: [{enabled} with typed extra values {name}, {id: integer}]`. */
const typedExtrasPart: SchemaModel = {
  kind: 'intersection',
  nullable: false,
  parts: [
    object({
      properties: [property('enabled', { kind: 'boolean', nullable: false })],
      additionalProperties: object({ properties: [property('name', string(), true)] }),
    }),
    object({ properties: [property('id', integer(), true)] }),
  ],
};

type Case = [string, { schema: SchemaModel; value: JsonValue; want: boolean }];

describe('valueFits: whether a value fits a schema as the model reads it', () => {
  const cases: Case[] = [
    ['a string', { schema: string(), value: 'a', want: true }],
    ['a number is no string', { schema: string(), value: 1, want: false }],
    [
      'a string within its lengths',
      { schema: string({ minLength: 1, maxLength: 2 }), value: 'ab', want: true },
    ],
    ['a string too long', { schema: string({ maxLength: 1 }), value: 'ab', want: false }],
    ['lengths count code points', { schema: string({ maxLength: 1 }), value: '😀', want: true }],
    [
      'a string matching its pattern',
      { schema: string({ pattern: '^[a-z]+$' }), value: 'abc', want: true },
    ],
    [
      'a string against its pattern',
      { schema: string({ pattern: '^[a-z]+$' }), value: 'aB', want: false },
    ],
    [
      'a pattern JavaScript cannot compile is not checked',
      { schema: string({ pattern: '(?<' }), value: 'x', want: true },
    ],
    ['a format is an annotation', { schema: string({ format: 'email' }), value: 'x', want: true }],
    ['an excluded string', { schema: string({ excluded: ['x'] }), value: 'x', want: false }],
    ['a string not excluded', { schema: string({ excluded: ['x'] }), value: 'y', want: true }],
    ['an excluded integer', { schema: integer({ excluded: [0] }), value: 0, want: false }],
    ['an integer', { schema: integer(), value: 3, want: true }],
    ['a fraction is no integer', { schema: integer(), value: 1.5, want: false }],
    ['an integer past 2^53 is no integer', { schema: integer(), value: 2 ** 60, want: false }],
    ['a number below its minimum', { schema: number({ minimum: 2 }), value: 1, want: false }],
    [
      'a number at its exclusive maximum',
      { schema: number({ exclusiveMaximum: 2 }), value: 2, want: false },
    ],
    [
      'a number off its multipleOf',
      { schema: number({ multipleOf: 0.5 }), value: 0.75, want: false },
    ],
    ['null on a nullable string', { schema: string({ nullable: true }), value: null, want: true }],
    ['null on a string', { schema: string(), value: null, want: false }],
    ['null on a nullable reference', { schema: ref('Id', true), value: null, want: true }],
    ['a reference followed', { schema: ref('Id'), value: 0, want: false }],
    ['a missing component fits nothing', { schema: ref('Missing'), value: 1, want: false }],
    ['a recursive component', { schema: ref('Node'), value: { next: { next: null } }, want: true }],
    [
      'an enum member, structurally',
      {
        schema: { kind: 'enum', nullable: false, values: [{ a: 1, b: 2 }] },
        value: { b: 2, a: 1 },
        want: true,
      },
    ],
    [
      'not an enum member',
      { schema: { kind: 'enum', nullable: false, values: ['a'] }, value: 'b', want: false },
    ],
    ['a const', { schema: { kind: 'const', nullable: false, value: [1] }, value: [1], want: true }],
    ['never', { schema: { kind: 'never', nullable: false }, value: 1, want: false }],
    ['unknown takes null', { schema: unknown, value: null, want: true }],
    ['array items', { schema: array(integer()), value: [1, 2.5], want: false }],
    [
      'tuple prefix, then items',
      { schema: array(string(), { prefixItems: [integer()] }), value: [1, 'a'], want: true },
    ],
    ['too few items', { schema: array(unknown, { minItems: 2 }), value: [1], want: false }],
    ['too many items', { schema: array(unknown, { maxItems: 1 }), value: [1, 2], want: false }],
    [
      'unique items repeated',
      { schema: array(unknown, { uniqueItems: true }), value: [{ a: 1 }, { a: 1 }], want: false },
    ],
    [
      'a required property missing',
      { schema: object({ properties: [property('id', integer(), true)] }), value: {}, want: false },
    ],
    [
      '`__proto__` is just a name',
      {
        schema: object({ properties: [property('__proto__', integer(), true)] }),
        value: JSON.parse('{"__proto__": 1}') as JsonValue,
        want: true,
      },
    ],
    [
      'an extra key on a closed object',
      { schema: object({ additionalProperties: false }), value: { a: 1 }, want: false },
    ],
    [
      'typed extra values',
      { schema: object({ additionalProperties: integer() }), value: { a: 'x' }, want: false },
    ],
    [
      'a key matched by a pattern is no extra key',
      {
        schema: object({
          additionalProperties: false,
          patternProperties: [{ pattern: '^x-', schema: integer() }],
        }),
        value: { 'x-a': 1 },
        want: true,
      },
    ],
    [
      'a pattern key must fit its schema',
      {
        schema: object({ patternProperties: [{ pattern: '^x-', schema: integer() }] }),
        value: { 'x-a': 'no' },
        want: false,
      },
    ],
    [
      'property names',
      {
        schema: object({ propertyNames: string({ maxLength: 2 }) }),
        value: { long: 1 },
        want: false,
      },
    ],
    ['too few properties', { schema: object({ minProperties: 1 }), value: {}, want: false }],
    [
      'a union variant',
      {
        schema: { kind: 'union', mode: 'oneOf', nullable: false, variants: [integer(), string()] },
        value: 'a',
        want: true,
      },
    ],
    [
      'every intersection part',
      {
        schema: {
          kind: 'intersection',
          nullable: false,
          parts: [integer(), number({ maximum: 2 })],
        },
        value: 3,
        want: false,
      },
    ],
    [
      'an allOf of closed parts, as zod reads it: a key one part names is no extra key to another',
      {
        schema: closedParts,
        value: { a: 1, b: 'x' },
        want: true,
      },
    ],
    [
      'an allOf of closed parts: a key that no part names is extra',
      {
        schema: closedParts,
        value: { a: 1, c: 'x' },
        want: false,
      },
    ],
    [
      'an allOf of closed parts: each part still checks the keys it names',
      {
        schema: closedParts,
        value: { a: 1, b: 2 },
        want: false,
      },
    ],
    [
      "an allOf with a part's typed extra values: a key another part names is no extra value of it",
      { schema: typedExtrasPart, value: { id: 5, other: { name: 'n' } }, want: true },
    ],
    [
      "an allOf with a part's typed extra values: a key no part names is one",
      { schema: typedExtrasPart, value: { id: 5, other: 3 }, want: false },
    ],
  ];
  it.each(cases)('%s', (_name, { schema, value, want }) => {
    expect(valueFits({ schema, value, lookup })).toBe(want);
  });
});
