import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ApiDefinition, OperationDefinition } from '../../src/definition.js';
import { createMockServer, type MockServer } from '../../src/mock/index.js';

const api: ApiDefinition = {
  name: 'mock-test',
  servers: [],
  securitySchemes: {
    Key: { type: 'apiKey', in: 'query', name: 'client_id', option: 'clientId' },
    OAuth: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://a.example/authorize', scopes: { zap: 'zaps' } } } },
  },
};

const listThings: OperationDefinition = {
  operationId: 'listThings',
  method: 'get',
  path: '/v1/things/{kind}',
  parameters: [
    { name: 'kind', in: 'path', required: true, style: 'simple', explode: false, shape: { type: 'string' } },
    { name: 'limit', in: 'query', required: false, style: 'form', explode: true, shape: { type: 'integer' } },
  ],
  responses: [{ status: '200', mediaTypes: ['application/json'] }],
  security: [[{ scheme: 'Key', scopes: [] }, { scheme: 'OAuth', scopes: ['zap'] }]],
  rules: [],
  parameterValidator: z.object({ path: z.object({ kind: z.enum(['a', 'b']) }), query: z.object({ limit: z.int().max(100).optional() }).optional() }),
};

const createThing: OperationDefinition = {
  operationId: 'createThing',
  method: 'post',
  path: '/v1/things',
  parameters: [],
  requestBody: { required: true, mediaTypes: ['application/json'], validator: z.object({ name: z.string() }) },
  responses: [{ status: '201', mediaTypes: ['application/json'] }, { status: '400', mediaTypes: ['application/json'] }],
  security: [],
  rules: [],
};

let mock: MockServer;
let base: string;

beforeAll(async () => {
  mock = createMockServer({
    api,
    operations: { listThings, createThing },
    fixtures: { listThings: { responses: { '200': [{ id: 1 }] } }, createThing: { responses: { '201': { id: 2 } } } },
  });
  base = await mock.listen();
});
afterAll(() => mock.close());

const authed = { authorization: 'Bearer t' };

const cases: [string, { given: { method?: string; path: string; headers?: Record<string, string>; body?: string }; want: { status: number; body?: unknown; error?: string } }][] = [
  ['answers the fixture of the lowest 2xx', { given: { path: '/v1/things/a?client_id=c', headers: authed }, want: { status: 200, body: [{ id: 1 }] } }],
  ['401 JSON when one scheme of the AND requirement is missing', { given: { path: '/v1/things/a', headers: authed }, want: { status: 401, error: 'unauthorized' } }],
  ['400 JSON naming the parameter for a value out of range', { given: { path: '/v1/things/a?client_id=c&limit=500', headers: authed }, want: { status: 400, error: 'invalid_parameters' } }],
  ['400 for an enum violation in the path', { given: { path: '/v1/things/zzz?client_id=c', headers: authed }, want: { status: 400, error: 'invalid_parameters' } }],
  ['404 JSON for an unknown path', { given: { path: '/nope' }, want: { status: 404, error: 'not_found' } }],
  ['405 JSON for a wrong method', { given: { method: 'DELETE', path: '/v1/things' }, want: { status: 405, error: 'method_not_allowed' } }],
  ['201 for a valid body', { given: { method: 'POST', path: '/v1/things', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' }, want: { status: 201, body: { id: 2 } } }],
  ['400 for malformed JSON', { given: { method: 'POST', path: '/v1/things', headers: { 'content-type': 'application/json' }, body: '{"name":' }, want: { status: 400, error: 'bad_request' } }],
  ['400 for a body that breaks the schema', { given: { method: 'POST', path: '/v1/things', headers: { 'content-type': 'application/json' }, body: '{"name":1}' }, want: { status: 400, error: 'invalid_body' } }],
  ['400 for a missing required body', { given: { method: 'POST', path: '/v1/things' }, want: { status: 400, error: 'bad_request' } }],
  ['415 for an unsupported media type', { given: { method: 'POST', path: '/v1/things', headers: { 'content-type': 'text/plain' }, body: 'hi' }, want: { status: 415, error: 'unsupported_media_type' } }],
];

describe('mock server', () => {
  it.each(cases)('%s', async (_name, { given, want }) => {
    const response = await fetch(`${base}${given.path}`, { method: given.method ?? 'GET', headers: given.headers, body: given.body });
    expect(response.status).toBe(want.status);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-request-id')).toMatch(/^mock-\d+$/);
    const body = (await response.json()) as Record<string, unknown>;
    if (want.body !== undefined) expect(body).toEqual(want.body);
    if (want.error) expect(body.error).toBe(want.error);
  });

  it('names the parameter in validation issues', async () => {
    const response = await fetch(`${base}/v1/things/a?client_id=c&limit=500`, { headers: authed });
    const body = (await response.json()) as { issues: { path: string }[] };
    expect(body.issues.map((issue) => issue.path)).toEqual(['query.limit']);
  });

  it('keeps serving after a handler throws', async () => {
    const failing = createMockServer({
      api,
      operations: { createThing },
      fixtures: {},
      handlers: { createThing: () => { throw new Error('boom'); } },
    });
    const url = await failing.listen();
    try {
      const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' };
      expect((await fetch(`${url}/v1/things`, init)).status).toBe(500);
      expect((await fetch(`${url}/v1/things`, init)).status).toBe(500);
    } finally {
      await failing.close();
    }
  });
});
