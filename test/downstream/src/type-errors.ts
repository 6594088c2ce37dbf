/**
 * Compile-time tests: each `@ts-expect-error` line must fail to type-check. If the generated
 * types ever accept one of these calls, `tsc -b` reports the unused directive and the build fails.
 * Nothing here runs: the calls sit in a function that is never called.
 */
import type { ActionsV2Client } from '@zapgen/actions-v2';
import type { PartnerV1Client } from '@zapgen/partner-v1';
import { authorizeUrl } from './partner.js';

export function typeErrors(actions: ActionsV2Client, partner: PartnerV1Client): void {
  // A wrong parameter type: `auth_id` is an integer.
  // @ts-expect-error
  void actions.testAuthentication({ path: { auth_id: 'seven' } });

  // A missing required parameter: `sign_up_email` is required.
  // @ts-expect-error
  void actions.getLoginLink({ query: { sign_up_first_name: 'Ada', sign_up_last_name: 'Lovelace' } });

  // A missing required group: `path` holds the required `app`.
  // @ts-expect-error
  void actions.getApp({});

  // A wrong enum value: `action_type` is one of read, write, search, ...
  // @ts-expect-error
  void actions.getActionDetails({ path: { app: 'a', action: 'b' }, query: { action_type: 'delete' } });

  // A wrong enum value on the other API: `status` is `draft` or `published`.
  // @ts-expect-error
  void partner.listMyZapTemplates({ query: { status: 'archived' } });

  // A missing required body.
  // @ts-expect-error
  void actions.executeStatelessAction({ query: { preview_only: true } });

  // A wrong parameter type on the other API: `per_page` is an integer.
  // @ts-expect-error
  void partner.listApps({ query: { per_page: '100' } });

  // A scope the spec does not declare.
  // @ts-expect-error
  void authorizeUrl('client', 'https://example.com/callback', ['admin']);

  // Path-typed methods are typed as openapi-fetch types them: a path the spec does not have.
  // @ts-expect-error
  void partner.GET('/v1/zapz');

  // A path that has no operation for this method (`/api/v2/health/` is a GET).
  // @ts-expect-error
  void actions.POST('/api/v2/health/');

  // A missing required `params` (the `app` path parameter).
  // @ts-expect-error
  void actions.GET('/api/v2/apps/{app}/actions/');

  // A wrong parameter type through the path-typed method: `limit` is an integer.
  // @ts-expect-error
  void partner.GET('/v1/zaps', { params: { query: { limit: 'five' } } });

  // openapi-fetch's own serializers do not exist here: the spec decides the wire format.
  // @ts-expect-error
  void partner.GET('/v1/zap-templates', { querySerializer: () => '' });
}
