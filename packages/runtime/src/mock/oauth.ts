/**
 * The OAuth 2.0 endpoints of the API's oauth2 security schemes, served by the mock at the paths of
 * their authorization and token URLs: the implicit grant (token in the fragment, `access_denied`
 * on cancel, `approval_prompt`, `state` echoed) and the authorization code grant with PKCE (S256
 * checked, one-time codes that expire, `redirect_uri` matched, refresh tokens). A consent page asks
 * the user, unless `approval_prompt=auto` finds an earlier grant or `autoApprove` is on. The
 * sign-in page of login links lives here too.
 */
import type { ApiDefinition } from '../definition.js';
import { escapeHtml, page, redirect, type Answer } from './answer.js';
import type { CredentialsTable } from './security.js';
import { secret, type IssuedToken, type MockState } from './state.js';

export type GrantKind = 'implicit' | 'authorizationCode';

/** An endpoint of an OAuth flow, at the path of its URL. */
export interface OAuthEndpoint {
  path: string;
  role: 'authorize' | 'token';
  scheme: string;
  flow: GrantKind;
  scopes: string[];
}

/** The OAuth endpoints of every oauth2 scheme (implicit and authorization code flows). */
export function oauthEndpoints(api: ApiDefinition): OAuthEndpoint[] {
  const endpoints: OAuthEndpoint[] = [];
  for (const [scheme, definition] of Object.entries(api.securitySchemes)) {
    if (definition.type !== 'oauth2') continue;
    for (const flow of ['implicit', 'authorizationCode'] as const) {
      const urls = definition.flows[flow];
      if (urls === undefined) continue;
      const scopes = Object.keys(urls.scopes);
      const pathOf = (url: string) => new URL(url, 'http://mock.invalid').pathname;
      if (urls.authorizationUrl)
        endpoints.push({
          path: pathOf(urls.authorizationUrl),
          role: 'authorize',
          scheme,
          flow,
          scopes,
        });
      if (flow === 'authorizationCode' && urls.tokenUrl)
        endpoints.push({ path: pathOf(urls.tokenUrl), role: 'token', scheme, flow, scopes });
    }
  }
  return endpoints;
}

export interface OAuthSettings {
  /** Approve every authorization without showing the consent page (headless use). Default false. */
  autoApprove: boolean;
  /** Lifetime of issued access tokens. Default 36 000 s (as in the implicit grant's example). */
  tokenLifetimeSeconds: number;
  /** Lifetime of authorization codes. Default 600 s. */
  codeLifetimeSeconds: number;
}

