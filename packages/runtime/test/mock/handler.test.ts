import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import * as z from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../src/mock/index.js';
import { api, definition, fixtures, operations } from './support.js';

const logged: string[] = [];
const mock = createMock({
  api,
  operations,
  fixtures,
  definition,
  limits: { bodyBytes: 1024, urlBytes: 2048, headerBytes: 4096, bodyTimeoutMs: 300 },
  logger: { error: (message) => logged.push(message) },
  handlers: {
    explode: () => {
      throw new Error('boom');
    },
  },
});

beforeEach(() => {
  mock.store.reset();
  logged.length = 0;
});

const key = { 'x-key': 'mock-api-key' };
const base = 'https://notes.example/api';

type Given = { method?: string; path: string; headers?: Record<string, string>; body?: string };
type Want = {
  status: number;
  body?: unknown;
  errors?: string;
  headers?: Record<string, string | null>;
};

const cases: [string, { given: Given; want: Want }][] = [
  [
    'lists the seeded records, page 1 with totals',
    {
      given: { path: '/v1/notes', headers: key },
      want: {
        status: 200,
        body: {
          items: [
            { title: 'Note 1', tag: 'work', id: 1 },
            { title: 'Note 2', tag: 'home', id: 2 },
            { title: 'Note 3', tag: 'work', id: 3 },
          ],
          pages: 1,
          total: 3,
          next: null,
        },
      },
    },
  ],
  [
    'filters by a query parameter',
    {
      given: { path: '/v1/notes?tag=home', headers: key },
      want: {
        status: 200,
        body: { items: [{ title: 'Note 2', tag: 'home', id: 2 }], pages: 1, total: 1, next: null },
      },
    },
  ],
  [
    'reads a record by its key',
    {
      given: { path: '/v1/notes/2', headers: key },
      want: { status: 200, body: { title: 'Note 2', tag: 'home', id: 2 } },
    },
  ],
  [
    '404 in the error schema for a missing record',
    {
      given: { path: '/v1/notes/99', headers: key },
      want: { status: 404, errors: 'No notes item has the key 99.' },
    },
  ],
  [
    'a sub-route of a missing record is 404',
    {
      given: { method: 'POST', path: '/v1/notes/99/archive', headers: key },
      want: { status: 404 },
    },
  ],
  [
    'a sub-route of an existing record answers',
    {
      given: { method: 'POST', path: '/v1/notes/1/archive', headers: key },
      want: { status: 200, body: { archived: true } },
    },
  ],
  [
    'the server path prefix (/api) is optional',
    { given: { path: 'https://notes.example/v1/notes/1', headers: key }, want: { status: 200 } },
  ],
  [
    '401 without credentials, with WWW-Authenticate',
    {
      given: { path: '/v1/notes' },
      want: { status: 401, headers: { 'www-authenticate': 'Bearer' } },
    },
  ],
  [
    '401 for an unknown API key',
    { given: { path: '/v1/notes', headers: { 'x-key': 'guess' } }, want: { status: 401 } },
  ],
  [
    '401 for an unknown token',
    {
      given: { path: '/v1/notes', headers: { authorization: 'Bearer nope' } },
      want: { status: 401 },
    },
  ],
  [
    'no security requirement needs no credential',
    { given: { path: '/v1/health' }, want: { status: 200, body: { ok: true } } },
  ],
  [
    '404 for an unknown path',
    { given: { path: '/v1/nothing', headers: key }, want: { status: 404 } },
  ],
  [
    '405 with Allow for a wrong method',
    {
      given: { method: 'PATCH', path: '/v1/notes', headers: key },
      want: { status: 405, headers: { allow: 'GET, HEAD, OPTIONS, POST' } },
    },
  ],
  [
    'HEAD of a GET route: headers, no body',
    {
      given: { method: 'HEAD', path: '/v1/health' },
      want: {
        status: 200,
        headers: { 'content-length': '11', 'content-type': 'application/json' },
      },
    },
  ],
  [
    'plain OPTIONS lists the methods',
    {
      given: { method: 'OPTIONS', path: '/v1/notes/1' },
      want: { status: 204, headers: { allow: 'DELETE, GET, HEAD, OPTIONS' } },
    },
  ],
  [
    'CORS preflight',
    {
      given: {
        method: 'OPTIONS',
        path: '/v1/notes',
        headers: {
          origin: 'http://app.test',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-key, content-type',
        },
      },
      want: {
        status: 204,
        headers: {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, HEAD, OPTIONS, POST',
          'access-control-allow-headers': 'x-key, content-type',
        },
      },
    },
  ],
  [
    'CORS headers on answers to browsers',
    {
      given: { path: '/v1/health', headers: { origin: 'http://app.test' } },
      want: {
        status: 200,
        headers: {
          'access-control-allow-origin': '*',
          'access-control-expose-headers':
            'x-request-id, retry-after, www-authenticate, location, link',
        },
      },
    },
  ],
  [
    '400 for an invalid percent-encoding in the path',
    {
      given: { path: '/v1/notes/%zz', headers: key },
      want: { status: 400, errors: 'The path has an invalid percent-encoding.' },
    },
  ],
  [
    '400 for an invalid percent-encoding in the query',
    {
      given: { path: '/v1/notes?tag=%E0%A4%A', headers: key },
      want: { status: 400, errors: 'The query has an invalid percent-encoding.' },
    },
  ],
  [
    '400 for malformed UTF-8 in an escape',
    { given: { path: '/v1/notes?tag=%C3%28', headers: key }, want: { status: 400 } },
  ],
  [
    '414 for a long URL',
    { given: { path: `/v1/notes?tag=${'a'.repeat(3000)}`, headers: key }, want: { status: 414 } },
  ],
  [
    '431 for large headers',
    {
      given: { path: '/v1/notes', headers: { ...key, 'x-big': 'b'.repeat(5000) } },
      want: { status: 431 },
    },
  ],
  [
    '400 naming the parameter',
    {
      given: { path: '/v1/notes?page=0', headers: key },
      want: { status: 400, errors: 'Invalid parameters for listNotes.' },
    },
  ],
  [
    '415 for a wrong content type',
    {
      given: {
        method: 'POST',
        path: '/v1/notes',
        headers: { ...key, 'content-type': 'text/plain' },
        body: 'hi',
      },
      want: { status: 415 },
    },
  ],
  [
    '400 for malformed JSON',
    {
      given: {
        method: 'POST',
        path: '/v1/notes',
        headers: { ...key, 'content-type': 'application/json' },
        body: '{"title":',
      },
      want: { status: 400, errors: 'The request body is not valid JSON.' },
    },
  ],
  [
    '400 for a body that breaks the schema',
    {
      given: {
        method: 'POST',
        path: '/v1/notes',
        headers: { ...key, 'content-type': 'application/json' },
        body: '{"title":1}',
      },
      want: { status: 400 },
    },
  ],
  [
    '400 for a missing required body',
    { given: { method: 'POST', path: '/v1/notes', headers: key }, want: { status: 400 } },
  ],
  [
    '413 for a body over the limit',
    {
      given: {
        method: 'POST',
        path: '/v1/notes',
        headers: { ...key, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'x'.repeat(2000) }),
      },
      want: { status: 413 },
    },
  ],
  [
    '400 for a JSON body nested deeper than the limit, under the size limit',
    {
      given: {
        method: 'POST',
        path: '/v1/notes',
        headers: { ...key, 'content-type': 'application/json' },
        body: `{"title":"x","extra":${'['.repeat(300)}${']'.repeat(300)}}`,
      },
      want: { status: 400, errors: 'The request body is nested more than 256 levels deep.' },
    },
  ],
  [
    '500 in the error schema when a handler fails',
    { given: { path: '/v1/explode' }, want: { status: 500 } },
  ],
];

