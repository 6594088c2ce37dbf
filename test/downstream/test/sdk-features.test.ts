/**
 * The runtime's features as a user meets them: through the generated packages, imported by name,
 * against a recording server on loopback. Each test asserts what went over the wire (or that
 * nothing did) and what the caller got back. The named functions and the path-typed methods
 * (`client.GET('/path', ...)`) are two entry points to one pipeline: the examples run through both.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  ClientError,
  createClient as createActionsClient,
  MissingCredentialsError,
  RedirectError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from '@zapgen/actions-v2';
import { oauthFlows } from '@zapgen/actions-v2';
import {
  createBaseClient as createPartnerBaseClient,
  createClient as createPartnerClient,
  listZapTemplates,
  listZapTemplatesOperation,
  listZaps,
} from '@zapgen/partner-v1';
import { exchangeAuthorizationCode, startAuthorizationCode } from '@zapgen/runtime';

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The query string exactly as sent, without `?`. */
  search: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

interface Answer {
  status: number;
  body?: unknown;
  /** Response headers; a function gets the request's path and query (for a `location` that keeps them). */
  headers?: Record<string, string> | ((pathAndQuery: string) => Record<string, string>);
  delayMs?: number;
}

/** A server that records every request and answers from a queue per `METHOD /path`. */
const requests: Recorded[] = [];
const answers = new Map<string, Answer[]>();
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://recorder.invalid');
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      search: url.search.slice(1),
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      at: performance.now(),
    });
    const queue = answers.get(`${request.method} ${url.pathname}`) ?? [];
    const answer =
      queue.length > 1
        ? queue.shift()!
        : (queue[0] ?? { status: 404, body: { error: 'no answer queued' } });
    setTimeout(() => {
      if (response.destroyed) return;
      const headers =
        typeof answer.headers === 'function' ? answer.headers(request.url ?? '/') : answer.headers;
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'x-request-id': `req-${requests.length}`,
        ...headers,
      });
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
});

let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
  answers.clear();
});

const answer = (key: string, ...queue: Answer[]) => answers.set(key, queue);
const noWait = { sleep: async () => {}, random: () => 0.5 };

const app = {
  app: 'slack',
  name: 'Slack',
  logo_url: 'https://example.com/slack.png',
  auth_type: null,
  actions: { write: 3 },
};

describe('credentials per operation', () => {
  test('an API key goes in the x-api-key header, and nothing else is sent', async () => {
    answer('GET /api/v2/apps/search/', { status: 200, body: { results: [app] } });
    const found = await createActionsClient({ baseUrl, apiKey: 'key-1' }).searchApps({
      query: { query: 'slack' },
    });
    expect(found.results[0]?.app).toBe('slack');
    expect(requests[0]?.headers['x-api-key']).toBe('key-1');
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(requests[0]?.query.toString()).toBe('query=slack');
  });

  test('an OAuth token is the alternative: Authorization: Bearer', async () => {
    answer('GET /api/v2/auth/check/', {
      status: 200,
      body: { success: true, email: 'a@example.com', name: 'A' },
    });
    await createActionsClient({ baseUrl, accessToken: 'token-1' }).checkAuth();
    expect(requests[0]?.headers.authorization).toBe('Bearer token-1');
    expect(requests[0]?.headers['x-api-key']).toBeUndefined();
  });

  test('client ID AND token for /v1/zap-templates/me; client ID alone is not enough', async () => {
    answer('GET /v1/zap-templates/me', { status: 200, body: [] });
    await createPartnerClient({
      baseUrl,
      clientId: 'c-1',
      accessToken: 't-1',
    }).listMyZapTemplates();
    expect(requests[0]?.query.get('client_id')).toBe('c-1');
    expect(requests[0]?.headers.authorization).toBe('Bearer t-1');

    const call = createPartnerClient({ baseUrl, clientId: 'c-1' }).listMyZapTemplates();
    await expect(call).rejects.toBeInstanceOf(MissingCredentialsError);
    await expect(call).rejects.toThrow(/listMyZapTemplates/);
    expect(requests).toHaveLength(1);
  });

  test('no credential at all: fails before sending, naming the operation, never a secret', async () => {
    const error = await createActionsClient({ baseUrl })
      .listAccounts()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MissingCredentialsError);
    expect(String((error as Error).message)).toMatch(/listAccounts/);
    expect(requests).toHaveLength(0);
  });
});

