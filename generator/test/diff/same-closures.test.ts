/**
 * The release diff skips what an edit did not reach (issue 24): an operation or a component schema
 * whose JSON, and that of every component it reaches, is the same on both sides. The changes must
 * be exactly those of a diff that compares everything, for every kind of edit, including one
 * that reaches an operation only through two references, a discriminator mapping or an `allOf`.
 */
import { describe, expect, test } from 'vitest';
import { diffModels } from '../../src/diff/index.js';
import { buildModel } from '../../src/model/index.js';
import { keepNodeFacts, SameClosures } from '../../src/model/closure.js';

type Doc = Record<string, any>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const ok = (schema: object) => ({ '200': { description: 'ok', content: json(schema) } });

function spec(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'Zoo', version: '1.0.0' },
    security: [{ key: [] }],
    paths: {
      '/owners': {
        get: { operationId: 'listOwners', responses: ok({ type: 'array', items: ref('Owner') }) },
      },
      '/pets': {
        get: { operationId: 'listPets', responses: ok({ type: 'array', items: ref('Pet') }) },
        post: {
          operationId: 'createPet',
          requestBody: { content: json(ref('NewPet')) },
          responses: ok(ref('Pet')),
        },
      },
      '/pets/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { operationId: 'getPet', responses: ok(ref('Animal')) },
      },
      '/health': { get: { operationId: 'health', responses: ok({ type: 'string' }) } },
    },
    components: {
      schemas: {
        // Owner → Address → Country: an edit of Country reaches listOwners two references away.
        Owner: {
          type: 'object',
          properties: { name: { type: 'string' }, address: ref('Address') },
        },
        Address: {
          type: 'object',
          properties: { street: { type: 'string' }, country: ref('Country') },
        },
        Country: { type: 'string', enum: ['fr', 'de'] },
        NewPet: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        Pet: {
          allOf: [ref('NewPet'), { type: 'object', properties: { id: { type: 'integer' } } }],
        },
        Animal: {
          oneOf: [ref('Cat'), ref('Dog')],
          discriminator: {
            propertyName: 'kind',
            mapping: { cat: ref('Cat').$ref, dog: ref('Dog').$ref },
          },
        },
        Cat: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } },
        Dog: {
          type: 'object',
          required: ['kind'],
          properties: { kind: { type: 'string' }, barks: { type: 'boolean' } },
        },
        Unused: { type: 'object', properties: { note: { type: 'string' } } },
      },
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
    },
  };
}

const edits: [string, (document: Doc) => void][] = [
  ['nothing', () => {}],
  ['an operation summary', (d) => void (d.paths['/health'].get.summary = 'Health')],
  [
    'a parameter added',
    (d) =>
      void (d.paths['/pets'].get.parameters = [
        { name: 'q', in: 'query', schema: { type: 'string' } },
      ]),
  ],
  [
    'a path parameter changed',
    (d) => void (d.paths['/pets/{id}'].parameters[0].schema.type = 'string'),
  ],
  ['an operation removed', (d) => void delete d.paths['/health']],
  [
    'an operation added',
    (d) =>
      void (d.paths['/owners'].post = {
        operationId: 'addOwner',
        requestBody: { content: json(ref('Owner')) },
        responses: ok(ref('Owner')),
      }),
  ],
  ['a schema two references away', (d) => void d.components.schemas.Country.enum.push('it')],
  [
    'a schema one reference away, narrowed',
    (d) => void (d.components.schemas.Address.required = ['street']),
  ],
  ['an allOf part', (d) => void (d.components.schemas.NewPet.properties.name.minLength = 1)],
  [
    'a discriminator mapping target',
    (d) => void (d.components.schemas.Dog.properties.barks.type = 'string'),
  ],
  [
    'a schema no operation uses',
    (d) => void (d.components.schemas.Unused.properties.note.type = 'integer'),
  ],
  ['a schema added', (d) => void (d.components.schemas.Extra = { type: 'string' })],
  ['a schema removed', (d) => void delete d.components.schemas.Unused],
  [
    'a security scheme changed and added',
    (d) => {
      d.components.securitySchemes.key.name = 'X-Other';
      d.components.securitySchemes.bearer = { type: 'http', scheme: 'bearer' };
      d.paths['/health'].get.security = [{ bearer: [] }];
    },
  ],
  ['the default security', (d) => void (d.security = [])],
  [
    'a -0 (JSON writes it 0)',
    (d) => void (d.components.schemas.Country = { type: 'number', default: -0 }),
  ],
];

