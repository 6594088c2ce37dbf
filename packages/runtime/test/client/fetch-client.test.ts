/**
 * The drop-in client where it goes beyond openapi-fetch (whose own tests it passes: see
 * scripts/peer-tests.ts): the spec's wire format, credentials per operation, validation, retries
 * and timeouts as options, redirects that keep credentials home, re-authorization as the
 * innermost middleware, streamed bodies, and the one pipeline shared with the throwing client.
 */
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/client/create-runtime.js';
import { createFetchClient, type FetchClientOptions } from '../../src/client/fetch-client.js';
import type { Middleware } from '../../src/client/middleware.js';
import type { ApiDefinition } from '../../src/definition.js';
import { RequestValidationError, TimeoutError, UnauthorizedError } from '../../src/errors.js';
import {
  actionsApi,
  executeAction,
  listActions,
  listApps,
  partnerApi,
} from '../support/definitions.js';
import {
  startServer,
  type RecordedRequest,
  type Reply,
  type TestServer,
} from '../support/server.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handle: (request: RecordedRequest, index: number) => Reply | Promise<Reply>) {
  const server = await startServer(handle);
  servers.push(server);
  return server;
}

const actions: ApiDefinition = { ...actionsApi, operations: [listActions, executeAction] };
const partner: ApiDefinition = { ...partnerApi, operations: [listApps] };

/** A drop-in client of `api` whose `fetch` records each request and answers with `reply`. */
function observed(
  api: ApiDefinition,
  options: FetchClientOptions = {},
  reply: (request: Request) => Response | Promise<Response> = () => Response.json({ results: [] }),
) {
  const sent: Request[] = [];
  const client = createFetchClient<any>(
    { api },
    {
      baseUrl: 'https://api.example.test',
      ...options,
      fetch: async (request) => {
        sent.push(request.clone());
        return reply(request);
      },
    },
  );
  return { client, sent };
}

describe('the spec decides the wire format, unless the caller overrides it', () => {
  const cases: [
    string,
    { init: Record<string, unknown>; options?: FetchClientOptions; want: string },
  ][] = [
    [
      'a non-exploded array as the spec says (openapi-fetch would explode it)',
      {
        init: {
          params: { path: { app: 'slack' }, query: { filter_action_type: ['read', 'write'] } },
        },
        want: '/apps/slack/actions/?filter_action_type=read,write',
      },
    ],
    [
      'querySerializer options override the spec for what they name',
      {
        init: {
          params: { path: { app: 'slack' }, query: { filter_action_type: ['read', 'write'] } },
        },
        options: { querySerializer: { array: { style: 'form', explode: true } } },
        want: '/apps/slack/actions/?filter_action_type=read&filter_action_type=write',
      },
    ],
    [
      'a querySerializer function replaces it',
      {
        init: { params: { path: { app: 'slack' }, query: { query: 'a b' } } },
        options: { querySerializer: () => 'custom=1' },
        want: '/apps/slack/actions/?custom=1',
      },
    ],
    [
      "query parameters go in the caller's order, as openapi-fetch sends them",
      {
        init: { params: { path: { app: 'slack' }, query: { authentication_id: 5, query: 'x' } } },
        want: '/apps/slack/actions/?authentication_id=5&query=x',
      },
    ],
    [
      "and in the spec's order when given in it",
      {
        init: { params: { path: { app: 'slack' }, query: { query: 'x', authentication_id: 5 } } },
        want: '/apps/slack/actions/?query=x&authentication_id=5',
      },
    ],
    [
      'an undeclared argument keeps its place among the declared ones',
      {
        init: {
          params: {
            path: { app: 'slack' },
            query: { authentication_id: 5, extra: 'e', query: 'x' },
          },
        },
        want: '/apps/slack/actions/?authentication_id=5&extra=e&query=x',
      },
    ],
    [
      'an inherited member of the query is not an argument',
      {
        init: {
          params: {
            path: { app: 'slack' },
            query: Object.assign(Object.create({ inherited: 'no', query: 'no' }), {
              authentication_id: 5,
            }),
          },
        },
        want: '/apps/slack/actions/?authentication_id=5',
      },
    ],
    [
      'an argument the spec does not have is sent with openapi-fetch defaults',
      {
        init: { params: { path: { app: 'slack' }, query: { extra: { a: 1 } } } },
        want: '/apps/slack/actions/?extra[a]=1',
      },
    ],
  ];
  it.each(cases)('%s', async (_name, { init, options, want }) => {
    const { client, sent } = observed(actions, { apiKey: 'key-1', ...options });
    await client.GET('/apps/{app}/actions/', init);
    const url = new URL(sent[0]!.url);
    expect(decodeURIComponent(`${url.pathname}${url.search}`)).toBe(want);
  });
});