describe('mock handler', () => {
  it.each(cases)('%s', async (_name, { given, want }) => {
    const response = await mock.fetch(
      given.path.startsWith('https:') ? given.path : `${base}${given.path}`,
      { method: given.method ?? 'GET', headers: given.headers, body: given.body },
    );
    expect(response.status).toBe(want.status);
    expect(response.headers.get('x-request-id')).toMatch(/^mock-\d+$/);
    for (const [name, value] of Object.entries(want.headers ?? {}))
      expect(response.headers.get(name)).toBe(value);
    const text = await response.text();
    if (given.method === 'HEAD' || want.status === 204) return expect(text).toBe('');
    const body = JSON.parse(text) as Record<string, unknown>;
    if (want.body !== undefined) expect(body).toEqual(want.body);
    if (want.status >= 400) {
      // The error schema of this API: { errors: string[] }, open, so `code` is added.
      expect(body.errors).toEqual(expect.arrayContaining([expect.any(String)]));
      expect(body.code).toEqual(expect.any(String));
    }
    if (want.errors !== undefined) expect((body.errors as string[])[0]).toBe(want.errors);
  });

  it('logs a handler failure with the operationId and request id', async () => {
    await mock.fetch(`${base}/v1/explode`);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(
      /^mock notes-api: explode failed \(mock-\d+ GET \/api\/v1\/explode\): Error: boom/,
    );
  });
});

