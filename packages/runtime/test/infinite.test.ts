/**
 * Infinite queries over a list whose next page is in the `Link` header: a page keeps the cursor
 * of the next page, never the header, so a cache that is dehydrated or persisted holds nothing
 * an API put in its links (here a key). TanStack Query's options and SWR's keys and fetcher page
 * on, from live pages and from a cache read back from JSON.
 */
import { InfiniteQueryObserver, QueryClient } from '@tanstack/query-core';
import { describe, expect, test } from 'vitest';
import type { OperationArgs, OperationDefinition } from '../src/definition.js';
import { infinitePages, type PageWithNext } from '../src/infinite.js';
import type { CallingClient } from '../src/query-keys.js';
import { infiniteKeys } from '../src/swr/index.js';
import { operationInfiniteQueryOptions } from '../src/tanstack-query/operations.js';

const SECRET = 'sk-in-the-link';

const listItems = {
  operationId: 'listItems',
  method: 'get',
  path: '/items',
  parameters: [
    { name: 'cursor', in: 'query', required: false, style: 'form', explode: true },
    { name: 'limit', in: 'query', required: false, style: 'form', explode: true },
  ],
  responses: [{ status: '200', mediaTypes: ['application/json'] }],
  security: [],
  pagination: {
    kind: 'cursor',
    cursorParameter: 'cursor',
    sizeParameter: 'limit',
    itemsField: '',
    nextLinkHeader: true,
  },
} as unknown as OperationDefinition;

/** Three pages by cursor; every next link carries the cursor and a key the API put there. */
const PAGES: Record<string, { items: number[]; link?: string }> = {
  '': {
    items: [1, 2],
    link: `<https://api.example.test/items?cursor=c2&api_key=${SECRET}>; rel="next"`,
  },
  c2: {
    items: [3, 4],
    link: `<https://api.example.test/items?api_key=${SECRET}&cursor=c3>; rel="next", <https://api.example.test/items>; rel="first"`,
  },
  c3: { items: [5] },
};

/** A client whose `send` answers from `PAGES`, recording the cursor of each request. */
function pagedClient(): { client: CallingClient; cursors: unknown[] } {
  const cursors: unknown[] = [];
  const answer = (args: OperationArgs = {}) => {
    const cursor = args.query?.['cursor'];
    cursors.push(cursor);
    const page = PAGES[(cursor as string | undefined) ?? '']!;
    const headers: Record<string, string> = page.link === undefined ? {} : { link: page.link };
    return { data: page.items, response: new Response(null, { headers }) };
  };
  const client = {
    call: async (_operation: OperationDefinition, args?: OperationArgs) => answer(args).data,
    send: async (_operation: OperationDefinition, args?: OperationArgs) => answer(args),
  } as unknown as CallingClient;
  return { client, cursors };
}

const WANT_PAGES: PageWithNext<number[]>[] = [
  { data: [1, 2], next: 'c2' },
  { data: [3, 4], next: 'c3' },
  { data: [5] },
];

describe('infinite pages read from a Link header', () => {
  test('TanStack Query: the cache holds each next cursor, not the link, and pages on once dehydrated', async () => {
    const { client, cursors } = pagedClient();
    const options = operationInfiniteQueryOptions<PageWithNext<number[]>, {}, string | null>({
      client,
      operation: listItems,
      api: '@zapgen/items',
      args: { query: { limit: 2 } },
    });
    const queryClient = new QueryClient();
    const observer = new InfiniteQueryObserver(queryClient, options);
    await observer.refetch();
    let result = observer.getCurrentResult();
    while (result.hasNextPage) result = await observer.fetchNextPage();
    expect(result.error).toBeNull();
    expect(result.data!.pages).toEqual(WANT_PAGES);
    expect(cursors).toEqual([undefined, 'c2', 'c3']);
    const cached = JSON.stringify(queryClient.getQueryData(options.queryKey));
    expect(cached).not.toContain(SECRET);
    expect(cached).not.toContain('api_key');
    expect(cached).not.toContain('rel=');

    // Read back from JSON with two pages, the query asks for the third by the cursor kept.
    const again = new QueryClient();
    const restored = JSON.parse(cached) as {
      pages: PageWithNext<number[]>[];
      pageParams: (string | null)[];
    };
    again.setQueryData(options.queryKey, {
      pages: restored.pages.slice(0, 2),
      pageParams: restored.pageParams.slice(0, 2),
    });
    const resumed = new InfiniteQueryObserver(again, { ...options, staleTime: Infinity });
    cursors.length = 0;
    const last = await resumed.fetchNextPage();
    expect(last.data!.pages).toEqual(WANT_PAGES);
    expect(last.hasNextPage).toBe(false);
    expect(cursors).toEqual(['c3']);
    observer.destroy();
    resumed.destroy();
    queryClient.clear();
    again.clear();
  });

  test('SWR: the fetcher, given the key alone, keeps each next cursor and not the link', async () => {
    const { client, cursors } = pagedClient();
    const { getKey, fetcher } = infiniteKeys({
      client,
      operation: listItems,
      api: '@zapgen/items',
      args: { query: { limit: 2 } },
      cursors: [],
    });
    const pages: unknown[] = [];
    for (let index = 0; ; index += 1) {
      const key = getKey(index, (pages[index - 1] as never) ?? null);
      if (key === null) break;
      pages.push(await fetcher(key));
    }
    expect(pages).toEqual(WANT_PAGES);
    expect(cursors).toEqual([undefined, 'c2', 'c3']);
    expect(JSON.stringify(pages)).not.toContain(SECRET);
  });

  const afterCases: [string, { page: unknown; want: unknown }][] = [
    ['a page with a next cursor names it', { page: { data: [1], next: 'c2' }, want: 'c2' }],
    ['a numeric cursor stays a number', { page: { data: [1], next: 7 }, want: 7 }],
    ['the last page has none', { page: { data: [1] }, want: undefined }],
    [
      'a page cached by runtime 0.5 (the link header kept) is read as the last',
      {
        page: { data: [1], headers: { link: '<https://x.test/?cursor=c2>; rel="next"' } },
        want: undefined,
      },
    ],
  ];
  test.each(afterCases)('after: %s', (_, { page, want }) => {
    const { client } = pagedClient();
    expect(infinitePages(client, listItems).after(page, null)).toBe(want);
  });

  test('a repeated cursor ends the pages (the same page again would loop)', async () => {
    const client = {
      call: async () => [],
      send: async () => ({
        data: [1],
        response: new Response(null, {
          headers: { link: '<https://api.example.test/items?cursor=c2>; rel="next"' },
        }),
      }),
    } as unknown as CallingClient;
    const pages = infinitePages(client, listItems);
    expect(await pages.fetch(pages.argsAt('c2'), undefined, 'c2')).toEqual({ data: [1] });
    // Without the page parameter, the one its arguments name.
    expect(await pages.fetch(pages.argsAt('c2'))).toEqual({ data: [1] });
    expect(await pages.fetch(pages.argsAt(null))).toEqual({ data: [1], next: 'c2' });
  });
});