describe('credentials per operation, from the options', () => {
  it('sends what the operation requires (a query key), and nothing to a path the spec does not have', async () => {
    const { client, sent } = observed(partner, { clientId: 'id-1' });
    await client.GET('/apps', {});
    await client.GET('/not-in-the-spec', {});
    expect(new URL(sent[0]!.url).searchParams.get('client_id')).toBe('id-1');
    expect(new URL(sent[1]!.url).searchParams.get('client_id')).toBeNull();
  });

  it('a query key goes after the query, encoded, and encoded anew once its value changes', async () => {
    const urls: string[] = [];
    const options = {
      baseUrl: 'https://api.example.test',
      clientId: 'a b&c',
      validation: { request: false, response: 'off' as const },
      fetch: async (input: string | URL | Request) => {
        urls.push(String(input instanceof Request ? input.url : input));
        return Response.json({ results: [] });
      },
    };
    const runtime = createRuntime(partner, options);
    await runtime.call(listApps, { query: { per_page: 10 } });
    await runtime.call(listApps, { query: { per_page: 10 } });
    options.clientId = 'd/e';
    await runtime.call(listApps, {});
    expect(urls).toEqual([
      'https://api.example.test/apps?per_page=10&client_id=a%20b%26c',
      'https://api.example.test/apps?per_page=10&client_id=a%20b%26c',
      'https://api.example.test/apps?client_id=d%2Fe',
    ]);
  });

  it('without credentials the request goes out anyway: a middleware may add them', async () => {
    const { client, sent } = observed(actions);
    client.use({
      onRequest: ({ request }) => {
        request.headers.set('x-api-key', 'from-middleware');
        return request;
      },
    });
    const { response } = await client.GET('/apps/{app}/actions/', {
      params: { path: { app: 'a' } },
    });
    expect(response.status).toBe(200);
    expect(sent[0]!.headers.get('x-api-key')).toBe('from-middleware');
  });

  it('reauthorize is the innermost middleware: other onResponse see the answer to the retried request', async () => {
    const server = await serve((request) =>
      request.headers.authorization === 'Bearer fresh'
        ? { body: { results: [] } }
        : { status: 401, body: { detail: 'expired' } },
    );
    const seen: number[] = [];
    const logger: Middleware = { onResponse: ({ response }) => void seen.push(response.status) };
    const client = createFetchClient<any>(
      { api: actions },
      {
        baseUrl: server.url,
        accessToken: 'stale',
        reauthorize: async () => 'fresh',
        middleware: [logger],
      },
    );
    const { data, error } = await client.GET('/apps/{app}/actions/', {
      params: { path: { app: 'a' } },
    });
    expect(error).toBeUndefined();
    expect(data).toEqual({ results: [] });
    expect(seen).toEqual([200]);
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer stale',
      'Bearer fresh',
    ]);
  });
});