describe('mock store', () => {
  it('what was created is read back, listed, and deleted once', async () => {
    const create = await mock.fetch(`${base}/v1/notes`, {
      method: 'POST',
      headers: { ...key, 'content-type': 'application/json' },
      body: '{"title":"New","tag":"home"}',
    });
    expect(create.status).toBe(201);
    const created = (await create.json()) as { id: number };
    expect(created).toEqual({ id: 4, title: 'New', tag: 'home' });
    expect(await (await mock.fetch(`${base}/v1/notes/4`, { headers: key })).json()).toEqual(
      created,
    );
    expect(mock.store.records('notes')).toHaveLength(4);
    const remove = () =>
      mock
        .fetch(`${base}/v1/notes/4`, { method: 'DELETE', headers: key })
        .then((response) => response.json());
    expect(await remove()).toBe(true);
    expect(await remove()).toBe(false);
    expect((await mock.fetch(`${base}/v1/notes/4`, { headers: key })).status).toBe(404);
  });

  it('snapshots, loads and resets the state', async () => {
    const before = mock.store.snapshot();
    mock.store.insert('notes', { title: 'Inserted' });
    expect(mock.store.records('notes').map((note) => note.id)).toEqual([1, 2, 3, 4]);
    const after = mock.store.snapshot();
    mock.store.load(before);
    expect(mock.store.records('notes')).toHaveLength(3);
    mock.store.load(after);
    expect(mock.store.records('notes')).toHaveLength(4);
    mock.store.reset();
    expect(mock.store.snapshot()).toEqual(before);
    expect(() => mock.store.load({ version: 2 })).toThrow(TypeError);
    expect(() => mock.store.load({ ...before, collections: { other: [] } })).toThrow(
      /unknown collection "other"/,
    );
  });

  it('the same seed gives the same state; another seed, other uuids', () => {
    const a = createMock({ api, operations, fixtures, definition, seed: 7 }).store.snapshot();
    const b = createMock({ api, operations, fixtures, definition, seed: 7 }).store.snapshot();
    expect(a).toEqual(b);
  });

  it('pages by the size parameter, with totals and links; a loaded state is served', async () => {
    for (let index = 0; index < 25; index += 1)
      mock.store.insert('notes', { title: `Extra ${index}` });
    const listNotes = operations.listNotes!;
    const sized = createMock({
      api,
      operations: {
        ...operations,
        listNotes: {
          ...listNotes,
          parameters: [
            ...listNotes.parameters,
            {
              name: 'size',
              in: 'query',
              required: false,
              style: 'form',
              explode: true,
              shape: { type: 'integer' },
            },
          ],
          parameterValidator: z.object({
            query: z.object({ page: z.int().gte(1).default(1), size: z.int().optional() }),
          }),
          pagination: {
            ...(listNotes.pagination as Extract<typeof listNotes.pagination, { kind: 'page' }>),
            sizeParameter: 'size',
          },
        },
      },
      fixtures,
      definition,
      state: mock.store.snapshot(),
    });
    const page = async (query: string) =>
      (await (await sized.fetch(`${base}/v1/notes?${query}`, { headers: key })).json()) as {
        items: { id: number }[];
        pages: number;
        total: number;
        next?: string | null;
      };
    const second = await page('page=2&size=10');
    expect(second).toMatchObject({ pages: 3, total: 28, next: `${base}/v1/notes?page=3&size=10` });
    expect(second.items.map((note) => note.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(await page('page=3&size=10')).toMatchObject({ pages: 3, next: null });
    // Without a size, one page holds every item.
    expect((await page('page=1')).items).toHaveLength(28);
  });
});

describe('mock scopes', () => {
  it.each([
    ['a token with the scope passes', ['read'], 200],
    ['a token without it gets 403 insufficient_scope', ['write'], 403],
    ['an expired token gets 401', 'expired', 401],
  ] as const)('%s', async (_name, scopes, status) => {
    const token =
      scopes === 'expired'
        ? mock.issueToken({ scopes: ['read'], expiresInSeconds: 0 })
        : mock.issueToken({ scopes: [...scopes] });
    const response = await mock.fetch(`${base}/v1/notes`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(status);
    if (status === 403) {
      expect(response.headers.get('www-authenticate')).toBe(
        'Bearer error="insufficient_scope", scope="read"',
      );
      expect(((await response.json()) as { code: string }).code).toBe('insufficient_scope');
    }
  });
});

describe('mock over HTTP (listen)', () => {
  let server: Mock;
  let url = '';
  beforeAll(async () => {
    server = createMock({
      api,
      operations,
      fixtures,
      definition,
      limits: { bodyTimeoutMs: 300 },
      logger: { error: () => {} },
    });
    url = await server.listen();
  });
  afterAll(() => server.close());

  it('listens on loopback and answers', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${url}/v1/health`)).status).toBe(200);
  });

  it('answers 414 in JSON to a 100 KB URL instead of resetting the connection', async () => {
    const response = await fetch(`${url}/v1/notes?tag=${'a'.repeat(100_000)}`, { headers: key });
    expect(response.status).toBe(414);
    expect(((await response.json()) as { code: string }).code).toBe('uri_too_long');
  });

  it('answers 408 to a body that stalls, within the bounded wait', async () => {
    const port = Number(new URL(url).port);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /v1/notes HTTP/1.1\r\nHost: x\r\nx-key: mock-api-key\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"ti',
        );
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"request_timeout"');
  });

  it('answers 400 JSON to a request Node cannot parse', async () => {
    const port = Number(new URL(url).port);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('NOT HTTP\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"errors"');
  });
});

/**
 * The admin routes change or reveal the whole mock: a web page of another site must not reach
 * them, even with a request that needs no CORS preflight.
 */
describe('mock admin routes', () => {
  const crossSite: [string, Record<string, string>][] = [
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ];

  it.each(crossSite)(
    'refuse a request with %s (403, no CORS headers, nothing done)',
    async (_name, headers) => {
      const before = mock.store.snapshot();
      mock.clock.advance(0);
      for (const [method, route, body] of [
        ['POST', 'reset', undefined],
        ['POST', 'tokens', '{"scopes":["write"]}'],
        ['POST', 'clock', '{"advanceMs":86400000}'],
        ['GET', 'state', undefined],
      ] as const) {
        const response = await mock.fetch(`https://notes.example/__zapgen/${route}`, {
          method,
          headers: { ...headers, 'content-type': 'text/plain' },
          body,
        });
        expect(response.status, route).toBe(403);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expect(((await response.json()) as { errors: string[] }).errors[0]).toMatch(
          /^The mock's admin routes do not answer requests from /,
        );
      }
      expect(mock.store.snapshot()).toEqual(before);
    },
  );

  it("answer a script (no Origin) and the mock's own origin, without CORS headers", async () => {
    const cases: Record<string, string>[] = [
      {},
      { origin: 'https://notes.example', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of cases) {
      const response = await mock.fetch(`https://notes.example/__zapgen/tokens`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{"scopes":["read"]}',
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('offer no CORS preflight', async () => {
    const response = await mock.fetch(`https://notes.example/__zapgen/reset`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('over HTTP, answer loopback names only (a DNS-rebound name is refused)', async () => {
    const server = createMock({
      api,
      operations,
      fixtures,
      definition,
      logger: { error: () => {} },
    });
    const url = await server.listen();
    try {
      const post = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const sent = httpRequest(
            `${url}/__zapgen/reset`,
            { method: 'POST', headers: { host } },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          sent.on('error', reject);
          sent.end();
        });
      const port = new URL(url).port;
      expect(await post(`rebound.example:${port}`)).toBe(403);
      expect(await post(`127.0.0.1:${port}`)).toBe(204);
      expect(await post(`localhost:${port}`)).toBe(204);
    } finally {
      await server.close();
    }
  });
});

describe('mock fetch', () => {
  it('takes a path alone, for a client without a base URL', async () => {
    const response = await mock.fetch('/api/v1/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});
