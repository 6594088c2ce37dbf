import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/index.js';
import type { SchemaModel } from '../../src/model/index.js';
import { document, schemaModel } from './support.js';

const ref = (name: string, extra: Partial<SchemaModel> = {}): SchemaModel =>
  ({ kind: 'ref', name, nullable: false, ...extra }) as SchemaModel;
const string = (extra: object = {}): SchemaModel =>
  ({ kind: 'string', nullable: false, ...extra }) as SchemaModel;
const integer = (extra: object = {}): SchemaModel =>
  ({ kind: 'number', integer: true, nullable: false, ...extra }) as SchemaModel;
const unknown: SchemaModel = { kind: 'unknown', nullable: false };
const others = { Pet: { type: 'object' }, Cat: { type: 'object' }, Dog: { type: 'object' } };

type Case = [string, { given: unknown; openapi?: string; want: SchemaModel }];

describe('schema normalisation', () => {
  const nullable: Case[] = [
    [
      '3.0 nullable: true',
      {
        openapi: '3.0.3',
        given: { type: 'string', nullable: true },
        want: string({ nullable: true }),
      },
    ],
    [
      '3.0 nullable in a 3.1 document is read as in 3.0 (as openapi-typescript does)',
      { given: { type: 'string', nullable: true }, want: string({ nullable: true }) },
    ],
    [
      '3.0 nullable without a type in a 3.1 document',
      {
        given: { nullable: true, description: 'D' },
        want: { kind: 'unknown', nullable: true, description: 'D' },
      },
    ],
    [
      '3.0 nullable beside a $ref in a 3.1 document (siblings compose in 3.1)',
      {
        given: { $ref: '#/components/schemas/Pet', nullable: true },
        want: ref('Pet', { nullable: true }),
      },
    ],
    [
      '3.0 nullable beside a $ref is ignored like every $ref sibling (description kept)',
      {
        openapi: '3.0.3',
        given: { $ref: '#/components/schemas/Pet', nullable: true, description: 'D' },
        want: ref('Pet', { description: 'D' }),
      },
    ],
    [
      '3.1 type array with null beside a $ref: null must match the reference too',
      {
        given: { $ref: '#/components/schemas/Pet', type: ['object', 'null'], description: 'D' },
        want: ref('Pet', { description: 'D' }),
      },
    ],
    [
      '3.1 anyOf with a null member beside a $ref: null must match the reference too',
      {
        given: { $ref: '#/components/schemas/Pet', anyOf: [{ type: 'object' }, { type: 'null' }] },
        want: ref('Pet'),
      },
    ],
    [
      '3.1 type array with null',
      { given: { type: ['string', 'null'] }, want: string({ nullable: true }) },
    ],
    [
      '3.1 type array, null first',
      { given: { type: ['null', 'integer'] }, want: integer({ nullable: true }) },
    ],
    [
      'oneOf with a null member collapses to the other member',
      {
        given: { oneOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'null' }] },
        want: ref('Pet', { nullable: true }),
      },
    ],
    [
      'anyOf with a null member keeps the parent description',
      {
        given: {
          description: 'A pet, if any',
          anyOf: [{ type: 'null' }, { type: 'string', format: 'uuid' }],
        },
        want: string({ format: 'uuid', nullable: true, description: 'A pet, if any' }),
      },
    ],
    [
      'oneOf with null and two members stays a nullable union',
      {
        given: { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
        want: { kind: 'union', mode: 'oneOf', variants: [string(), integer()], nullable: true },
      },
    ],
    [
      'enum containing null',
      {
        given: { type: ['string', 'null'], enum: ['a', 'b', null] },
        want: { kind: 'enum', values: ['a', 'b'], baseType: 'string', nullable: true },
      },
    ],
    [
      '3.0 enum with null and nullable',
      {
        openapi: '3.0.3',
        given: { type: 'string', nullable: true, enum: ['a', null] },
        want: { kind: 'enum', values: ['a'], baseType: 'string', nullable: true },
      },
    ],
    ['const: null', { given: { const: null }, want: { kind: 'null', nullable: true } }],
    ['type: null', { given: { type: 'null' }, want: { kind: 'null', nullable: true } }],
    ['enum of only null', { given: { enum: [null] }, want: { kind: 'null', nullable: true } }],
    [
      'lone allOf ref with nullable and description (3.0)',
      {
        openapi: '3.0.3',
        given: {
          allOf: [{ $ref: '#/components/schemas/Pet' }],
          nullable: true,
          description: 'The pet',
        },
        want: ref('Pet', { nullable: true, description: 'The pet' }),
      },
    ],
  ];

  const types: Case[] = [
    [
      'type array with several non-null types → union of types, keywords split by type',
      {
        given: { type: ['string', 'integer', 'null'], minLength: 2, minimum: 1 },
        want: {
          kind: 'union',
          mode: 'types',
          variants: [string({ minLength: 2 }), integer({ minimum: 1 })],
          nullable: true,
        },
      },
    ],
    [
      'properties without type → object',
      {
        given: { properties: { a: { type: 'string' } } },
        want: {
          kind: 'object',
          properties: [{ name: 'a', required: false, schema: string() }],
          additionalProperties: true,
          nullable: false,
        },
      },
    ],
    [
      'items without type → unknown (items constrains arrays only; "a" is valid)',
      { given: { items: { type: 'string' } }, want: unknown },
    ],
    [
      'items without type under an array parent → array (the parent type is the hint)',
      {
        given: { type: 'array', allOf: [{ items: { type: 'string' } }] },
        want: { kind: 'array', items: string(), nullable: false },
      },
    ],
    ['{} → unknown', { given: {}, want: unknown }],
    ['true → unknown', { given: true, want: unknown }],
    ['false → never', { given: false, want: { kind: 'never', nullable: false } }],
    ['not: {} → never', { given: { not: {} }, want: { kind: 'never', nullable: false } }],
    [
      'array without items → items unknown',
      {
        given: { type: 'array', minItems: 1, uniqueItems: true },
        want: { kind: 'array', items: unknown, minItems: 1, uniqueItems: true, nullable: false },
      },
    ],
    [
      '3.1 prefixItems',
      {
        given: { type: 'array', prefixItems: [{ type: 'string' }], items: false },
        want: {
          kind: 'array',
          items: { kind: 'never', nullable: false },
          prefixItems: [string()],
          nullable: false,
        },
      },
    ],
    [
      'string keywords kept',
      {
        given: {
          type: 'string',
          format: 'date-time',
          minLength: 1,
          maxLength: 9,
          pattern: '^a',
          contentEncoding: 'base64',
          title: 'T',
          deprecated: true,
          readOnly: true,
        },
        want: string({
          format: 'date-time',
          minLength: 1,
          maxLength: 9,
          pattern: '^a',
          contentEncoding: 'base64',
          title: 'T',
          deprecated: true,
          readOnly: true,
        }),
      },
    ],
    [
      '3.0 boolean exclusiveMinimum → numeric',
      {
        openapi: '3.0.3',
        given: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 10 },
        want: integer({ exclusiveMinimum: 0, maximum: 10 }),
      },
    ],
    [
      '3.0 boolean exclusiveMaximum false keeps maximum',
      {
        openapi: '3.0.3',
        given: { type: 'number', maximum: 5, exclusiveMaximum: false },
        want: { kind: 'number', integer: false, maximum: 5, nullable: false },
      },
    ],
    [
      '3.1 numeric exclusive bounds',
      {
        given: { type: 'number', exclusiveMinimum: 1, exclusiveMaximum: 2, multipleOf: 0.5 },
        want: {
          kind: 'number',
          integer: false,
          exclusiveMinimum: 1,
          exclusiveMaximum: 2,
          multipleOf: 0.5,
          nullable: false,
        },
      },
    ],
    [
      'example and examples → examples',
      {
        given: { type: 'string', example: 'a', examples: ['b', 'c'] },
        want: string({ examples: ['a', 'b', 'c'] }),
      },
    ],
    [
      'default kept, even when null',
      {
        given: { type: ['string', 'null'], default: null },
        want: string({ nullable: true, default: { value: null } }),
      },
    ],
    [
      'const',
      {
        given: { const: 'dog', type: 'string' },
        want: { kind: 'const', value: 'dog', nullable: false },
      },
    ],
    [
      'enum without type has no baseType',
      {
        given: { enum: ['', 'a', 1] },
        want: { kind: 'enum', values: ['', 'a', 1], nullable: false },
      },
    ],
  ];

  const objects: Case[] = [
    [
      'properties keep spec order; required marked; additionalProperties absent → open',
      {
        given: {
          type: 'object',
          required: ['z'],
          properties: { z: { type: 'string' }, a: { type: 'integer' } },
        },
        want: {
          kind: 'object',
          properties: [
            { name: 'z', required: true, schema: string() },
            { name: 'a', required: false, schema: integer() },
          ],
          additionalProperties: true,
          nullable: false,
        },
      },
    ],
    [
      'a required name without a property schema is a required property of any value',
      {
        given: { type: 'object', required: ['a', 'b'], properties: { a: { type: 'string' } } },
        want: {
          kind: 'object',
          properties: [
            { name: 'a', required: true, schema: string() },
            { name: 'b', required: true, undeclared: true, schema: unknown },
          ],
          additionalProperties: true,
          nullable: false,
        },
      },
    ],
    [
      'additionalProperties: false → closed',
      {
        given: { type: 'object', additionalProperties: false },
        want: { kind: 'object', properties: [], additionalProperties: false, nullable: false },
      },
    ],
    [
      'additionalProperties: {} → open',
      {
        given: { type: 'object', additionalProperties: {} },
        want: {
          kind: 'object',
          properties: [],
          additionalProperties: true,
          extraKeysDeclared: true,
          nullable: false,
        },
      },
    ],
    [
      'additionalProperties: schema → typed',
      {
        given: { type: 'object', additionalProperties: { type: 'string' } },
        want: { kind: 'object', properties: [], additionalProperties: string(), nullable: false },
      },
    ],
    [
      'patternProperties, propertyNames and counts',
      {
        given: {
          type: 'object',
          patternProperties: { '^x-': { type: 'string' } },
          propertyNames: { pattern: '^[a-z]' },
          minProperties: 1,
          maxProperties: 3,
        },
        want: {
          kind: 'object',
          properties: [],
          additionalProperties: true,
          patternProperties: [{ pattern: '^x-', schema: string() }],
          propertyNames: string({ pattern: '^[a-z]' }),
          minProperties: 1,
          maxProperties: 3,
          nullable: false,
        },
      },
    ],
  ];

  const compositions: Case[] = [
    [
      'allOf of two refs → intersection',
      {
        given: {
          allOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
        },
        want: { kind: 'intersection', parts: [ref('Cat'), ref('Dog')], nullable: false },
      },
    ],
    [
      'allOf with sibling properties → intersection of members, then own object',
      {
        given: {
          allOf: [{ $ref: '#/components/schemas/Pet' }],
          properties: { a: { type: 'string' } },
        },
        want: {
          kind: 'intersection',
          parts: [
            ref('Pet'),
            {
              kind: 'object',
              properties: [{ name: 'a', required: false, schema: string() }],
              additionalProperties: true,
              nullable: false,
            },
          ],
          nullable: false,
        },
      },
    ],
    [
      'oneOf with discriminator: mapping refs become names, unmapped refs map to their own name',
      {
        given: {
          oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
          discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat' } },
        },
        want: {
          kind: 'union',
          mode: 'oneOf',
          variants: [ref('Cat'), ref('Dog')],
          discriminator: { propertyName: 'kind', mapping: { cat: 'Cat', Dog: 'Dog' } },
          nullable: false,
        },
      },
    ],
    [
      'allOf members that constrain nothing fold into the ref (annotations, bare object; nullable on a member does not admit null)',
      {
        openapi: '3.0.3',
        given: {
          allOf: [
            { $ref: '#/components/schemas/Pet' },
            { type: 'object' },
            { description: 'From a member', readOnly: true },
            { nullable: true },
          ],
        },
        want: ref('Pet', { description: 'From a member', readOnly: true }),
      },
    ],
    [
      "the node's own annotations win over folded members",
      {
        given: {
          description: 'Own',
          allOf: [{ $ref: '#/components/schemas/Pet' }, { description: 'Member' }],
        },
        want: ref('Pet', { description: 'Own' }),
      },
    ],
    [
      'members without a type take the parent type',
      {
        given: { type: ['string', 'null'], oneOf: [{ format: 'date' }, { format: 'date-time' }] },
        want: {
          kind: 'union',
          mode: 'oneOf',
          variants: [string({ format: 'date' }), string({ format: 'date-time' })],
          nullable: true,
        },
      },
    ],
    [
      'typed node whose allOf only annotates keeps its type',
      {
        given: { type: 'string', allOf: [{ description: 'Member' }] },
        want: string({ description: 'Member' }),
      },
    ],
    [
      'allOf member that only makes names required',
      {
        given: { allOf: [{ $ref: '#/components/schemas/Pet' }, { required: ['id'] }] },
        want: {
          kind: 'intersection',
          parts: [
            ref('Pet'),
            {
              kind: 'object',
              properties: [{ name: 'id', required: true, undeclared: true, schema: unknown }],
              additionalProperties: true,
              nullable: false,
            },
          ],
          nullable: false,
        },
      },
    ],
    [
      'anyOf → union mode anyOf',
      {
        given: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        want: { kind: 'union', mode: 'anyOf', variants: [string(), integer()], nullable: false },
      },
    ],
    [
      'type: object beside oneOf adds nothing',
      {
        given: {
          type: 'object',
          oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
        },
        want: { kind: 'union', mode: 'oneOf', variants: [ref('Cat'), ref('Dog')], nullable: false },
      },
    ],
    [
      '3.1 $ref with description sibling',
      {
        given: { $ref: '#/components/schemas/Pet', description: 'Here' },
        want: ref('Pet', { description: 'Here' }),
      },
    ],
    [
      '3.1 $ref with structural siblings → intersection',
      {
        given: {
          $ref: '#/components/schemas/Pet',
          required: ['a'],
          properties: { a: { type: 'string' } },
        },
        want: {
          kind: 'intersection',
          parts: [
            ref('Pet'),
            {
              kind: 'object',
              properties: [{ name: 'a', required: true, schema: string() }],
              additionalProperties: true,
              nullable: false,
            },
          ],
          nullable: false,
        },
      },
    ],
    [
      '3.0 $ref siblings other than annotations are ignored',
      {
        openapi: '3.0.3',
        given: { $ref: '#/components/schemas/Pet', type: 'object', properties: { a: {} } },
        want: ref('Pet'),
      },
    ],
  ];

  const refs: Case[] = [
    [
      'ref to a component → ref node',
      { given: { $ref: '#/components/schemas/Pet' }, want: ref('Pet') },
    ],
    [
      'percent-encoded ref to a component',
      { given: { $ref: '#/components/schemas/Pet%20Shop' }, want: ref('Pet Shop') },
    ],
    [
      'ref into a component is inlined',
      {
        given: { $ref: '#/components/schemas/Pet Shop/properties/name' },
        want: string({ minLength: 1 }),
      },
    ],
    [
      'ref to a missing schema → unknown',
      { given: { $ref: '#/components/schemas/Nope' }, want: unknown },
    ],
    [
      'self-recursive component stays a ref',
      {
        given: {
          type: 'object',
          properties: {
            children: { type: 'array', items: { $ref: '#/components/schemas/Subject' } },
          },
        },
        want: {
          kind: 'object',
          properties: [
            {
              name: 'children',
              required: false,
              schema: { kind: 'array', items: ref('Subject'), nullable: false },
            },
          ],
          additionalProperties: true,
          nullable: false,
        },
      },
    ],
    [
      'cycle through non-component refs falls back to unknown',
      {
        given: {
          type: 'object',
          properties: {
            self: { $ref: '#/components/schemas/Subject/properties/next' },
            next: { $ref: '#/components/schemas/Subject/properties/self' },
          },
        },
        want: {
          kind: 'object',
          properties: [
            { name: 'self', required: false, schema: unknown },
            { name: 'next', required: false, schema: unknown },
          ],
          additionalProperties: true,
          nullable: false,
        },
      },
    ],
  ];

  const withRefs = {
    ...others,
    'Pet Shop': { type: 'object', properties: { name: { type: 'string', minLength: 1 } } },
  };
  it.each([...nullable, ...types, ...objects, ...compositions, ...refs])(
    '%s',
    (_name, { given, openapi, want }) => {
      expect(schemaModel({ schema: given, openapi, others: withRefs })).toEqual(want);
    },
  );
});

