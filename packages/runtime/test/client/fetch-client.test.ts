import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/client/create-runtime.js';
import { MissingCredentialsError } from '../../src/errors.js';
import { listApps, listMyZapTemplates, partnerApi } from '../support/definitions.js';
import { startServer } from '../support/server.js';
import type { TestServer } from '../support/server.js';

/** The part of openapi-typescript output these calls need. */
interface Paths {
  '/zap-templates/me': {
    get: {
      parameters: { query?: { status?: 'draft' | 'published' } };
      responses: { 200: { content: { 'application/json': { id: number }[] } } };
    };
  };
  '/unknown': { get: { parameters: {}; responses: { 200: { content: { 'application/json': unknown } } } } };
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('fetchClient', () => {
  const api = { ...partnerApi, operations: [listApps, listMyZapTemplates] };

  it('authenticates path-typed calls by the operation they match', async () => {
    server = await startServer(() => ({ body: [{ id: 1 }] }));
    const runtime = createRuntime<Paths>(api, { baseUrl: server.url, clientId: 'cid', accessToken: 'tok' });
    const { data } = await runtime.fetchClient.GET('/zap-templates/me', { params: { query: { status: 'draft' } } });
    expect(data).toEqual([{ id: 1 }]);
    expect(server.requests[0]?.url).toBe('/zap-templates/me?status=draft&client_id=cid');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('fails before sending when the matched operation lacks credentials', async () => {
    server = await startServer(() => ({ body: [] }));
    const runtime = createRuntime<Paths>(api, { baseUrl: server.url, clientId: 'cid' });
    await expect(runtime.fetchClient.GET('/zap-templates/me')).rejects.toBeInstanceOf(MissingCredentialsError);
    expect(server.requests).toHaveLength(0);
  });

  it('sends calls to unknown paths without credentials', async () => {
    server = await startServer(() => ({ body: {} }));
    const runtime = createRuntime<Paths>(api, { baseUrl: server.url, clientId: 'cid', accessToken: 'tok' });
    await runtime.fetchClient.GET('/unknown');
    expect(server.requests[0]?.url).toBe('/unknown');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });
});
