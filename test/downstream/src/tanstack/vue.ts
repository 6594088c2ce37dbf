/** The same generated module with Vue's adapter (`@tanstack/vue-query`), compiled by `tsc -b`. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/vue-query';
import type { ActionsV2Client } from '@zapgen/actions-v2';
import {
  createAiActionMutationOptions,
  listAiActionsQueryOptions,
  resourceQueryKey,
} from '@zapgen/actions-v2/tanstack-query';
import type { PartnerV1BaseClient } from '@zapgen/partner-v1';
import { listAppsInfiniteQueryOptions } from '@zapgen/partner-v1/tanstack-query';

export function useAiActions(client: ActionsV2Client) {
  const fresh = useQuery(listAiActionsQueryOptions(client, undefined, { staleTime: 60_000 }));
  const list = useQuery(listAiActionsQueryOptions(client));
  const error: Error | null = list.error.value;
  const count: number | undefined = list.data.value?.results?.length;
  const queryClient = useQueryClient();
  const create = useMutation(
    createAiActionMutationOptions(client, {
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: resourceQueryKey('/api/v2/ai-actions') }),
    }),
  );
  return {
    fresh,
    error,
    count,
    submit: () => create.mutate({ body: { app: 'slack', action: 'send' } }),
  };
}

export function useAllApps(client: PartnerV1BaseClient) {
  const apps = useInfiniteQuery(listAppsInfiniteQueryOptions(client));
  const pages: number | undefined = apps.data.value?.pages.length;
  return { pages, next: () => apps.fetchNextPage() };
}
