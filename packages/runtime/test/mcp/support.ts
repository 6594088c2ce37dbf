/** A small API as a generated `mcp.ts` describes it, for the MCP runtime's tests. */
import { z } from 'zod';
import type { OperationDefinition } from '../../src/definition.js';
import type { McpDefinition, ToolDefinition } from '../../src/mcp/definition.js';

const Pet = z.looseObject({ id: z.int(), name: z.string(), tag: z.string().optional() });

export const listPets: OperationDefinition = {
  operationId: 'listPets',
  method: 'get',
  path: '/pets',
  parameters: [
    { name: 'limit', in: 'query', required: false, style: 'form', explode: true },
    { name: 'page', in: 'query', required: false, style: 'form', explode: true },
  ],
  parameterValidator: z.object({
    query: z.object({ limit: z.int().max(50).optional(), page: z.int().min(1).optional() }),
  }),
  responses: [{ status: '200', mediaTypes: ['application/json'], body: z.array(Pet) }],
  security: [[{ scheme: 'ApiKey', scopes: [] }], [{ scheme: 'OAuth', scopes: ['read'] }]],
  pagination: {
    kind: 'page',
    pageParameter: 'page',
    sizeParameter: 'limit',
    itemsField: '',
    firstPage: 1,
  },
};

export const createPet: OperationDefinition = {
  operationId: 'createPet',
  method: 'post',
  path: '/pets/{owner}',
  parameters: [{ name: 'owner', in: 'path', required: true, style: 'simple', explode: false }],
  parameterValidator: z.object({ path: z.object({ owner: z.string() }) }),
  requestBody: {
    required: true,
    mediaTypes: ['application/json'],
    validator: z.object({ name: z.string().min(1), tag: z.string().optional() }),
  },
  responses: [{ status: '201', mediaTypes: ['application/json'], body: Pet }],
  security: [[{ scheme: 'ApiKey', scopes: [] }]],
};

export const uploadPhoto: OperationDefinition = {
  operationId: 'uploadPhoto',
  method: 'put',
  path: '/pets/{id}/photo',
  parameters: [{ name: 'id', in: 'path', required: true, style: 'simple', explode: false }],
  requestBody: { required: false, mediaTypes: ['text/plain'] },
  responses: [{ status: '200', mediaTypes: ['image/png'] }],
  security: [[{ scheme: 'Basic', scopes: [] }]],
  deprecated: true,
};

export const tools: ToolDefinition[] = [
  {
    name: 'listPets',
    operation: listPets,
    title: 'List pets',
    description: 'List pets\n\nGET /pets',
    tags: ['pets'],
    arguments: [
      { name: 'limit', in: 'query', parameter: 'limit' },
      { name: 'page', in: 'query', parameter: 'page' },
    ],
    input: {
      properties: {
        limit: { type: 'integer', maximum: 50, default: 2 },
        page: { type: 'integer', minimum: 1 },
      },
      required: [],
    },
    output: {
      schema: {
        type: 'object',
        properties: { result: { type: 'array', items: { $ref: '#/$defs/Pet' } } },
        required: ['result'],
      },
      wrapped: true,
    },
  },
  {
    name: 'createPet',
    operation: createPet,
    description: 'POST /pets/{owner}',
    tags: ['pets', 'write'],
    arguments: [
      { name: 'owner', in: 'path', parameter: 'owner' },
      { name: 'name', in: 'body', property: 'name' },
      { name: 'tag', in: 'body', property: 'tag', nullable: true },
    ],
    input: {
      properties: {
        owner: { type: 'string' },
        name: { type: 'string', minLength: 1 },
        tag: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['owner', 'name'],
    },
    output: { schema: { $ref: '#/$defs/Pet', type: 'object' }, wrapped: false },
  },
  {
    name: 'uploadPhoto',
    operation: uploadPhoto,
    description: 'Deprecated.\n\nPUT /pets/{id}/photo',
    tags: ['photos'],
    deprecated: true,
    arguments: [
      { name: 'id', in: 'path', parameter: 'id' },
      { name: 'body', in: 'body' },
    ],
    input: { properties: { id: { type: 'string' }, body: { type: 'string' } }, required: ['id'] },
  },
];

export const definition: McpDefinition = {
  name: '@test/pets',
  version: '1.2.3',
  title: 'Pets',
  instructions: 'A pet store.',
  api: {
    name: '@test/pets',
    servers: [{ url: 'https://pets.example.com/v1', variables: {} }],
    securitySchemes: {
      ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', option: 'apiKey' },
      OAuth: { type: 'oauth2', flows: {} },
      Basic: { type: 'http', scheme: 'basic' },
    },
  },
  environment: {
    baseUrl: 'PETS_BASE_URL',
    credentials: { ApiKey: 'PETS_API_KEY', OAuth: 'PETS_OAUTH', Basic: 'PETS_BASIC' },
  },
  tools,
  schemas: {
    Pet: {
      type: 'object',
      properties: {
        id: { type: 'integer', format: 'int64', examples: [1] },
        name: { type: 'string' },
        tag: { type: 'string' },
        parent: { $ref: '#/$defs/Pet' },
        owner: { $ref: '#/$defs/Owner', description: 'Who owns it.' },
      },
      required: ['id', 'name'],
    },
    Owner: { type: 'object', properties: { name: { type: 'string' } }, description: 'A person.' },
    'a/b~c': { type: 'string' },
  },
};

/** A `fetch` that answers from `answer` and records what it was asked. */
export function fakeFetch(
  answer: (request: Request) => Response | Promise<Response>,
): typeof globalThis.fetch & { requests: Request[] } {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return answer(request);
  };
  return Object.assign(fetch, { requests }) as typeof globalThis.fetch & { requests: Request[] };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
