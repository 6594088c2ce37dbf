/**
 * Using `@zapgen/partner-v1`: the `client_id` API key and a user's access token, pagination
 * with an async iterator, and the `params__{KEY}` filters of `listZaps`.
 */
import { createClient, oauthFlows } from '@zapgen/partner-v1';
import { buildImplicitAuthorizationUrl } from '@zapgen/runtime';
import type { ListAppsItem, ListZapsResult, PartnerV1Client } from '@zapgen/partner-v1';

/** A client with the partner's `client_id` and, optionally, a user's access token. */
export function partnerClient(
  clientId: string,
  accessToken?: string,
  baseUrl?: string,
): PartnerV1Client {
  return createClient({ clientId, accessToken, baseUrl });
}

/** The first `max` apps, page after page. */
export async function firstApps(client: PartnerV1Client, max: number): Promise<ListAppsItem[]> {
  const apps: ListAppsItem[] = [];
  for await (const app of client.paginate.listApps({ query: { per_page: 100 } }, { maxItems: max }))
    apps.push(app);
  return apps;
}

/** The user's Zaps whose settings contain `channel=<channel>` for `app` (sent as `params__channel`). */
export async function zapsOnChannel(
  client: PartnerV1Client,
  app: string,
  channel: string,
): Promise<ListZapsResult> {
  return client.listZaps({ query: { app, params: { channel } } });
}

/** The same call by path: the same request on the wire, and the response too. */
export async function zapsOnChannelByPath(
  client: PartnerV1Client,
  app: string,
  channel: string,
): Promise<{ zaps: ListZapsResult; status: number }> {
  const { data, response } = await client.GET('/v1/zaps', {
    params: { query: { app, params: { channel } } },
  });
  return { zaps: data, status: response.status };
}

/** A scope of the implicit grant: the keys of the spec's scope list (`zap`, `templates`). */
export type PartnerScope = keyof typeof oauthFlows.PartnerOAuth.implicit.scopes;

/** Where to send the user to get an access token, from the spec's flow metadata. */
export function authorizeUrl(
  clientId: string,
  redirectUri: string,
  scopes: PartnerScope[],
): { url: string; state: string } {
  return buildImplicitAuthorizationUrl({
    authorizationUrl: oauthFlows.PartnerOAuth.implicit.authorizationUrl,
    clientId,
    redirectUri,
    scopes,
  });
}
