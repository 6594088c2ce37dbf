import { describe, expect, it } from 'vitest';
import type { NamesConfig, NamespacesConfig } from '../../src/config/types.js';
import { buildModel } from '../../src/model/index.js';
import { applySurface } from '../../src/model/surface.js';
import { document } from './support.js';

const ok = { 200: { description: 'OK' } };
const paths = {
  '/v1/pets': {
    get: { operationId: 'listPets', tags: ['pets'], responses: ok },
    post: { operationId: 'createPet', tags: ['pets'], responses: ok },
  },
  '/v1/pets/{petId}': {
    get: { operationId: 'getPetById', tags: ['pets'], responses: ok },
    delete: { operationId: 'deletePet', tags: ['pets'], responses: ok },
  },
  '/v1/pets/{petId}/owners': {
    get: { operationId: 'listOwners', tags: ['Pet Owners'], responses: ok },
  },
  '/health': { get: { operationId: 'health', responses: ok } },
};

function surface(given: { names?: NamesConfig; namespaces?: NamespacesConfig }) {
  const model = buildModel(document({ paths }));
  const notes = applySurface({ model, ...given });
  const result: Record<string, string> = {};
  for (const operation of model.operations)
    result[operation.operationId] = [
      operation.functionName ?? '',
      ...(operation.namespaces ?? []).map((at) => [...at.path, at.method].join('.')),
    ].join(' ');
  return { result, notes };
}

describe('applySurface', () => {
  const cases: [
    string,
    {
      given: { names?: NamesConfig; namespaces?: NamespacesConfig };
      want: Record<string, string>;
      notes?: string[];
    },
  ][] = [
    [
      'nothing configured: nothing set',
      {
        given: {},
        want: {
          createPet: '',
          deletePet: '',
          getPetById: '',
          health: '',
          listOwners: '',
          listPets: '',
        },
      },
    ],
    [
      'from tags: the tag, and the function name without its words',
      {
        given: { namespaces: { from: 'tags' } },
        want: {
          createPet: ' pets.create',
          deletePet: ' pets.delete',
          getPetById: ' pets.getById',
          health: '',
          listOwners: ' Pet Owners.list',
          listPets: ' pets.list',
        },
      },
    ],
    [
      'from paths: literal segments (v1 skipped) and CRUD verbs',
      {
        given: { namespaces: { from: 'paths' } },
        want: {
          createPet: ' pets.create',
          deletePet: ' pets.delete',
          getPetById: ' pets.retrieve',
          health: ' health.list',
          listOwners: ' pets.owners.list',
          listPets: ' pets.list',
        },
      },
    ],
    [
      'per operation, by operationId or endpoint, with aliases, before the rule',
      {
        given: {
          namespaces: {
            from: 'paths',
            operations: {
              health: 'status.check',
              'GET /v1/pets/{petId}': ['pets.get', 'pets.retrieve'],
            },
          },
        },
        want: {
          createPet: ' pets.create',
          deletePet: ' pets.delete',
          getPetById: ' pets.get pets.retrieve',
          health: ' status.check',
          listOwners: ' pets.owners.list',
          listPets: ' pets.list',
        },
      },
    ],
    [
      'a function for namespaces and one for names',
      {
        given: {
          names: {
            functions: (operation) =>
              operation.method === 'delete' ? `remove_${operation.operationId}` : undefined,
          },
          namespaces: {
            from: (operation) =>
              operation.tags.includes('pets') ? `store.${operation.method}` : undefined,
          },
        },
        want: {
          createPet: ' store.post',
          deletePet: 'remove_deletePet store.delete',
          getPetById: ' store.get',
          health: '',
          listOwners: '',
          listPets: ' store.get',
        },
      },
    ],
    [
      'what matches nothing or is malformed is a note',
      {
        given: {
          namespaces: { operations: { nope: 'a.b', 'get /nowhere': 'a.c' }, from: () => 'flat' },
          names: { functions: () => '' },
        },
        want: {
          createPet: '',
          deletePet: '',
          getPetById: '',
          health: '',
          listOwners: '',
          listPets: '',
        },
        notes: [
          'names.functions gave ""',
          'namespaces.operations: "nope" is no operation',
          'namespaces.operations: "get /nowhere" is no operation',
          'namespace "flat" of createPet is not',
        ],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want, notes = [] }) => {
    const result = surface(given);
    expect(result.result).toEqual(want);
    for (const note of notes) expect(result.notes.join('\n')).toContain(note);
    if (!notes.length) expect(result.notes).toEqual([]);
  });
});
