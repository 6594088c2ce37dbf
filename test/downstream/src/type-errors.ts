/**
 * Compile-time tests: each `@ts-expect-error` line must fail to type-check. If the generated
 * types ever accept one of these calls, `tsc -b` reports the unused directive and the build fails.
 * Nothing here runs: the calls sit in a function that is never called.
 */
import type { ActionsV2Client } from '@zapgen/actions-v2';
import type { PartnerV1Client } from '@zapgen/partner-v1';
import { authorizeUrl } from './partner.js';

export function typeErrors(actions: ActionsV2Client, partner: PartnerV1Client): void {
  // @ts-expect-error A wrong parameter type: `auth_id` is an integer.
  void actions.testAuthentication({ path: { auth_id: 'seven' } });

  void actions.getLoginLink({
    // @ts-expect-error A missing required parameter: `sign_up_email` is required.
    query: { sign_up_first_name: 'Ada', sign_up_last_name: 'Lovelace' },
  });

  // @ts-expect-error A missing required group: `path` holds the required `app`.
  void actions.getApp({});

  void actions.getActionDetails({
    path: { app: 'a', action: 'b' },
    // @ts-expect-error A wrong enum value: `action_type` is one of read, write, search, ...
    query: { action_type: 'delete' },
  });

  // @ts-expect-error A wrong enum value on the other API: `status` is `draft` or `published`.
  void partner.listMyZapTemplates({ query: { status: 'archived' } });

  // @ts-expect-error A missing required body.
  void actions.executeStatelessAction({ query: { preview_only: true } });

  // @ts-expect-error A wrong parameter type on the other API: `per_page` is an integer.
  void partner.listApps({ query: { per_page: '100' } });

  // @ts-expect-error A scope the spec does not declare.
  void authorizeUrl('client', 'https://example.com/callback', ['admin']);

  // @ts-expect-error Path-typed methods are typed as openapi-fetch types them: a path the spec does not have.
  void partner.GET('/v1/zapz');

  // @ts-expect-error A path that has no operation for this method (`/api/v2/health/` is a GET).
  void actions.POST('/api/v2/health/');

  // @ts-expect-error A missing required `params` (the `app` path parameter).
  void actions.GET('/api/v2/apps/{app}/actions/');

  // @ts-expect-error A wrong parameter type through the path-typed method: `limit` is an integer.
  void partner.GET('/v1/zaps', { params: { query: { limit: 'five' } } });

  // @ts-expect-error openapi-fetch's own serializers do not exist here: the spec decides the wire format.
  void partner.GET('/v1/zap-templates', { querySerializer: () => '' });
}
