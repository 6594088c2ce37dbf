/** The same generated module with Solid's adapter (`@tanstack/solid-query`), compiled by `tsc -b`. */
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/solid-query';
import type { ActionsV2Client } from '@zapgen/actions-v2';
import {
  createAiActionMutationOptions,
  listAiActionsQueryOptions,
} from '@zapgen/actions-v2/tanstack-query';
import type { PartnerV1BaseClient } from '@zapgen/partner-v1';
import { listAppsInfiniteQueryOptions } from '@zapgen/partner-v1/tanstack-query';

export function aiActions(client: ActionsV2Client) {
  const fresh = useQuery(() => listAiActionsQueryOptions(client, undefined, { staleTime: 60_000 }));
  const list = useQuery(() => listAiActionsQueryOptions(client));
  const error: Error | null = list.error;
  const count: number | undefined = list.data?.results?.length;
  const create = useMutation(() => createAiActionMutationOptions(client));
  return {
    fresh,
    error,
    count,
    submit: () => create.mutate({ body: { app: 'slack', action: 'send' } }),
  };
}

export function allApps(client: PartnerV1BaseClient) {
  const apps = useInfiniteQuery(() => listAppsInfiniteQueryOptions(client));
  const pages: number | undefined = apps.data?.pages.length;
  return { pages, next: () => apps.fetchNextPage() };
}
