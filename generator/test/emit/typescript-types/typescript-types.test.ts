/**
 * The types printer, one `[name, { given, want }]` table per part (as openapi-typescript's own
 * transform tests are): a schema or document fragment in, the TypeScript it prints out, every
 * output type-checked. Its agreement with openapi-typescript on real specs is the corpus test's
 * (`test/contract/corpus.test.ts`, `test/support/types-equivalence.ts`).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { buildModel } from '../../../src/model/index.js';
import type { ApiModel } from '../../../src/model/types.js';
import { typescriptTypesEmitter, typesSource } from '../../../src/emit/typescript-types/index.js';
import { typeCheck } from '../client/compile.js';
import { context, model, operation, string } from '../client/model.js';
import { corpusSpec } from '../../../../test/support/corpus.js';

function documentModel(document: Record<string, unknown>): ApiModel {
  return buildModel({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    ...document,
  });
}

/** A model whose only component schema is `schema`, named `S`. */
function schemaModel(schema: unknown, openapi = '3.1.0'): ApiModel {
  return documentModel({ openapi, components: { schemas: { S: schema } } });
}

async function emitTypes(given: ApiModel): Promise<string> {
  const files = await typescriptTypesEmitter.emit(given, context);
  expect(files.map((file) => file.path)).toEqual(['src/types.ts']);
  return files[0]!.contents;
}

/** The printed type of component `S`, whitespace collapsed. */
function printedS(types: string): string {
  const match = /\n\s*S: /.exec(types)!;
  const start = match.index + match[0].length;
  let depth = 0;
  let end = start;
  for (; end < types.length; end += 1) {
    const char = types[end];
    if (char === '{' || char === '(' || char === '[' || char === '<') depth += 1;
    if (char === '}' || char === ')' || char === ']' || char === '>') depth -= 1;
    if (char === ';' && depth === 0) break;
  }
  return types.slice(start, end).replace(/\s+/g, ' ').trim();
}

const ok = (types: string) => expect(typeCheck({ 'src/types.ts': types })).toEqual([]);

