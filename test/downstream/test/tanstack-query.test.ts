/**
 * The generated `./tanstack-query` modules with `@tanstack/query-core` itself (what every adapter
 * is built on), against the mocks in-process: queries, structured keys and invalidation by
 * operation and resource, infinite queries over both pagination models, mutations, typed errors.
 */
import {
  InfiniteQueryObserver,
  MutationObserver,
  QueryClient,
  QueryObserver,
} from '@tanstack/query-core';
import { afterEach, describe, expect, test } from 'vitest';
import {
  createAiAction,
  createClient as createActionsClient,
  NotFoundError,
} from '@zapgen/actions-v2';
import { createMock as createActionsMock } from '@zapgen/actions-v2/mock';
import {
  apiQueryKey,
  createAiActionMutationOptions,
  getAiActionQueryKey,
  getAiActionQueryOptions,
  listAiActionsQueryKey,
  listAiActionsQueryOptions,
  resourceQueryKey,
} from '@zapgen/actions-v2/tanstack-query';
import { createBaseClient } from '@zapgen/partner-v1';
import { createMock as createPartnerMock } from '@zapgen/partner-v1/mock';
import {
  listAppsInfiniteQueryOptions,
  listAppsQueryKey,
  listAppsQueryOptions,
  listZapTemplatesInfiniteQueryOptions,
} from '@zapgen/partner-v1/tanstack-query';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
afterEach(() => queryClient.clear());

function actions() {
  const mock = createActionsMock({ seed: 1 });
  const client = createActionsClient({ fetch: mock.fetch, apiKey: 'mock-api-key' });
  return { mock, client };
}

function partner() {
  const mock = createPartnerMock({ seed: 1 });
  const requests: URL[] = [];
  const client = createBaseClient({
    clientId: 'mock-client-id',
    fetch: async (input, init) => {
      requests.push(new URL(input instanceof Request ? input.url : String(input)));
      return mock.fetch(input, init);
    },
  });
  return { client, requests };
}

describe('query options of named operations with query-core', () => {
  test('fetchQuery runs the operation and caches it under its structured key, typed', async () => {
    const { client, requests } = partner();
    const options = listAppsQueryOptions(client, { query: { per_page: 3 } });
    expect(options.queryKey).toEqual([
      {
        api: '@zapgen/partner-v1',
        resource: '/v1/apps',
        operationId: 'listApps',
        args: { query: { per_page: 3 } },
      },
    ]);
    const page = await queryClient.fetchQuery(options);
    expect(page.objects).toHaveLength(3);
    // The key carries the data's type: what getQueryData returns is the page.
    const cached = queryClient.getQueryData(options.queryKey);
    expect(cached?.objects?.[0]).toEqual(page.objects?.[0]);
    // Cached: ensureQueryData answers from the cache, without a request.
    expect((await queryClient.ensureQueryData(options)).objects).toEqual(page.objects);
    expect(requests).toHaveLength(1);
    // No arguments and empty arguments are the same query.
    expect(listAppsQueryOptions(client, {}).queryKey).toEqual(
      listAppsQueryOptions(client).queryKey,
    );
  });

  test('a failed query holds the typed error the client threw', async () => {
    const { client } = actions();
    const observer = new QueryObserver(
      queryClient,
      getAiActionQueryOptions(client, { path: { ai_action_id: 'no-such-action' } }),
    );
    const settled = new Promise((resolve) =>
      observer.subscribe((result) => {
        if (result.status === 'error') resolve(result.error);
      }),
    );
    const error = await settled;
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).status).toBe(404);
  });

  test('a mutation, then invalidating its resource refetches the list with the new item', async () => {
    const { client } = actions();
    const list = new QueryObserver(queryClient, listAiActionsQueryOptions(client));
    const lengths: number[] = [];
    list.subscribe((result) => {
      if (result.status === 'success' && !result.isFetching)
        lengths.push(result.data.results?.length ?? 0);
    });
    await expect.poll(() => lengths.length).toBe(1);
    const mutation = new MutationObserver(
      queryClient,
      createAiActionMutationOptions(client, {
        onSuccess: () =>
          queryClient.invalidateQueries({ queryKey: resourceQueryKey('/api/v2/ai-actions') }),
      }),
    );
    const created = await mutation.mutate({
      body: { app: 'slack', action: 'send_channel_message' },
    });
    expect(created.id).toBeTruthy();
    await expect.poll(() => lengths.at(-1)).toBe(lengths[0]! + 1);
    list.destroy();
  });

  test('keys select by operation, resource and API', async () => {
    const { client } = actions();
    await createAiAction(client, { body: { app: 'slack', action: 'send_channel_message' } });
    const list = await queryClient.fetchQuery(listAiActionsQueryOptions(client));
    // Two items of the resource: one operation, two arguments, two queries.
    for (const action of list.results!.slice(0, 2))
      await queryClient.fetchQuery(
        getAiActionQueryOptions(client, { path: { ai_action_id: action.id! } }),
      );
    const { client: partnerClient } = partner();
    await queryClient.fetchQuery(listAppsQueryOptions(partnerClient));
    const count = (queryKey: readonly unknown[]) =>
      queryClient.getQueryCache().findAll({ queryKey }).length;
    expect(count(listAiActionsQueryKey())).toBe(1);
    expect(count(getAiActionQueryKey())).toBe(2);
    expect(count(getAiActionQueryKey({ path: { ai_action_id: list.results![0]!.id! } }))).toBe(1);
    expect(count(resourceQueryKey('/api/v2/ai-actions'))).toBe(3);
    expect(count(apiQueryKey)).toBe(3);
    expect(count(listAppsQueryKey())).toBe(1);
  });
});

describe('infinite queries follow the pagination model', () => {
  test('page numbers (listApps): one page per fetchNextPage until the last', async () => {
    const { client, requests } = partner();
    const observer = new InfiniteQueryObserver(
      queryClient,
      listAppsInfiniteQueryOptions(client, { query: { per_page: 100 } }),
    );
    let latest = observer.getCurrentResult();
    observer.subscribe((result) => (latest = result));
    await expect.poll(() => latest.data?.pages.length).toBe(1);
    expect(latest.hasNextPage).toBe(true);
    while (latest.hasNextPage) await observer.fetchNextPage();
    const pages = latest.data!.pages;
    expect(pages.length).toBe(pages[0]!.pages);
    expect(requests.map((url) => url.searchParams.get('page'))).toEqual(
      pages.map((_page, index) => String(index + 1)),
    );
    expect(latest.data!.pageParams).toEqual(pages.map((_page, index) => index + 1));
    observer.destroy();
  });

  test('offsets (listZapTemplates): the next offset is the items seen so far', async () => {
    const { client, requests } = partner();
    const result = await queryClient.fetchInfiniteQuery({
      ...listZapTemplatesInfiniteQueryOptions(client, { query: { limit: 2 } }),
      pages: 3,
    });
    expect(result.pageParams).toEqual([0, 2, 4]);
    expect(requests.map((url) => url.searchParams.get('offset'))).toEqual(['0', '2', '4']);
  });
});
