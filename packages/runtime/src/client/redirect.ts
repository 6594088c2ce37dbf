/**
 * Redirects, followed by the runtime itself: `fetch` would forward every header but
 * `Authorization` to whatever origin a server names, and with it an API key. Here a redirect to
 * another origin loses every credential (headers, cookies, query keys) before it is followed.
 */
import { RedirectError } from '../errors.js';
import { containsSecret, isCredentialHeader, redactUrl } from '../redact.js';
import { mayRedirect } from './redirect-status.js';

/** Headers that describe a body, dropped with it when a redirect turns the request into a GET. */
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];

/** What a request carries that must never reach another origin. */
export interface RequestCredentials {
  /** Header names that carry a credential (the API's apiKey headers; `Authorization` and the like always count). */
  headerNames: readonly string[];
  /** Query parameter names that carry a credential (apiKey schemes `in: query`). */
  queryNames: readonly string[];
  /** Every credential value sent, raw (`sk-1`) and as sent (`Bearer sk-1`). */
  secrets: readonly string[];
}

/** One request: where to, and what (`init.headers` is a `Headers`). */
export interface OutgoingRequest {
  url: string;
  init: RequestInit & { headers: Headers };
}

/**
 * Whether `to` may receive what was meant for `from`: the same origin, or the same host moving
 * from http to https on the default ports (an upgrade, which keeps the credentials as curl and
 * Python's requests do).
 */
export function sameAuthority(from: URL, to: URL): boolean {
  if (from.origin === to.origin) return true;
  return (
    from.protocol === 'http:' &&
    to.protocol === 'https:' &&
    from.hostname === to.hostname &&
    from.port === '' &&
    to.port === ''
  );
}

/** The request without any credential: headers, cookies, and query parameters that carry one. */
function withoutCredentials(
  request: OutgoingRequest,
  credentials: RequestCredentials,
): OutgoingRequest {
  const credentialHeaders = new Set(credentials.headerNames.map((name) => name.toLowerCase()));
  const headers = new Headers(request.init.headers);
  for (const [name, value] of request.init.headers) {
    if (
      isCredentialHeader(name) ||
      credentialHeaders.has(name) ||
      containsSecret(value, credentials.secrets)
    )
      headers.delete(name);
  }
  const url = new URL(request.url);
  const queryNames = new Set(credentials.queryNames);
  const kept = [...url.searchParams].filter(
    ([name, value]) => !queryNames.has(name) && !containsSecret(value, credentials.secrets),
  );
  if (kept.length !== [...url.searchParams].length)
    url.search = new URLSearchParams(kept).toString();
  return { url: url.href, init: { ...request.init, headers } };
}

/** The request a redirect asks for: the method and body rules of the fetch standard, and its target. */
function redirected(options: {
  request: OutgoingRequest;
  status: number;
  target: URL;
}): OutgoingRequest | 'body-not-replayable' {
  const { request, status } = options;
  const method = (request.init.method ?? 'GET').toUpperCase();
  const toGet =
    (status === 303 && method !== 'GET' && method !== 'HEAD') ||
    ((status === 301 || status === 302) && method === 'POST');
  if (toGet) {
    const headers = new Headers(request.init.headers);
    for (const name of BODY_HEADERS) headers.delete(name);
    const { body: _dropped, ...init } = request.init;
    return { url: options.target.href, init: { ...init, method: 'GET', headers } };
  }
  if (typeof ReadableStream !== 'undefined' && request.init.body instanceof ReadableStream)
    return 'body-not-replayable';
  return { url: options.target.href, init: request.init };
}

/**
 * Sends a request and follows its redirects (301, 302, 303, 307, 308) up to `maxRedirects`.
 * A hop to another origin drops every credential first, for good: `A → B → A` reaches the second
 * `A` without them too. Resolves with the final response and its URL; rejects with a
 * `RedirectError` when a redirect cannot be followed safely (see `RedirectFailure`).
 */
export async function fetchFollowingRedirects(options: {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** The response to `request` when it was sent already (`mayRedirect` said it may be a redirect). */
  received?: Response;
  request: OutgoingRequest;
  credentials: RequestCredentials;
  maxRedirects: number;
  operationId: string;
  signal?: AbortSignal;
}): Promise<{ response: Response; url: string }> {
  const { credentials, operationId } = options;
  let request = options.request;
  for (let redirects = 0; ; redirects += 1) {
    const response =
      redirects === 0 && options.received !== undefined
        ? options.received
        : await options.fetch(request.url, {
            ...request.init,
            redirect: 'manual',
            ...(options.signal === undefined ? {} : { signal: options.signal }),
          });
    // Most responses are not redirects: answered before anything else is looked at.
    if (!mayRedirect(response, options.maxRedirects)) return { response, url: request.url };
    const safe = (url: string) =>
      redactUrl({ url, queryNames: credentials.queryNames, secrets: credentials.secrets });
    const method = request.init.method ?? 'GET';
    const failure = (reason: RedirectError['reason'], location?: string) =>
      new RedirectError({
        operationId,
        reason,
        status: response.status,
        method,
        url: safe(request.url),
        ...(location === undefined ? {} : { location: safe(location) }),
      });
    // Browsers answer `redirect: 'manual'` with an opaque response that hides the location.
    if (response.type === 'opaqueredirect') throw failure('hidden-location');
    const location = response.headers.get('location');
    if (location === null) return { response, url: request.url };
    await response.body?.cancel();
    const target = new URL(location, request.url);
    if (redirects >= options.maxRedirects) throw failure('too-many', target.href);
    const next = redirected({ request, status: response.status, target });
    if (next === 'body-not-replayable') throw failure(next, target.href);
    if (sameAuthority(new URL(request.url), target)) {
      request = next;
      continue;
    }
    request = withoutCredentials(next, credentials);
    if (containsSecret(request.url, credentials.secrets))
      throw failure('credential-in-location', target.href);
  }
}