/** What the OAuth handlers need from the mock. */
export interface OAuthContext {
  state: MockState;
  table: CredentialsTable;
  settings: OAuthSettings;
  now: number;
  url: URL;
  /** Form fields of a POST (urlencoded), else empty. */
  form: URLSearchParams;
  /** The signed-in user of this browser (session cookie), else the default caller. */
  caller: Record<string, unknown>;
  cookieName: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function registeredRedirect(context: OAuthContext, clientId: string, redirectUri: string): boolean {
  const client = context.table.clients[clientId];
  if (client?.redirectUris !== undefined) return client.redirectUris.includes(redirectUri);
  try {
    const url = new URL(redirectUri);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      LOOPBACK.has(url.hostname) &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}

function withQuery(base: string, values: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

function withFragment(base: string, values: Record<string, string | undefined>): string {
  const url = new URL(base);
  const fragment = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) fragment.set(name, value);
  url.hash = fragment.toString().replace(/\+/g, '%20');
  return url.href;
}

function errorPage(message: string): Answer {
  return page({
    title: 'Authorization error',
    body: `<p id="error">${escapeHtml(message)}</p>`,
    status: 400,
  });
}

/** An authorization request, as validated by the authorize endpoint. */
interface AuthorizeRequest {
  endpoint: OAuthEndpoint;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string | undefined;
}

function grantKey(caller: Record<string, unknown>, clientId: string): string {
  return `${JSON.stringify(caller.user ?? null)} ${clientId}`;
}

/** Tokens carry the scopes granted, the client, and who the user is. */
function issueToken(
  context: OAuthContext,
  options: { scopes: string[]; clientId: string; caller: Record<string, unknown> },
): { token: string; entry: IssuedToken } {
  const token = secret('mock_at');
  const entry: IssuedToken = {
    scopes: options.scopes,
    clientId: options.clientId,
    caller: { ...options.caller, ...context.table.clients[options.clientId]?.caller },
    expiresAt: context.now + context.settings.tokenLifetimeSeconds * 1000,
  };
  context.state.tokens[token] = entry;
  return { token, entry };
}

/** Redirects back with a token (implicit) or a code (authorization code), and remembers the grant. */
function approve(
  context: OAuthContext,
  request: AuthorizeRequest,
  caller: Record<string, unknown>,
): Answer {
  const key = grantKey(caller, request.clientId);
  context.state.grants[key] = [
    ...new Set([...(context.state.grants[key] ?? []), ...request.scopes]),
  ].sort();
  const scope = request.scopes.join(' ');
  if (request.endpoint.flow === 'implicit') {
    const { token } = issueToken(context, {
      scopes: request.scopes,
      clientId: request.clientId,
      caller,
    });
    return redirect(
      withFragment(request.redirectUri, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: String(context.settings.tokenLifetimeSeconds),
        scope,
        state: request.state,
      }),
    );
  }
  const code = secret('mock_code');
  context.state.codes[code] = {
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge ?? '',
    scopes: request.scopes,
    caller,
    expiresAt: context.now + context.settings.codeLifetimeSeconds * 1000,
    issued: [],
    used: false,
  };
  return redirect(withQuery(request.redirectUri, { code, state: request.state }));
}

function deny(request: AuthorizeRequest): Answer {
  return redirect(withQuery(request.redirectUri, { error: 'access_denied', state: request.state }));
}

function consentPage(context: OAuthContext, request: AuthorizeRequest): Answer {
  const ticket = secret('mock_consent');
  context.state.tickets[ticket] = {
    kind: 'consent',
    request,
    caller: context.caller,
    expiresAt: context.now + 600_000,
  };
  const who = String(
    context.caller.email ?? context.caller.name ?? context.caller.user ?? 'the mock user',
  );
  const scopes = request.scopes
    .map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`)
    .join('');
  return page({
    title: 'Authorize access',
    body: `<p>Signed in as <strong id="user">${escapeHtml(who)}</strong>.</p>
    <p><code id="client">${escapeHtml(request.clientId)}</code> asks for:</p>
    <ul id="scopes">${scopes || '<li>no scope</li>'}</ul>
    <form method="post" action="${escapeHtml(context.url.pathname)}">
      <input type="hidden" name="ticket" value="${escapeHtml(ticket)}" />
      <button id="allow" name="decision" value="allow" type="submit">Allow</button>
      <button id="deny" name="decision" value="deny" type="submit">Cancel</button>
    </form>`,
  });
}

/** GET on an authorize URL. */
export function authorizeEndpoint(
  context: OAuthContext,
  endpoints: readonly OAuthEndpoint[],
): Answer {
  const query = context.url.searchParams;
  const clientId = query.get('client_id') ?? '';
  const redirectUri = query.get('redirect_uri') ?? '';
  if (!clientId || !Object.hasOwn(context.table.clients, clientId))
    return errorPage(`Unknown client_id ${JSON.stringify(clientId)}.`);
  if (!redirectUri || !registeredRedirect(context, clientId, redirectUri)) {
    return errorPage(
      `redirect_uri ${JSON.stringify(redirectUri)} is not registered for this client.`,
    );
  }
  const state = query.get('state') ?? undefined;
  const fail = (error: string, description: string) =>
    redirect(withQuery(redirectUri, { error, error_description: description, state }));
  const responseType = query.get('response_type');
  const flow: GrantKind | undefined =
    responseType === 'token'
      ? 'implicit'
      : responseType === 'code'
        ? 'authorizationCode'
        : undefined;
  const endpoint = endpoints.find((candidate) => candidate.flow === flow);
  if (endpoint === undefined)
    return fail(
      'unsupported_response_type',
      `response_type must be ${endpoints.map((candidate) => (candidate.flow === 'implicit' ? 'token' : 'code')).join(' or ')}`,
    );
  const requested = (query.get('scope') ?? '').split(/[\s,]+/).filter((scope) => scope !== '');
  const unknown = requested.filter((scope) => !endpoint.scopes.includes(scope));
  if (unknown.length) return fail('invalid_scope', `unknown scopes: ${unknown.join(' ')}`);
  const codeChallenge = query.get('code_challenge') ?? undefined;
  if (flow === 'authorizationCode') {
    if (!codeChallenge) return fail('invalid_request', 'code_challenge is required (PKCE)');
    if (query.get('code_challenge_method') !== 'S256')
      return fail('invalid_request', 'code_challenge_method must be S256');
  }
  const request: AuthorizeRequest = {
    endpoint,
    clientId,
    redirectUri,
    scopes: requested.length ? requested : endpoint.scopes,
    state,
    codeChallenge,
  };
  const granted = context.state.grants[grantKey(context.caller, clientId)] ?? [];
  const prompt = query.get('approval_prompt') ?? query.get('prompt');
  if (
    context.settings.autoApprove ||
    (prompt === 'auto' && request.scopes.every((scope) => granted.includes(scope)))
  ) {
    return approve(context, request, context.caller);
  }
  if (prompt === 'none') return fail('consent_required', 'the user has not granted these scopes');
  return consentPage(context, request);
}

/** POST of the consent page. */
export function consentDecision(context: OAuthContext): Answer {
  const id = context.form.get('ticket') ?? '';
  const ticket = Object.hasOwn(context.state.tickets, id) ? context.state.tickets[id] : undefined;
  delete context.state.tickets[id];
  if (ticket?.kind !== 'consent' || ticket.expiresAt <= context.now)
    return errorPage('This consent page has expired; start the authorization again.');
  const request = ticket.request as AuthorizeRequest;
  return context.form.get('decision') === 'allow'
    ? approve(context, request, ticket.caller)
    : deny(request);
}

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(
    await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)),
  );
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function tokenError(status: number, error: string, description: string): Answer {
  return {
    status,
    body: { error, error_description: description },
    headers: { 'cache-control': 'no-store' },
  };
}

function tokenAnswer(
  context: OAuthContext,
  options: { scopes: string[]; clientId: string; caller: Record<string, unknown> },
): { answer: Answer; token: string } {
  const { token } = issueToken(context, options);
  const refreshToken = secret('mock_rt');
  context.state.refreshTokens[refreshToken] = {
    scopes: options.scopes,
    clientId: options.clientId,
    caller: options.caller,
  };
  return {
    token,
    answer: {
      status: 200,
      headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
      body: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: context.settings.tokenLifetimeSeconds,
        scope: options.scopes.join(' '),
        refresh_token: refreshToken,
      },
    },
  };
}

/** POST on a token URL: `authorization_code` (with the PKCE verifier) and `refresh_token` grants. */
export async function tokenEndpoint(context: OAuthContext): Promise<Answer> {
  const form = context.form;
  const clientId = form.get('client_id') ?? '';
  if (!Object.hasOwn(context.table.clients, clientId))
    return tokenError(401, 'invalid_client', 'unknown client_id');
  const grantType = form.get('grant_type');
  if (grantType === 'refresh_token') {
    const id = form.get('refresh_token') ?? '';
    const entry = Object.hasOwn(context.state.refreshTokens, id)
      ? context.state.refreshTokens[id]
      : undefined;
    if (entry === undefined || entry.clientId !== clientId)
      return tokenError(400, 'invalid_grant', 'unknown refresh_token');
    delete context.state.refreshTokens[id];
    return tokenAnswer(context, { scopes: entry.scopes, clientId, caller: entry.caller }).answer;
  }
  if (grantType !== 'authorization_code')
    return tokenError(
      400,
      'unsupported_grant_type',
      'grant_type must be authorization_code or refresh_token',
    );
  const code = form.get('code') ?? '';
  const record = Object.hasOwn(context.state.codes, code) ? context.state.codes[code] : undefined;
  if (record === undefined) return tokenError(400, 'invalid_grant', 'unknown code');
  if (record.used) {
    // A replayed code: revoke what it gave (RFC 6749 §4.1.2).
    for (const token of record.issued) delete context.state.tokens[token];
    return tokenError(400, 'invalid_grant', 'the code was already used');
  }
  if (record.expiresAt <= context.now)
    return tokenError(400, 'invalid_grant', 'the code has expired');
  if (record.clientId !== clientId)
    return tokenError(400, 'invalid_grant', 'the code was issued to another client');
  if (record.redirectUri !== (form.get('redirect_uri') ?? ''))
    return tokenError(
      400,
      'invalid_grant',
      'redirect_uri does not match the authorization request',
    );
  const verifier = form.get('code_verifier') ?? '';
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier))
    return tokenError(
      400,
      'invalid_request',
      'code_verifier must be 43 to 128 unreserved characters',
    );
  if ((await s256(verifier)) !== record.codeChallenge)
    return tokenError(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
  record.used = true;
  const { answer, token } = tokenAnswer(context, {
    scopes: record.scopes,
    clientId,
    caller: record.caller,
  });
  record.issued.push(token);
  return answer;
}

/** The sign-in page a login link leads to: log in (known email) or create the account, then go on. */
export function signInPage(context: OAuthContext): Answer {
  const id = context.url.searchParams.get('ticket') ?? '';
  const ticket = Object.hasOwn(context.state.tickets, id) ? context.state.tickets[id] : undefined;
  if (ticket?.kind !== 'signIn' || ticket.expiresAt <= context.now)
    return errorPage('This login link has expired or was already used.');
  const known = Object.hasOwn(context.state.users, ticket.email);
  const action = known ? 'Log in' : 'Create account';
  return page({
    title: known ? 'Log in' : 'Create your account',
    body: `<p>Email: <strong id="email">${escapeHtml(ticket.email)}</strong></p>
    <form method="post" action="${escapeHtml(context.url.pathname)}">
      <input type="hidden" name="ticket" value="${escapeHtml(id)}" />
      <button id="continue" type="submit">${action}</button>
    </form>`,
  });
}

/** POST of the sign-in page: the user exists (created when new), the browser is signed in, then goes on. */
export function signIn(context: OAuthContext, defaults: Record<string, unknown>): Answer {
  const id = context.form.get('ticket') ?? '';
  const ticket = Object.hasOwn(context.state.tickets, id) ? context.state.tickets[id] : undefined;
  delete context.state.tickets[id];
  if (ticket?.kind !== 'signIn' || ticket.expiresAt <= context.now)
    return errorPage('This login link has expired or was already used.');
  let user = context.state.users[ticket.email];
  if (user === undefined) {
    const ids = [defaults.user, ...Object.values(context.state.users).map((known) => known.user)];
    const numeric = typeof defaults.user === 'number';
    const next = numeric
      ? Math.max(0, ...ids.filter((value): value is number => typeof value === 'number')) + 1
      : `user-${ids.length + 1}`;
    user = { ...defaults, user: next, email: ticket.email, name: ticket.name || ticket.email };
    context.state.users[ticket.email] = user;
  }
  const session = secret('mock_session');
  context.state.sessions[session] = user;
  const target = new URL(ticket.next, context.url).href;
  const answer = redirect(target);
  answer.headers = {
    ...answer.headers,
    'set-cookie': `${context.cookieName}=${session}; Path=/; HttpOnly; SameSite=Lax`,
  };
  return answer;
}