describe('a `type` that names no type', () => {
  const cases: [string, { given: unknown; want: SchemaModel; warned: string[] }][] = [
    [
      "an object (codat's `definitions: {itemType: {type: {...}}}` reached by a $ref): no type, warned",
      {
        given: { type: { type: 'string', enum: ['A'] } },
        want: unknown,
        warned: ['#/components/schemas/Subject/type'],
      },
    ],
    [
      'a list with a number: its names, warned',
      {
        given: { type: ['string', 5] },
        want: string(),
        warned: ['#/components/schemas/Subject/type'],
      },
    ],
    [
      'a string that is no type name: no type, warned',
      { given: { type: 'foo' }, want: unknown, warned: ['#/components/schemas/Subject/type'] },
    ],
    [
      'a list with a string that is no type name: its type names, warned',
      {
        given: { type: ['string', 'bar'] },
        want: string(),
        warned: ['#/components/schemas/Subject/type'],
      },
    ],
    ['a name: no warning', { given: { type: 'string' }, want: string(), warned: [] }],
  ];
  it.each(cases)('%s', (_name, { given, want, warned }) => {
    const model = buildModel(document({ components: { schemas: { Subject: given } } }));
    expect(model.schemas[0]!.schema).toEqual(want);
    expect(
      (model.warnings ?? []).map(({ pointer, rule }) => [pointer, rule ?? 'schema-not']),
    ).toEqual(warned.map((pointer) => [pointer, 'emit-degraded']));
  });
});

