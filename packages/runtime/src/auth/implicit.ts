/**
 * OAuth 2.0 implicit grant: the authorize URL and the parsing of the redirect. No browser API
 * besides `URL` and Web Crypto, so that it runs in pages and in Node.
 */
import { AuthorizationCancelledError, AuthorizationError, StateMismatchError } from '../errors.js';
import { base64Url } from './pkce.js';

/** A fresh, unguessable `state` (against XSRF). */
export function createState(): string {
  return base64Url(globalThis.crypto.getRandomValues(new Uint8Array(24)));
}

/** Query string with every value percent-encoded (spaces as `%20`, as authorize endpoints expect). */
export function encodeQuery(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

/** Appends a query to a URL that may already have one. */
export function withQuery(url: string, query: string): string {
  return query === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** Options of an implicit-grant authorization request. */
export interface ImplicitAuthorizationOptions {
  /** The authorize endpoint, e.g. `https://example.com/oauth/authorize`. */
  authorizationUrl: string;
  clientId: string;
  redirectUri: string;
  scopes?: string[];
  /** `auto`: no new prompt while a grant exists; `force`: always ask. */
  approvalPrompt?: 'auto' | 'force';
  /** Default: a fresh random state. */
  state?: string;
}

/** Builds the authorize URL of the implicit grant (`response_type=token`) and the state to expect back. */
export function buildImplicitAuthorizationUrl(options: ImplicitAuthorizationOptions): {
  url: string;
  state: string;
} {
  const state = options.state ?? createState();
  const query = encodeQuery({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'token',
    scope: options.scopes && options.scopes.length > 0 ? options.scopes.join(' ') : undefined,
    approval_prompt: options.approvalPrompt,
    state,
  });
  return { url: withQuery(options.authorizationUrl, query), state };
}

/** The token of an implicit-grant redirect. */
export interface ImplicitToken {
  accessToken: string;
  tokenType: string;
  /** Seconds, when the server said. */
  expiresIn: number | undefined;
  scopes: string[];
}

/**
 * Reads the redirect of an implicit grant: the fragment's `access_token`, `token_type`,
 * `expires_in`, `scope` on success; `error=access_denied` (query or fragment) as an
 * `AuthorizationCancelledError`; any other `error` as an `AuthorizationError`. The `state` must
 * equal `expectedState`, else `StateMismatchError`.
 */
export function parseImplicitRedirect(options: {
  url: string;
  expectedState: string;
}): ImplicitToken {
  const url = new URL(options.url);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  const error = url.searchParams.get('error') ?? fragment.get('error');
  const state = fragment.get('state') ?? url.searchParams.get('state');
  if (error !== null) {
    // A cancel may come back without state (the document shows none); any other error must match.
    if (state !== null && state !== options.expectedState) throw new StateMismatchError();
    const description =
      url.searchParams.get('error_description') ?? fragment.get('error_description') ?? undefined;
    if (error === 'access_denied')
      throw new AuthorizationCancelledError(description === undefined ? {} : { description });
    throw new AuthorizationError({ error, ...(description === undefined ? {} : { description }) });
  }
  if (state !== options.expectedState) throw new StateMismatchError();
  const accessToken = fragment.get('access_token');
  if (!accessToken)
    throw new AuthorizationError({
      error: 'invalid_response',
      description: 'no access_token in the redirect',
    });
  const expiresIn = Number(fragment.get('expires_in'));
  return {
    accessToken,
    tokenType: fragment.get('token_type') ?? 'Bearer',
    expiresIn: fragment.has('expires_in') && Number.isFinite(expiresIn) ? expiresIn : undefined,
    scopes: (fragment.get('scope') ?? '').split(/[\s,]+/).filter((scope) => scope !== ''),
  };
}
