/**
 * Redirects over real HTTP: two loopback servers on different ports are two origins. No
 * credential of any kind (apiKey header, apiKey query parameter, bearer token, cookie key, a
 * credential header of the caller's own) may reach the second one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/client/create-runtime.js';
import type { ClientOptions } from '../../src/client/options.js';
import { sameAuthority } from '../../src/client/redirect.js';
import type { ApiDefinition, OperationDefinition } from '../../src/definition.js';
import { ApiError, RedirectError } from '../../src/errors.js';
import { parameter } from '../support/definitions.js';
import { startServer } from '../support/server.js';
import type { RecordedRequest, Reply, TestServer } from '../support/server.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handle: (request: RecordedRequest) => Reply): Promise<TestServer> {
  const server = await startServer(handle);
  servers.push(server);
  return server;
}

const api: ApiDefinition = {
  name: 'redirects',
  servers: [],
  securitySchemes: {
    HeaderKey: { type: 'apiKey', in: 'header', name: 'x-api-key', option: 'apiKey' },
    QueryKey: { type: 'apiKey', in: 'query', name: 'client_id', option: 'clientId' },
    CookieKey: { type: 'apiKey', in: 'cookie', name: 'session', option: 'session' },
    Token: { type: 'http', scheme: 'bearer' },
  },
};

function operation(options: {
  method: OperationDefinition['method'];
  security: string;
}): OperationDefinition {
  return {
    operationId: 'op',
    method: options.method,
    path: '/start',
    parameters: [parameter({ name: 'q', in: 'query' })],
    requestBody: { required: false, mediaTypes: ['application/json'] },
    responses: [],
    security: [[{ scheme: options.security, scopes: [] }]],
  };
}

/** Every credential a request can carry, one case each, and where to find it on the wire. */
const credentials: [
  string,
  {
    security: string;
    client: ClientOptions;
    sent: (request: RecordedRequest) => string | undefined;
  },
][] = [
  [
    'an API key in a header',
    {
      security: 'HeaderKey',
      client: { apiKey: 'sk-header-secret' },
      sent: (request) => request.headers['x-api-key'] as string | undefined,
    },
  ],
  [
    'an API key in the query',
    {
      security: 'QueryKey',
      client: { clientId: 'sk-query-secret' },
      sent: (request) => new URLSearchParams(request.query).get('client_id') ?? undefined,
    },
  ],
  [
    'an API key in a cookie',
    {
      security: 'CookieKey',
      client: { session: 'sk-cookie-secret' },
      sent: (request) => request.headers.cookie,
    },
  ],
  [
    'a bearer token',
    {
      security: 'Token',
      client: { accessToken: 'sk-token-secret' },
      sent: (request) => request.headers.authorization,
    },
  ],
];

/** Origin A redirects `/start` to `location(B)` (keeping the query, as path-normalizing redirects do); B answers 200. */
async function redirecting(options: {
  status: number;
  location: (other: TestServer, request: RecordedRequest) => string;
}) {
  const target = await serve(() => ({ body: { at: 'target' } }));
  const origin = await serve((request) =>
    request.path === '/start'
      ? { status: options.status, headers: { location: options.location(target, request) } }
      : { body: { at: 'origin' } },
  );
  return { origin, target };
}

