import { describe, expect, it } from 'vitest';
import { flattenParts, mergeObjects } from '../../src/model/all-of.js';
import type {
  NamedSchema,
  ObjectSchema,
  PropertyModel,
  SchemaModel,
} from '../../src/model/types.js';

const integer: SchemaModel = { kind: 'number', integer: true, nullable: false };
const string: SchemaModel = { kind: 'string', nullable: false };
const unknown: SchemaModel = { kind: 'unknown', nullable: false };
const object = (extra: Partial<ObjectSchema> = {}): ObjectSchema => ({
  kind: 'object',
  properties: [],
  additionalProperties: true,
  ...extra,
});
const property = (name: string, schema: SchemaModel, extra: Partial<PropertyModel> = {}) => ({
  name,
  schema,
  required: false,
  ...extra,
});

type Case = [string, { given: ObjectSchema[]; want: ObjectSchema }];

describe('mergeObjects: allOf of object schemas as one object schema', () => {
  const cases: Case[] = [
    [
      'properties of every part, required where any part requires them',
      {
        given: [
          object({ properties: [property('id', integer, { required: true })] }),
          object({ properties: [property('name', string)] }),
        ],
        want: object({
          properties: [property('id', integer, { required: true }), property('name', string)],
        }),
      },
    ],
    [
      'a bare `required` entry adds its requiredness, not a schema',
      {
        given: [
          object({ properties: [property('id', integer)] }),
          object({ properties: [property('id', unknown, { required: true, undeclared: true })] }),
        ],
        want: object({ properties: [property('id', integer, { required: true })] }),
      },
    ],
    [
      'still undeclared when no part declares it',
      {
        given: [
          object({ properties: [property('id', unknown, { required: true, undeclared: true })] }),
          object({ properties: [property('id', unknown, { undeclared: true })] }),
        ],
        want: object({
          properties: [property('id', unknown, { required: true, undeclared: true })],
        }),
      },
    ],
    [
      'declared twice: both schemas apply',
      {
        given: [
          object({ properties: [property('id', integer)] }),
          object({ properties: [property('id', string)] }),
        ],
        want: object({
          properties: [
            property('id', { kind: 'intersection', nullable: false, parts: [integer, string] }),
          ],
        }),
      },
    ],
    [
      'the same schema twice is one',
      {
        given: [
          object({ properties: [property('id', integer)] }),
          object({ properties: [property('id', integer)] }),
        ],
        want: object({ properties: [property('id', integer)] }),
      },
    ],
    [
      'closed where any part is closed',
      {
        given: [object({ additionalProperties: integer }), object({ additionalProperties: false })],
        want: object({ additionalProperties: false }),
      },
    ],
    [
      'typed extra values of the first typed part',
      {
        given: [object(), object({ additionalProperties: integer })],
        want: object({ additionalProperties: integer }),
      },
    ],
    [
      'pattern properties of all, the tightest counts',
      {
        given: [
          object({
            patternProperties: [{ pattern: '^a', schema: integer }],
            minProperties: 1,
            maxProperties: 5,
          }),
          object({
            patternProperties: [{ pattern: '^b', schema: string }],
            minProperties: 2,
            maxProperties: 9,
          }),
        ],
        want: object({
          patternProperties: [
            { pattern: '^a', schema: integer },
            { pattern: '^b', schema: string },
          ],
          minProperties: 2,
          maxProperties: 5,
        }),
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(mergeObjects(given)).toStrictEqual(want);
  });

  it('keeps the fields of the first declaration (the diff keeps where a property came from)', () => {
    // `origin` is the diff's field (`diff/schemas.ts`), not the model's: merging keeps it as is.
    const declared = (origin: string, required = false): PropertyModel =>
      ({ ...property('id', integer, { required }), origin }) as PropertyModel;
    const merged = mergeObjects([
      object({ properties: [declared('Base')] }),
      object({ properties: [declared('Pet', true)] }),
    ]);
    expect(merged.properties).toStrictEqual([declared('Base', true)]);
  });
});

describe('flattenParts: the parts of an allOf', () => {
  const base = object({ properties: [property('id', integer)] });
  const schemas = new Map<string, NamedSchema>([
    ['Base', { name: 'Base', schema: { ...base, nullable: false } } as NamedSchema],
    [
      'Loop',
      { name: 'Loop', schema: { kind: 'ref', name: 'Loop', nullable: false } } as NamedSchema,
    ],
  ]);
  const ref = (name: string, nullable = false): SchemaModel => ({ kind: 'ref', name, nullable });
  const cases: [string, { given: SchemaModel[]; want: SchemaModel[] }][] = [
    ['a reference resolved', { given: [ref('Base')], want: [{ ...base, nullable: false }] }],
    [
      'a nullable reference stays a part',
      { given: [ref('Base', true)], want: [ref('Base', true)] },
    ],
    ['a missing component stays a reference', { given: [ref('Gone')], want: [ref('Gone')] }],
    ['a reference cycle ends', { given: [ref('Loop')], want: [ref('Loop')] }],
    [
      'nested allOf flattened',
      {
        given: [
          {
            kind: 'intersection',
            nullable: false,
            parts: [integer, { kind: 'intersection', nullable: false, parts: [string] }],
          },
        ],
        want: [integer, string],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(flattenParts({ parts: given, schemas })).toStrictEqual(want);
  });
});
