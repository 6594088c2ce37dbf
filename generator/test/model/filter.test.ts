import { describe, expect, it } from 'vitest';
import type { FilterConfig } from '../../src/config/types.js';
import { filterDocument, keepsOperation, type OperationFacts } from '../../src/model/filter.js';
import { buildModel } from '../../src/model/index.js';

const facts: OperationFacts = {
  path: '/pets/{petId}/owners',
  method: 'get',
  operationId: 'listOwners',
  tags: ['pets', 'owners'],
  deprecated: false,
};

describe('keepsOperation', () => {
  const cases: [string, { given: [FilterConfig, Partial<OperationFacts>?]; want: boolean }][] = [
    ['no criterion keeps everything', { given: [{}], want: true }],
    ['tag included', { given: [{ tags: { include: ['owners'] } }], want: true }],
    ['no tag included', { given: [{ tags: { include: ['store'] } }], want: false }],
    ['one tag excluded is enough', { given: [{ tags: { exclude: ['owners'] } }], want: false }],
    [
      'untagged, tags included',
      { given: [{ tags: { include: ['pets'] } }, { tags: [] }], want: false },
    ],
    [
      'path glob: * is one segment',
      { given: [{ paths: { include: ['/pets/*/owners'] } }], want: true },
    ],
    ['path glob: * is not two', { given: [{ paths: { include: ['/pets/*'] } }], want: false }],
    ['path glob: ** is any depth', { given: [{ paths: { include: ['/pets/**'] } }], want: true }],
    [
      'path glob: {petId} is literal',
      { given: [{ paths: { exclude: ['/pets/{petId}/owners'] } }], want: false },
    ],
    [
      'path glob: {a,b} is no brace expansion',
      { given: [{ paths: { include: ['/pets/{petId,x}/owners'] } }], want: false },
    ],
    ['method, any case', { given: [{ methods: { include: ['GET'] } }], want: true }],
    ['method excluded', { given: [{ methods: { exclude: ['get'] } }], want: false }],
    [
      'operationId included',
      { given: [{ operationIds: { include: ['listOwners'] } }], want: true },
    ],
    [
      'operationId excluded',
      { given: [{ operationIds: { exclude: ['listOwners'] } }], want: false },
    ],
    [
      'deprecated: false drops deprecated',
      { given: [{ deprecated: false }, { deprecated: true }], want: false },
    ],
    ['deprecated: false keeps the others', { given: [{ deprecated: false }], want: true }],
    [
      'deprecated: true keeps deprecated',
      { given: [{ deprecated: true }, { deprecated: true }], want: true },
    ],
    [
      'every criterion must pass',
      { given: [{ tags: { include: ['pets'] }, methods: { include: ['post'] } }], want: false },
    ],
  ];
  it.each(cases)('%s', (_name, { given: [filter, overrides], want }) => {
    expect(keepsOperation(filter, { ...facts, ...overrides })).toBe(want);
  });
});

/** A spec with a schema per use: shared, only excluded, only kept, reached through another, unused. */
function spec(): Record<string, unknown> {
  const json = (ref: string) => ({ content: { 'application/json': { schema: { $ref: ref } } } });
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          tags: ['pets'],
          responses: { 200: { description: 'OK', ...json('#/components/schemas/PetList') } },
        },
        post: {
          operationId: 'createPet',
          tags: ['admin'],
          requestBody: json('#/components/schemas/NewPet'),
          parameters: [{ $ref: '#/components/parameters/Audit' }],
          responses: { 201: { $ref: '#/components/responses/Created' } },
        },
      },
      '/admin/stats': {
        get: {
          operationId: 'stats',
          tags: ['admin'],
          deprecated: true,
          responses: { 200: { description: 'OK', ...json('#/components/schemas/Stats') } },
        },
      },
    },
    components: {
      schemas: {
        PetList: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
        Pet: {
          type: 'object',
          properties: { id: { type: 'integer' }, kind: { $ref: '#/components/schemas/Kind' } },
        },
        Kind: {
          oneOf: [{ $ref: '#/components/schemas/Cat' }],
          discriminator: { propertyName: 't', mapping: { cat: 'Cat' } },
        },
        Cat: { type: 'object', properties: { t: { const: 'cat' } } },
        NewPet: {
          type: 'object',
          properties: { name: { type: 'string' }, owner: { $ref: '#/components/schemas/Person' } },
        },
        Person: { type: 'object' },
        Stats: { type: 'object', properties: { pets: { $ref: '#/components/schemas/Pet' } } },
        Unused: { type: 'string' },
      },
      parameters: { Audit: { name: 'audit', in: 'header', schema: { type: 'string' } } },
      responses: { Created: { description: 'Created', ...json('#/components/schemas/Pet') } },
    },
  };
}