describe('validation, retries and timeouts are options', () => {
  it('validation is off by default; on, a bad argument is refused before anything is sent', async () => {
    const off = observed(partner, { clientId: 'id' });
    await off.client.GET('/apps', { params: { query: { per_page: 500 } } });
    expect(off.sent).toHaveLength(1);
    const on = observed(partner, { clientId: 'id', validation: { request: true } });
    await expect(on.client.GET('/apps', { params: { query: { per_page: 500 } } })).rejects.toThrow(
      RequestValidationError,
    );
    expect(on.sent).toHaveLength(0);
  });

  it('no retries by default; with `retry`, a 503 is tried again and the last answer delivered', async () => {
    let calls = 0;
    const reply = () =>
      ++calls < 3 ? new Response('busy', { status: 503 }) : Response.json({ results: [1] });
    const once = observed(actions, { apiKey: 'k' }, reply);
    const first = await once.client.GET('/apps/{app}/actions/', { params: { path: { app: 'a' } } });
    expect(first.response.status).toBe(503);
    expect(first.error).toBe('busy');
    const retried = observed(
      actions,
      { apiKey: 'k', retry: { maxRetries: 3, sleep: async () => {} } },
      reply,
    );
    const last = await retried.client.GET('/apps/{app}/actions/', {
      params: { path: { app: 'a' } },
    });
    expect(last.data).toEqual({ results: [1] });
    expect(calls).toBe(3);
  });

  it('a timeout rejects with TimeoutError, even with a fetch that ignores the signal', async () => {
    const { client } = observed(
      actions,
      { apiKey: 'k', timeoutMs: 20 },
      () => new Promise(() => {}),
    );
    await expect(
      client.GET('/apps/{app}/actions/', { params: { path: { app: 'a' } } }),
    ).rejects.toThrow(TimeoutError);
  });

  it.each([
    ['without a timeout', {}],
    ['with a timeout', { timeoutMs: 5000 }],
  ])(
    'a caller’s signal is let go once the call is over (%s): no listener left on a long-lived signal',
    async (_name, options) => {
      const controller = new AbortController();
      const { client } = observed(actions, { apiKey: 'k', ...options });
      for (let call = 0; call < 3; call += 1) {
        const { data } = await client.GET('/apps/{app}/actions/', {
          params: { path: { app: 'a' } },
          signal: controller.signal,
        });
        expect(data).toEqual({ results: [] });
      }
      // Each `Request` follows the signal too (undici's `abort` listener, let go with the request).
      const ours = getEventListeners(controller.signal, 'abort').filter(
        (listener) => listener.name !== 'abort',
      );
      expect(ours).toEqual([]);
    },
  );
});

describe('redirects keep credentials home', () => {
  it('a redirect to another origin is followed without the API key', async () => {
    const other = await serve(() => ({ body: { results: [] } }));
    const home = await serve(() => ({
      status: 302,
      headers: { location: `${other.url}/elsewhere` },
    }));
    const client = createFetchClient<any>(
      { api: actions },
      { baseUrl: home.url, apiKey: 'secret-key' },
    );
    const { data } = await client.GET('/apps/{app}/actions/', { params: { path: { app: 'a' } } });
    expect(data).toEqual({ results: [] });
    expect(home.requests[0]!.headers['x-api-key']).toBe('secret-key');
    expect(other.requests[0]!.headers['x-api-key']).toBeUndefined();
  });
});

describe('bodies', () => {
  it('parseAs stream hands over the body unread, and a timeout no longer applies to it', async () => {
    const encoder = new TextEncoder();
    const { client } = observed(actions, { apiKey: 'k', timeoutMs: 50 }, () => {
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('data: 1\n\n'));
          await new Promise((resolve) => setTimeout(resolve, 120));
          controller.enqueue(encoder.encode('data: 2\n\n'));
          controller.close();
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
    });
    const { data } = await client.GET('/apps/{app}/actions/', {
      params: { path: { app: 'a' } },
      parseAs: 'stream',
    });
    expect(await new Response(data as ReadableStream).text()).toBe('data: 1\n\ndata: 2\n\n');
  });

  it('Content-Length: 0 (not chunked) is no body, whatever bytes the response carries', async () => {
    const reply = (headers: Record<string, string>) => () =>
      new Response(JSON.stringify([{ id: 1 }]), {
        headers: { 'content-type': 'application/json', ...headers },
      });
    const empty = observed(actions, { apiKey: 'k' }, reply({ 'content-length': '0' }));
    const { data } = await empty.client.GET('/apps/{app}/actions/', {
      params: { path: { app: 'a' } },
    });
    expect(data).toBeUndefined();
    const chunked = observed(
      actions,
      { apiKey: 'k' },
      reply({ 'content-length': '0', 'transfer-encoding': 'chunked' }),
    );
    const read = await chunked.client.GET('/apps/{app}/actions/', {
      params: { path: { app: 'a' } },
    });
    expect(read.data).toEqual([{ id: 1 }]);
  });

  it('a request body streams through', async () => {
    const server = await serve(() => ({ body: { execution_log_id: 'x' } }));
    const client = createFetchClient<any>({ api: actions }, { baseUrl: server.url, apiKey: 'k' });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"instructions":"i","app":"a","action":"b"}'));
        controller.close();
      },
    });
    const { data } = await client.POST('/execute/', {
      body,
      bodySerializer: (value: unknown) => value,
    });
    expect(data).toEqual({ execution_log_id: 'x' });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      instructions: 'i',
      app: 'a',
      action: 'b',
    });
  });
});