describe('component schemas', () => {
  it('are sorted by code point, not locale, each with its pointer', () => {
    const model = buildModel(
      document({ components: { schemas: { b: {}, B: {}, a: {}, 'a/b': {}, Ä: {} } } }),
    );
    expect(model.schemas.map(({ name, pointer }) => [name, pointer])).toEqual([
      ['B', '#/components/schemas/B'],
      ['a', '#/components/schemas/a'],
      ['a/b', '#/components/schemas/a~1b'],
      ['b', '#/components/schemas/b'],
      ['Ä', '#/components/schemas/Ä'],
    ]);
  });

  it('refs to a schema under #/paths are converted where they point', () => {
    const model = buildModel(
      document({
        paths: {
          '/a': {
            get: {
              responses: {
                200: {
                  description: 'ok',
                  content: { 'application/json': { schema: { type: 'integer', maximum: 3 } } },
                },
              },
            },
          },
        },
        components: {
          schemas: {
            Subject: { $ref: '#/paths/~1a/get/responses/200/content/application~1json/schema' },
          },
        },
      }),
    );
    expect(model.schemas[0]?.schema).toEqual(integer({ maximum: 3 }));
  });

  it('two schemas referring to each other stay refs both ways', () => {
    const model = buildModel(
      document({
        components: {
          schemas: {
            A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
            B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
          },
        },
      }),
    );
    expect(
      model.schemas.map(({ schema }) => schema.kind === 'object' && schema.properties[0]?.schema),
    ).toEqual([ref('B'), ref('A')]);
  });

  it('a schema referred to from several places is converted once and shared', () => {
    const model = buildModel(
      document({
        components: {
          schemas: {
            Subject: {
              type: 'object',
              properties: {
                shape: { type: 'object', properties: { x: { type: 'number' } } },
                a: { $ref: '#/components/schemas/Subject/properties/shape' },
                b: { $ref: '#/components/schemas/Subject/properties/shape' },
              },
            },
          },
        },
      }),
    );
    const schema = model.schemas[0]?.schema;
    const [, a, b] = schema?.kind === 'object' ? schema.properties : [];
    expect(a?.schema).toMatchObject({ kind: 'object', properties: [{ name: 'x' }] });
    expect(a?.schema).toBe(b?.schema);
  });

  it('the model keeps the document it was built from', () => {
    const given = document();
    expect(buildModel(given).document).toBe(given);
  });
});

