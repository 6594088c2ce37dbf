/**
 * The same generated module with Angular's adapter (`@tanstack/angular-query-experimental`, signals),
 * compiled by `tsc -b`. Each function runs in an injection context (a component's constructor or
 * field initialiser), as `inject*` requires.
 */
import { inject } from '@angular/core';
import {
  QueryClient,
  injectInfiniteQuery,
  injectMutation,
  injectQuery,
} from '@tanstack/angular-query-experimental';
import type { ActionsV2Client } from '@zapgen/actions-v2';
import {
  createAiActionMutationOptions,
  listAiActionsQueryOptions,
  resourceQueryKey,
} from '@zapgen/actions-v2/tanstack-query';
import type { PartnerV1BaseClient } from '@zapgen/partner-v1';
import { listAppsInfiniteQueryOptions } from '@zapgen/partner-v1/tanstack-query';

export function injectAiActions(client: ActionsV2Client) {
  const fresh = injectQuery(() =>
    listAiActionsQueryOptions(client, undefined, { staleTime: 60_000 }),
  );
  const list = injectQuery(() => listAiActionsQueryOptions(client));
  const error: Error | null = list.error();
  const count: number | undefined = list.data()?.results?.length;
  const queryClient = inject(QueryClient);
  const create = injectMutation(() =>
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

export function injectAllApps(client: PartnerV1BaseClient) {
  const apps = injectInfiniteQuery(() => listAppsInfiniteQueryOptions(client));
  const pages: number | undefined = apps.data()?.pages.length;
  return { pages, next: () => apps.fetchNextPage() };
}
