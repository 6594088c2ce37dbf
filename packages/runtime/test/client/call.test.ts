import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../../src/client/create-runtime.js';
import type { ClientOptions } from '../../src/client/options.js';
import type { ApiDefinition } from '../../src/definition.js';
import {
  ApiError,
  ClientError,
  NotFoundError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  UnauthorizedError,
} from '../../src/errors.js';
import {
  actionsApi,
  executeAction,
  listActions,
  listApps,
  listMyZapTemplates,
  listZaps,
  partnerApi,
} from '../support/definitions.js';
import { startServer } from '../support/server.js';
import type { Reply, TestServer } from '../support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(options: {
  api: ApiDefinition;
  reply?: Reply | ((index: number) => Reply);
  client?: ClientOptions;
}) {
  const reply = options.reply ?? { body: { results: [] } };
  server = await startServer((_request, index) =>
    typeof reply === 'function' ? reply(index) : reply,
  );
  const runtime = createRuntime(options.api, {
    baseUrl: server.url,
    retry: { maxRetries: 0 },
    ...options.client,
  });
  return { runtime, requests: server.requests };
}

describe('call: the wire', () => {
  it('sends a comma-separated enum list and the path parameter', async () => {
    const { runtime, requests } = await setup({ api: actionsApi, client: { apiKey: 'k' } });
    await runtime.call(listActions, {
      path: { app: 'slack' },
      query: { filter_action_type: ['write', 'search'] },
    });
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: '/apps/slack/actions/?filter_action_type=write,search',
    });
    expect(requests[0]?.headers.accept).toBe('application/json');
  });

  it('sends keyPrefix filters as params__key=value', async () => {
    const { runtime, requests } = await setup({
      api: partnerApi,
      reply: { body: { objects: [] } },
      client: { accessToken: 't' },
    });
    await runtime.call(listZaps, {
      query: { app: 'slack', params: { channel: 'C1', user: 'U 2' } },
    });
    expect(requests[0]?.url).toBe('/zaps?app=slack&params__channel=C1&params__user=U%202');
  });

  it('sends a JSON body with its content type and resolves with the parsed response', async () => {
    const { runtime, requests } = await setup({
      api: actionsApi,
      reply: { body: { execution_log_id: 'e1' } },
      client: { apiKey: 'k' },
    });
    const body = { instructions: 'say hi', app: 'slack', action: 'send' };
    const result = await runtime.call(executeAction, { query: { preview_only: true }, body });
    expect(result).toEqual({ execution_log_id: 'e1' });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/execute/?preview_only=true',
      body: JSON.stringify(body),
    });
    expect(requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('fills server variables from their defaults, or from serverVariables', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('{"results":[]}', { headers: { 'content-type': 'application/json' } }),
    );
    await createRuntime(actionsApi, { apiKey: 'k', fetch }).call(listActions, {
      path: { app: 'a' },
    });
    await createRuntime(actionsApi, {
      apiKey: 'k',
      fetch,
      serverVariables: { base_url: 'http://localhost:9' },
    }).call(listActions, { path: { app: 'a' } });
    expect(fetch.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      'https://actions.zapier.com/api/v2/apps/a/actions/',
      'http://localhost:9/api/v2/apps/a/actions/',
    ]);
  });

  it('adds client and call headers', async () => {
    const { runtime, requests } = await setup({
      api: actionsApi,
      client: { apiKey: 'k', headers: { 'x-client': 'c' } },
    });
    await runtime.call(listActions, { path: { app: 'a' } }, { headers: { 'x-call': 'd' } });
    expect(requests[0]?.headers).toMatchObject({ 'x-client': 'c', 'x-call': 'd' });
  });
});