describe('redirects keep credentials on their origin', () => {
  it.each(credentials)(
    '%s follows a redirect on the same origin',
    async (_name, { security, client, sent }) => {
      const { origin } = await redirecting({
        status: 302,
        location: (_other, request) => `/next?${request.query}`,
      });
      const runtime = createRuntime(api, { baseUrl: origin.url, ...client });
      await expect(runtime.call(operation({ method: 'get', security }))).resolves.toEqual({
        at: 'origin',
      });
      expect(origin.requests.map((request) => request.path)).toEqual(['/start', '/next']);
      expect(sent(origin.requests[1]!)).toBe(sent(origin.requests[0]!));
      expect(sent(origin.requests[1]!)).toContain('secret');
    },
  );

  it.each(credentials)(
    '%s is dropped on a redirect to another origin',
    async (_name, { security, client, sent }) => {
      const { origin, target } = await redirecting({
        status: 302,
        location: (other, request) => `${other.url}/landing?${request.query}`,
      });
      const runtime = createRuntime(api, { baseUrl: origin.url, ...client });
      await expect(
        runtime.call(operation({ method: 'get', security }), { query: { q: 'kept' } }),
      ).resolves.toEqual({ at: 'target' });
      expect(sent(origin.requests[0]!)).toContain('secret');
      expect(target.requests).toHaveLength(1);
      expect(sent(target.requests[0]!)).toBeUndefined();
      expect(JSON.stringify(target.requests[0])).not.toContain('secret');
      expect(new URLSearchParams(target.requests[0]!.query).get('q')).toBe('kept');
    },
  );

  it('drops a credential header of the caller too, and keeps its other headers', async () => {
    const { origin, target } = await redirecting({
      status: 307,
      location: (other) => `${other.url}/landing`,
    });
    const runtime = createRuntime(api, {
      baseUrl: origin.url,
      apiKey: 'sk-header-secret',
      headers: { authorization: 'Basic c2stdXNlcg==', 'x-client': 'sdk-test' },
    });
    await runtime.call(operation({ method: 'get', security: 'HeaderKey' }));
    expect(target.requests[0]!.headers).toMatchObject({ 'x-client': 'sdk-test' });
    expect(target.requests[0]!.headers.authorization).toBeUndefined();
    expect(target.requests[0]!.headers['x-api-key']).toBeUndefined();
  });

  it('does not give credentials back when a third hop returns to the first origin', async () => {
    const origin = await serve((request) =>
      request.path === '/start'
        ? { status: 302, headers: { location: `${bounce.url}/bounce` } }
        : { body: { at: 'origin' } },
    );
    const bounce = await serve(() => ({
      status: 302,
      headers: { location: `${origin.url}/back` },
    }));
    const runtime = createRuntime(api, { baseUrl: origin.url, apiKey: 'sk-header-secret' });
    await expect(
      runtime.call(operation({ method: 'get', security: 'HeaderKey' })),
    ).resolves.toEqual({ at: 'origin' });
    expect(origin.requests.map((request) => [request.path, request.headers['x-api-key']])).toEqual([
      ['/start', 'sk-header-secret'],
      ['/back', undefined],
    ]);
  });

  it('refuses a redirect whose new origin would still receive the key in its path', async () => {
    const { origin, target } = await redirecting({
      status: 302,
      location: (other) => `${other.url}/keys/sk-query-secret/`,
    });
    const runtime = createRuntime(api, { baseUrl: origin.url, clientId: 'sk-query-secret' });
    const error = await runtime
      .call(operation({ method: 'get', security: 'QueryKey' }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ reason: 'credential-in-location', status: 302 });
    expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain('sk-query-secret');
    expect(target.requests).toHaveLength(0);
  });
});