describe('filterDocument', () => {
  const cases: [
    string,
    { given: FilterConfig; want: { operations: string[]; removed: string[] } },
  ][] = [
    [
      'no filter leaves the document as it is',
      { given: {}, want: { operations: ['createPet', 'listPets', 'stats'], removed: [] } },
    ],
    [
      'schemas only excluded operations used leave, with their own references; shared and unused ones stay',
      {
        given: { tags: { exclude: ['admin'] } },
        want: {
          operations: ['listPets'],
          removed: [
            '#/components/schemas/NewPet',
            '#/components/schemas/Person',
            '#/components/schemas/Stats',
            '#/components/parameters/Audit',
            '#/components/responses/Created',
          ],
        },
      },
    ],
    [
      'a schema kept through a response component, and a discriminator mapping by name',
      {
        given: { operationIds: { include: ['createPet'] } },
        want: {
          operations: ['createPet'],
          removed: ['#/components/schemas/PetList', '#/components/schemas/Stats'],
        },
      },
    ],
    [
      'deprecated: false',
      {
        given: { deprecated: false },
        want: { operations: ['createPet', 'listPets'], removed: ['#/components/schemas/Stats'] },
      },
    ],
    [
      'a path item whose operations all leave leaves',
      {
        given: { paths: { exclude: ['/admin/**'] } },
        want: { operations: ['createPet', 'listPets'], removed: ['#/components/schemas/Stats'] },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const original = spec();
    const snapshot = JSON.stringify(original);
    const { document, removedComponents } = filterDocument(original, given);
    const model = buildModel(document);
    expect(model.operations.map((operation) => operation.operationId).sort()).toEqual(
      want.operations,
    );
    expect(removedComponents).toEqual(want.removed);
    const names = model.schemas.map((schema) => schema.name);
    for (const pointer of want.removed)
      expect(JSON.stringify(document)).not.toContain(`"${pointer}"`);
    expect(names).toContain('Unused');
    // The spec given is never changed.
    expect(JSON.stringify(original)).toBe(snapshot);
    if (!want.removed.length && want.operations.length === 3) expect(document).toBe(original);
  });

  it('writes what is left of a referenced path item in place, keeping the component whole', () => {
    const document = spec();
    const paths = document.paths as Record<string, unknown>;
    (document.components as Record<string, unknown>).pathItems = { Pets: paths['/pets'] };
    paths['/pets'] = { $ref: '#/components/pathItems/Pets' };
    const filtered = filterDocument(document, { methods: { exclude: ['post'] } }).document;
    expect(
      Object.keys((filtered.paths as Record<string, Record<string, unknown>>)['/pets']!),
    ).toEqual(['get']);
    expect(
      buildModel(filtered)
        .operations.map((operation) => operation.operationId)
        .sort(),
    ).toEqual(['listPets', 'stats']);
  });

  it('removes no component when a reference cannot be followed (a $id reference)', () => {
    const document = spec();
    const schemas = (document.components as Record<string, Record<string, unknown>>).schemas!;
    schemas.Pet = { $ref: 'https://example.com/pet.json' };
    const result = filterDocument(document, { tags: { exclude: ['admin'] } });
    expect(result.removedOperations).toEqual(['POST /pets', 'GET /admin/stats']);
    expect(result.removedComponents).toEqual([]);
  });
});