describe('one pipeline, two deliveries', () => {
  it('the throwing client runs the same middleware, and rejects with a typed error for a status', async () => {
    const server = await serve(() => ({ status: 401, body: { detail: 'no' } }));
    const order: string[] = [];
    const runtime = createRuntime(actions, {
      baseUrl: server.url,
      apiKey: 'k',
      middleware: [
        {
          onRequest: () => void order.push('a:request'),
          onResponse: () => void order.push('a:response'),
        },
        {
          onRequest: () => void order.push('b:request'),
          onResponse: () => void order.push('b:response'),
        },
      ],
    });
    await expect(runtime.call(listActions, { path: { app: 'a' } })).rejects.toThrow(
      UnauthorizedError,
    );
    expect(order).toEqual(['a:request', 'b:request', 'b:response', 'a:response']);
    const dropIn = createFetchClient<any>({ api: actions }, { baseUrl: server.url, apiKey: 'k' });
    const { error, response } = await dropIn.GET('/apps/{app}/actions/', {
      params: { path: { app: 'a' } },
    });
    expect(response.status).toBe(401);
    expect(error).toEqual({ detail: 'no' });
  });
});

describe("a middleware's options hold the serializers in effect", () => {
  const clientQuery = () => 'from=client';
  const callQuery = () => 'from=call';
  const clientPath = (pathname: string, path: Record<string, unknown>) =>
    pathname.replace('{app}', `client-${String(path['app'])}`);
  const cases: [
    string,
    {
      client: FetchClientOptions;
      call: Record<string, unknown>;
      want: { query: string; path: string };
    },
  ][] = [
    [
      "the client's, when the call sets none",
      {
        client: { querySerializer: clientQuery, pathSerializer: clientPath },
        call: {},
        want: { query: 'from=client', path: '/x/apps/client-a/actions/' },
      },
    ],
    [
      "the client's, when the call sets other options",
      {
        client: { querySerializer: clientQuery, pathSerializer: clientPath },
        call: { headers: { 'x-other': '1' } },
        want: { query: 'from=client', path: '/x/apps/client-a/actions/' },
      },
    ],
    [
      "the call's over the client's",
      {
        client: { querySerializer: clientQuery, pathSerializer: clientPath },
        call: { querySerializer: callQuery },
        want: { query: 'from=call', path: '/x/apps/client-a/actions/' },
      },
    ],
    [
      "the spec's, when neither sets one",
      { client: {}, call: {}, want: { query: 'limit=2', path: '/x/apps/a/actions/' } },
    ],
  ];
  it.each(cases)('%s', async (_name, { client: clientOptions, call, want }) => {
    const seen: { query: string; path: string }[] = [];
    const { client } = observed(actions, clientOptions);
    client.use({
      onRequest: ({ options }) => {
        seen.push({
          query: options.querySerializer({ limit: 2 }),
          path: options.pathSerializer('/x/apps/{app}/actions/', { app: 'a' }),
        });
      },
    });
    await client.GET('/apps/{app}/actions/', { params: { path: { app: 'a' } }, ...call });
    expect(seen).toEqual([want]);
  });
});