describe('references', () => {
  const cases: [string, { given: Record<string, unknown>; want: SchemaModel }][] = [
    [
      'a pointer through a $ref continues from its target',
      {
        given: {
          Alias: { $ref: '#/components/schemas/Real' },
          Real: { type: 'object', properties: { id: { type: 'integer' } } },
          Subject: { $ref: '#/components/schemas/Alias/properties/id' },
        },
        want: integer(),
      },
    ],
    [
      'pointers through each other end as unknown',
      {
        given: {
          A: { $ref: '#/components/schemas/B/properties/x' },
          B: { $ref: '#/components/schemas/A/properties/x' },
          Subject: { $ref: '#/components/schemas/A/properties/x' },
        },
        want: unknown,
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const model = buildModel(document({ components: { schemas: given } }));
    expect(model.schemas.find((schema) => schema.name === 'Subject')?.schema).toEqual(want);
  });
});

describe('shared targets of references into other schemas', () => {
  const inner = { type: 'object', properties: { x: { type: 'string' } } };
  const cases: [string, { given: Record<string, unknown>; want: string[] }][] = [
    [
      'a target two references reach is shared, by its pointer',
      {
        given: {
          A: { type: 'object', properties: { inner } },
          B: {
            type: 'object',
            properties: {
              a: { $ref: '#/components/schemas/A/properties/inner' },
              b: { $ref: '#/components/schemas/A/properties/inner' },
            },
          },
        },
        want: ['#/components/schemas/A/properties/inner'],
      },
    ],
    [
      'a target one reference reaches is not',
      {
        given: {
          A: { type: 'object', properties: { inner } },
          B: { $ref: '#/components/schemas/A/properties/inner' },
        },
        want: [],
      },
    ],
    [
      'component schemas are named already',
      {
        given: {
          A: inner,
          B: { type: 'array', items: { $ref: '#/components/schemas/A' } },
          C: { type: 'array', items: { $ref: '#/components/schemas/A' } },
        },
        want: [],
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const model = buildModel(document({ components: { schemas: given } }));
    expect([...(model.sharedSchemas?.values() ?? [])]).toEqual(want);
  });
});