describe('one pipeline: the named function and the path-typed method send the same request', () => {
  const actions = () => createActionsClient({ baseUrl, apiKey: 'key-1' });
  const partner = () =>
    createPartnerClient({ baseUrl, clientId: 'client-1', accessToken: 'token-1' });
  const details = { results: [] };

  // The wire examples of issue 8, each called both ways; `want` is the query string as sent.
  const examples: [
    string,
    {
      route: string;
      reply: unknown;
      named: () => Promise<unknown>;
      path: () => Promise<{ data: unknown }>;
      want: string;
    },
  ][] = [
    [
      'a comma list: filter_action_type=write,search',
      {
        route: 'GET /api/v2/apps/slack/actions/',
        reply: { results: [] },
        named: () =>
          actions().listActions({
            path: { app: 'slack' },
            query: { filter_action_type: ['write', 'search'] },
          }),
        path: () =>
          actions().GET('/api/v2/apps/{app}/actions/', {
            params: { path: { app: 'slack' }, query: { filter_action_type: ['write', 'search'] } },
          }),
        want: 'filter_action_type=write,search',
      },
    ],
    [
      'a comma list: action_extra=action_needs,action_sample',
      {
        route: 'POST /api/v2/apps/slack/actions/send/',
        reply: details,
        named: () =>
          actions().getActionDetails({
            path: { app: 'slack', action: 'send' },
            query: { action_extra: ['action_needs', 'action_sample'] },
          }),
        path: () =>
          actions().POST('/api/v2/apps/{app}/actions/{action}/', {
            params: {
              path: { app: 'slack', action: 'send' },
              query: { action_extra: ['action_needs', 'action_sample'] },
            },
          }),
        want: 'action_extra=action_needs,action_sample',
      },
    ],
    [
      'two comma lists: templates=1,2 and apps=slack,trello',
      {
        route: 'GET /v1/zap-templates',
        reply: [],
        named: () =>
          partner().listZapTemplates({ query: { templates: [1, 2], apps: ['slack', 'trello'] } }),
        path: () =>
          partner().GET('/v1/zap-templates', {
            params: { query: { templates: [1, 2], apps: ['slack', 'trello'] } },
          }),
        want: 'templates=1,2&apps=slack,trello&client_id=client-1',
      },
    ],
    [
      'a key prefix: params__channel=C1 next to app',
      {
        route: 'GET /v1/zaps',
        reply: { objects: [] },
        named: () => partner().listZaps({ query: { app: 'slack', params: { channel: 'C1' } } }),
        path: () =>
          partner().GET('/v1/zaps', {
            params: { query: { app: 'slack', params: { channel: 'C1' } } },
          }),
        want: 'app=slack&params__channel=C1',
      },
    ],
    [
      'null for an integer|null query parameter is left out (not authentication_id=)',
      {
        route: 'POST /api/v2/apps/slack/actions/send/',
        reply: details,
        named: () =>
          actions().getActionDetails({
            path: { app: 'slack', action: 'send' },
            query: { authentication_id: null, account_id: 7 },
          }),
        path: () =>
          actions().POST('/api/v2/apps/{app}/actions/{action}/', {
            params: {
              path: { app: 'slack', action: 'send' },
              query: { authentication_id: null, account_id: 7 },
            },
          }),
        want: 'account_id=7',
      },
    ],
  ];

  test.each(examples)('%s', async (_name, { route, reply, named, path, want }) => {
    answer(route, { status: 200, body: reply });
    const byName = await named();
    const byPath = await path();
    expect(byPath.data).toEqual(byName);
    expect(
      requests.map((request) => `${request.method} ${request.path}?${request.search}`),
    ).toEqual([`${route}?${want}`, `${route}?${want}`]);
    expect(requests[1]?.headers['x-api-key'] ?? requests[1]?.headers.authorization).toBe(
      requests[0]?.headers['x-api-key'] ?? requests[0]?.headers.authorization,
    );
  });

  // Failures, called both ways: the same class, and the same number of requests on the wire.
  const execute = { instructions: 'x', app: 'a', action: 'b' };
  const failures: [
    string,
    {
      route?: string;
      replies?: Answer[];
      named: () => Promise<unknown>;
      path: () => Promise<unknown>;
      want: new (...args: never[]) => Error;
      message?: RegExp;
      sent: number;
    },
  ][] = [
    [
      'per_page above its maximum, before sending',
      {
        named: () =>
          createPartnerClient({ baseUrl, clientId: 'c' }).listApps({ query: { per_page: 500 } }),
        path: () =>
          createPartnerClient({ baseUrl, clientId: 'c' }).GET('/v1/apps', {
            params: { query: { per_page: 500 } },
          }),
        want: RequestValidationError,
        message: /per_page/,
        sent: 0,
      },
    ],
    [
      'skip_param_guessing together with preview_only, before sending',
      {
        named: () =>
          actions().executeStatelessAction({
            query: { skip_param_guessing: true, preview_only: true },
            body: execute,
          }),
        path: () =>
          actions().POST('/api/v2/execute/', {
            params: { query: { skip_param_guessing: true, preview_only: true } },
            body: execute,
          }),
        want: RequestValidationError,
        message: /skip_param_guessing and preview_only cannot both be set/,
        sent: 0,
      },
    ],
    [
      'params__ filters without app, before sending',
      {
        named: () => partner().listZaps({ query: { params: { channel: 'C1' } } }),
        path: () => partner().GET('/v1/zaps', { params: { query: { params: { channel: 'C1' } } } }),
        want: RequestValidationError,
        message: /app is required when params is given/,
        sent: 0,
      },
    ],
    [
      'a missing credential, before sending',
      {
        named: () => createPartnerClient({ baseUrl, clientId: 'c' }).listZaps(),
        path: () => createPartnerClient({ baseUrl, clientId: 'c' }).GET('/v1/zaps'),
        want: MissingCredentialsError,
        message: /listZaps needs credentials/,
        sent: 0,
      },
    ],
    [
      'a 401 as UnauthorizedError',
      {
        route: 'GET /api/v2/auth/check/',
        replies: [{ status: 401, body: { error: 'Invalid API key' } }],
        named: () => actions().checkAuth(),
        path: () => actions().GET('/api/v2/auth/check/'),
        want: UnauthorizedError,
        message: /checkAuth: GET .* failed with 401: Invalid API key/,
        sent: 1,
      },
    ],
    [
      'a 503 retried until retries are spent, as ServerError',
      {
        route: 'GET /v1/zap-templates',
        replies: [{ status: 503, body: { errors: ['busy'] } }],
        named: () =>
          createPartnerClient({
            baseUrl,
            clientId: 'c',
            retry: { maxRetries: 2, ...noWait },
          }).listZapTemplates(),
        path: () =>
          createPartnerClient({ baseUrl, clientId: 'c', retry: { maxRetries: 2, ...noWait } }).GET(
            '/v1/zap-templates',
          ),
        want: ServerError,
        sent: 3,
      },
    ],
    [
      'a per-request timeout',
      {
        route: 'GET /api/v2/health/',
        replies: [{ status: 200, body: {}, delayMs: 2_000 }],
        named: () =>
          createActionsClient({ baseUrl, apiKey: 'k', retry: { maxRetries: 0 } }).checkHealth(
            undefined,
            { timeoutMs: 50 },
          ),
        path: () =>
          createActionsClient({ baseUrl, apiKey: 'k', retry: { maxRetries: 0 } }).GET(
            '/api/v2/health/',
            { timeoutMs: 50 },
          ),
        want: TimeoutError,
        sent: 1,
      },
    ],
  ];

  test.each(failures)('%s', async (_name, { route, replies, named, path, want, message, sent }) => {
    for (const call of [named, path]) {
      requests.length = 0;
      if (route) answer(route, ...replies!);
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(want);
      if (message) expect((error as Error).message).toMatch(message);
      expect(requests).toHaveLength(sent);
    }
  });

  test('the path-typed method resolves with the data and the response', async () => {
    answer('GET /api/v2/apps/search/', { status: 200, body: { results: [app] } });
    const { data, response } = await actions().GET('/api/v2/apps/search/', {
      params: { query: { query: 'slack' } },
    });
    expect(data.results[0]?.app).toBe('slack');
    expect(response.headers.get('x-request-id')).toBe('req-1');
  });

  test('validation can be turned off per client: the server decides', async () => {
    answer('GET /v1/apps', {
      status: 200,
      body: { objects: [], page: 1, per_page: 100, total: 0, pages: 0 },
    });
    await createPartnerClient({ baseUrl, clientId: 'c', validation: { request: false } }).listApps({
      query: { per_page: 500 },
    });
    expect(requests[0]?.query.get('per_page')).toBe('500');
  });

  test('shrink-result action without action_type fails before sending', async () => {
    const error = await actions()
      .shrinkResult({ query: { app: 'slack', action: 'send' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toMatch(/action_type/);
    expect(requests).toHaveLength(0);
  });
});

describe('credentials never leave their origin, and never show in an error', () => {
  /** A second origin: another loopback port. */
  let elsewhere: Server;
  let elsewhereUrl = '';
  const landed: IncomingMessage[] = [];
  beforeAll(async () => {
    elsewhere = createServer((request, response) => {
      landed.push(request);
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(request.url?.startsWith('/v1/') ? '[]' : '{"results":[]}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    elsewhere.closeAllConnections();
    await new Promise((resolve) => elsewhere.close(resolve));
  });
  beforeEach(() => {
    landed.length = 0;
  });

  // Each credential kind, through both entry points; the server redirects elsewhere, keeping the query.
  const kinds: [string, { route: string; call: () => Promise<unknown>; secret: string }][] = [
    [
      'an API key header (x-api-key), named',
      {
        route: 'GET /api/v2/apps/search/',
        call: () => createActionsClient({ baseUrl, apiKey: 'sk-header-key' }).searchApps(),
        secret: 'sk-header-key',
      },
    ],
    [
      'an API key header (x-api-key), by path',
      {
        route: 'GET /api/v2/apps/search/',
        call: () =>
          createActionsClient({ baseUrl, apiKey: 'sk-header-key' }).GET('/api/v2/apps/search/'),
        secret: 'sk-header-key',
      },
    ],
    [
      'a bearer token, named',
      {
        route: 'GET /api/v2/apps/search/',
        call: () => createActionsClient({ baseUrl, accessToken: 'sk-bearer-token' }).searchApps(),
        secret: 'sk-bearer-token',
      },
    ],
    [
      'a bearer token, by path',
      {
        route: 'GET /api/v2/apps/search/',
        call: () =>
          createActionsClient({ baseUrl, accessToken: 'sk-bearer-token' }).GET(
            '/api/v2/apps/search/',
          ),
        secret: 'sk-bearer-token',
      },
    ],
    [
      'an API key in the query (client_id), named',
      {
        route: 'GET /v1/zap-templates',
        call: () => createPartnerClient({ baseUrl, clientId: 'sk-query-key' }).listZapTemplates(),
        secret: 'sk-query-key',
      },
    ],
    [
      'an API key in the query (client_id), by path',
      {
        route: 'GET /v1/zap-templates',
        call: () =>
          createPartnerClient({ baseUrl, clientId: 'sk-query-key' }).GET('/v1/zap-templates'),
        secret: 'sk-query-key',
      },
    ],
  ];

  test.each(kinds)(
    '%s is dropped on a redirect to another origin',
    async (_name, { route, call, secret }) => {
      // The server sends the request elsewhere and keeps its query, as path-normalizing redirects do.
      answer(route, {
        status: 302,
        headers: (pathAndQuery) => ({ location: `${elsewhereUrl}${pathAndQuery}` }),
      });
      await call();
      expect(JSON.stringify(requests[0]?.headers) + requests[0]?.search).toContain(secret);
      expect(landed).toHaveLength(1);
      expect(landed[0]?.url?.split('?')[0]).toBe(route.split(' ')[1]);
      expect(`${landed[0]?.url} ${JSON.stringify(landed[0]?.headers)}`).not.toContain(secret);
    },
  );

  test.each([
    ['named', (client: ReturnType<typeof createActionsClient>) => client.checkAuth()],
    [
      'by path',
      (client: ReturnType<typeof createActionsClient>) => client.GET('/api/v2/auth/check/'),
    ],
  ])(
    'a key echoed in an error body is scrubbed from every message (%s); error.body stays as received',
    async (_name, call) => {
      answer('GET /api/v2/auth/check/', {
        status: 401,
        body: { detail: 'Invalid API key sk-live-0123456789' },
      });
      const error = await call(
        createActionsClient({ baseUrl, apiKey: 'sk-live-0123456789' }),
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnauthorizedError);
      for (const shown of [
        (error as Error).message,
        (error as Error).stack,
        JSON.stringify(error),
        inspect(error),
        String(error),
      ]) {
        expect(shown).not.toContain('sk-live-0123456789');
      }
      expect((error as Error).message).toContain('Invalid API key [REDACTED]');
      expect((error as UnauthorizedError).body).toEqual({
        detail: 'Invalid API key sk-live-0123456789',
      });
    },
  );

  test('a redirect whose new origin would still get the key in its path is refused', async () => {
    answer('GET /v1/zap-templates', {
      status: 302,
      headers: { location: `${elsewhereUrl}/keys/sk-in-path-key/` },
    });
    const error = await createPartnerClient({ baseUrl, clientId: 'sk-in-path-key' })
      .listZapTemplates()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectError);
    expect(inspect(error)).not.toContain('sk-in-path-key');
    expect(landed).toHaveLength(0);
  });
});

describe('failures', () => {
  test('an ErrorResponse status is a typed error with status, body, operationId and request id', async () => {
    answer('POST /api/v2/execute/', { status: 422, body: { error: 'Unknown app' } });
    const error = await createActionsClient({ baseUrl, apiKey: 'secret-key' })
      .executeStatelessAction({ body: { instructions: 'x', app: 'nope', action: 'b' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({
      status: 422,
      body: { error: 'Unknown app' },
      operationId: 'executeStatelessAction',
      requestId: 'req-1',
    });
    expect(JSON.stringify(error) + String((error as Error).stack)).not.toContain('secret-key');
    expect(requests[0]?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({
      instructions: 'x',
      app: 'nope',
      action: 'b',
    });
  });

  test('a GET is retried on 503 and 429 (Retry-After honoured), then succeeds', async () => {
    answer(
      'GET /v1/zap-templates',
      { status: 503, body: { errors: ['busy'] } },
      { status: 429, body: { errors: ['slow down'] }, headers: { 'retry-after': '0' } },
      { status: 200, body: [] },
    );
    const waits: number[] = [];
    const client = createPartnerClient({
      baseUrl,
      clientId: 'c',
      retry: { maxRetries: 2, sleep: async (ms) => void waits.push(ms), random: () => 0.5 },
    });
    await expect(client.listZapTemplates()).resolves.toEqual([]);
    expect(requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBe(0);
  });

  test('a POST is not retried unless the caller opts in', async () => {
    answer(
      'POST /api/v2/guess-actions/',
      { status: 503, body: { error: 'down' } },
      { status: 503, body: { error: 'down' } },
      { status: 200, body: [] },
    );
    const client = createActionsClient({ baseUrl, apiKey: 'k', retry: noWait });
    await expect(client.guessActions({ body: { query: 'send a message' } })).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(requests).toHaveLength(1);
    await expect(
      client.guessActions(
        { body: { query: 'send a message' } },
        { retry: { retryNonIdempotent: true } },
      ),
    ).resolves.toEqual([]);
    expect(requests).toHaveLength(3);
  });

  test('response validation: warn reports and returns the data; strict throws', async () => {
    const broken = { results: [{ ...app, name: 42 }] };
    answer('GET /api/v2/apps/search/', { status: 200, body: broken });
    const reports: unknown[] = [];
    const warned = createActionsClient({
      baseUrl,
      apiKey: 'k',
      onValidationWarning: (report) => reports.push(report),
    });
    await expect(warned.searchApps()).resolves.toEqual(broken);
    expect(reports).toHaveLength(1);

    const strict = createActionsClient({
      baseUrl,
      apiKey: 'k',
      validation: { response: 'strict' },
    });
    await expect(strict.searchApps()).rejects.toBeInstanceOf(ResponseValidationError);
  });

  test('a server adding fields never breaks a strict client', async () => {
    const extended = { results: [{ ...app, brand_new_field: { nested: true } }], next_cursor: 'x' };
    answer('GET /api/v2/apps/search/', { status: 200, body: extended });
    const strict = createActionsClient({
      baseUrl,
      apiKey: 'k',
      validation: { response: 'strict' },
    });
    await expect(strict.searchApps()).resolves.toEqual(extended);
  });
});

describe('pagination and polling', () => {
  test('limit/offset pagination over /v1/zap-templates stops at maxItems', async () => {
    const template = (id: number) => ({ id, type: 'guided_zap' });
    answer(
      'GET /v1/zap-templates',
      { status: 200, body: [template(1), template(2)] },
      { status: 200, body: [template(3), template(4)] },
      { status: 200, body: [] },
    );
    const client = createPartnerClient({ baseUrl, clientId: 'c' });
    const ids: unknown[] = [];
    for await (const item of client.paginate.listZapTemplates(
      { query: { limit: 2 } },
      { maxItems: 3 },
    ))
      ids.push(item.id);
    expect(ids).toEqual([1, 2, 3]);
    expect(requests.map((request) => request.query.get('offset') ?? '0')).toEqual(['0', '2']);
  });

  test('prefill choices are polled while is_loading, force_refresh on the first call only', async () => {
    const loading = {
      status: 200,
      body: { is_loading: true, last_refresh_seconds_ago: null, results: [] },
    };
    const done = {
      status: 200,
      body: {
        is_loading: false,
        last_refresh_seconds_ago: 0,
        results: [{ key: 'C1', label: 'general', sample: 'C1' }],
      },
    };
    answer('POST /api/v2/apps/slack/choices/channel/', loading, loading, done);
    const client = createActionsClient({ baseUrl, apiKey: 'k', retry: noWait });
    const result = await client.poll.getPrefillChoices(
      { path: { app: 'slack', prefill: 'channel' }, query: { force_refresh: true } },
      { intervalMs: 1 },
    );
    expect(result.results).toHaveLength(1);
    expect(requests.map((request) => request.query.get('force_refresh'))).toEqual([
      'true',
      null,
      null,
    ]);
  });
});

describe('operation functions on a base client (what a bundle of a few operations imports)', () => {
  test('send the request the method sends, validated first, and paginate with the exported definition', async () => {
    answer('GET /v1/zaps', { status: 200, body: { objects: [] } });
    const options = { baseUrl, clientId: 'client-1', accessToken: 'token-1' };
    const query = { app: 'slack', params: { channel: 'C1' } };
    await listZaps(createPartnerBaseClient(options), { query });
    await createPartnerClient(options).listZaps({ query });
    expect(requests.map((request) => request.search)).toEqual([
      'app=slack&params__channel=C1',
      'app=slack&params__channel=C1',
    ]);
    expect(requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-1',
    ]);

    const invalid = listZaps(createPartnerBaseClient(options), {
      query: { params: { channel: 'C1' } },
    });
    await expect(invalid).rejects.toBeInstanceOf(RequestValidationError);
    await expect(invalid).rejects.toThrow(/app/);
    expect(requests).toHaveLength(2);

    const template = (id: number) => ({ id, type: 'guided_zap' });
    const page = { status: 200, body: [template(1), template(2)] };
    answer('GET /v1/zap-templates', page, page, { status: 200, body: [] });
    const base = createPartnerBaseClient({ baseUrl, clientId: 'c' });
    await expect(listZapTemplates(base, { query: { limit: 2 } })).resolves.toHaveLength(2);
    const ids: unknown[] = [];
    for await (const item of base.paginate<{ id: number }>(listZapTemplatesOperation, {
      query: { limit: 2 },
    }))
      ids.push(item.id);
    expect(ids).toEqual([1, 2]);
  });
});

describe('OAuth authorization code with PKCE (actions-v2)', () => {
  test('authorize URL, login link with redirect_to, and the form-encoded code exchange', async () => {
    const redirectUri = 'https://app.example.com/callback';
    const start = await startAuthorizationCode({
      authorizationUrl: oauthFlows.AccessPointOAuth.authorizationCode.authorizationUrl,
      clientId: 'client-1',
      redirectUri,
      scopes: Object.keys(oauthFlows.AccessPointOAuth.authorizationCode.scopes),
    });
    const authorize = new URL(start.authorizeUrl);
    expect(authorize.origin + authorize.pathname).toBe(
      'https://actions.zapier.com/oauth/authorize/',
    );
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: 'client-1',
      scope: 'openid nla:exposed_actions:execute',
      response_type: 'code',
      redirect_uri: redirectUri,
      code_challenge: start.codeChallenge,
      code_challenge_method: 'S256',
    });
    expect(start.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);

    answer('GET /api/v2/auth/login-link/', {
      status: 200,
      body: { login_link: 'https://actions.zapier.com/login/abc' },
    });
    const link = await createActionsClient({ baseUrl, apiKey: 'k' }).getLoginLink({
      query: {
        sign_up_first_name: 'Ada',
        sign_up_last_name: 'Lovelace',
        sign_up_email: 'ada@example.com',
        redirect_to: start.authorizeUrl,
      },
    });
    expect(link.login_link).toBe('https://actions.zapier.com/login/abc');
    expect(requests[0]?.query.get('redirect_to')).toBe(start.authorizeUrl);

    answer('POST /oauth/token/', {
      status: 200,
      body: {
        access_token: 'at-1',
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'openid nla:exposed_actions:execute',
      },
    });
    const token = await exchangeAuthorizationCode({
      tokenUrl: `${baseUrl}/oauth/token/`,
      clientId: 'client-1',
      code: 'code-1',
      codeVerifier: start.codeVerifier,
      redirectUri,
    });
    expect(token).toMatchObject({
      accessToken: 'at-1',
      tokenType: 'Bearer',
      expiresIn: 3600,
      scopes: ['openid', 'nla:exposed_actions:execute'],
    });
    const exchange = requests[1]!;
    expect(exchange.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(exchange.body))).toEqual({
      client_id: 'client-1',
      grant_type: 'authorization_code',
      code_verifier: start.codeVerifier,
      redirect_uri: redirectUri,
      code: 'code-1',
    });
  });
});
