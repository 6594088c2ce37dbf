/**
 * Bad arguments and options fail before a request is sent, naming what is wrong: a server
 * records every request, and must see none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/client/create-runtime.js';
import type { ClientOptions } from '../../src/client/options.js';
import type { ApiDefinition, OperationDefinition } from '../../src/definition.js';
import { RequestValidationError, ZapgenError } from '../../src/errors.js';
import { actionsApi, executeAction, listApps, partnerApi } from '../support/definitions.js';
import { startServer, type TestServer } from '../support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function attempt({
  api,
  operation,
  args,
  callOptions,
  client,
}: {
  api: ApiDefinition;
  operation: OperationDefinition;
  args: unknown;
  callOptions?: unknown;
  client?: ClientOptions;
}): Promise<unknown> {
  server = await startServer(() => ({ body: { execution_log_id: 'e1', objects: [] } }));
  const runtime = createRuntime(api, {
    baseUrl: server.url,
    apiKey: 'k',
    clientId: 'c',
    retry: { maxRetries: 0 },
    ...client,
  });
  return runtime
    .call(operation, args as never, callOptions as never)
    .then(() => undefined)
    .catch((error: unknown) => error);
}

const body = { instructions: 'go', app: 'slack', action: 'send' };

/** `[what, { call, want: the message }]` */
const CASES: [
  string,
  {
    operation: OperationDefinition;
    api?: ApiDefinition;
    args: unknown;
    callOptions?: unknown;
    client?: ClientOptions;
    want: RegExp;
  },
][] = [
  [
    'a string instead of the arguments object',
    {
      operation: listApps,
      api: partnerApi,
      args: 'per_page=5',
      want: /^Invalid arguments for listApps: \(arguments\) \(arguments\): must be an object of path, query, header, cookie, body, not a string$/,
    },
  ],
  [
    'a misspelled group, whose parameters would be dropped',
    {
      operation: listApps,
      api: partnerApi,
      args: { qurey: { per_page: 5 } },
      want: /^Invalid arguments for listApps: qurey \(arguments\): is not an argument group \(did you mean "query"\?\); the groups are path, query, header, cookie, body$/,
    },
  ],
  [
    'a misspelled parameter name',
    {
      operation: listApps,
      api: partnerApi,
      args: { query: { per_pgae: 5 } },
      want: /^Invalid arguments for listApps: per_pgae \(query\): is not a query parameter of listApps \(did you mean "per_page"\?\); its query parameters are per_page, page$/,
    },
  ],
  [
    'a group the operation has no parameters in',
    {
      operation: listApps,
      api: partnerApi,
      args: { path: { app: 'slack' } },
      want: /app \(path\): is not a parameter: listApps has no path parameters/,
    },
  ],
  [
    'a body for an operation without one',
    {
      operation: listApps,
      api: partnerApi,
      args: { body: { x: 1 } },
      want: /body \(body\): listApps takes no request body/,
    },
  ],
  [
    'a group that is not an object',
    {
      operation: listApps,
      api: partnerApi,
      args: { query: 'per_page=5' },
      want: /query \(query\): must be an object of query parameters, not a string/,
    },
  ],
  [
    'a timeoutMs that is not a number',
    {
      operation: listApps,
      api: partnerApi,
      args: {},
      callOptions: { timeoutMs: '5000' },
      want: /timeoutMs \(options\): must be a number of milliseconds >= 0 \(0 = no timeout\), not a string/,
    },
  ],
  [
    'a negative timeoutMs of the client',
    {
      operation: listApps,
      api: partnerApi,
      args: {},
      client: { timeoutMs: -1 },
      want: /timeoutMs \(client options\): must be a number of milliseconds >= 0 \(0 = no timeout\), not -1/,
    },
  ],
  [
    'a NaN maxRedirects',
    {
      operation: listApps,
      api: partnerApi,
      args: {},
      client: { maxRedirects: Number.NaN },
      want: /maxRedirects \(client options\): must be a number of redirects >= 0/,
    },
  ],
  [
    'a body field of the wrong type, named by its path',
    {
      operation: executeAction,
      api: actionsApi,
      args: { body: { ...body, app: 5 } },
      want: /^Invalid arguments for executeAction: app \(body\): /,
    },
  ],
];

describe('bad arguments fail before anything is sent', () => {
  it.each(CASES)('%s', async (_name, { operation, api, args, callOptions, client, want }) => {
    const error = await attempt({
      api: api ?? actionsApi,
      operation,
      args,
      callOptions,
      ...(client && { client }),
    });
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toMatch(want);
    expect(server?.requests).toEqual([]);
  });

  it('even with request validation off', async () => {
    const error = await attempt({
      api: partnerApi,
      operation: listApps,
      args: { qurey: { per_page: 5 } },
      client: { validation: { request: false } },
    });
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(server?.requests).toEqual([]);
  });

  it('good arguments and undefined members still go', async () => {
    const error = await attempt({
      api: partnerApi,
      operation: listApps,
      args: { query: { per_page: 5, page: undefined }, path: undefined },
    });
    expect(error).toBeUndefined();
    expect(server?.requests).toHaveLength(1);
  });
});

describe('a client without a base URL', () => {
  const noServers: ApiDefinition = { ...partnerApi, servers: [] };

  it('says what to pass instead of failing as a network error', async () => {
    const error = await createRuntime(noServers, { clientId: 'c' })
      .call(listApps, {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZapgenError);
    expect((error as Error).message).toBe(
      "listApps: the client has no base URL: @zapgen/partner-v1's spec declares no servers. Pass baseUrl to createClient (e.g. 'https://api.example.com'), or a fetch that takes paths, such as a mock's fetch",
    );
  });

  it('names a baseUrl that is not absolute', async () => {
    const error = await createRuntime(partnerApi, { clientId: 'c', baseUrl: 'api.example.com' })
      .call(listApps, {})
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(
      /^listApps: baseUrl "api\.example\.com" is not an absolute URL/,
    );
  });

  it('a fetch of its own gets the path as it is', async () => {
    const seen: string[] = [];
    const data = await createRuntime(noServers, {
      clientId: 'c',
      fetch: async (input) => {
        seen.push(String(input));
        return Response.json({ objects: [], page: 1, pages: 1 });
      },
    }).call(listApps, {});
    expect(data).toEqual({ objects: [], page: 1, pages: 1 });
    expect(seen).toEqual(['/apps?client_id=c']);
  });
});