describe('redirects follow the fetch standard', () => {
  const cases: [
    string,
    {
      status: number;
      method: OperationDefinition['method'];
      want: { method: string; body: string };
    },
  ][] = [
    [
      '303 turns a POST into a GET without body',
      { status: 303, method: 'post', want: { method: 'GET', body: '' } },
    ],
    [
      '302 turns a POST into a GET without body',
      { status: 302, method: 'post', want: { method: 'GET', body: '' } },
    ],
    [
      '307 keeps the method and the body',
      { status: 307, method: 'post', want: { method: 'POST', body: '{"a":1}' } },
    ],
    [
      '308 keeps the method and the body',
      { status: 308, method: 'put', want: { method: 'PUT', body: '{"a":1}' } },
    ],
  ];

  it.each(cases)('%s', async (_name, { status, method, want }) => {
    const { origin } = await redirecting({ status, location: () => '/next' });
    const runtime = createRuntime(api, {
      baseUrl: origin.url,
      apiKey: 'sk-header-secret',
      retry: { maxRetries: 0 },
    });
    await runtime.call(operation({ method, security: 'HeaderKey' }), { body: { a: 1 } });
    expect(origin.requests[1]).toMatchObject({ path: '/next', ...want });
    if (want.body === '') expect(origin.requests[1]!.headers['content-type']).toBeUndefined();
  });

  it('stops after maxRedirects with a RedirectError', async () => {
    const loop = await serve((request) => ({
      status: 302,
      headers: { location: `/hop-${request.path.length}` },
    }));
    const runtime = createRuntime(api, {
      baseUrl: loop.url,
      apiKey: 'sk-header-secret',
      maxRedirects: 3,
      retry: { maxRetries: 2, sleep: async () => {} },
    });
    const error = await runtime
      .call(operation({ method: 'get', security: 'HeaderKey' }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ reason: 'too-many' });
    expect(loop.requests).toHaveLength(4);
  });

  it('with maxRedirects 0, a redirect is an ApiError with its status and location', async () => {
    const { origin } = await redirecting({ status: 301, location: () => '/moved' });
    const runtime = createRuntime(api, {
      baseUrl: origin.url,
      apiKey: 'sk-header-secret',
      maxRedirects: 0,
    });
    const error = await runtime
      .call(operation({ method: 'get', security: 'HeaderKey' }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 301, headers: { location: '/moved' } });
    expect(origin.requests).toHaveLength(1);
  });

  it('refuses a redirect whose location the platform hides (a browser answers opaqueredirect)', async () => {
    const opaque = {
      type: 'opaqueredirect',
      status: 0,
      ok: false,
      headers: new Headers(),
      body: null,
    } as unknown as Response;
    const runtime = createRuntime(api, {
      baseUrl: 'https://api.example.com',
      apiKey: 'sk-header-secret',
      fetch: async () => opaque,
    });
    const error = await runtime
      .call(operation({ method: 'get', security: 'HeaderKey' }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ reason: 'hidden-location', location: undefined });
  });

  it('refuses to send a stream body again on a 307', async () => {
    const { origin } = await redirecting({ status: 307, location: () => '/next' });
    const body = new ReadableStream({
      start: (controller) => (
        controller.enqueue(new TextEncoder().encode('{"a":1}')),
        controller.close()
      ),
    });
    const streamed = {
      ...operation({ method: 'post', security: 'HeaderKey' }),
      requestBody: { required: true, mediaTypes: ['application/octet-stream'] },
    };
    const runtime = createRuntime(api, {
      baseUrl: origin.url,
      apiKey: 'sk-header-secret',
      retry: { maxRetries: 0 },
    });
    const error = await runtime.call(streamed, { body }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'body-not-replayable', status: 307 });
    expect(origin.requests).toHaveLength(1);
  });
});

describe('sameAuthority', () => {
  const cases: [string, { from: string; to: string; want: boolean }][] = [
    [
      'same origin',
      { from: 'https://api.example.com/a', to: 'https://api.example.com/b?x=1', want: true },
    ],
    [
      'another host',
      { from: 'https://api.example.com/a', to: 'https://evil.example.com/a', want: false },
    ],
    [
      'a subdomain',
      { from: 'https://example.com/a', to: 'https://api.example.com/a', want: false },
    ],
    [
      'another port',
      { from: 'https://api.example.com/a', to: 'https://api.example.com:8443/a', want: false },
    ],
    [
      'an upgrade to https on the default ports',
      { from: 'http://api.example.com/a', to: 'https://api.example.com/a', want: true },
    ],
    [
      'an upgrade to another port',
      { from: 'http://api.example.com/a', to: 'https://api.example.com:8443/a', want: false },
    ],
    [
      'a downgrade to http',
      { from: 'https://api.example.com/a', to: 'http://api.example.com/a', want: false },
    ],
  ];

  it.each(cases)('%s', (_name, { from, to, want }) => {
    expect(sameAuthority(new URL(from), new URL(to))).toBe(want);
  });
});
