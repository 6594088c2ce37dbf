/**
 * readOnly/writeOnly: the one rule of whether a property exists in a direction (`presenceIn`),
 * and the model `readWrite: 'split'` makes of it (`splitReadWrite`), which every emitter reads.
 */
import { describe, expect, test } from 'vitest';
import { buildModel } from '../../src/model/index.js';
import { presenceIn, splitReadWrite, type Direction } from '../../src/model/read-write.js';
import type { ApiModel, NamedSchema, SchemaModel } from '../../src/model/types.js';
import { document } from './support.js';

type Json = Record<string, unknown>;

/** A users API: `User` has a readOnly id and a writeOnly password, `Team` refers to users. */
export function usersDocument(extraSchemas: Json = {}): Json {
  const user = { $ref: '#/components/schemas/User' };
  return document({
    paths: {
      '/users': {
        post: {
          operationId: 'createUser',
          requestBody: { required: true, content: { 'application/json': { schema: user } } },
          responses: {
            '201': { description: 'ok', content: { 'application/json': { schema: user } } },
          },
        },
        get: {
          operationId: 'listUsers',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'array', items: user } } },
            },
          },
        },
      },
      '/users/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: {
          operationId: 'getUser',
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: user } } },
          },
        },
      },
      '/teams': {
        post: {
          operationId: 'createTeam',
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Team' } } },
          },
          responses: { '204': { description: 'ok' } },
        },
      },
      '/names': {
        get: {
          operationId: 'listNames',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Name' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Id: { type: 'integer', readOnly: true },
        User: {
          type: 'object',
          required: ['id', 'name', 'password'],
          properties: {
            id: { $ref: '#/components/schemas/Id' },
            name: { type: 'string' },
            password: { type: 'string', writeOnly: true },
            created: { type: 'string', format: 'date-time', readOnly: true },
          },
        },
        Team: {
          type: 'object',
          properties: { members: { type: 'array', items: { $ref: '#/components/schemas/User' } } },
        },
        Name: { type: 'object', properties: { name: { type: 'string' } } },
        ...extraSchemas,
      },
    },
  });
}

function split(extraSchemas: Json = {}): ApiModel {
  const model = buildModel(usersDocument(extraSchemas));
  splitReadWrite(model);
  return model;
}

function named(model: ApiModel, name: string): NamedSchema {
  const found = model.schemas.find((schema) => schema.name === name);
  if (!found) throw new Error(`no component ${name}: ${model.schemas.map((s) => s.name).join()}`);
  return found;
}

/** `name: kind[?]` of each property of an object node, `?` when optional. */
function shape(node: SchemaModel): string[] {
  if (node.kind !== 'object') throw new Error(`not an object: ${node.kind}`);
  return node.properties.map(
    (property) =>
      `${property.name}${property.required ? '' : '?'}: ${property.schema.kind === 'ref' ? property.schema.name : property.schema.kind}`,
  );
}

describe('presenceIn: whether a property exists in a request or a response', () => {
  const model = buildModel(usersDocument());
  const components = new Map(model.schemas.map((schema) => [schema.name, schema]));
  const user = named(model, 'User').schema;
  if (user.kind !== 'object') throw new Error('User is an object');
  const property = (name: string) => user.properties.find((entry) => entry.name === name)!;
  const cases: [string, { property: string; direction: Direction; want: string }][] = [
    [
      'a plain property is in requests',
      { property: 'name', direction: 'request', want: 'present' },
    ],
    [
      'a plain property is in responses',
      { property: 'name', direction: 'response', want: 'present' },
    ],
    [
      'readOnly is forbidden in requests',
      { property: 'created', direction: 'request', want: 'forbidden' },
    ],
    ['readOnly is in responses', { property: 'created', direction: 'response', want: 'present' }],
    ['writeOnly is in requests', { property: 'password', direction: 'request', want: 'present' }],
    [
      'writeOnly is absent from responses',
      { property: 'password', direction: 'response', want: 'absent' },
    ],
    [
      'readOnly through a $ref to a readOnly component',
      { property: 'id', direction: 'request', want: 'forbidden' },
    ],
  ];
  test.each(cases)('%s', (_name, { property: name, direction, want }) => {
    expect(presenceIn(property(name), direction, components)).toBe(want);
  });
});

