/**
 * Cursor pagination as a user of the package meets it: one spec
 * (`test/fixtures/cursor-pagination/events.yaml`) with a list paged by a next-cursor field, one
 * by the last item's id with `has_more`, one by a next-page URL, one by the `Link` header's
 * `rel="next"` and one by a nested cursor (a JSON Pointer). The package type-checks for a
 * strict consumer (paginate's items, TanStack's page parameter), and over real HTTP against its
 * own mock `client.paginate` and TanStack Query's infinite query walk every page, sending back
 * exactly the cursors the mock gave out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/query-core';
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
const CONSUMER = `import { createClient } from './index.js';
import { listEventsInfiniteQueryOptions, listEventsAfterInfiniteQueryOptions } from './tanstack-query.js';
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
  return [ids, first, page];
}
`;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC = join(root, 'test/fixtures/cursor-pagination/events.yaml');
mkdirSync(join(root, '.tmp'), { recursive: true });
const out = mkdtempSync(join(root, '.tmp', 'cursor-pagination-'));

let compiled: TscResult;
let client: Client;
let tanstack: TanstackModule;
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

  /** The styles only the client's paginate can follow (TanStack's pages are bodies, without headers). */
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

  it.each(schemes)('TanStack Query fetches page after page with %s', async (_, { method }) => {
    const queryClient = new QueryClient();
    const observer = new InfiniteQueryObserver(
      queryClient,
      tanstack[`${method}InfiniteQueryOptions`]!(client, { query: { limit: 3 } }),
    );
    await observer.refetch();
    let result = observer.getCurrentResult();
    while (result.hasNextPage) result = await observer.fetchNextPage();
    const pages = result.data!.pages as Json[];
    expect(pages).toHaveLength(3);
    expect(result.data!.pageParams[0]).toBeNull();
    expect(typeof result.data!.pageParams[1]).toBe('string');
    expect(
      pages.flatMap((page) => ((page.data ?? page.items) as Json[]).map((item) => item.id)),
    ).toEqual(EVENTS);
    queryClient.clear();
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

  it('TanStack Query over a Link header pagination fails at once instead of stopping', () => {
    expect(() =>
      tanstack.listEventsByLinkInfiniteQueryOptions!(client, { query: { limit: 3 } }),
    ).toThrow(/listEventsByLink: the next page is in the response's Link header/);
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
