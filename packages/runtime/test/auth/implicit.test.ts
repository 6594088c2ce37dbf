import { describe, expect, it } from 'vitest';
import { buildImplicitAuthorizationUrl, parseImplicitRedirect } from '../../src/auth/implicit.js';
import {
  AuthorizationCancelledError,
  AuthorizationError,
  StateMismatchError,
} from '../../src/errors.js';
import { partnerApi } from '../support/definitions.js';

describe('implicit grant', () => {
  it('builds the authorize URL with a generated state', () => {
    const scheme = partnerApi.securitySchemes.PartnerOAuth;
    const flow = scheme?.type === 'oauth2' ? scheme.flows.implicit : undefined;
    const { url, state } = buildImplicitAuthorizationUrl({
      authorizationUrl: flow!.authorizationUrl!,
      clientId: 'cid',
      redirectUri: 'https://partner.example/oauth/done',
      scopes: ['zap', 'templates'],
      approvalPrompt: 'force',
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(
      `https://zapier.com/oauth/authorize?client_id=cid&redirect_uri=https%3A%2F%2Fpartner.example%2Foauth%2Fdone&response_type=token&scope=zap%20templates&approval_prompt=force&state=${state}`,
    );
    expect(
      buildImplicitAuthorizationUrl({
        authorizationUrl: 'https://z/a',
        clientId: 'c',
        redirectUri: 'https://r',
      }).state,
    ).not.toBe(state);
  });

  it('reads the token from the fragment', () => {
    const token = parseImplicitRedirect({
      url: 'https://partner.example/oauth/done#access_token=tok&token_type=Bearer&expires_in=36000&scope=zap%20templates&state=s1',
      expectedState: 's1',
    });
    expect(token).toEqual({
      accessToken: 'tok',
      tokenType: 'Bearer',
      expiresIn: 36000,
      scopes: ['zap', 'templates'],
    });
  });

  const failures: [string, { url: string; want: new (...args: never[]) => Error }][] = [
    [
      'a cancellation in the query',
      { url: 'https://p/done?error=access_denied', want: AuthorizationCancelledError },
    ],
    [
      'a state mismatch',
      { url: 'https://p/done#access_token=tok&state=other', want: StateMismatchError },
    ],
    ['a missing state', { url: 'https://p/done#access_token=tok', want: StateMismatchError }],
    [
      'another OAuth error',
      { url: 'https://p/done?error=invalid_scope&state=s1', want: AuthorizationError },
    ],
    ['no token', { url: 'https://p/done#state=s1', want: AuthorizationError }],
  ];

  it.each(failures)('rejects %s', (_name, { url, want }) => {
    expect(() => parseImplicitRedirect({ url, expectedState: 's1' })).toThrow(want);
  });
});