describe('schema printers (one per kind)', () => {
  const cases: [string, { given: unknown; want: string; openapi?: string }][] = [
    ['string', { given: { type: 'string' }, want: 'string' }],
    ['integer is number', { given: { type: 'integer', format: 'int64' }, want: 'number' }],
    ['boolean', { given: { type: 'boolean' }, want: 'boolean' }],
    ['3.1 null', { given: { type: 'null' }, want: 'null' }],
    ['empty schema', { given: {}, want: 'unknown' }],
    [
      'items without type: any value (items constrains arrays only)',
      { given: { items: { type: 'string' } }, want: 'unknown' },
    ],
    [
      'properties without type: an object (as openapi-typescript reads it)',
      { given: { properties: { a: { type: 'string' } } }, want: '{ a?: string; }' },
    ],
    ['false', { given: false, want: 'never' }],
    ['enum', { given: { type: 'string', enum: ['a', 'b'] }, want: '"a" | "b"' }],
    ['enum with null', { given: { enum: ['a', null] }, want: '"a" | null' }],
    ['empty enum accepts nothing', { given: { type: 'string', enum: [] }, want: 'never' }],
    ['const', { given: { const: 42 }, want: '42' }],
    [
      '3.0 nullable',
      { given: { type: 'string', nullable: true }, want: 'string | null', openapi: '3.0.3' },
    ],
    ['3.1 type array', { given: { type: ['string', 'null'] }, want: 'string | null' }],
    ['polymorphic type array', { given: { type: ['string', 'integer'] }, want: 'string | number' }],
    ['array', { given: { type: 'array', items: { type: 'string' } }, want: 'string[]' }],
    ['array without items', { given: { type: 'array' }, want: 'unknown[]' }],
    [
      'array of a union',
      {
        given: { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
        want: '(string | number)[]',
      },
    ],
    [
      'tuple',
      {
        given: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
        want: '[string, number]',
      },
    ],
    [
      'object: optional and required properties',
      {
        given: {
          type: 'object',
          required: ['a'],
          properties: { a: { type: 'string' }, b: { type: 'number' } },
        },
        want: '{ a: string; b?: number; }',
      },
    ],
    [
      'object: a default makes a component property required (defaultNonNullable)',
      {
        given: { type: 'object', properties: { a: { type: 'string', default: 'x' } } },
        want: '{ /** @default x */ a: string; }',
      },
    ],
    [
      'object: readOnly',
      {
        given: { type: 'object', properties: { id: { type: 'string', readOnly: true } } },
        want: '{ readonly id?: string; }',
      },
    ],
    [
      'object without properties is open',
      { given: { type: 'object' }, want: 'Record<string, unknown>' },
    ],
    [
      'closed object without properties',
      { given: { type: 'object', additionalProperties: false }, want: 'Record<string, never>' },
    ],
    [
      'declared extra keys',
      {
        given: {
          type: 'object',
          additionalProperties: true,
          properties: { a: { type: 'string' } },
        },
        want: '{ a?: string; } & { [key: string]: unknown; }',
      },
    ],
    [
      'typed extra keys',
      {
        given: { type: 'object', additionalProperties: { type: 'number' } },
        want: '{ [key: string]: number; }',
      },
    ],
    [
      'a name required without a schema is present with any value',
      { given: { type: 'object', required: ['a'] }, want: '{ a: {} | null; }' },
    ],
    [
      'oneOf of primitives',
      { given: { oneOf: [{ type: 'string' }, { type: 'number' }] }, want: 'string | number' },
    ],
    [
      'anyOf with null is nullable',
      {
        given: { anyOf: [{ $ref: '#/components/schemas/T' }, { type: 'null' }] },
        want: 'components["schemas"]["T"] | null',
      },
    ],
    [
      'allOf',
      {
        given: {
          allOf: [
            { $ref: '#/components/schemas/T' },
            { type: 'object', properties: { b: { type: 'string' } } },
          ],
        },
        want: 'components["schemas"]["T"] & { b?: string; }',
      },
    ],
    [
      'JSDoc of a property: title, format, deprecated, description, example',
      {
        given: {
          type: 'object',
          properties: {
            at: {
              type: 'string',
              format: 'date-time',
              title: 'When',
              description: 'The time',
              deprecated: true,
              example: 'now',
            },
          },
        },
        want: '{ /** * When * Format: date-time * @deprecated * @description The time * @example now */ at?: string; }',
      },
    ],
    [
      'a comment cannot be ended by a description',
      {
        given: { type: 'object', properties: { a: { type: 'string', description: 'x */ y' } } },
        want: '{ /** @description x *\\/ y */ a?: string; }',
      },
    ],
  ];
  test.each(cases)('%s', async (_name, { given, want, openapi }) => {
    const types = await emitTypes(
      documentModel({
        ...(openapi && { openapi }),
        components: {
          schemas: { S: given, T: { type: 'object', properties: { a: { type: 'string' } } } },
        },
      }),
    );
    expect(printedS(types)).toBe(want);
    ok(types);
  });
});

describe('null beside a reference: valid only where every part admits it', () => {
  const object = { type: 'object', properties: { a: { type: 'string' } } };
  const cases: [string, { given: unknown; want: string }][] = [
    [
      '3.1 null type beside a $ref: the reference must match null too',
      {
        given: { $ref: '#/components/schemas/T', type: ['object', 'null'] },
        want: 'components["schemas"]["T"]',
      },
    ],
    [
      '3.1 null anyOf member beside a $ref',
      {
        given: { $ref: '#/components/schemas/T', anyOf: [{ type: 'object' }, { type: 'null' }] },
        want: 'components["schemas"]["T"]',
      },
    ],
    [
      'nullable: true beside a $ref (OpenAPI\'s keyword, read as "also null")',
      {
        given: { $ref: '#/components/schemas/T', nullable: true },
        want: 'components["schemas"]["T"] | null',
      },
    ],
    [
      'a null anyOf member without a $ref',
      {
        given: { anyOf: [{ $ref: '#/components/schemas/T' }, { type: 'null' }] },
        want: 'components["schemas"]["T"] | null',
      },
    ],
    [
      'allOf of a nullable reference and a bare object: the object part rejects null',
      {
        given: { allOf: [{ $ref: '#/components/schemas/N' }, { type: 'object' }] },
        want: 'components["schemas"]["N"] & Record<string, unknown>',
      },
    ],
    [
      'allOf of a reference and a bare object folds into the reference',
      {
        given: { allOf: [{ $ref: '#/components/schemas/T' }, { type: 'object' }] },
        want: 'components["schemas"]["T"]',
      },
    ],
  ];
  test.each(cases)('%s', async (_name, { given, want }) => {
    const types = await emitTypes(
      documentModel({
        components: {
          schemas: { S: given, T: object, N: { ...object, type: ['object', 'null'] } },
        },
      }),
    );
    expect(printedS(types)).toBe(want);
    ok(types);
  });
});

describe('discriminators (openapi-typescript reading)', () => {
  const document = {
    components: {
      schemas: {
        Pet: {
          oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
          discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat' } },
        },
        Cat: {
          type: 'object',
          required: ['kind'],
          properties: { kind: { type: 'string' }, meow: { type: 'boolean' } },
        },
        Dog: { type: 'object', properties: { kind: { type: 'string' } } },
        Base: {
          type: 'object',
          properties: { type: { type: 'string' } },
          discriminator: { propertyName: 'type' },
        },
        Child: {
          allOf: [
            { $ref: '#/components/schemas/Base' },
            { type: 'object', properties: { x: { type: 'string' } } },
          ],
        },
      },
    },
  };
  test('mapped and inferred values narrow the property; an allOf child omits and narrows it', async () => {
    const types = await emitTypes(documentModel(document));
    const flat = types.replace(/\s+/g, ' ');
    expect(flat).toContain('Cat: { kind: "cat"; } & {');
    expect(flat).toContain('Dog: { kind: "Dog"; } & {');
    expect(flat).toContain(
      'Child: { type: "Child"; } & Omit<components["schemas"]["Base"], "type"> & {',
    );
    ok(types);
    ok(
      `${types}\nconst pet = null as unknown as components['schemas']['Pet'];\nif (pet.kind === 'cat') { const meow: boolean | undefined = pet.meow; void meow; }\n`,
    );
  });

  test("a grandchild whose allOf is its parent alone omits the parent's narrowed property (not never)", async () => {
    // Azure's ResponseBase → Identifiable → Response, in its order (openapi-typescript reads the
    // components in one pass): each level narrows `_type` to its own name.
    const types = await emitTypes(
      documentModel({
        components: {
          schemas: {
            Identifiable: {
              type: 'object',
              properties: { id: { type: 'string' } },
              allOf: [{ $ref: '#/components/schemas/ResponseBase' }],
            },
            Response: {
              type: 'object',
              properties: {},
              allOf: [{ $ref: '#/components/schemas/Identifiable' }],
            },
            ResponseBase: {
              type: 'object',
              required: ['_type'],
              properties: { _type: { type: 'string' } },
              discriminator: { propertyName: '_type' },
            },
          },
        },
      }),
    );
    const flat = types.replace(/\s+/g, ' ');
    expect(flat).toContain(
      'Response: { _type: "Response"; } & Omit<components["schemas"]["Identifiable"], "_type">;',
    );
    ok(
      `${types}\nexport const response: components['schemas']['Response'] = { _type: 'Response', id: 'a' };\n`,
    );
  });

  test("a mapping target extending another target leaves out that one's narrowed property (not never)", async () => {
    // velopayments: PaymentRejectedOrReturned extends PaymentStatusChanged; both are targets of
    // one discriminator mapping, so each narrows `sourceType` to its own value.
    const types = await emitTypes(
      documentModel({
        components: {
          schemas: {
            Event: {
              oneOf: [
                { $ref: '#/components/schemas/Changed' },
                { $ref: '#/components/schemas/Rejected' },
              ],
              discriminator: {
                propertyName: 'sourceType',
                mapping: {
                  changed: '#/components/schemas/Changed',
                  rejected: '#/components/schemas/Rejected',
                },
              },
            },
            Base: {
              type: 'object',
              required: ['sourceType'],
              properties: { sourceType: { type: 'string' } },
            },
            Changed: {
              allOf: [
                { $ref: '#/components/schemas/Base' },
                {
                  type: 'object',
                  required: ['status'],
                  properties: { status: { type: 'string' } },
                },
              ],
            },
            Rejected: {
              allOf: [
                { $ref: '#/components/schemas/Changed' },
                {
                  type: 'object',
                  required: ['reason'],
                  properties: { reason: { type: 'string' } },
                },
              ],
            },
          },
        },
      }),
    );
    const flat = types.replace(/\s+/g, ' ');
    expect(flat).toContain('Omit<components["schemas"]["Changed"], "sourceType">');
    ok(
      `${types}\nexport const rejected: components['schemas']['Rejected'] = { sourceType: 'rejected', status: 'a', reason: 'b' };\n`,
    );
  });

  test('a value that every variant of a referenced union rejects does not narrow it (not never)', async () => {
    const variant = (value: string) => ({
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', enum: [value] } },
    });
    const types = await emitTypes(
      documentModel({
        components: {
          schemas: {
            // influx's Check: an allOf child of a discriminated union whose variants fix `type`.
            Check: { allOf: [{ $ref: '#/components/schemas/CheckDiscriminator' }] },
            CheckDiscriminator: {
              oneOf: [
                { $ref: '#/components/schemas/Deadman' },
                { $ref: '#/components/schemas/Threshold' },
              ],
              discriminator: {
                propertyName: 'type',
                mapping: {
                  deadman: '#/components/schemas/Deadman',
                  threshold: '#/components/schemas/Threshold',
                },
              },
            },
            Deadman: variant('deadman'),
            Threshold: variant('threshold'),
          },
        },
      }),
    );
    const flat = types.replace(/\s+/g, ' ');
    expect(flat).toContain('Check: components["schemas"]["CheckDiscriminator"];');
    ok(`${types}\nexport const check: components['schemas']['Check'] = { type: 'deadman' };\n`);
  });

  test("a value the property itself rejects does not narrow it (the spec's const stays, not never)", async () => {
    const types = await emitTypes(
      documentModel({
        components: {
          schemas: {
            Plan: {
              oneOf: [
                { $ref: '#/components/schemas/Fixed' },
                { $ref: '#/components/schemas/Open' },
              ],
              discriminator: { propertyName: 'type' },
            },
            Fixed: {
              type: 'object',
              required: ['type'],
              properties: { type: { const: 'fixed' }, price: { type: 'number' } },
            },
            Open: {
              type: 'object',
              required: ['type'],
              properties: { type: { type: 'string', enum: ['open', 'Open'] } },
            },
          },
        },
      }),
    );
    const flat = types.replace(/\s+/g, ' ');
    expect(flat).toContain('Fixed: { /** @constant */ type: "fixed"; price?: number; };');
    expect(flat).toContain('Open: { type: "Open"; } & ({');
    ok(
      `${types}\nconst plan = null as unknown as components['schemas']['Plan'];\nif (plan.type === 'fixed') { const price: number | undefined = plan.price; void price; }\n`,
    );
  });

  test("an allOf child whose name the parent's enum rejects keeps the parent's property (not omitted)", async () => {
    // britbox: ItemDetail extends the discriminated ItemSummary, whose `type` is an enum without
    // "ItemDetail": the child is no mapping target, so nothing narrows `type` and it must stay.
    const types = await emitTypes(
      documentModel({
        components: {
          schemas: {
            Summary: {
              type: 'object',
              required: ['id', 'type'],
              discriminator: { propertyName: 'type' },
              properties: {
                id: { type: 'string' },
                type: { type: 'string', enum: ['movie', 'show'] },
              },
            },
            Detail: {
              allOf: [
                { $ref: '#/components/schemas/Summary' },
                { type: 'object', properties: { show: { $ref: '#/components/schemas/Detail' } } },
              ],
            },
          },
        },
      }),
    );
    const flat = types.replace(/\s+/g, ' ');
    expect(flat).toContain('Detail: components["schemas"]["Summary"] & {');
    ok(
      `${types}\nconst detail = null as unknown as components['schemas']['Detail'];\nconst type: 'movie' | 'show' = detail.type;\nconst nested: 'movie' | 'show' | undefined = detail.show?.type;\nvoid type; void nested;\n`,
    );
  });
});

describe('document objects', () => {
  const derived = operation({
    operationId: 'get_items_id',
    operationIdDerived: true,
    method: 'get',
    path: '/items/{id}',
  });
  const named = operation({ operationId: 'listItems', method: 'get', path: '/items' });

  const cases: [string, { given: ApiModel; want: string[]; check?: string }][] = [
    [
      'operations without an operationId get the derived one',
      {
        given: model({ operations: [derived, named] }),
        want: ['get_items_id: {', 'listItems: {', "get: operations['get_items_id'];"],
        check: 'type T = types.operations["get_items_id"]["responses"]["200"];',
      },
    ],
    [
      'spec order is kept (not alphabetized)',
      {
        given: model({
          operations: [named, operation({ operationId: 'addItem', method: 'post', path: '/add' })],
        }),
        want: ["'/items': {"],
      },
    ],
    [
      'a component schema has a named export',
      {
        given: model({
          operations: [named],
          schemas: [{ name: 'Item', pointer: '#/components/schemas/Item', schema: string }],
        }),
        want: ["export type Item = components['schemas']['Item'];"],
        check: 'const item: types.Item = "x";',
      },
    ],
    [
      'a component named as a global type the file uses (Record, Omit) has no named export',
      {
        given: model({
          operations: [named],
          schemas: [
            { name: 'Record', pointer: '#/components/schemas/Record', schema: string },
            { name: 'Omit', pointer: '#/components/schemas/Omit', schema: string },
          ],
        }),
        // `webhooks = Record<string, never>` and the rest still compile (an export would be TS2315).
        want: ['Record: string;', 'export type webhooks = Record<string, never>;'],
        check: 'const record: types.components["schemas"]["Record"] = "x";',
      },
    ],
  ];
  test.each(cases)('%s', async (_name, { given, want, check }) => {
    const types = (await emitTypes(given)).replace(/"/g, "'");
    for (const fragment of want) expect(types).toContain(fragment);
    expect(types).not.toMatch(/export (const )?enum /);
    const usage: Record<string, string> = check
      ? { 'src/usage.ts': `import type * as types from './types.js';\nexport ${check}\n` }
      : {};
    expect(typeCheck({ 'src/types.ts': types, ...usage })).toEqual([]);
  });

  test('parameters, bodies, responses and headers, by value and by $ref', async () => {
    const types = await emitTypes(
      documentModel({
        paths: {
          '/items/{id}': {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            post: {
              operationId: 'update',
              parameters: [{ $ref: '#/components/parameters/Limit' }],
              requestBody: { $ref: '#/components/requestBodies/Body' },
              responses: {
                '200': {
                  description: 'ok',
                  headers: { 'X-Rate': { schema: { type: 'integer' }, required: true } },
                  content: { 'application/json': { schema: { type: 'string' } } },
                },
                '404': { $ref: '#/components/responses/NotFound' },
              },
            },
          },
        },
        components: {
          parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } },
          requestBodies: {
            Body: { required: true, content: { 'text/plain': { schema: { type: 'string' } } } },
          },
          responses: { NotFound: { description: 'missing' } },
        },
      }),
    );
    const flat = types.replace(/\s+/g, ' ');
    expect(flat).toContain('path: { id: string; };');
    expect(flat).toContain(
      "query?: { limit?: components['parameters']['Limit']; };".replace(/'/g, '"'),
    );
    expect(flat).toContain('requestBody: components["requestBodies"]["Body"];');
    expect(flat).toContain('headers: { "X-Rate": number; [name: string]: unknown; };');
    expect(flat).toContain('404: components["responses"]["NotFound"];');
    expect(flat).toContain(
      'NotFound: { headers: { [name: string]: unknown; }; content?: never; };',
    );
    ok(types);
  });

  test('hostile operationIds and media types stay quoted keys', async () => {
    const hostile = operation({
      operationId: 'a"b*/c',
      method: 'get',
      path: '/x',
      responses: [
        {
          status: '200',
          description: 'ok',
          content: [
            { mediaType: 'application/vnd"odd+json', schema: string, pointer: '#', examples: [] },
          ],
          headers: [],
        },
      ],
    });
    ok(await emitTypes(model({ operations: [hostile] })));
  });
});

describe('what cannot be typed degrades, located, never a crash', () => {
  test('an alias cycle is unknown with a warning at the schema', async () => {
    const given = documentModel({
      components: {
        schemas: {
          A: { anyOf: [{ $ref: '#/components/schemas/B' }, { type: 'null' }] },
          B: { $ref: '#/components/schemas/A' },
          Json: {
            oneOf: [
              { type: 'string' },
              { type: 'array', items: { $ref: '#/components/schemas/Json' } },
            ],
          },
          Tree: {
            type: 'object',
            properties: {
              children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
            },
          },
        },
      },
    });
    const { text, warnings } = typesSource(given);
    expect(warnings.map((warning) => warning.pointer)).toEqual([
      '#/components/schemas/A',
      '#/components/schemas/B',
      '#/components/schemas/Json',
    ]);
    expect(text).toContain('A: unknown;');
    ok(text);
  });

  test('a schema nested deeper than the printer goes is unknown past that depth', async () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let depth = 0; depth < 400; depth += 1) schema = { type: 'array', items: schema };
    const { text, warnings } = typesSource(schemaModel(schema));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.pointer).toBe('#/components/schemas/S');
    ok(text);
  });
});

