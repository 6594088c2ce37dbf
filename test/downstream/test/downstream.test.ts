/**
 * The downstream example against the generated mock servers: real HTTP on loopback, the packages
 * imported by name. Proves that a generated client, its runtime and its mock agree on the wire.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMock as createActionsMock } from '@zapgen/actions-v2/mock';
import { MissingCredentialsError, RequestValidationError } from '@zapgen/partner-v1';
import { createMock as createPartnerMock } from '@zapgen/partner-v1/mock';
import { actionsClient, appKeys } from '../src/actions.js';
import {
  authorizeUrl,
  firstApps,
  partnerClient,
  zapsOnChannel,
  zapsOnChannelByPath,
} from '../src/partner.js';

describe('partner-v1 through its mock server', () => {
  const seen: { operationId: string; query: unknown; authorization: unknown }[] = [];
  const mock = createPartnerMock({
    // The credentials this test's clients use, with the scopes of every operation.
    credentials: {
      apiKeys: { 'client-1': {} },
      tokens: { 'token-1': { scopes: ['zap', 'templates'], caller: {} } },
    },
    handlers: {
      // Five pages of one app each: `app-<page>`.
      listApps: (request) => {
        const page = Number(request.parameters.query?.page ?? 1);
        return {
          status: 200,
          body: {
            objects: [{ slug: `app-${page}`, title: `App ${page}` }],
            page,
            per_page: 1,
            total: 5,
            pages: 5,
          },
        };
      },
      listZaps: (request) => {
        seen.push({
          operationId: request.operationId,
          query: request.parameters.query,
          authorization: request.headers.authorization,
        });
        return { status: 200, body: { objects: [] } };
      },
    },
  });
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await mock.listen();
  });
  afterAll(() => mock.close());

  test('pagination walks the pages and stops at maxItems', async () => {
    const client = partnerClient('client-1', undefined, baseUrl);
    expect((await firstApps(client, 3)).map((app) => app.slug)).toEqual([
      'app-1',
      'app-2',
      'app-3',
    ]);
    expect((await firstApps(client, 100)).map((app) => app.slug)).toEqual([
      'app-1',
      'app-2',
      'app-3',
      'app-4',
      'app-5',
    ]);
  });

  test('params filters and the bearer token reach the server, by name and by path alike', async () => {
    seen.length = 0;
    await zapsOnChannel(partnerClient('client-1', 'token-1', baseUrl), 'slack', 'C1');
    await expect(
      zapsOnChannelByPath(partnerClient('client-1', 'token-1', baseUrl), 'slack', 'C1'),
    ).resolves.toEqual({ zaps: { objects: [] }, status: 200 });
    const want = {
      operationId: 'listZaps',
      query: expect.objectContaining({ app: 'slack', params: { channel: 'C1' } }),
      authorization: 'Bearer token-1',
    };
    expect(seen).toEqual([want, want]);
  });

  test('a call without the needed credential fails before sending', async () => {
    const client = partnerClient('client-1', undefined, baseUrl);
    await expect(client.listZaps({ query: { app: 'slack' } })).rejects.toBeInstanceOf(
      MissingCredentialsError,
    );
  });

  test('a rule violation fails before sending and names the parameter', async () => {
    const client = partnerClient('client-1', 'token-1', baseUrl);
    // `params` requires `app` (x-zapgen-rules requiredWith).
    const call = client.listZaps({ query: { params: { channel: 'C1' } } });
    await expect(call).rejects.toBeInstanceOf(RequestValidationError);
    await expect(call).rejects.toThrow(/app/);
  });
});

describe('actions-v2 through its mock server', () => {
  const mock = createActionsMock({ credentials: { apiKeys: { 'key-1': {} } } });
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await mock.listen();
  });
  afterAll(() => mock.close());

  test('a typed call resolves with the fixture answer', async () => {
    const keys = await appKeys(actionsClient('key-1', baseUrl), 'slack');
    expect(keys.every((key) => typeof key === 'string')).toBe(true);
  });
});

describe('partner-v1 OAuth metadata', () => {
  test('the implicit-grant URL carries the client, redirect, scopes and state', () => {
    const { url, state } = authorizeUrl('client-1', 'https://example.com/callback', [
      'zap',
      'templates',
    ]);
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://zapier.com/oauth/authorize');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      client_id: 'client-1',
      redirect_uri: 'https://example.com/callback',
      response_type: 'token',
      scope: 'zap templates',
      state,
    });
  });
});
