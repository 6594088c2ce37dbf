/**
 * A small React application on the generated TanStack Query options (and one SWR hook), against
 * the packages' mocks on their own origins: a list, a create that invalidates and refetches the
 * list, infinite scrolling over a paginated operation, an error state, an OAuth sign-in.
 * test/downstream/test/react-app.test.ts builds it with esbuild and drives it in Chromium.
 */
import {
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createClient as createActionsClient, NotFoundError } from '@zapgen/actions-v2';
import {
  createAiActionMutationOptions,
  getAiActionQueryOptions,
  listAiActionsQueryOptions,
  resourceQueryKey,
} from '@zapgen/actions-v2/tanstack-query';
import { createBaseClient as createPartnerClient, oauthFlows } from '@zapgen/partner-v1';
import { useListZapTemplates } from '@zapgen/partner-v1/swr';
import {
  listAppsInfiniteQueryOptions,
  listZapsQueryOptions,
} from '@zapgen/partner-v1/tanstack-query';
import { authorizeInPopup } from '@zapgen/runtime/browser';
import { useInfiniteScroll } from './infinite-scroll.js';

const search = new URLSearchParams(location.search);
const actionsUrl = search.get('actions')!;
const partnerUrl = search.get('partner')!;
const actions = createActionsClient({ baseUrl: actionsUrl, apiKey: 'mock-api-key' });
const partner = createPartnerClient({ baseUrl: partnerUrl, clientId: 'mock-client-id' });

function AiActions() {
  const list = useQuery(listAiActionsQueryOptions(actions));
  const queryClient = useQueryClient();
  const create = useMutation(
    createAiActionMutationOptions(actions, {
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: resourceQueryKey('/api/v2/ai-actions') }),
    }),
  );
  if (list.isPending) return <p id="ai-actions-loading">Loading…</p>;
  if (list.isError) return <p id="ai-actions-error">{list.error.message}</p>;
  return (
    <section>
      <ul id="ai-actions" data-fetching={String(list.isFetching)}>
        {list.data.results?.map((action) => (
          <li key={action.id}>
            {action.app}: {action.action}
          </li>
        ))}
      </ul>
      <button
        id="create"
        onClick={() => create.mutate({ body: { app: 'slack', action: 'send_channel_message' } })}
      >
        Add
      </button>
    </section>
  );
}

function MissingAction() {
  const missing = useQuery({
    ...getAiActionQueryOptions(actions, { path: { ai_action_id: 'no-such-action' } }),
    retry: false,
  });
  if (!missing.isError) return <p id="missing">Loading…</p>;
  return (
    <p id="missing" role="alert">
      {missing.error instanceof NotFoundError ? `Not found (${missing.error.status})` : 'Failed'}
    </p>
  );
}

function Apps() {
  const apps = useInfiniteQuery(listAppsInfiniteQueryOptions(partner, { query: { per_page: 20 } }));
  const sentinel = useInfiniteScroll(apps);
  return (
    <ul id="apps" style={{ height: 200, overflow: 'auto' }}>
      {apps.data?.pages.flatMap((page) =>
        (page.objects ?? []).map((app) => <li key={app.slug}>{app.title}</li>),
      )}
      <li ref={sentinel} id="more">
        {apps.hasNextPage ? 'More…' : 'End'}
      </li>
    </ul>
  );
}

function Templates() {
  const templates = useListZapTemplates(partner, { query: { limit: 2 } });
  return (
    <ul id="templates">
      {templates.data?.map((template) => (
        <li key={template.id}>{template.title}</li>
      ))}
    </ul>
  );
}

function Zaps() {
  const [token, setToken] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const client = createPartnerClient({
    baseUrl: partnerUrl,
    clientId: 'mock-client-id',
    ...(token === undefined ? {} : { accessToken: token }),
  });
  const zaps = useQuery({
    ...listZapsQueryOptions(client, { query: { app: 'slack', params: { channel: 'C1' } } }),
    enabled: token !== undefined,
  });
  const signIn = () =>
    authorizeInPopup({
      authorizationUrl: new URL(
        new URL(oauthFlows.PartnerOAuth.implicit.authorizationUrl).pathname,
        partnerUrl,
      ).href,
      clientId: 'mock-client-id',
      redirectUri: `${location.origin}/callback.html`,
      scopes: ['zap'],
      closedCheckMs: 50,
    }).then(
      (result) => setToken(result.accessToken),
      (error: Error) => setFailure(error.name),
    );
  if (token === undefined)
    return (
      <p>
        <button id="signin" onClick={() => void signIn()}>
          Sign in
        </button>
        {failure && <span id="signin-error">{failure}</span>}
      </p>
    );
  return (
    <ul id="zaps">
      {zaps.data?.objects?.map((zap) => (
        <li key={zap.id}>{zap.title}</li>
      ))}
    </ul>
  );
}

const queryClient = new QueryClient();
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <AiActions />
    <MissingAction />
    <Apps />
    <Templates />
    <Zaps />
  </QueryClientProvider>,
);