describe('call: request validation', () => {
  const cases: [
    string,
    { operation: typeof listApps; args: object; parameter: string; message: RegExp },
  ][] = [
    [
      'a limit',
      {
        operation: listApps,
        args: { query: { per_page: 101 } },
        parameter: 'per_page',
        message: /per_page \(query\): .*100/,
      },
    ],
    [
      'an enum',
      {
        operation: listMyZapTemplates,
        args: { query: { status: 'archived' } },
        parameter: 'status',
        message: /status \(query\)/,
      },
    ],
    [
      'a cross-parameter rule',
      {
        operation: executeAction,
        args: {
          query: { preview_only: true, skip_param_guessing: true },
          body: { instructions: 'i', app: 'a', action: 'b' },
        },
        parameter: 'preview_only',
        message: /preview_only \(query\): skip_param_guessing and preview_only cannot both be set/,
      },
    ],
    [
      'a missing body',
      {
        operation: executeAction,
        args: {},
        parameter: 'body',
        message: /body \(body\): is required/,
      },
    ],
  ];

  it.each(cases)(
    'rejects %s before sending, naming the parameter',
    async (_name, { operation, args, parameter, message }) => {
      const { runtime, requests } = await setup({
        api: operation === executeAction ? actionsApi : partnerApi,
        client: { apiKey: 'k', clientId: 'c', accessToken: 't' },
      });
      const error = await runtime.call(operation, args).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues.map((issue) => issue.parameter)).toContain(
        parameter,
      );
      expect((error as Error).message).toMatch(message);
      expect(requests).toHaveLength(0);
    },
  );

  it('sends without checks when the definition carries no validator: the runtime has no rules of its own', async () => {
    const { runtime, requests } = await setup({
      api: actionsApi,
      reply: { body: { execution_log_id: 'e1' } },
      client: { apiKey: 'k' },
    });
    const operation = { ...executeAction, parameterValidator: undefined };
    await runtime.call(operation, {
      query: { preview_only: true, skip_param_guessing: true },
      body: { instructions: 'i', app: 'a', action: 'b' },
    });
    expect(requests[0]?.url).toBe('/execute/?preview_only=true&skip_param_guessing=true');
  });

  it('enforces requiredWith: params__ filters need app', async () => {
    const { runtime, requests } = await setup({ api: partnerApi, client: { accessToken: 't' } });
    const error = await runtime
      .call(listZaps, { query: { params: { channel: 'C1' } } })
      .catch((caught: unknown) => caught);
    expect((error as RequestValidationError).issues).toMatchObject([
      { parameter: 'app', in: 'query' },
    ]);
    expect((error as Error).message).toContain('app (query): app is required when params is given');
    expect(requests).toHaveLength(0);
  });

  it('sends anyway when request validation is off', async () => {
    const { runtime, requests } = await setup({
      api: partnerApi,
      reply: { body: { objects: [], page: 1, pages: 1 } },
      client: { clientId: 'c', validation: { request: false } },
    });
    await runtime.call(listApps, { query: { per_page: 500 } });
    expect(requests[0]?.url).toBe('/apps?per_page=500&client_id=c');
  });
});

describe('call: failures', () => {
  it('rejects a 4xx with a typed error carrying status, body, operation and request id', async () => {
    const { runtime } = await setup({
      api: actionsApi,
      reply: { status: 422, body: { error: 'bad params' }, headers: { 'x-request-id': 'req-1' } },
      client: { apiKey: 'k' },
    });
    const error = await runtime
      .call(executeAction, { body: { instructions: 'i', app: 'a', action: 'b' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({
      status: 422,
      body: { error: 'bad params' },
      operationId: 'executeAction',
      requestId: 'req-1',
    });
    expect((error as Error).message).toContain('bad params');
  });

  const statuses: [number, new (...args: never[]) => Error][] = [
    [401, UnauthorizedError],
    [404, NotFoundError],
    [400, ClientError],
    [503, ServerError],
  ];
  it.each(statuses)('maps %i to its class', async (status, type) => {
    const { runtime } = await setup({
      api: partnerApi,
      reply: { status, body: { errors: ['Malformed request'] } },
      client: { clientId: 'c' },
    });
    const error = await runtime.call(listApps).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual({ errors: ['Malformed request'] });
  });
});

describe('call: response validation', () => {
  const unexpected = { objects: [{ slug: 5 }], page: 1, pages: 1 };

  it('warns by default and still returns the data', async () => {
    const reports: unknown[] = [];
    const { runtime } = await setup({
      api: partnerApi,
      reply: { body: unexpected },
      client: { clientId: 'c', onValidationWarning: (report) => reports.push(report) },
    });
    await expect(runtime.call(listApps)).resolves.toEqual(unexpected);
    expect(reports).toMatchObject([
      { operationId: 'listApps', status: 200, issues: [{ path: ['objects', 0, 'slug'] }] },
    ]);
  });

  it('prints the default warning once per operation', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { runtime } = await setup({
      api: partnerApi,
      reply: { body: unexpected },
      client: { clientId: 'c' },
    });
    await runtime.call(listApps);
    await runtime.call(listApps);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('rejects in strict mode with the report', async () => {
    const { runtime } = await setup({
      api: partnerApi,
      reply: { body: unexpected },
      client: { clientId: 'client-1', validation: { response: 'strict' } },
    });
    const error = await runtime.call(listApps).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain('objects[0].slug');
  });

  it('accepts fields the schema does not know, in strict mode too', async () => {
    const added = { objects: [{ slug: 'a', brand_new: true }], page: 1, pages: 1, cursor: 'x' };
    const { runtime } = await setup({
      api: partnerApi,
      reply: { body: added },
      client: { clientId: 'c', validation: { response: 'strict' } },
    });
    await expect(runtime.call(listApps)).resolves.toEqual(added);
  });

  it('does not look at the body when off', async () => {
    const onValidationWarning = vi.fn();
    const { runtime } = await setup({
      api: partnerApi,
      reply: { body: unexpected },
      client: { clientId: 'c', validation: { response: 'off' }, onValidationWarning },
    });
    await runtime.call(listApps);
    expect(onValidationWarning).not.toHaveBeenCalled();
  });
});
