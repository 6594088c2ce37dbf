/**
 * Pagination as a user of the package meets it: one spec
 * (`test/fixtures/cursor-pagination/events.yaml`) with a list paged by a next-cursor field, one
 * by the last item's id with `has_more`, one by a next-page URL, one by the `Link` header's
 * `rel="next"`, one by a nested cursor (a JSON Pointer), and three numbered (an offset with a
 * next link, an offset alone, a page number with a page count). The package type-checks for a
 * strict consumer (paginate's items, TanStack's page parameter and pages, with React's, Vue's,
 * Solid's, Svelte's and Angular's adapters), and over real HTTP against its own mock `client.paginate`,
 * TanStack Query's infinite query and the keys and fetcher the SWR hook hands `useSWRInfinite`
 * walk every page of every kind, sending exactly the requests `paginate` sends.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/query-core';
import { infiniteKeys } from '@zapgen/runtime/swr';
import type { OperationDefinition } from '@zapgen/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/src/pipeline.js';
import { typecheck, type TscResult } from '../support/contract-helpers.js';

type Json = Record<string, unknown>;
interface Client {
  paginate: Record<string, (args?: unknown, options?: Json) => AsyncIterable<Json>>;
  [name: string]: unknown;
}
interface Package {
  createClient(options: Json): Client;
}
interface TanstackModule {
  [name: string]: (client: Client, args?: unknown, options?: Json) => any;
}
interface MockModule {
  createMock(options?: Json): { listen(): Promise<string>; close(): Promise<void> };
}

/** A strict consumer: the item type of each paginate, and the cursor as TanStack's page parameter. */
const CONSUMER = `import { useInfiniteQuery as useReactInfinite } from '@tanstack/react-query';
import { useInfiniteQuery as useVueInfinite } from '@tanstack/vue-query';
import { useInfiniteQuery as useSolidInfinite } from '@tanstack/solid-query';
import { createInfiniteQuery as createSvelteInfinite } from '@tanstack/svelte-query';
import { injectInfiniteQuery } from '@tanstack/angular-query-experimental';
import { createClient } from './index.js';
import { useListEventsByLinkInfinite } from './swr.js';
import {
  listEventsInfiniteQueryOptions,
  listEventsAfterInfiniteQueryOptions,
  listEventsByLinkInfiniteQueryOptions,
  listEventsByOffsetInfiniteQueryOptions,
} from './tanstack-query.js';
const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
export async function consume() {
  const ids: string[] = [];
  for await (const event of client.paginate.listEvents({ query: { limit: 2 } })) ids.push(event.id);
  for await (const event of client.paginate.listEventsAfter()) {
    const kind: 'created' | 'updated' = event.type;
    ids.push(kind);
  }
  for await (const event of client.paginate.listEventsByLink()) ids.push(event.id);
  // The items under a JSON Pointer (\`/result/events\`) keep their type.
  for await (const event of client.paginate.listEventsNested()) {
    const kind: 'created' | 'updated' = event.type;
    ids.push(kind);
  }
  const options = listEventsInfiniteQueryOptions(client, { query: { limit: 2 } });
  const first: string | number | null = options.initialPageParam;
  // @ts-expect-error: a cursor is not only a number
  const page: number = listEventsAfterInfiniteQueryOptions(client).initialPageParam;
  const offset: number = listEventsByOffsetInfiniteQueryOptions(client).initialPageParam;
  return [ids, first, page, offset];
}

/** A page read from the Link header is its body and the next page's cursor, through every adapter. */
export function useLinked() {
  const options = listEventsByLinkInfiniteQueryOptions(client, { query: { limit: 2 } });
  const react = useReactInfinite(options);
  const firstIds: string[] | undefined = react.data?.pages[0]?.data.map((event) => event.id);
  const next: string | number | undefined = react.data?.pages[0]?.next;
  // @ts-expect-error: the page keeps the next cursor, not the header
  const link: unknown = react.data?.pages[0]?.headers;
  // @ts-expect-error: the page is not the body itself
  const wrong: string | undefined = react.data?.pages[0]?.[0]?.id;
  const vue = useVueInfinite(options);
  const vuePages: number | undefined = vue.data.value?.pages.length;
  const solid = useSolidInfinite(() => options);
  const solidIds = solid.data?.pages.flatMap((page) => page.data.map((event) => event.id));
  const svelte = createSvelteInfinite(() => options);
  const sveltePage: readonly unknown[] | undefined = svelte.data?.pages[0]?.data;
  const angular = injectInfiniteQuery(() => options);
  const angularNext: string | number | undefined = angular.data()?.pages[0]?.next;
  const swr = useListEventsByLinkInfinite(client, { query: { limit: 2 } });
  const swrNext: string | number | undefined = swr.data?.[0]?.next;
  const swrIds: string[] | undefined = swr.data?.[0]?.data.map((event) => event.id);
  // Body-paged lists keep their bodies as pages.
  const offsets = useReactInfinite(listEventsByOffsetInfiniteQueryOptions(client));
  const count: number | undefined = offsets.data?.pages[0]?.count;
  return [firstIds, next, link, wrong, vuePages, solidIds, sveltePage, angularNext, swrNext, swrIds, count];
}
`;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC = join(root, 'test/fixtures/cursor-pagination/events.yaml');
mkdirSync(join(root, '.tmp'), { recursive: true });
const out = mkdtempSync(join(root, '.tmp', 'cursor-pagination-'));

