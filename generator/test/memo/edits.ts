/**
 * A small spec and a sequence of edits of it (issue 24): every kind of change an edit run must
 * get right, each applied in place to the document of the step before.
 */
export type Document = Record<string, any>;

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const start: Document = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1.0.0' },
  servers: [{ url: 'https://pets.example/v1' }],
  security: [{ apiKey: [] }],
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } }],
        responses: {
          '200': { description: 'the pets', content: json({ type: 'array', items: ref('Pet') }) },
        },
      },
      post: {
        operationId: 'createPet',
        requestBody: { required: true, content: json(ref('NewPet')) },
        responses: { '201': { description: 'created', content: json(ref('Pet')) } },
      },
    },
  },
  components: {
    schemas: {
      NewPet: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', minLength: 1 }, tag: { type: 'string' } },
      },
      // A tuple: a fixture the proof leaves to the checker (verify-fixtures).
      Point: {
        type: 'array',
        prefixItems: [{ type: 'number' }, { type: 'number' }],
        items: false,
      },
      // An intersection: a fixture the proof reads as its object types.
      Pet: {
        allOf: [
          ref('NewPet'),
          { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        ],
      },
    },
    securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
  },
};

const getPet = {
  operationId: 'getPet',
  parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
  responses: {
    '200': { description: 'the pet', content: json(ref('Pet')) },
    '404': { description: 'none', content: json(ref('Problem')) },
  },
};

export const edits: [string, (document: Document) => void][] = [
  ['nothing (a second run of the same spec)', () => {}],
  [
    'add a schema',
    (document) => {
      document.components.schemas.Problem = {
        type: 'object',
        required: ['title'],
        properties: { title: { type: 'string' }, status: { type: 'integer' } },
      };
    },
  ],
  ['add an operation', (document) => (document.paths['/pets/{id}'] = { get: getPet })],
  [
    'change an operation',
    (document) => {
      const operation = document.paths['/pets/{id}'].get;
      operation.summary = 'One pet';
      operation.responses['200'].description = 'the pet, found';
    },
  ],
  [
    'document an operation (what the type check does not read)',
    (document) => (document.paths['/pets'].get.description = 'Lists the pets, */ tag by tag.'),
  ],
  [
    'add a parameter',
    (document) =>
      document.paths['/pets'].get.parameters.push({
        name: 'tag',
        in: 'query',
        schema: { type: 'string' },
      }),
  ],
  [
    'change a parameter',
    (document) => (document.paths['/pets'].get.parameters[0].schema.maximum = 100),
  ],
  ['remove a parameter', (document) => document.paths['/pets'].get.parameters.splice(1, 1)],
  [
    'change a schema',
    (document) => (document.components.schemas.NewPet.properties.tag = { enum: ['cat', 'dog'] }),
  ],
  [
    'add a security scheme',
    (document) => {
      document.components.securitySchemes.bearer = { type: 'http', scheme: 'bearer' };
      document.security.push({ bearer: [] });
    },
  ],
  [
    'change a security scheme',
    (document) => (document.components.securitySchemes.apiKey.name = 'X-Key'),
  ],
  [
    'remove a security scheme',
    (document) => {
      delete document.components.securitySchemes.bearer;
      document.security.pop();
    },
  ],
  ['remove an operation', (document) => delete document.paths['/pets/{id}']],
  ['remove a schema', (document) => delete document.components.schemas.Problem],
  [
    'add a cycle of bare references, and a schema that reaches it',
    (document) => {
      // The fixtures' solver reads the cycle's members as `never`; the printer reads them whole.
      document.components.schemas.Tree = { anyOf: [ref('Forest'), { type: 'string' }] };
      document.components.schemas.Forest = ref('Tree');
      document.components.schemas.Garden = {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, tree: ref('Tree') },
      };
    },
  ],
  [
    'change a member of the cycle (the types of what reaches it change)',
    (document) =>
      (document.components.schemas.Tree.anyOf[1] = {
        type: 'object',
        properties: { height: { type: 'number' } },
        additionalProperties: { type: 'integer' },
      }),
  ],
];
