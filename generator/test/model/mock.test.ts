import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildModel } from '../../src/model/index.js';
import type { MockModel } from '../../src/model/index.js';
import { corpusSpec } from '../../../test/support/corpus.js';
import { document } from './support.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (schema: unknown) => ({ '200': { description: 'OK', ...json(schema) } });
const idParameter = (name: string, type = 'integer') => ({
  name,
  in: 'path',
  required: true,
  schema: { type },
});
const writes = { set: {}, when: [], require: [] };

function mockOf(given: Record<string, unknown>): MockModel {
  return buildModel(document(given)).mock;
}

const pet = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };

describe('mock model: resources recognised from the paths', () => {
  const cases: [string, { given: Record<string, unknown>; want: Partial<MockModel> }][] = [
    [
      'collection and item routes sharing a schema: list, create, read, update, delete, and a sub-route under the item',
      {
        given: {
          paths: {
            '/pets': {
              get: {
                operationId: 'listPets',
                parameters: [{ name: 'name', in: 'query', schema: { type: 'string' } }],
                responses: ok({ type: 'array', items: ref('Pet') }),
              },
              post: {
                operationId: 'createPet',
                requestBody: json({
                  type: 'object',
                  properties: { name: { type: 'string' }, tag: { type: 'string' } },
                }),
                responses: { '201': { description: 'Created', ...json(ref('Pet')) } },
              },
            },
            '/pets/{petId}': {
              parameters: [idParameter('petId')],
              get: { operationId: 'getPet', responses: ok(ref('Pet')) },
              patch: {
                operationId: 'patchPet',
                requestBody: json(ref('Pet')),
                responses: ok(ref('Pet')),
              },
              delete: {
                operationId: 'deletePet',
                responses: { '204': { description: 'Deleted' } },
              },
            },
            '/pets/{petId}/feed': {
              post: {
                operationId: 'feedPet',
                parameters: [idParameter('petId')],
                responses: ok({ type: 'object' }),
              },
            },
          },
          components: { schemas: { Pet: pet } },
        },
        want: {
          collections: [
            {
              name: 'pets',
              schema: 'Pet',
              key: 'id',
              keyType: 'integer',
              private: false,
              seed: [{ count: 3, values: {}, sequence: {}, cycle: {}, flags: [], owner: 'none' }],
              inferred: true,
            },
          ],
          behaviours: {
            createPet: {
              kind: 'create',
              collection: 'pets',
              bodyProperties: ['name'],
              queryProperties: [],
              ...writes,
            },
            deletePet: {
              kind: 'delete',
              collection: 'pets',
              key: { in: 'path', name: 'petId' },
              result: 'status',
            },
            feedPet: {
              kind: 'respond',
              bodyProperties: [],
              queryProperties: [],
              ...writes,
              parent: { collection: 'pets', key: { in: 'path', name: 'petId' } },
            },
            getPet: { kind: 'read', collection: 'pets', key: { in: 'path', name: 'petId' } },
            listPets: {
              kind: 'list',
              collection: 'pets',
              itemsField: '',
              filters: [
                {
                  field: '/name',
                  op: 'equals',
                  source: { parameter: { in: 'query', name: 'name' } },
                },
              ],
              echo: [],
              nullableFields: [],
            },
            patchPet: {
              kind: 'update',
              collection: 'pets',
              key: { in: 'path', name: 'petId' },
              replace: false,
              bodyProperties: ['id', 'name'],
              queryProperties: [],
              ...writes,
            },
          },
        },
      },
    ],
    [
      'trailing slashes, a uuid key named like the parameter, a list wrapped in an object, a boolean delete',
      {
        given: {
          paths: {
            '/things/': {
              get: {
                operationId: 'listThings',
                responses: ok({
                  type: 'object',
                  properties: {
                    results: { type: 'array', items: ref('Thing') },
                    total: { type: 'integer' },
                  },
                }),
              },
            },
            '/things/{thing_id}/': {
              get: {
                operationId: 'getThing',
                parameters: [idParameter('thing_id', 'string')],
                responses: ok(ref('Thing')),
              },
              delete: {
                operationId: 'deleteThing',
                parameters: [idParameter('thing_id', 'string')],
                responses: ok({ type: 'boolean' }),
              },
            },
          },
          components: {
            schemas: {
              Thing: {
                type: 'object',
                properties: { thing_id: { type: 'string', format: 'uuid' } },
              },
            },
          },
        },
        want: {
          collections: [
            {
              name: 'things',
              schema: 'Thing',
              key: 'thing_id',
              keyType: 'uuid',
              private: false,
              seed: [{ count: 3, values: {}, sequence: {}, cycle: {}, flags: [], owner: 'none' }],
              inferred: true,
            },
          ],
          behaviours: {
            deleteThing: {
              kind: 'delete',
              collection: 'things',
              key: { in: 'path', name: 'thing_id' },
              result: 'boolean',
            },
            getThing: { kind: 'read', collection: 'things', key: { in: 'path', name: 'thing_id' } },
            listThings: {
              kind: 'list',
              collection: 'things',
              itemsField: 'results',
              filters: [],
              echo: [],
              nullableFields: [],
            },
          },
        },
      },
    ],
    [
      'an item route whose schema the collection route does not return is not a resource',
      {
        given: {
          paths: {
            '/a': {
              get: { operationId: 'listA', responses: ok({ type: 'array', items: ref('Other') }) },
            },
            '/a/{id}': {
              get: {
                operationId: 'getA',
                parameters: [idParameter('id')],
                responses: ok(ref('A')),
              },
            },
          },
          components: { schemas: { A: pet, Other: pet } },
        },
        want: { collections: [], behaviours: {} },
      },
    ],
    [
      'declared: a seeded private collection, a list with filters, pagination echo and nullable links',
      {
        given: {
          'x-zapgen-mock': {
            caller: { user: 'u1', app: 'crm' },
            collections: {
              zaps: {
                schema: 'Zap',
                private: true,
                seed: [{ count: 2, values: { title: 'Zap {n}' }, sequence: { id: 1 } }],
              },
            },
          },
          paths: {
            '/zaps': {
              get: {
                operationId: 'listZaps',
                parameters: [
                  { name: 'offset', in: 'query', schema: { type: 'integer' } },
                  { name: 'limit', in: 'query', schema: { type: 'integer' } },
                ],
                responses: ok({
                  type: 'object',
                  properties: {
                    objects: { type: 'array', items: ref('Zap') },
                    next: { type: ['string', 'null'] },
                    previous: { type: 'string' },
                    limit: { type: 'integer' },
                  },
                }),
                'x-zapgen-pagination': {
                  kind: 'offset',
                  offsetParameter: 'offset',
                  limitParameter: 'limit',
                  itemsField: 'objects',
                  nextField: 'next',
                  previousField: 'previous',
                },
                'x-zapgen-mock': {
                  kind: 'list',
                  collection: 'zaps',
                  filters: [
                    { field: '/steps/*/app', equals: { caller: 'app' } },
                    { notFlag: 'hidden' },
                  ],
                },
              },
            },
          },
          components: {
            schemas: {
              Zap: {
                type: 'object',
                properties: { id: { type: 'integer' }, title: { type: 'string' } },
              },
            },
          },
        },
        want: {
          caller: { user: 'u1', app: 'crm' },
          collections: [
            {
              name: 'zaps',
              schema: 'Zap',
              key: 'id',
              keyType: 'integer',
              private: true,
              seed: [
                {
                  count: 2,
                  values: { title: 'Zap {n}' },
                  sequence: { id: 1 },
                  cycle: {},
                  flags: [],
                  owner: 'caller',
                },
              ],
              inferred: false,
            },
          ],
          behaviours: {
            listZaps: {
              kind: 'list',
              collection: 'zaps',
              itemsField: 'objects',
              filters: [
                { field: '/steps/*/app', op: 'equals', source: { caller: 'app' } },
                { flag: 'hidden', present: false },
              ],
              echo: ['limit'],
              nullableFields: ['next'],
            },
          },
        },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(mockOf(given)).toMatchObject(want);
    if (want.behaviours) expect(mockOf(given).behaviours).toEqual(want.behaviours);
  });

  it('recognises the pets of the expanded petstore (corpus)', () => {
    const model = buildModel(
      parse(readFileSync(corpusSpec('oai-v30-petstore-expanded.json'), 'utf8')) as Record<
        string,
        unknown
      >,
    );
    expect(
      model.mock.collections.map((collection) => [
        collection.name,
        collection.key,
        collection.keyType,
      ]),
    ).toEqual([['pets', 'id', 'integer']]);
    expect(
      Object.fromEntries(
        Object.entries(model.mock.behaviours).map(([id, behaviour]) => [id, behaviour.kind]),
      ),
    ).toEqual({
      addPet: 'create',
      deletePet: 'delete',
      'find pet by id': 'read',
      findPets: 'list',
    });
  });
});

describe('mock model: error shapes', () => {
  const cases: [string, { given: unknown; want: unknown }][] = [
    [
      'a list of messages',
      {
        given: {
          type: 'object',
          properties: { errors: { type: 'array', items: { type: 'string' } } },
        },
        want: { listField: 'errors', open: true },
      },
    ],
    [
      'a message and untyped details',
      {
        given: { type: 'object', properties: { error: { type: 'string' }, detail: {} } },
        want: { messageField: 'error', detailsField: 'detail', open: true },
      },
    ],
    [
      'message, code and a numeric status; closed',
      {
        given: {
          type: 'object',
          additionalProperties: false,
          properties: {
            message: { type: 'string' },
            code: { type: 'string' },
            status: { type: 'integer' },
          },
        },
        want: { messageField: 'message', codeField: 'code', statusField: 'status', open: false },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const model = mockOf({
      paths: {
        '/a': {
          get: {
            operationId: 'a',
            responses: { '400': { description: 'Bad', ...json(ref('Problem')) } },
          },
        },
      },
      components: { schemas: { Problem: given } },
    });
    expect(model.errorShapes).toEqual({ Problem: want });
    expect(model.operationErrors).toEqual({ a: { '400': 'Problem' } });
    expect(model.defaultError).toBe('Problem');
  });
});

describe('mock model: routes paired by their shape, parents by their prefix', () => {
  const Shelf = { type: 'object', properties: { id: { type: 'integer' } } };
  const cases: [
    string,
    { given: Record<string, unknown>; want: { collections: string[]; behaviours: unknown } },
  ][] = [
    [
      'a nested item route takes the first resource as parent; a slash on one route only pairs nothing',
      {
        given: {
          paths: {
            '/shelves': {
              get: {
                operationId: 'listShelves',
                responses: ok({ type: 'array', items: ref('Shelf') }),
              },
            },
            '/shelves/{shelfId}': {
              get: {
                operationId: 'getShelf',
                parameters: [idParameter('shelfId')],
                responses: ok(ref('Shelf')),
              },
            },
            '/shelves/{shelfId}/books': {
              get: {
                operationId: 'listBooks',
                parameters: [idParameter('shelfId')],
                responses: ok({ type: 'array', items: ref('Book') }),
              },
            },
            '/shelves/{shelfId}/books/{bookId}': {
              get: {
                operationId: 'getBook',
                parameters: [idParameter('shelfId'), idParameter('bookId')],
                responses: ok(ref('Book')),
              },
            },
            '/shelves/{shelfId}/books/{bookId}/read': {
              post: {
                operationId: 'readBook',
                parameters: [idParameter('shelfId'), idParameter('bookId')],
                responses: ok(ref('Book')),
              },
            },
            '/boxes/': {
              get: {
                operationId: 'listBoxes',
                responses: ok({ type: 'array', items: ref('Box') }),
              },
            },
            '/boxes/{boxId}': {
              get: {
                operationId: 'getBox',
                parameters: [idParameter('boxId')],
                responses: ok(ref('Box')),
              },
            },
          },
          components: { schemas: { Shelf, Book: Shelf, Box: Shelf } },
        },
        want: {
          collections: ['books', 'shelves'],
          behaviours: {
            getBook: { kind: 'read', collection: 'books', key: { in: 'path', name: 'bookId' } },
            readBook: {
              kind: 'respond',
              parent: { collection: 'shelves', key: { in: 'path', name: 'shelfId' } },
            },
            getShelf: { kind: 'read', collection: 'shelves', key: { in: 'path', name: 'shelfId' } },
          },
        },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const mock = mockOf(given);
    expect(mock.collections.map((collection) => collection.name)).toEqual(want.collections);
    expect(mock.behaviours).toMatchObject(want.behaviours as object);
    expect(mock.behaviours.getBox).toBeUndefined();
    expect(mock.behaviours.listBoxes).toBeUndefined();
  });
});