let compiled: TscResult;
let client: Client;
let tanstack: TanstackModule;
let routes: Record<string, OperationDefinition>;
let mock: ReturnType<MockModule['createMock']>;
let baseUrl: string;
/** The query string of every request the client sent. */
const sent: string[] = [];

beforeAll(async () => {
  await generate({ spec: SPEC, out, specLabel: 'events.yaml' });
  writeFileSync(join(out, 'src/consumer.ts'), CONSUMER);
  compiled = await typecheck({ dir: out });
  const sdk = (await import(join(out, 'src/index.ts'))) as Package;
  tanstack = (await import(join(out, 'src/tanstack-query.ts'))) as TanstackModule;
  routes = (await import(join(out, 'src/routes.ts'))) as Record<string, OperationDefinition>;
  const { createMock } = (await import(join(out, 'src/mock.ts'))) as MockModule;
  mock = createMock();
  baseUrl = await mock.listen();
  client = sdk.createClient({
    baseUrl,
    fetch: (input: Request | URL | string, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      sent.push(`${url.pathname}?${url.searchParams}`);
      return fetch(input, init);
    },
  });
}, 240_000);

afterAll(async () => {
  await mock?.close();
  rmSync(out, { recursive: true, force: true });
});

const EVENTS = Array.from({ length: 7 }, (_, index) => `evt_${index + 1}`);

async function walk(iterable: AsyncIterable<Json>): Promise<unknown[]> {
  const ids: unknown[] = [];
  for await (const item of iterable) ids.push(item.id);
  return ids;
}