/**
 * `L<k>.inner` holds two references to `L<k-1>.inner`: pointers into other schemas, as
 * json-schema-ref-parser's `bundle` writes them for a multi-file spec. Printed at every use, the
 * type of `L<depth>` would repeat `L0.inner` 2^depth times.
 */
function nestedPointers(depth: number): ApiModel {
  const schemas: Record<string, unknown> = {
    L0: {
      type: 'object',
      properties: {
        inner: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] },
      },
    },
  };
  for (let k = 1; k <= depth; k += 1) {
    const inner = { $ref: `#/components/schemas/L${k - 1}/properties/inner` };
    schemas[`L${k}`] = {
      type: 'object',
      properties: { inner: { type: 'object', properties: { a: inner, b: inner } } },
    };
  }
  return documentModel({ components: { schemas } });
}

describe('references into other schemas: each shared target is named once', () => {
  test('nested sharing prints one local alias per target, not a tree per use', async () => {
    const types = await emitTypes(nestedPointers(12));
    expect(types.split('\n').length).toBeLessThan(300);
    expect(types.match(/type \$ref_L0_properties_inner = /g)).toHaveLength(1);
    expect(types.replace(/\s+/g, ' ')).toContain(
      'type $ref_L1_properties_inner = { a?: $ref_L0_properties_inner; b?: $ref_L0_properties_inner; };',
    );
    // The alias is the module's own: `components` keeps its public shape, nothing else is exported.
    expect(types).not.toMatch(/export type \$ref_/);
    ok(`${types}
const deep: components['schemas']['L2'] = { inner: { a: { a: { x: 'x' } }, b: { b: { x: 'y' } } } };
// @ts-expect-error \`x\` is required two levels down
const missing: components['schemas']['L2'] = { inner: { a: { a: {} } } };
export { deep, missing };`);
  });

  const cases: [string, { given: Record<string, unknown>; want: string; absent: string }][] = [
    [
      'a target one reference reaches stays inline',
      {
        given: {
          A: {
            type: 'object',
            properties: { p: { type: 'object', properties: { q: { type: 'string' } } } },
          },
          B: { type: 'object', properties: { r: { $ref: '#/components/schemas/A/properties/p' } } },
        },
        want: 'B: { r?: { q?: string; }; };',
        absent: '$ref_',
      },
    ],
    [
      'references to component schemas keep their indexed access',
      {
        given: {
          A: { type: 'string' },
          B: {
            type: 'object',
            properties: {
              a: { $ref: '#/components/schemas/A' },
              b: { $ref: '#/components/schemas/A' },
            },
          },
        },
        want: 'B: { a?: components["schemas"]["A"]; b?: components["schemas"]["A"]; };',
        absent: '$ref_',
      },
    ],
    [
      'a $defs target two references reach is named by its pointer',
      {
        given: {
          B: {
            type: 'object',
            properties: {
              a: { $ref: '#/components/schemas/B/$defs/id-part' },
              b: { $ref: '#/components/schemas/B/$defs/id-part' },
            },
            $defs: { 'id-part': { type: 'string', minLength: 1 } },
          },
        },
        want: 'B: { a?: $ref_B__defs_id_part; b?: $ref_B__defs_id_part; };',
        absent: 'export type $ref_',
      },
    ],
  ];
  test.each(cases)('%s', async (_name, { given, want, absent }) => {
    const types = await emitTypes(documentModel({ components: { schemas: given } }));
    const collapsed = types.replace(/\s+/g, ' ').replace(/'/g, '"');
    expect(collapsed).toContain(want);
    expect(types).not.toContain(absent);
    ok(types);
  });
});

describe('the corpus', () => {
  function corpusModel(file: string): ApiModel {
    const text = readFileSync(corpusSpec(file), 'utf8');
    return buildModel(
      file.endsWith('.json') ? JSON.parse(text) : parse(text, { maxAliasCount: -1 }),
    );
  }
  const cases: [string, { given: string; want: string[] }][] = [
    [
      '3.0 petstore',
      { given: 'oai-v30-petstore.yaml', want: ['listPets: {', 'export interface components'] },
    ],
    [
      '3.1 webhooks only, no paths',
      {
        given: 'oai-v31-webhook-example.yaml',
        want: ['export interface webhooks', 'export type paths = Record<string, never>;'],
      },
    ],
    [
      '3.1 every security scheme type, $defs',
      { given: 'scalar-galaxy.yaml', want: ['export interface operations'] },
    ],
    [
      '3.0 form bodies, XML, octet-stream',
      { given: 'swagger-petstore-v30.yaml', want: ['"application/octet-stream"'] },
    ],
  ];
  test.each(cases)('%s', async (_name, { given, want }) => {
    const types = await emitTypes(corpusModel(given));
    for (const fragment of want) expect(types).toContain(fragment);
    ok(types);
  });
});
