import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../src/client/create-runtime.js';
import {
  listApps,
  listMyZapTemplates,
  listZapTemplates,
  listZaps,
  partnerApi,
} from './support/definitions.js';
import { startServer } from './support/server.js';
import type { RecordedRequest, TestServer } from './support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const apps = Array.from({ length: 7 }, (_, index) => ({ slug: `app-${index}` }));
const templates = Array.from({ length: 12 }, (_, index) => ({ id: index }));

/** A partner server over the items above, paging like the real one. */
async function partnerServer() {
  server = await startServer((request: RecordedRequest) => {
    const query = new URLSearchParams(request.query);
    if (request.path === '/zaps') {
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 5);
      const more = offset + limit < templates.length;
      return {
        body: {
          objects: templates.slice(offset, offset + limit),
          next: more ? `/v1/zaps?offset=${offset + limit}` : null,
        },
      };
    }
    if (request.path === '/apps') {
      const page = Number(query.get('page') ?? 1);
      const perPage = Number(query.get('per_page') ?? 100);
      const objects = apps.slice((page - 1) * perPage, page * perPage);
      return {
        body: {
          objects,
          page,
          per_page: perPage,
          total: apps.length,
          pages: Math.ceil(apps.length / perPage),
        },
      };
    }
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 5);
    return { body: templates.slice(offset, offset + limit) };
  });
  return createRuntime(partnerApi, { baseUrl: server.url, clientId: 'c', accessToken: 't' });
}

async function collect<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterator) items.push(item);
  return items;
}

describe('paginate', () => {
  it('walks page-based lists up to the last page', async () => {
    const runtime = await partnerServer();
    expect(await collect(runtime.paginate(listApps, {}, { pageSize: 3 }))).toEqual(apps);
    expect(server!.requests.map((request) => request.url)).toEqual([
      '/apps?per_page=3&page=1&client_id=c',
      '/apps?per_page=3&page=2&client_id=c',
      '/apps?per_page=3&page=3&client_id=c',
    ]);
  });

  it('walks limit/offset lists until a short page', async () => {
    const runtime = await partnerServer();
    expect(await collect(runtime.paginate(listZapTemplates, {}, { pageSize: 5 }))).toEqual(
      templates,
    );
    expect(server!.requests.map((request) => request.query)).toEqual([
      'limit=5&offset=0&client_id=c',
      'limit=5&offset=5&client_id=c',
      'limit=5&offset=10&client_id=c',
    ]);
  });

  it('without a page size, stops at the first empty page, keeping the other parameters', async () => {
    const runtime = await partnerServer();
    expect(
      await collect(runtime.paginate(listMyZapTemplates, { query: { status: 'draft' } })),
    ).toEqual(templates);
    expect(server!.requests.map((request) => request.query)).toEqual([
      'offset=0&status=draft&client_id=c',
      'offset=5&status=draft&client_id=c',
      'offset=10&status=draft&client_id=c',
      'offset=12&status=draft&client_id=c',
    ]);
    expect(server!.requests[0]?.headers.authorization).toBe('Bearer t');
  });

  it('follows the next field of offset lists, keeping filters', async () => {
    const runtime = await partnerServer();
    const zaps = await collect(
      runtime.paginate(
        listZaps,
        { query: { app: 'slack', params: { channel: 'C1' } } },
        { pageSize: 6 },
      ),
    );
    expect(zaps).toEqual(templates);
    expect(server!.requests.map((request) => request.query)).toEqual([
      'limit=6&offset=0&app=slack&params__channel=C1',
      'limit=6&offset=6&app=slack&params__channel=C1',
    ]);
  });

  it('stops at maxItems without fetching more pages', async () => {
    const runtime = await partnerServer();
    expect(
      await collect(runtime.paginate(listZapTemplates, {}, { pageSize: 5, maxItems: 6 })),
    ).toEqual(templates.slice(0, 6));
    expect(server!.requests).toHaveLength(2);
  });

  it('validates the page size like any parameter', async () => {
    const runtime = await partnerServer();
    await expect(collect(runtime.paginate(listApps, {}, { pageSize: 500 }))).rejects.toThrow(
      /per_page/,
    );
    expect(server!.requests).toHaveLength(0);
  });

  it('stops when the signal aborts', async () => {
    const runtime = await partnerServer();
    const controller = new AbortController();
    const seen: unknown[] = [];
    const walk = async () => {
      for await (const item of runtime.paginate(
        listZapTemplates,
        {},
        { pageSize: 5, signal: controller.signal },
      )) {
        seen.push(item);
        if (seen.length === 5) controller.abort(new Error('enough'));
      }
    };
    await expect(walk()).rejects.toThrow('enough');
    expect(server!.requests).toHaveLength(1);
  });
});