describe('cursor pagination', () => {
  it('the package and a strict consumer type-check', () => {
    expect(compiled.diagnostics).toBe('');
  });

  const schemes: [string, { method: string; requests: RegExp[] }][] = [
    [
      'a next-cursor field (cursor)',
      {
        method: 'listEvents',
        requests: [/^\/events\?limit=3$/, /^\/events\?limit=3&cursor=\w+$/, /cursor=\w+/],
      },
    ],
    [
      'the last item id and has_more (cursor_id)',
      {
        method: 'listEventsAfter',
        requests: [
          /^\/events\/after\?limit=3$/,
          /^\/events\/after\?limit=3&starting_after=evt_3$/,
          /^\/events\/after\?limit=3&starting_after=evt_6$/,
        ],
      },
    ],
    [
      'a next-page URL (cursor_url)',
      {
        method: 'listEventsLinked',
        requests: [/^\/events\/linked\?limit=3$/, /page_token=\w+$/, /page_token=\w+$/],
      },
    ],
  ];

  const all: typeof schemes = [
    ...schemes,
    [
      'the Link header rel="next", taking only its cursor',
      {
        method: 'listEventsByLink',
        requests: [
          /^\/events\/by-link\?limit=3$/,
          /^\/events\/by-link\?limit=3&page_token=\w+$/,
          /^\/events\/by-link\?limit=3&page_token=\w+$/,
        ],
      },
    ],
    [
      'a nested cursor (/response_metadata/next_cursor)',
      {
        method: 'listEventsNested',
        requests: [/^\/events\/nested\?limit=3$/, /limit=3&cursor=\w+$/, /limit=3&cursor=\w+$/],
      },
    ],
  ];

  it.each(all)('paginate follows %s to the last page', async (_, { method, requests }) => {
    sent.length = 0;
    expect(await walk(client.paginate[method]!({ query: { limit: 3 } }))).toEqual(EVENTS);
    expect(sent).toHaveLength(requests.length);
    sent.forEach((query, index) => expect(query).toMatch(requests[index]!));
  });

  it.each(all)('stops at maxItems with %s', async (_, { method }) => {
    sent.length = 0;
    expect(await walk(client.paginate[method]!({}, { pageSize: 2, maxItems: 3 }))).toEqual(
      EVENTS.slice(0, 3),
    );
    expect(sent).toHaveLength(2);
  });

  it('the mock answers a Link header with the next page, and none on the last', async () => {
    const first = await fetch(`${baseUrl}/events/by-link?limit=4`);
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toMatch(/page_token=\w+/);
    const last = await fetch(next!);
    expect((await last.json()) as unknown[]).toHaveLength(3);
    expect(last.headers.get('link')).toBeNull();
  });

  it('the mock writes a nested cursor, and leaves it out on the last page', async () => {
    const first = (await (await fetch(`${baseUrl}/events/nested?limit=4`)).json()) as any;
    expect(first.result.events).toHaveLength(4);
    const cursor = first.response_metadata.next_cursor as string;
    const last = (await (await fetch(`${baseUrl}/events/nested?cursor=${cursor}`)).json()) as any;
    expect(last.result.events).toHaveLength(3);
    expect(last.response_metadata?.next_cursor).toBeUndefined();
  });

  it('the mock answers a cursor it did not give out with a 400', async () => {
    const response = await fetch(`${baseUrl}/events?cursor=nonsense`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('not a cursor this list gave out');
    const after = await fetch(`${baseUrl}/events/after?starting_after=evt_missing`);
    expect(after.status).toBe(400);
  });

  it('a cursor given in the arguments is where paging starts', async () => {
    expect(
      await walk(client.paginate.listEventsAfter!({ query: { starting_after: 'evt_4' } })),
    ).toEqual(EVENTS.slice(4));
  });
});

/** One row per pagination kind: its list, its size parameter, and the items of one of its pages. */
const kinds: [string, { method: string; size: string; items: (page: Json) => Json[] }][] = [
  [
    'a next-cursor field',
    { method: 'listEvents', size: 'limit', items: (page) => page.data as Json[] },
  ],
  [
    'the last item id',
    { method: 'listEventsAfter', size: 'limit', items: (page) => page.data as Json[] },
  ],
  [
    'a next-page URL',
    { method: 'listEventsLinked', size: 'limit', items: (page) => page.items as Json[] },
  ],
  [
    'the Link header',
    // The page keeps the next page's cursor beside the body: `{ data, next }`.
    { method: 'listEventsByLink', size: 'limit', items: (page) => page.data as Json[] },
  ],
  [
    'a nested cursor',
    {
      method: 'listEventsNested',
      size: 'limit',
      items: (page) => (page.result as Json).events as Json[],
    },
  ],
  [
    'an offset and a next link',
    { method: 'listEventsByOffset', size: 'limit', items: (page) => page.results as Json[] },
  ],
  [
    'an offset alone',
    { method: 'listEventsByOffsetOnly', size: 'limit', items: (page) => page as unknown as Json[] },
  ],
  [
    'a page number and a page count',
    { method: 'listEventsByPage', size: 'per_page', items: (page) => page.items as Json[] },
  ],
];

/** The requests `paginate` sends for a list with 3 items a page (what every infinite query must send). */
async function paginateRequests(method: string, size: string): Promise<string[]> {
  sent.length = 0;
  expect(await walk(client.paginate[method]!({ query: { [size]: 3 } }))).toEqual(EVENTS);
  return [...sent];
}

describe('infinite queries over every pagination kind, as paginate walks it', () => {
  it.each(kinds)('TanStack Query pages by %s', async (_, { method, size, items }) => {
    const requests = await paginateRequests(method, size);
    sent.length = 0;
    const queryClient = new QueryClient();
    const options = tanstack[`${method}InfiniteQueryOptions`]!(client, { query: { [size]: 3 } });
    const observer = new InfiniteQueryObserver(queryClient, options);
    await observer.refetch();
    let result = observer.getCurrentResult();
    while (result.hasNextPage) result = await observer.fetchNextPage();
    expect(result.error).toBeNull();
    const pages = result.data!.pages as Json[];
    expect(pages).toHaveLength(3);
    expect(pages.flatMap((page) => items(page).map((item) => item.id))).toEqual(EVENTS);
    expect(sent).toEqual(requests);
    if (method === 'listEventsByLink') {
      // The cursor the Link header named, not the header: a cache never holds the link itself.
      expect(Object.keys(pages[0]!)).toEqual(['data', 'next']);
      expect(requests[1]).toContain(`page_token=${String(pages[0]!.next)}`);
      expect(Object.keys(pages[2]!)).toEqual(['data']);
      const cachedText = JSON.stringify(queryClient.getQueryData(options.queryKey));
      expect(cachedText).not.toContain(baseUrl);
      expect(cachedText).not.toContain('rel=');
      expect(cachedText).not.toContain('page_token=');
    }
    // A cached page still says which follows: the cache dehydrated to JSON and back pages on.
    const cached = JSON.parse(JSON.stringify(queryClient.getQueryData(options.queryKey)));
    const again = new QueryClient();
    again.setQueryData(options.queryKey, {
      ...cached,
      pages: cached.pages.slice(0, 2),
      pageParams: cached.pageParams.slice(0, 2),
    });
    const resumed = new InfiniteQueryObserver(again, { ...options, staleTime: Infinity });
    sent.length = 0;
    const last = await resumed.fetchNextPage();
    expect(
      (last.data!.pages as Json[]).flatMap((page) => items(page).map((item) => item.id)),
    ).toEqual(EVENTS);
    expect(sent).toEqual(requests.slice(2));
    resumed.destroy();
    observer.destroy();
    queryClient.clear();
    again.clear();
  });

  it.each(kinds)(
    "SWR's infinite keys and fetcher page by %s",
    async (_, { method, size, items }) => {
      const requests = await paginateRequests(method, size);
      sent.length = 0;
      const route = routes[`${method}Route`]!;
      // What useOperationInfinite hands useSWRInfinite, called in SWR's order.
      const { getKey, fetcher } = infiniteKeys({
        client: client as never,
        operation: route,
        api: '@zapgen/events',
        args: { query: { [size]: 3 } },
        cursors: [],
      });
      const pages: Json[] = [];
      for (let index = 0; ; index += 1) {
        const key = getKey(index, pages[index - 1] ?? null);
        if (key === null) break;
        expect(key[0]).toMatchObject({
          api: '@zapgen/events',
          resource: route.path,
          operationId: route.operationId,
          infinite: true,
        });
        pages.push((await fetcher(key)) as Json);
      }
      expect(pages).toHaveLength(3);
      expect(pages.flatMap((page) => items(page).map((item) => item.id))).toEqual(EVENTS);
      expect(sent).toEqual(requests);
    },
  );

  it('a client without send cannot page by a header, and says so at once', () => {
    const callOnly = { call: client.call } as unknown as Client;
    expect(() => tanstack.listEventsByLinkInfiniteQueryOptions!(callOnly)).toThrow(
      /listEventsByLink: the next page is in the response's link header, and this client has no send/,
    );
    // Lists paged by their bodies need only call.
    expect(() => tanstack.listEventsInfiniteQueryOptions!(callOnly)).not.toThrow();
  });
});
