import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../src/client/create-runtime.js';
import type { OperationDefinition, PaginationDefinition } from '../src/definition.js';
import { firstCursor, itemsOf, nextCursor, nextLinkOf, stepAt } from '../src/pagination.js';
import {
  listApps,
  listMyZapTemplates,
  listZapTemplates,
  listZaps,
  parameter,
  partnerApi,
} from './support/definitions.js';
import { startServer } from './support/server.js';
import type { RecordedRequest, TestServer } from './support/server.js';

type Json = Record<string, unknown>;

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

describe('cursor pagination', () => {
  type Cursor = Extract<PaginationDefinition, { kind: 'cursor' }>;
  const base = { kind: 'cursor', cursorParameter: 'cursor', itemsField: 'data' } as const;
  const byField: Cursor = { ...base, nextCursorField: 'next_cursor', sizeParameter: 'limit' };
  const byItem: Cursor = {
    ...base,
    cursorParameter: 'starting_after',
    cursorItemField: 'id',
    hasMoreField: 'has_more',
  };
  const byUrl: Cursor = { ...base, cursorParameter: 'page_token', nextUrlField: 'next' };
  const byLink: Cursor = { ...base, cursorParameter: 'page', nextLinkHeader: true };
  /** Slack: `response_metadata.next_cursor`, a JSON Pointer. */
  const byNested: Cursor = { ...base, nextCursorField: '/response_metadata/next_cursor' };
  const items = [{ id: 'a' }, { id: 'b' }];

  const cases: [
    string,
    {
      pagination: Cursor;
      cursor: string | null;
      body: Json;
      link?: string;
      hasNext: boolean;
      next?: unknown;
    },
  ][] = [
    [
      'Link rel="next" on another origin: only its cursor parameter is taken',
      {
        pagination: byLink,
        cursor: null,
        body: { data: items },
        link: '<https://elsewhere.example/x?page=2&token=s>; rel="next", <https://elsewhere.example/x?page=9>; rel="last"',
        hasNext: true,
        next: '2',
      },
    ],
    [
      'Link with next after prev, unquoted, and relative',
      {
        pagination: byLink,
        cursor: '2',
        body: { data: items },
        link: '</x?page=1>; rel="prev",  </x?page=3>; title="a, b"; rel=next',
        hasNext: true,
        next: '3',
      },
    ],
    [
      'Link without rel="next": last page',
      {
        pagination: byLink,
        cursor: '3',
        body: { data: items },
        link: '</x?page=2>; rel="prev", </x?page=1>; rel="first"',
        hasNext: false,
      },
    ],
    [
      'no Link header: last page',
      { pagination: byLink, cursor: '3', body: { data: items }, hasNext: false },
    ],
    [
      'a nested cursor (JSON Pointer)',
      {
        pagination: byNested,
        cursor: null,
        body: { data: items, response_metadata: { next_cursor: 'dXNlcjpV' } },
        hasNext: true,
        next: 'dXNlcjpV',
      },
    ],
    [
      'a nested cursor, empty: last page',
      {
        pagination: byNested,
        cursor: 'dXNlcjpV',
        body: { data: items, response_metadata: { next_cursor: '' } },
        hasNext: false,
      },
    ],
    [
      'a nested cursor under a missing object: last page',
      { pagination: byNested, cursor: null, body: { data: items }, hasNext: false },
    ],
    [
      'a pointer segment escaped (~1 is /, ~0 is ~)',
      {
        pagination: { ...base, nextCursorField: '/meta/a~1b~0c' },
        cursor: null,
        body: { data: items, meta: { 'a/b~c': 'n2' } },
        hasNext: true,
        next: 'n2',
      },
    ],
    [
      'a name with a dot without a leading / is one property (@odata.nextLink)',
      {
        pagination: { ...byUrl, nextUrlField: '@odata.nextLink' },
        cursor: null,
        body: { data: items, '@odata.nextLink': 'https://graph.example/v1?page_token=g2' },
        hasNext: true,
        next: 'g2',
      },
    ],
    [
      'has_more as a pointer',
      {
        pagination: { ...byItem, hasMoreField: '/meta/has_more' },
        cursor: null,
        body: { data: items, meta: { has_more: false } },
        hasNext: false,
      },
    ],
    [
      'next_cursor field',
      {
        pagination: byField,
        cursor: null,
        body: { data: items, next_cursor: 'c2' },
        hasNext: true,
        next: 'c2',
      },
    ],
    [
      'next_cursor null: last page',
      {
        pagination: byField,
        cursor: 'c2',
        body: { data: items, next_cursor: null },
        hasNext: false,
      },
    ],
    [
      'next_cursor empty string: last page',
      { pagination: byField, cursor: 'c2', body: { data: items, next_cursor: '' }, hasNext: false },
    ],
    [
      'the same cursor again: stops instead of looping',
      {
        pagination: byField,
        cursor: 'c2',
        body: { data: items, next_cursor: 'c2' },
        hasNext: false,
      },
    ],
    [
      'an empty page: stops even with a cursor',
      { pagination: byField, cursor: null, body: { data: [], next_cursor: 'c3' }, hasNext: false },
    ],
    [
      'a numeric cursor',
      {
        pagination: byField,
        cursor: null,
        body: { data: items, next_cursor: 20 },
        hasNext: true,
        next: 20,
      },
    ],
    [
      'last item id while has_more',
      {
        pagination: byItem,
        cursor: null,
        body: { data: items, has_more: true },
        hasNext: true,
        next: 'b',
      },
    ],
    [
      'has_more false: last page',
      { pagination: byItem, cursor: null, body: { data: items, has_more: false }, hasNext: false },
    ],
    [
      'next URL: only its cursor parameter is taken',
      {
        pagination: byUrl,
        cursor: null,
        body: { data: items, next: 'https://elsewhere.example/v2/x?page_token=t2&secret=1' },
        hasNext: true,
        next: 't2',
      },
    ],
    [
      'a relative next URL',
      {
        pagination: byUrl,
        cursor: 't1',
        body: { data: items, next: '/events?page_token=t2' },
        hasNext: true,
        next: 't2',
      },
    ],
    [
      'a next URL without the cursor parameter: last page',
      {
        pagination: byUrl,
        cursor: 't1',
        body: { data: items, next: '/events?page=2' },
        hasNext: false,
      },
    ],
    [
      'no next URL: last page',
      { pagination: byUrl, cursor: 't1', body: { data: items, next: null }, hasNext: false },
    ],
  ];

  it.each(cases)('%s', (_, { pagination, cursor, body, link, hasNext, next }) => {
    const step = stepAt({ pagination, args: {}, cursor });
    const headers = new Headers(link === undefined ? {} : { link });
    expect(step.hasNext(body, body.data as unknown[], headers)).toBe(hasNext);
    if (hasNext) {
      expect(nextCursor({ pagination, cursor, body, items: body.data as unknown[], headers })).toBe(
        next,
      );
    }
  });

  it.each([
    ['a flat name', 'data', { data: [1] }, [1]],
    ['the body', '', [1, 2], [1, 2]],
    ['a JSON Pointer', '/result/items', { result: { items: [3] } }, [3]],
    ['a pointer to nothing', '/result/items', { result: null }, []],
    ['an inherited name is not read', '/constructor', {}, []],
  ])('items at %s', (_, itemsField, body, want) => {
    expect(itemsOf({ operationId: 'op', body, itemsField })).toEqual(want);
  });

  it.each([
    ['none', null, undefined],
    ['next among several', '<a?p=1>; rel="prev", <b?p=3>; rel="next"', 'b?p=3'],
    ['rel with several values', '<c>; rel="next last"', 'c'],
    ['a comma inside the URL', '<d?x=1,2>; rel="next"', 'd?x=1,2'],
    ['no next', '<e>; rel="nextish"', undefined],
  ])('Link header: %s', (_, header, want) => {
    expect(nextLinkOf(header)).toBe(want);
  });

  it('a Link header pagination without the headers (TanStack, SWR) says so', () => {
    const step = stepAt({ pagination: byLink, args: {}, cursor: null });
    expect(() => step.hasNext({ data: items }, items)).toThrow(/Link header/);
  });

  it('sends no cursor for the first page, then the cursor and the page size', () => {
    expect(firstCursor(byField)).toBeNull();
    expect(
      stepAt({ pagination: byField, args: { query: { q: 1 } }, pageSize: 5, cursor: null }).args,
    ).toEqual({ query: { q: 1, limit: 5 } });
    expect(stepAt({ pagination: byField, args: {}, cursor: 'c2' }).args).toEqual({
      query: { cursor: 'c2' },
    });
    expect(firstCursor(byItem, { query: { starting_after: 'x' } })).toBe('x');
  });

  it('walks pages over HTTP until no cursor, each page a normal call', async () => {
    const events = Array.from({ length: 5 }, (_, index) => ({ id: `e${index}` }));
    server = await startServer((request: RecordedRequest) => {
      const query = new URLSearchParams(request.query);
      const start = Number(query.get('cursor') ?? 0);
      const limit = Number(query.get('limit') ?? 2);
      const end = start + limit;
      return {
        body: {
          data: events.slice(start, end),
          next_cursor: end < events.length ? String(end) : null,
        },
      };
    });
    const listEvents: OperationDefinition = {
      operationId: 'listEvents',
      method: 'get',
      path: '/events',
      parameters: [
        parameter({ name: 'cursor', in: 'query' }),
        parameter({ name: 'limit', in: 'query' }),
      ],
      responses: [{ status: '200', mediaTypes: ['application/json'] }],
      security: [],
      pagination: byField,
    };
    const runtime = createRuntime({ ...partnerApi, operations: [] }, { baseUrl: server.url });
    expect(await collect(runtime.paginate(listEvents, {}, { pageSize: 2 }))).toEqual(events);
    expect(server.requests.map((request) => request.query)).toEqual([
      'limit=2',
      'cursor=2&limit=2',
      'cursor=4&limit=2',
    ]);
  });

  it('follows Link rel="next" over HTTP, taking only its cursor: no request or token elsewhere', async () => {
    const repos = Array.from({ length: 5 }, (_, index) => ({ id: index }));
    const elsewhere = await startServer(() => ({ body: [] }));
    try {
      const foreign = elsewhere.url;
      server = await startServer((request: RecordedRequest) => {
        const page = Number(new URLSearchParams(request.query).get('page') ?? 1);
        const last = page * 2 >= repos.length;
        return {
          headers: last
            ? { link: `<${foreign}/repos?page=1>; rel="first"` }
            : { link: `<${foreign}/repos?page=${page + 1}&per_page=50>; rel="next"` },
          body: repos.slice((page - 1) * 2, page * 2),
        };
      });
      const listRepos: OperationDefinition = {
        operationId: 'listRepos',
        method: 'get',
        path: '/repos',
        parameters: [
          parameter({ name: 'page', in: 'query' }),
          parameter({ name: 'per_page', in: 'query' }),
        ],
        responses: [{ status: '200', mediaTypes: ['application/json'] }],
        security: [],
        pagination: {
          kind: 'cursor',
          cursorParameter: 'page',
          sizeParameter: 'per_page',
          itemsField: '',
          nextLinkHeader: true,
        },
      };
      const runtime = createRuntime(
        { ...partnerApi, operations: [] },
        { baseUrl: server.url, headers: { authorization: 'Bearer secret' } },
      );
      expect(await collect(runtime.paginate(listRepos, {}, { pageSize: 2 }))).toEqual(repos);
      expect(server.requests.map((request) => request.query)).toEqual([
        'per_page=2',
        'page=2&per_page=2',
        'page=3&per_page=2',
      ]);
      expect(
        server.requests.every((request) => request.headers.authorization === 'Bearer secret'),
      ).toBe(true);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('reads a nested cursor and items over HTTP (Slack: response_metadata.next_cursor)', async () => {
    const members = Array.from({ length: 3 }, (_, index) => ({ id: `U${index}` }));
    server = await startServer((request: RecordedRequest) => {
      const start = Number(new URLSearchParams(request.query).get('cursor') ?? 0);
      return {
        body: {
          ok: true,
          result: { members: members.slice(start, start + 2) },
          response_metadata: { next_cursor: start + 2 < members.length ? String(start + 2) : '' },
        },
      };
    });
    const listMembers: OperationDefinition = {
      operationId: 'listMembers',
      method: 'get',
      path: '/users.list',
      parameters: [parameter({ name: 'cursor', in: 'query' })],
      responses: [{ status: '200', mediaTypes: ['application/json'] }],
      security: [],
      pagination: {
        kind: 'cursor',
        cursorParameter: 'cursor',
        itemsField: '/result/members',
        nextCursorField: '/response_metadata/next_cursor',
      },
    };
    const runtime = createRuntime({ ...partnerApi, operations: [] }, { baseUrl: server.url });
    expect(await collect(runtime.paginate(listMembers))).toEqual(members);
    expect(server.requests.map((request) => request.query)).toEqual(['', 'cursor=2']);
  });
});
