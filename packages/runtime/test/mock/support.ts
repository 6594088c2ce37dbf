/** A small API for the mock's unit tests: a `notes` resource, two security schemes and OAuth flows. */
import * as z from 'zod';
import type { ApiDefinition, OperationDefinition } from '../../src/definition.js';
import type { MockDefinition } from '../../src/mock/index.js';

export const api: ApiDefinition = {
  name: 'notes-api',
  servers: [{ url: 'https://notes.example/api', variables: {} }],
  securitySchemes: {
    Key: { type: 'apiKey', in: 'header', name: 'x-key', option: 'key' },
    OAuth: {
      type: 'oauth2',
      flows: {
        authorizationCode: {
          authorizationUrl: 'https://auth.example/authorize',
          tokenUrl: 'https://auth.example/token',
          scopes: { read: 'Read', write: 'Write' },
        },
        implicit: {
          authorizationUrl: 'https://auth.example/authorize',
          scopes: { read: 'Read', write: 'Write' },
        },
      },
    },
  },
};

const read = [[{ scheme: 'Key', scopes: [] }], [{ scheme: 'OAuth', scopes: ['read'] }]];
const write = [[{ scheme: 'Key', scopes: [] }], [{ scheme: 'OAuth', scopes: ['write'] }]];
const json = (status: string) => ({ status, mediaTypes: ['application/json'] });
const id = {
  name: 'id',
  in: 'path' as const,
  required: true,
  style: 'simple' as const,
  explode: false,
  shape: { type: 'integer' as const },
};

export const operations: Record<string, OperationDefinition> = {
  listNotes: {
    operationId: 'listNotes',
    method: 'get',
    path: '/v1/notes',
    parameters: [
      {
        name: 'page',
        in: 'query',
        required: false,
        style: 'form',
        explode: true,
        shape: { type: 'integer' },
      },
      {
        name: 'tag',
        in: 'query',
        required: false,
        style: 'form',
        explode: true,
        shape: { type: 'string' },
      },
    ],
    parameterValidator: z.object({
      query: z.object({ page: z.int().gte(1).default(1), tag: z.string().optional() }),
    }),
    responses: [json('200'), json('400')],
    security: read,
    pagination: {
      kind: 'page',
      pageParameter: 'page',
      itemsField: 'items',
      firstPage: 1,
      totalPagesField: 'pages',
      totalItemsField: 'total',
      nextField: 'next',
    },
  },
  createNote: {
    operationId: 'createNote',
    method: 'post',
    path: '/v1/notes',
    parameters: [],
    requestBody: {
      required: true,
      mediaTypes: ['application/json'],
      validator: z.object({ title: z.string(), tag: z.string().optional() }),
    },
    responses: [json('201')],
    security: write,
  },
  getNote: {
    operationId: 'getNote',
    method: 'get',
    path: '/v1/notes/{id}',
    parameters: [id],
    responses: [json('200'), json('404')],
    security: read,
  },
  deleteNote: {
    operationId: 'deleteNote',
    method: 'delete',
    path: '/v1/notes/{id}',
    parameters: [id],
    responses: [json('200')],
    security: write,
  },
  archiveNote: {
    operationId: 'archiveNote',
    method: 'post',
    path: '/v1/notes/{id}/archive',
    parameters: [id],
    responses: [json('200')],
    security: write,
  },
  health: {
    operationId: 'health',
    method: 'get',
    path: '/v1/health',
    parameters: [],
    responses: [json('200')],
    security: [],
  },
  explode: {
    operationId: 'explode',
    method: 'get',
    path: '/v1/explode',
    parameters: [],
    responses: [json('200')],
    security: [],
  },
};

export const fixtures = {
  listNotes: { responses: { '200': { items: [], pages: 0 }, '400': { errors: ['x'] } } },
  createNote: { responses: { '201': { id: 0, title: 'x' } } },
  getNote: { responses: { '200': { id: 0, title: 'x' } } },
  deleteNote: { responses: { '200': true } },
  archiveNote: { responses: { '200': { archived: true } } },
  health: { responses: { '200': { ok: true } } },
  explode: { responses: { '200': {} } },
};

const key = { in: 'path' as const, name: 'id' };

export const definition: MockDefinition = {
  caller: { user: 1, name: 'Ada' },
  collections: {
    notes: {
      key: 'id',
      keyType: 'integer',
      private: false,
      base: { title: '' },
      seed: [
        {
          count: 3,
          values: { title: 'Note {n}' },
          sequence: {},
          cycle: { tag: ['work', 'home'] },
          flags: [],
          owner: 'none',
        },
      ],
    },
  },
  behaviours: {
    listNotes: {
      kind: 'list',
      collection: 'notes',
      itemsField: 'items',
      echo: [],
      nullableFields: ['next'],
      filters: [
        { field: '/tag', op: 'equals', source: { parameter: { in: 'query', name: 'tag' } } },
      ],
    },
    createNote: {
      kind: 'create',
      collection: 'notes',
      bodyProperties: ['title', 'tag'],
      queryProperties: [],
      set: {},
      when: [],
      require: [],
    },
    getNote: { kind: 'read', collection: 'notes', key },
    deleteNote: { kind: 'delete', collection: 'notes', key, result: 'boolean' },
    archiveNote: {
      kind: 'respond',
      parent: { collection: 'notes', key },
      bodyProperties: [],
      queryProperties: [],
      set: {},
      when: [],
      require: [],
    },
  },
  errorShapes: { Errors: { listField: 'errors', open: true } },
  operationErrors: { listNotes: { '400': 'Errors' } },
  defaultError: 'Errors',
};
