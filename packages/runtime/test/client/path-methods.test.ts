/**
 * One pipeline, two entry points: every request goes out the same way, and fails the same way,
 * whether it is made by the named call (`runtime.call`) or by the path-typed method
 * (`runtime.pathMethods.GET('/path', { params, body })`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/client/create-runtime.js';
import type { CallOptions, ClientOptions } from '../../src/client/options.js';
import type { ApiDefinition, OperationArgs, OperationDefinition } from '../../src/definition.js';
import {
  MissingCredentialsError,
  NotFoundError,
  RequestValidationError,
  TimeoutError,
  ZapgenError,
} from '../../src/errors.js';
import {
  actionsApi,
  executeAction,
  listActions,
  listApps,
  listZaps,
  listZapTemplates,
  partnerApi,
} from '../support/definitions.js';
import { startServer } from '../support/server.js';
import type { Reply, TestServer } from '../support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const actions: ApiDefinition = { ...actionsApi, operations: [listActions, executeAction] };
const partner: ApiDefinition = {
  ...partnerApi,
  operations: [listApps, listZapTemplates, listZaps],
};

type Runtime = ReturnType<typeof createRuntime>;
type Call = (
  runtime: Runtime,
  operation: OperationDefinition,
  args: OperationArgs,
  options?: CallOptions,
) => Promise<unknown>;

/** The two ways of calling an operation, both resolving with the body. */
const entryPoints: [string, Call][] = [
  ['the named call', (runtime, operation, args, options) => runtime.call(operation, args, options)],
  [
    'the path-typed method',
    async (runtime, operation, { body, ...params }, options) => {
      const method = runtime.pathMethods[operation.method.toUpperCase() as 'GET'] as (
        path: string,
        init: object,
      ) => Promise<{ data: unknown }>;
      return (
        await method(operation.path, {
          params,
          ...(body === undefined ? {} : { body }),
          ...options,
        })
      ).data;
    },
  ],
];

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

// The wire examples of issue 8, plus `null` for a `T | null` query parameter (left out).
const wire: [
  string,
  {
    api: ApiDefinition;
    operation: OperationDefinition;
    args: OperationArgs;
    client: ClientOptions;
    want: string;
  },
][] = [
  [
    'a comma list: filter_action_type=write,search',
    {
      api: actions,
      operation: listActions,
      args: { path: { app: 'slack' }, query: { filter_action_type: ['write', 'search'] } },
      client: { apiKey: 'key-1' },
      want: '/apps/slack/actions/?filter_action_type=write,search',
    },
  ],
  [
    'a comma list: action_extra=action_needs,action_sample',
    {
      api: actions,
      operation: listActions,
      args: { path: { app: 'slack' }, query: { action_extra: ['action_needs', 'action_sample'] } },
      client: { apiKey: 'key-1' },
      want: '/apps/slack/actions/?action_extra=action_needs,action_sample',
    },
  ],
  [
    'two comma lists: templates=1,2 and apps=slack,trello',
    {
      api: partner,
      operation: listZapTemplates,
      args: { query: { templates: ['1', '2'], apps: ['slack', 'trello'] } },
      client: { clientId: 'client-1' },
      want: '/zap-templates?templates=1,2&apps=slack,trello&client_id=client-1',
    },
  ],
  [
    'a key prefix: params__channel=C1',
    {
      api: partner,
      operation: listZaps,
      args: { query: { app: 'slack', params: { channel: 'C1' } } },
      client: { accessToken: 'token-1' },
      want: '/zaps?app=slack&params__channel=C1',
    },
  ],
  [
    'null for a T|null query parameter is left out',
    {
      api: actions,
      operation: listActions,
      args: { path: { app: 'slack' }, query: { authentication_id: null } },
      client: { apiKey: 'key-1' },
      want: '/apps/slack/actions/',
    },
  ],
];

