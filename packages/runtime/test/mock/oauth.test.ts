import { beforeEach, describe, expect, it } from 'vitest';
import {
  exchangeAuthorizationCode,
  parseImplicitRedirect,
  startAuthorizationCode,
} from '../../src/index.js';
import { createMock } from '../../src/mock/index.js';
import { api, definition, fixtures, operations } from './support.js';

const mock = createMock({ api, operations, fixtures, definition });
const origin = 'https://auth.example';
const redirectUri = 'http://127.0.0.1:9/callback';

beforeEach(() => mock.store.reset());

function authorizeUrl(query: Record<string, string>): string {
  return `${origin}/authorize?${new URLSearchParams({ client_id: 'mock-client-id', redirect_uri: redirectUri, ...query })}`;
}

/** The consent page's ticket, then the decision posted, as a browser would. */
async function decide(url: string, decision: 'allow' | 'deny'): Promise<Response> {
  const page = await mock.fetch(url);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const ticket = /name="ticket" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  return mock.fetch(`${origin}/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ticket, decision }),
    redirect: 'manual',
  });
}

const notes = (token: string, method = 'GET') =>
  mock.fetch('https://notes.example/api/v1/notes', {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(method === 'POST' && { body: '{"title":"t"}' }),
  });

describe('implicit grant', () => {
  it('approve: the token comes back in the fragment with its scopes and the state, and works with those scopes only', async () => {
    const answer = await decide(
      authorizeUrl({ response_type: 'token', scope: 'read', state: 'xyz' }),
      'allow',
    );
    expect(answer.status).toBe(302);
    const token = parseImplicitRedirect({
      url: answer.headers.get('location') ?? '',
      expectedState: 'xyz',
    });
    expect(token).toMatchObject({ tokenType: 'Bearer', expiresIn: 36000, scopes: ['read'] });
    expect((await notes(token.accessToken)).status).toBe(200);
    expect((await notes(token.accessToken, 'POST')).status).toBe(403);
  });

  it('cancel: redirect with error=access_denied in the query and the state', async () => {
    const answer = await decide(authorizeUrl({ response_type: 'token', state: 'abc' }), 'deny');
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(redirectUri);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'access_denied',
      state: 'abc',
    });
  });

  it('approval_prompt=auto skips the consent once granted; force asks again', async () => {
    const first = await mock.fetch(
      authorizeUrl({ response_type: 'token', scope: 'read', approval_prompt: 'auto' }),
    );
    expect(first.status).toBe(200);
    await decide(authorizeUrl({ response_type: 'token', scope: 'read' }), 'allow');
    const again = await mock.fetch(
      authorizeUrl({ response_type: 'token', scope: 'read', approval_prompt: 'auto', state: 's2' }),
      { redirect: 'manual' },
    );
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toMatch(
      /#access_token=mock_at_[0-9a-f]+&token_type=Bearer&expires_in=36000&scope=read&state=s2$/,
    );
    expect(
      (
        await mock.fetch(
          authorizeUrl({ response_type: 'token', scope: 'read', approval_prompt: 'force' }),
        )
      ).status,
    ).toBe(200);
  });

  it('autoApprove answers without a page (headless use)', async () => {
    const headless = createMock({
      api,
      operations,
      fixtures,
      definition,
      oauth: { autoApprove: true },
    });
    const answer = await headless.fetch(
      authorizeUrl({ response_type: 'token', scope: 'read write', state: 'q' }),
      { redirect: 'manual' },
    );
    expect(
      parseImplicitRedirect({ url: answer.headers.get('location') ?? '', expectedState: 'q' })
        .scopes,
    ).toEqual(['read', 'write']);
  });

  it.each([
    [
      'an unknown client gets an error page, no redirect',
      { client_id: 'nobody', response_type: 'token' },
      400,
      undefined,
    ],
    [
      'an unregistered redirect_uri gets an error page, no redirect',
      { redirect_uri: 'https://evil.example/cb', response_type: 'token' },
      400,
      undefined,
    ],
    [
      'an unknown scope is redirected with invalid_scope',
      { response_type: 'token', scope: 'admin' },
      302,
      'invalid_scope',
    ],
    [
      'another response_type is redirected with unsupported_response_type',
      { response_type: 'id_token' },
      302,
      'unsupported_response_type',
    ],
    [
      'the code flow without PKCE is redirected with invalid_request',
      { response_type: 'code' },
      302,
      'invalid_request',
    ],
    [
      'the code flow with plain PKCE is redirected with invalid_request',
      { response_type: 'code', code_challenge: 'abc', code_challenge_method: 'plain' },
      302,
      'invalid_request',
    ],
  ] as const)('%s', async (_name, query, status, error) => {
    const answer = await mock.fetch(authorizeUrl(query), { redirect: 'manual' });
    expect(answer.status).toBe(status);
    if (error)
      expect(new URL(answer.headers.get('location') ?? '').searchParams.get('error')).toBe(error);
  });
});

describe('authorization code grant with PKCE', () => {
  async function code(state = 'st'): Promise<{ code: string; codeVerifier: string }> {
    const start = await startAuthorizationCode({
      authorizationUrl: `${origin}/authorize`,
      clientId: 'mock-client-id',
      redirectUri,
      scopes: ['read'],
      state,
    });
    const answer = await decide(start.authorizeUrl, 'allow');
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.searchParams.get('state')).toBe(state);
    return { code: location.searchParams.get('code') ?? '', codeVerifier: start.codeVerifier };
  }
  const exchange = (options: {
    code: string;
    codeVerifier: string;
    redirectUri?: string;
    clientId?: string;
  }) =>
    exchangeAuthorizationCode({
      tokenUrl: `${origin}/token`,
      clientId: options.clientId ?? 'mock-client-id',
      redirectUri: options.redirectUri ?? redirectUri,
      code: options.code,
      codeVerifier: options.codeVerifier,
      fetch: mock.fetch,
    });

  it('exchanges the code (S256 verified) for a token with the granted scopes and a refresh token', async () => {
    const token = await exchange(await code());
    expect(token).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 36000,
      scopes: ['read'],
      refreshToken: expect.stringMatching(/^mock_rt_/),
    });
    expect((await notes(token.accessToken)).status).toBe(200);
    const refreshed = await mock.fetch(`${origin}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: token.refreshToken ?? '',
        client_id: 'mock-client-id',
      }),
    });
    expect(((await refreshed.json()) as { scope: string }).scope).toBe('read');
  });

  it('a code is one-time: a replay fails and revokes the token it gave', async () => {
    const grant = await code();
    const token = await exchange(grant);
    await expect(exchange(grant)).rejects.toMatchObject({
      name: 'TokenExchangeError',
      error: 'invalid_grant',
    });
    expect((await notes(token.accessToken)).status).toBe(401);
  });

  it.each([
    [
      'a wrong verifier',
      (grant: { code: string; codeVerifier: string }) => ({
        ...grant,
        codeVerifier: 'x'.repeat(43),
      }),
      'invalid_grant',
    ],
    [
      'another redirect_uri',
      (grant: { code: string; codeVerifier: string }) => ({
        ...grant,
        redirectUri: 'http://127.0.0.1:9/other',
      }),
      'invalid_grant',
    ],
    [
      'an unknown code',
      (grant: { code: string; codeVerifier: string }) => ({ ...grant, code: 'mock_code_unknown' }),
      'invalid_grant',
    ],
    [
      'an unknown client',
      (grant: { code: string; codeVerifier: string }) => ({ ...grant, clientId: 'nobody' }),
      'invalid_client',
    ],
  ] as const)('refuses %s', async (_name, change, error) => {
    await expect(exchange(change(await code()))).rejects.toMatchObject({ error });
  });

  it('a code expires (simulated clock)', async () => {
    const grant = await code();
    mock.clock.advance(601_000);
    await expect(exchange(grant)).rejects.toMatchObject({
      error: 'invalid_grant',
      description: 'the code has expired',
    });
  });
});