describe("splitReadWrite: the model of readWrite: 'split'", () => {
  test('adds a Writable shape where readOnly properties differ and a Readable one where writeOnly do', () => {
    const model = split();
    expect(model.schemas.map((schema) => schema.name)).toEqual([
      'Id',
      'Name',
      'Team',
      'TeamReadable',
      'TeamWritable',
      'User',
      'UserReadable',
      'UserWritable',
    ]);
    // Requests: readOnly properties are optional `never`; a required one is required in responses only.
    expect(shape(named(model, 'UserWritable').schema)).toEqual([
      'id?: never',
      'name: string',
      'password: string',
      'created?: never',
    ]);
    // Responses: writeOnly properties are gone.
    expect(shape(named(model, 'UserReadable').schema)).toEqual([
      'id: Id',
      'name: string',
      'created?: string',
    ]);
    expect(named(model, 'UserWritable').derived).toEqual({ from: 'User', direction: 'request' });
    // The shared component stays as the spec writes it.
    expect(shape(named(model, 'User').schema)).toEqual([
      'id: Id',
      'name: string',
      'password: string',
      'created?: string',
    ]);
  });

  test('a component that refers to a differing one differs too; others are left alone', () => {
    const model = split();
    const team = named(model, 'TeamWritable').schema;
    expect(team.kind === 'object' && team.properties[0]!.schema).toMatchObject({
      kind: 'array',
      items: { kind: 'ref', name: 'UserWritable' },
    });
    // Name has no readOnly or writeOnly property and refers to no component with one.
    expect(model.schemas.filter((schema) => schema.derived?.from === 'Name')).toEqual([]);
    const listNames = model.operations.find((op) => op.operationId === 'listNames')!;
    expect(listNames.responses[0]!.content[0]!.schema).toMatchObject({ kind: 'ref', name: 'Name' });
  });

  test('request bodies take the writable shapes, responses the readable ones', () => {
    const model = split();
    const operation = (id: string) => model.operations.find((op) => op.operationId === id)!;
    expect(operation('createUser').requestBody!.content[0]!.schema).toMatchObject({
      kind: 'ref',
      name: 'UserWritable',
    });
    expect(operation('createUser').responses[0]!.content[0]!.schema).toMatchObject({
      kind: 'ref',
      name: 'UserReadable',
    });
    expect(operation('listUsers').responses[0]!.content[0]!.schema).toMatchObject({
      kind: 'array',
      items: { kind: 'ref', name: 'UserReadable' },
    });
    // Fixtures are checked against what now stands at each rewritten pointer.
    expect([...model.readWrite!.replaced.keys()].sort()).toEqual([
      '#/paths/~1teams/post/requestBody/content/application~1json/schema',
      '#/paths/~1users/get/responses/200/content/application~1json/schema',
      '#/paths/~1users/post/requestBody/content/application~1json/schema',
      '#/paths/~1users/post/responses/201/content/application~1json/schema',
      '#/paths/~1users~1{id}/get/responses/200/content/application~1json/schema',
    ]);
  });

  test('a derived name a component already has is numbered', () => {
    const model = split({ UserReadable: { type: 'string' } });
    expect(named(model, 'UserReadable').schema.kind).toBe('string');
    expect(named(model, 'UserReadable2').derived).toEqual({ from: 'User', direction: 'response' });
  });

  test("a discriminator's mapping follows its variants to their shapes", () => {
    const model = buildModel(
      document({
        paths: {
          '/pets': {
            post: {
              operationId: 'createPet',
              requestBody: {
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
              },
              responses: { '204': { description: 'ok' } },
            },
          },
        },
        components: {
          schemas: {
            Pet: {
              oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
              discriminator: { propertyName: 'kind' },
            },
            Cat: {
              type: 'object',
              required: ['kind'],
              properties: { kind: { const: 'Cat' }, id: { type: 'string', readOnly: true } },
            },
            Dog: { type: 'object', required: ['kind'], properties: { kind: { const: 'Dog' } } },
          },
        },
      }),
    );
    splitReadWrite(model);
    const pet = named(model, 'PetWritable').schema;
    expect(pet.kind === 'union' && pet.variants.map((v) => v.kind === 'ref' && v.name)).toEqual([
      'CatWritable',
      'Dog',
    ]);
    expect(pet.kind === 'union' && pet.discriminator?.mapping).toEqual({
      Cat: 'CatWritable',
      Dog: 'Dog',
    });
  });

  test("the mock's collections hide writeOnly properties from answers", () => {
    const model = split();
    expect(model.mock.collections.find((c) => c.name === 'users')).toMatchObject({
      schema: 'User',
      hidden: ['password'],
    });
  });
});