describe('diffModels skips what is the same on both sides', () => {
  test.each(edits)('%s: the changes of a diff that compares everything', (_name, edit) => {
    const revisionDocument = structuredClone(spec());
    edit(revisionDocument);
    const base = buildModel(spec());
    const revision = buildModel(revisionDocument);
    const skipping = diffModels({ base, revision });
    expect(skipping).toEqual(diffModels({ base, revision, skipSame: false }));
    expect(diffModels({ base, revision, readWrite: 'split' })).toEqual(
      diffModels({ base, revision, readWrite: 'split', skipSame: false }),
    );
  });
});

describe('SameClosures', () => {
  const cases: [
    string,
    {
      edit: (d: Doc) => void;
      /** The edit is made to both sides. */
      both?: boolean;
      same: string[];
      schemas?: Record<string, boolean>;
    },
  ][] = [
    [
      'nothing',
      { edit: () => {}, same: ['createPet', 'getPet', 'health', 'listOwners', 'listPets'] },
    ],
    [
      'a schema two references away: the operation reaching it differs, the others do not',
      {
        edit: (d) => void d.components.schemas.Country.enum.push('it'),
        same: ['createPet', 'getPet', 'health', 'listPets'],
        schemas: { Owner: false, Address: false, Country: false, Pet: true, Unused: true },
      },
    ],
    [
      'an allOf part reaches the operations of the schema it is part of',
      {
        edit: (d) => void (d.components.schemas.NewPet.properties.name.minLength = 1),
        same: ['getPet', 'health', 'listOwners'],
        schemas: { Pet: false, NewPet: false, Owner: true },
      },
    ],
    [
      'a mapping target reaches the discriminated union',
      {
        edit: (d) => void (d.components.schemas.Dog.properties.barks.type = 'string'),
        same: ['createPet', 'health', 'listOwners', 'listPets'],
        schemas: { Animal: false, Cat: true },
      },
    ],
    [
      'an operation of its own',
      {
        edit: (d) => void (d.paths['/health'].get.summary = 'Health'),
        same: ['createPet', 'getPet', 'listOwners', 'listPets'],
      },
    ],
    [
      'a -0 on both sides is never the same (JSON writes it 0)',
      {
        edit: (d) => void (d.components.schemas.Country = { type: 'number', default: -0 }),
        both: true,
        same: ['createPet', 'getPet', 'health', 'listPets'],
        schemas: { Country: false, Owner: false, Unused: true },
      },
    ],
  ];
  /** The operations `closures` finds the same, and its verdict on each of `schemas`. */
  function verdicts(
    {
      base,
      revision,
    }: { base: ReturnType<typeof buildModel>; revision: ReturnType<typeof buildModel> },
    schemas: Record<string, boolean>,
  ) {
    const closures = new SameClosures({ base, revision });
    const after = new Map(
      revision.operations.map((operation) => [operation.operationId, operation]),
    );
    return {
      same: base.operations
        .filter((operation) => {
          const other = after.get(operation.operationId);
          return other !== undefined && closures.operation(operation, other);
        })
        .map((operation) => operation.operationId),
      schemas: Object.fromEntries(
        Object.keys(schemas).map((name) => [name, closures.schema(name)]),
      ),
    };
  }

  test.each(cases)('%s', (_name, { edit, both, same, schemas = {} }) => {
    const revisionDocument = structuredClone(spec());
    edit(revisionDocument);
    const baseDocument = spec();
    if (both) edit(baseDocument);
    const models = { base: buildModel(baseDocument), revision: buildModel(revisionDocument) };
    expect(verdicts(models, schemas)).toEqual({ same, schemas });
  });

  // A watch session diffs every edit against one base model, whose facts it reads once.
  const kept = buildModel(spec());
  keepNodeFacts(kept);
  test.each(cases.filter(([, { both }]) => !both))(
    'with the facts of the base kept from the edits before: %s',
    (_name, { edit, same, schemas = {} }) => {
      const revisionDocument = structuredClone(spec());
      edit(revisionDocument);
      expect(verdicts({ base: kept, revision: buildModel(revisionDocument) }, schemas)).toEqual({
        same,
        schemas,
      });
    },
  );
});
