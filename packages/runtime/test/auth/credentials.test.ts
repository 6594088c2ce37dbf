import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../../src/client/create-runtime.js';
import type { ClientOptions } from '../../src/client/options.js';
import type { ApiDefinition, OperationDefinition } from '../../src/definition.js';
import { ApiError, MissingCredentialsError, NetworkError } from '../../src/errors.js';
import {
  actionsApi,
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

async function wire(options: {
  api: ApiDefinition;
  operation: OperationDefinition;
  client: ClientOptions;
  args?: object;
  reply?: Reply;
}) {
  server = await startServer(() => options.reply ?? { body: { results: [], objects: [] } });
  const runtime = createRuntime(options.api, {
    baseUrl: server.url,
    retry: { maxRetries: 0 },
    validation: { response: 'off' },
    ...options.client,
  });
  await runtime.call(options.operation, options.args ?? { path: { app: 'slack' } });
  return server.requests[0]!;
}

describe('credentials per operation', () => {
  const cases: [
    string,
    {
      api: ApiDefinition;
      operation: OperationDefinition;
      client: ClientOptions;
      want: { url: string; headers: Record<string, string | undefined> };
    },
  ][] = [
    [
      'v2 with an API key sends x-api-key only',
      {
        api: actionsApi,
        operation: listActions,
        client: { apiKey: 'key-1' },
        want: {
          url: '/apps/slack/actions/',
          headers: { 'x-api-key': 'key-1', authorization: undefined },
        },
      },
    ],
    [
      'v2 with a token sends a Bearer token only',
      {
        api: actionsApi,
        operation: listActions,
        client: { accessToken: 'tok-1' },
        want: {
          url: '/apps/slack/actions/',
          headers: { 'x-api-key': undefined, authorization: 'Bearer tok-1' },
        },
      },
    ],
    [
      'v2 with both uses the first requirement of the spec, not both',
      {
        api: actionsApi,
        operation: listActions,
        client: { apiKey: 'key-1', accessToken: 'tok-1' },
        want: {
          url: '/apps/slack/actions/',
          headers: { 'x-api-key': 'key-1', authorization: undefined },
        },
      },
    ],
    [
      'partner client id goes in the query, no token',
      {
        api: partnerApi,
        operation: listApps,
        client: { clientId: 'cid', accessToken: 'tok' },
        want: { url: '/apps?client_id=cid', headers: { authorization: undefined } },
      },
    ],
    [
      'partner /me needs client id AND token',
      {
        api: partnerApi,
        operation: listMyZapTemplates,
        client: { clientId: 'cid', accessToken: 'tok' },
        want: { url: '/zap-templates/me?client_id=cid', headers: { authorization: 'Bearer tok' } },
      },
    ],
    [
      'partner /zaps sends the token only',
      {
        api: partnerApi,
        operation: listZaps,
        client: { clientId: 'cid', accessToken: 'tok' },
        want: { url: '/zaps', headers: { authorization: 'Bearer tok' } },
      },
    ],
    [
      'credentials by scheme name work for any scheme',
      {
        api: partnerApi,
        operation: listMyZapTemplates,
        client: { credentials: { ClientId: 'c2', PartnerOAuth: () => 't2' } },
        want: { url: '/zap-templates/me?client_id=c2', headers: { authorization: 'Bearer t2' } },
      },
    ],
  ];

  it.each(cases)('%s', async (_name, { api, operation, client, want }) => {
    const request = await wire({
      api,
      operation,
      client,
      args: operation === listActions ? { path: { app: 'slack' } } : {},
    });
    expect(request.url).toBe(want.url);
    for (const [name, value] of Object.entries(want.headers))
      expect(request.headers[name]).toBe(value);
  });

  it('with optional auth, sends the credential it has, or none', async () => {
    const optional = { ...listApps, security: [[], [{ scheme: 'ClientId', scopes: [] }]] };
    expect(
      (await wire({ api: partnerApi, operation: optional, client: { clientId: 'cid' }, args: {} }))
        .url,
    ).toBe('/apps?client_id=cid');
    await server?.close();
    expect((await wire({ api: partnerApi, operation: optional, client: {}, args: {} })).url).toBe(
      '/apps',
    );
  });

  it('asks getAccessToken with the operation, scheme and scopes, only when a token is needed', async () => {
    const getAccessToken = vi.fn(() => 'dyn');
    const request = await wire({
      api: partnerApi,
      operation: listMyZapTemplates,
      client: { clientId: 'c', getAccessToken },
      args: {},
    });
    expect(request.headers.authorization).toBe('Bearer dyn');
    expect(getAccessToken).toHaveBeenCalledWith({
      operationId: 'listMyZapTemplates',
      scheme: 'PartnerOAuth',
      scopes: ['templates'],
    });
    await server?.close();
    getAccessToken.mockClear();
    await wire({
      api: partnerApi,
      operation: listApps,
      client: { clientId: 'c', getAccessToken },
      args: {},
    });
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  it('fails before sending, naming the operation and every missing credential', async () => {
    const fetch = vi.fn();
    const runtime = createRuntime(partnerApi, { accessToken: 'secret-token', fetch });
    const error = await runtime.call(listMyZapTemplates).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MissingCredentialsError);
    expect((error as Error).message).toBe(
      'listMyZapTemplates needs credentials the client does not have: clientId (ClientId: query client_id)',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('names each alternative when none is met', async () => {
    const error = await createRuntime(actionsApi, { fetch: vi.fn() })
      .call(listActions, { path: { app: 'a' } })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(
      /apiKey \(AccessPointApiKeyHeader: header x-api-key\), or an access token \(AccessPointOAuth/,
    );
  });

  it('re-authorizes once after a 401 and sends again with the new token', async () => {
    server = await startServer((request) =>
      request.headers.authorization === 'Bearer fresh'
        ? { body: { objects: [] } }
        : { status: 401, body: { errors: ['expired'] } },
    );
    const reauthorize = vi.fn(async () => 'fresh');
    const runtime = createRuntime(partnerApi, {
      baseUrl: server.url,
      accessToken: 'stale',
      reauthorize,
    });
    await expect(runtime.call(listZaps)).resolves.toEqual({ objects: [] });
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer stale',
      'Bearer fresh',
    ]);
    expect(reauthorize).toHaveBeenCalledTimes(1);
  });
});

describe('secrets never leak into errors', () => {
  const secrets = ['super-secret-client-id', 'super-secret-token'];

  function expectNoSecret(error: unknown) {
    const views = [
      (error as Error).message,
      (error as Error).stack ?? '',
      JSON.stringify(error),
      JSON.stringify({ ...(error as object) }),
      inspect(error, { depth: 10, showHidden: true }),
    ];
    for (const view of views) for (const secret of secrets) expect(view).not.toContain(secret);
  }

  it('redacts the apiKey query value and credential headers on API errors', async () => {
    server = await startServer(() => ({
      status: 403,
      body: { errors: ['nope'] },
      headers: { 'set-cookie': 'session=super-secret-token', 'x-echo': 'super-secret-client-id' },
    }));
    const runtime = createRuntime(partnerApi, {
      baseUrl: server.url,
      clientId: secrets[0],
      accessToken: secrets[1],
    });
    const error = await runtime.call(listMyZapTemplates).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).url).toBe(`${server.url}/zap-templates/me?client_id=[REDACTED]`);
    expectNoSecret(error);
  });

  it('keeps them out of network errors', async () => {
    const runtime = createRuntime(partnerApi, {
      baseUrl: 'http://127.0.0.1:9',
      clientId: secrets[0],
      accessToken: secrets[1],
      retry: { maxRetries: 0 },
      fetch: async (input) => {
        throw new TypeError(`fetch failed for ${String(input)}`);
      },
    });
    const error = await runtime.call(listMyZapTemplates).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expectNoSecret(error);
  });

  it('keeps them out of missing-credential errors', async () => {
    const error = await createRuntime(partnerApi, { clientId: secrets[0] })
      .call(listZaps)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MissingCredentialsError);
    expectNoSecret(error);
  });
});
