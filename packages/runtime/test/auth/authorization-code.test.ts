import { afterEach, describe, expect, it } from 'vitest';
import {
  exchangeAuthorizationCode,
  parseAuthorizationCodeRedirect,
  startAuthorizationCode,
} from '../../src/auth/authorization-code.js';
import { createCodeChallenge } from '../../src/auth/pkce.js';
import { createRuntime } from '../../src/client/create-runtime.js';
import {
  AuthorizationCancelledError,
  NetworkError,
  StateMismatchError,
  TokenExchangeError,
} from '../../src/errors.js';
import { actionsApi, getLoginLink } from '../support/definitions.js';
import { startServer } from '../support/server.js';
import type { Reply, TestServer } from '../support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const scheme = actionsApi.securitySchemes.AccessPointOAuth;
const authorizationCode = scheme?.type === 'oauth2' ? scheme.flows.authorizationCode : undefined;
const flow = {
  authorizationUrl: authorizationCode!.authorizationUrl,
  scopes: Object.keys(authorizationCode!.scopes),
};

describe('authorization code with PKCE', () => {
  it('builds the authorize URL with the parameters of the document', async () => {
    const start = await startAuthorizationCode({
      authorizationUrl: flow.authorizationUrl!,
      clientId: 'my-client',
      redirectUri: 'https://app.example/callback',
      scopes: flow.scopes,
    });
    const url = new URL(start.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://actions.zapier.com/oauth/authorize/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'my-client',
      scope: 'openid nla:exposed_actions:execute',
      response_type: 'code',
      redirect_uri: 'https://app.example/callback',
      code_challenge: await createCodeChallenge(start.codeVerifier),
      code_challenge_method: 'S256',
    });
    expect(start.authorizeUrl).toContain('scope=openid%20nla%3Aexposed_actions%3Aexecute');
  });

  it('leads a login link to the authorize URL: the caller names the parameter (redirect_to)', async () => {
    server = await startServer(() => ({ body: { login_link: 'https://zapier.com/sign-up/abc' } }));
    const runtime = createRuntime(actionsApi, { baseUrl: server.url, apiKey: 'k' });
    const start = await startAuthorizationCode({
      authorizationUrl: flow.authorizationUrl!,
      clientId: 'c',
      redirectUri: 'https://app.example/cb',
      scopes: flow.scopes,
    });
    const link = await runtime.call(getLoginLink, {
      query: {
        sign_up_first_name: 'Ada',
        sign_up_last_name: 'L',
        sign_up_email: 'ada@example.com',
        redirect_to: start.authorizeUrl,
      },
    });
    expect(link).toEqual({ login_link: 'https://zapier.com/sign-up/abc' });
    const query = new URLSearchParams(server.requests[0]!.query);
    expect(query.get('redirect_to')).toBe(start.authorizeUrl);
    expect(query.get('sign_up_email')).toBe('ada@example.com');
  });

  it('exchanges the code as a form at the token endpoint and returns a typed token', async () => {
    server = await startServer(() => ({
      body: {
        access_token: 'at',
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: 'rt',
        scope: 'openid nla:exposed_actions:execute',
      },
    }));
    const token = await exchangeAuthorizationCode({
      tokenUrl: `${server.url}/oauth/token/`,
      clientId: 'c',
      code: 'the-code',
      codeVerifier: 'the-verifier',
      redirectUri: 'https://app.example/cb',
    });
    expect(token).toMatchObject({
      accessToken: 'at',
      tokenType: 'Bearer',
      expiresIn: 3600,
      refreshToken: 'rt',
      scopes: ['openid', 'nla:exposed_actions:execute'],
    });
    const request = server.requests[0]!;
    expect(request).toMatchObject({ method: 'POST', path: '/oauth/token/' });
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      client_id: 'c',
      grant_type: 'authorization_code',
      code_verifier: 'the-verifier',
      redirect_uri: 'https://app.example/cb',
      code: 'the-code',
    });
  });

  const failures: [
    string,
    { reply: Reply; want: { status: number; error: string; description?: string } },
  ][] = [
    [
      'an OAuth error body',
      {
        reply: { status: 400, body: { error: 'invalid_grant', error_description: 'code expired' } },
        want: { status: 400, error: 'invalid_grant', description: 'code expired' },
      },
    ],
    [
      'a server failure without a body',
      { reply: { status: 502 }, want: { status: 502, error: 'server_error' } },
    ],
    [
      'a 200 without access_token',
      {
        reply: { body: { token_type: 'Bearer' } },
        want: { status: 200, error: 'invalid_response' },
      },
    ],
    [
      'an error that echoes the code and the verifier',
      {
        reply: {
          status: 400,
          body: {
            error: 'invalid_grant',
            error_description: 'code secret-code does not match secret-verifier',
          },
        },
        want: {
          status: 400,
          error: 'invalid_grant',
          description: 'code [REDACTED] does not match [REDACTED]',
        },
      },
    ],
  ];

  it.each(failures)(
    'rejects %s with a TokenExchangeError that holds no secret',
    async (_name, { reply, want }) => {
      server = await startServer(() => reply);
      const error = await exchangeAuthorizationCode({
        tokenUrl: `${server.url}/oauth/token/`,
        clientId: 'c',
        code: 'secret-code',
        codeVerifier: 'secret-verifier',
        redirectUri: 'https://a/cb',
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TokenExchangeError);
      expect(error).toMatchObject(want);
      expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toMatch(
        /secret-(code|verifier)/,
      );
    },
  );

  it('rejects an unreachable token endpoint with a NetworkError', async () => {
    const error = await exchangeAuthorizationCode({
      tokenUrl: 'http://127.0.0.1:9/oauth/token/',
      clientId: 'c',
      code: 'x',
      codeVerifier: 'y',
      redirectUri: 'https://a/cb',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
  });

  const redirects: [string, { url: string; want: unknown }][] = [
    ['a code', { url: 'https://a/cb?code=abc&state=s1', want: { code: 'abc' } }],
    [
      'a cancellation',
      { url: 'https://a/cb?error=access_denied&state=s1', want: AuthorizationCancelledError },
    ],
    ['a foreign state', { url: 'https://a/cb?code=abc&state=evil', want: StateMismatchError }],
  ];

  it.each(redirects)('parses a redirect with %s', (_name, { url, want }) => {
    if (typeof want === 'function')
      expect(() => parseAuthorizationCodeRedirect({ url, expectedState: 's1' })).toThrow(
        want as new () => Error,
      );
    else expect(parseAuthorizationCodeRedirect({ url, expectedState: 's1' })).toEqual(want);
  });
});