// Failures, each with what must (not) have reached the server.
const failures: [
  string,
  {
    api: ApiDefinition;
    operation: OperationDefinition;
    args: OperationArgs;
    client: ClientOptions;
    reply?: Reply | ((index: number) => Reply);
    callOptions?: CallOptions;
    want: new (...args: never[]) => Error;
    sent: number;
  },
][] = [
  [
    'a limit broken before sending',
    {
      api: partner,
      operation: listApps,
      args: { query: { per_page: 500 } },
      client: { clientId: 'client-1' },
      want: RequestValidationError,
      sent: 0,
    },
  ],
  [
    'a cross-parameter rule broken before sending',
    {
      api: partner,
      operation: listZaps,
      args: { query: { params: { channel: 'C1' } } },
      client: { accessToken: 'token-1' },
      want: RequestValidationError,
      sent: 0,
    },
  ],
  [
    'a missing credential',
    {
      api: partner,
      operation: listZaps,
      args: { query: { app: 'slack' } },
      client: { clientId: 'client-1' },
      want: MissingCredentialsError,
      sent: 0,
    },
  ],
  [
    'a 404 as a typed error',
    {
      api: partner,
      operation: listApps,
      args: {},
      client: { clientId: 'client-1' },
      reply: { status: 404, body: { errors: ['Not found'] } },
      want: NotFoundError,
      sent: 1,
    },
  ],
  [
    'a per-attempt timeout',
    {
      api: partner,
      operation: listApps,
      args: {},
      client: { clientId: 'client-1' },
      // The request must reach the server before the timeout fires (`sent: 1`): 50 ms was not
      // always enough on a loaded machine.
      reply: { body: {}, delayMs: 3_000 },
      callOptions: { timeoutMs: 500 },
      want: TimeoutError,
      sent: 1,
    },
  ],
];

describe.each(entryPoints)('%s', (_entry, call) => {
  it.each(wire)('sends %s', async (_name, { api, operation, args, client, want }) => {
    const { runtime, requests } = await setup({ api, reply: { body: { objects: [] } }, client });
    await call(runtime, operation, args);
    expect(requests[0]?.url).toBe(want);
  });

  it.each(failures)(
    'rejects %s',
    async (_name, { api, operation, args, client, reply, callOptions, want, sent }) => {
      const { runtime, requests } = await setup({ api, reply, client });
      const error = await call(runtime, operation, args, callOptions).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(want);
      expect(requests).toHaveLength(sent);
    },
  );

  it('retries a 503, then resolves with the body', async () => {
    const replies: Reply[] = [
      { status: 503, body: { errors: ['busy'] } },
      { body: { objects: [{ slug: 'a' }], page: 1, pages: 1 } },
    ];
    const { runtime, requests } = await setup({
      api: partner,
      reply: (index) => replies[index]!,
      client: { clientId: 'client-1', retry: { maxRetries: 1, sleep: async () => {} } },
    });
    await expect(call(runtime, listApps, {})).resolves.toEqual({
      objects: [{ slug: 'a' }],
      page: 1,
      pages: 1,
    });
    expect(requests).toHaveLength(2);
  });

  it('sends a JSON body with its content type', async () => {
    const { runtime, requests } = await setup({
      api: actions,
      reply: { body: { execution_log_id: 'e1' } },
      client: { apiKey: 'key-1' },
    });
    const body = { instructions: 'say hi', app: 'slack', action: 'send' };
    await expect(
      call(runtime, executeAction, { query: { preview_only: true }, body }),
    ).resolves.toEqual({ execution_log_id: 'e1' });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/execute/?preview_only=true',
      body: JSON.stringify(body),
    });
    expect(requests[0]?.headers['content-type']).toBe('application/json');
  });
});

describe('path-typed methods', () => {
  it('resolve with the data and the response', async () => {
    const { runtime } = await setup({
      api: partner,
      reply: { body: { objects: [], page: 1, pages: 1 }, headers: { 'x-request-id': 'req-9' } },
      client: { clientId: 'client-1' },
    });
    const { data, response } = await runtime.pathMethods.GET('/apps' as never);
    expect(data).toEqual({ objects: [], page: 1, pages: 1 });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-9');
  });

  it('reject a path that is not an operation, before sending', async () => {
    const { runtime, requests } = await setup({ api: partner, client: { clientId: 'client-1' } });
    const error = await runtime.pathMethods
      .GET('/unknown' as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZapgenError);
    expect((error as Error).message).toBe('GET /unknown is not an operation of @zapgen/partner-v1');
    expect(requests).toHaveLength(0);
  });

  it('reject the options of openapi-fetch: the spec decides the wire format', async () => {
    const { runtime, requests } = await setup({ api: partner, client: { clientId: 'client-1' } });
    const init = {
      params: { query: { templates: ['1', '2'] } },
      querySerializer: { array: { style: 'form', explode: true } },
    };
    const error = await (
      runtime.pathMethods.GET as (path: string, init: object) => Promise<unknown>
    )('/zap-templates', init).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZapgenError);
    expect((error as Error).message).toMatch(/^listZapTemplates: unknown option querySerializer/);
    expect(requests).toHaveLength(0);
  });
});
