/**
 * One generated `./tanstack-query` module with React's adapter: the options go to `useQuery`,
 * `useSuspenseQuery`, `useInfiniteQuery` and `useMutation` as they are, with their data and error
 * types (compiled by `tsc -b`; the browser test runs them).
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import type { ActionsV2Client } from '@zapgen/actions-v2';
import {
  createAiActionMutationOptions,
  listAiActionsQueryOptions,
  resourceQueryKey,
} from '@zapgen/actions-v2/tanstack-query';
import type { PartnerV1BaseClient } from '@zapgen/partner-v1';
import { listAppsInfiniteQueryOptions } from '@zapgen/partner-v1/tanstack-query';

export function useAiActions(client: ActionsV2Client) {
  const fresh = useQuery({
    ...listAiActionsQueryOptions(client, undefined, { staleTime: 60_000 }),
    select: (data) => data.results?.length ?? 0,
  });
  const list = useQuery(listAiActionsQueryOptions(client));
  const error: Error | null = list.error;
  const names: (string | undefined)[] | undefined = list.data?.results?.map((action) => action.id);
  const suspended = useSuspenseQuery(listAiActionsQueryOptions(client));
  const count: number = suspended.data.results?.length ?? 0;
  const queryClient = useQueryClient();
  const create = useMutation(
    createAiActionMutationOptions(client, {
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: resourceQueryKey('/api/v2/ai-actions') }),
    }),
  );
  const submit = () => create.mutate({ body: { app: 'slack', action: 'send' } });
  return { fresh, error, names, count, submit };
}

export function useAllApps(client: PartnerV1BaseClient) {
  const apps = useInfiniteQuery(listAppsInfiniteQueryOptions(client, { query: { per_page: 50 } }));
  const titles: (string | undefined)[] | undefined = apps.data?.pages.flatMap(
    (page) => page.objects?.map((app) => app.title) ?? [],
  );
  return { titles, more: apps.hasNextPage, next: () => apps.fetchNextPage() };
}
