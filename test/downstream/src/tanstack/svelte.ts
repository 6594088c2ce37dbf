/** The same generated module with Svelte's adapter (`@tanstack/svelte-query` 6, runes), compiled by `tsc -b`. */
import { createInfiniteQuery, createMutation, createQuery } from '@tanstack/svelte-query';
import type { ActionsV2Client } from '@zapgen/actions-v2';
import {
  createAiActionMutationOptions,
  listAiActionsQueryOptions,
} from '@zapgen/actions-v2/tanstack-query';
import type { PartnerV1BaseClient } from '@zapgen/partner-v1';
import { listAppsInfiniteQueryOptions } from '@zapgen/partner-v1/tanstack-query';

export function aiActions(client: ActionsV2Client) {
  const fresh = createQuery(() =>
    listAiActionsQueryOptions(client, undefined, { staleTime: 60_000 }),
  );
  const list = createQuery(() => listAiActionsQueryOptions(client));
  const error: Error | null = list.error;
  const count: number | undefined = list.data?.results?.length;
  const create = createMutation(() => createAiActionMutationOptions(client));
  return {
    fresh,
    error,
    count,
    submit: () => create.mutate({ body: { app: 'slack', action: 'send' } }),
  };
}

export function allApps(client: PartnerV1BaseClient) {
  const apps = createInfiniteQuery(() => listAppsInfiniteQueryOptions(client));
  const pages: number | undefined = apps.data?.pages.length;
  return { pages, next: () => apps.fetchNextPage() };
}
