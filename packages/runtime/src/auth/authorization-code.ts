/** OAuth 2.0 authorization code grant with PKCE (RFC 6749 §4.1, RFC 7636). */
import {
  AuthorizationCancelledError,
  AuthorizationError,
  NetworkError,
  StateMismatchError,
  TimeoutError,
  TokenExchangeError,
} from '../errors.js';
import { scrub, scrubCause } from '../redact.js';
import { attemptSignal } from '../timeout.js';
import { createState, encodeQuery, withQuery } from './implicit.js';
import { createCodeChallenge, createPkcePair } from './pkce.js';

/** What to keep for the user between the authorize redirect and the code exchange. */
export interface AuthorizationCodeStart {
  /** Where to send the user (or where a login link should lead, e.g. its redirect parameter). */
  authorizeUrl: string;
  /** Secret: store it for this user, send it only to the token endpoint. */
  codeVerifier: string;
  codeChallenge: string;
  state: string | undefined;
}

/**
 * Creates a PKCE pair and the authorize URL with `client_id`, `scope` (space-separated),
 * `response_type=code`, `redirect_uri`, `code_challenge` and `code_challenge_method=S256`.
 */
export async function startAuthorizationCode(options: {
  authorizationUrl: string;
  clientId: string;
  redirectUri: string;
  scopes?: string[];
  /** `true` for a fresh random state, a string to use it, omitted for none. */
  state?: string | boolean;
  /** Reuse a stored verifier instead of creating one. */
  codeVerifier?: string;
}): Promise<AuthorizationCodeStart> {
  const { codeVerifier, codeChallenge } =
    options.codeVerifier === undefined
      ? await createPkcePair()
      : {
          codeVerifier: options.codeVerifier,
          codeChallenge: await createCodeChallenge(options.codeVerifier),
        };
  const state =
    options.state === true
      ? createState()
      : typeof options.state === 'string'
        ? options.state
        : undefined;
  const query = encodeQuery({
    client_id: options.clientId,
    scope: options.scopes && options.scopes.length > 0 ? options.scopes.join(' ') : undefined,
    response_type: 'code',
    redirect_uri: options.redirectUri,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    state,
  });
  return {
    authorizeUrl: withQuery(options.authorizationUrl, query),
    codeVerifier,
    codeChallenge,
    state,
  };
}

/** Reads `code` from the redirect; `error=access_denied` is a cancellation, a foreign state is rejected. */
export function parseAuthorizationCodeRedirect(options: { url: string; expectedState?: string }): {
  code: string;
} {
  const url = new URL(options.url);
  const state = url.searchParams.get('state');
  if (options.expectedState !== undefined && state !== options.expectedState)
    throw new StateMismatchError();
  const error = url.searchParams.get('error');
  const description = url.searchParams.get('error_description') ?? undefined;
  if (error === 'access_denied')
    throw new AuthorizationCancelledError(description === undefined ? {} : { description });
  if (error !== null)
    throw new AuthorizationError({ error, ...(description === undefined ? {} : { description }) });
  const code = url.searchParams.get('code');
  if (!code)
    throw new AuthorizationError({
      error: 'invalid_response',
      description: 'no code in the redirect',
    });
  return { code };
}

/** A token endpoint's answer (RFC 6749 §5.1). */
export interface TokenResult {
  accessToken: string;
  tokenType: string;
  expiresIn: number | undefined;
  /** `Date.now()`-based expiry, when `expires_in` was given. */
  expiresAt: number | undefined;
  refreshToken: string | undefined;
  idToken: string | undefined;
  scopes: string[];
  /** The whole JSON answer (may carry provider fields). Holds secrets: never log it. */
  raw: Record<string, unknown>;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Exchanges an authorization code at the token endpoint: `POST` form-urlencoded `client_id`,
 * `grant_type=authorization_code`, `code_verifier`, `redirect_uri`, `code`. Resolves with the
 * token; rejects with `TokenExchangeError` (the server's `error`/`error_description`),
 * `NetworkError` or `TimeoutError`. No secret ever appears in an error.
 */
export async function exchangeAuthorizationCode(options: {
  tokenUrl: string;
  clientId: string;
  code: string;
  codeVerifier: string;
  redirectUri: string;
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
  timeoutMs?: number;
}): Promise<TokenResult> {
  const body = encodeQuery({
    client_id: options.clientId,
    grant_type: 'authorization_code',
    code_verifier: options.codeVerifier,
    redirect_uri: options.redirectUri,
    code: options.code,
  });
  const timeoutMs = options.timeoutMs ?? 30_000;
  const signal = attemptSignal({ signal: options.signal, timeoutMs });
  let status: number;
  let payload: unknown;
  try {
    const response = await (options.fetch ?? globalThis.fetch)(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: signal.signal,
    });
    status = response.status;
    const textBody = await response.text();
    try {
      payload = textBody === '' ? undefined : JSON.parse(textBody);
    } catch {
      payload = undefined;
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (signal.timedOut()) throw new TimeoutError({ timeoutMs, what: 'no token response' });
    throw new NetworkError({
      method: 'post',
      url: options.tokenUrl,
      cause: scrubCause(error, [options.code, options.codeVerifier]),
    });
  } finally {
    signal.dispose();
  }
  const record = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<
    string,
    unknown
  >;
  const accessToken = text(record.access_token);
  if (status < 200 || status > 299 || accessToken === undefined) {
    // A token endpoint may echo the code or the verifier it refuses: neither may reach a message.
    const secrets = [options.code, options.codeVerifier];
    const received = text(record.error_description);
    const description = received === undefined ? undefined : scrub(received, secrets);
    throw new TokenExchangeError({
      status,
      error: scrub(
        text(record.error) ??
          (status >= 200 && status <= 299 ? 'invalid_response' : 'server_error'),
        secrets,
      ),
      ...(description === undefined ? {} : { description }),
    });
  }
  const expiresIn =
    typeof record.expires_in === 'number'
      ? record.expires_in
      : Number(record.expires_in ?? Number.NaN);
  const known = Number.isFinite(expiresIn);
  return {
    accessToken,
    tokenType: text(record.token_type) ?? 'Bearer',
    expiresIn: known ? expiresIn : undefined,
    expiresAt: known ? Date.now() + expiresIn * 1000 : undefined,
    refreshToken: text(record.refresh_token),
    idToken: text(record.id_token),
    scopes: (text(record.scope) ?? '').split(/\s+/).filter((scope) => scope !== ''),
    raw: record,
  };
}
