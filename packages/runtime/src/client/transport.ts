/**
 * The transport under the middleware: one call's attempts, each with its timeout, its redirects
 * (followed by the runtime so that credentials never reach another origin) and the retries of
 * the policy (network failures, timeouts, 429 and 5xx). Streaming bodies pass through: a body is
 * never buffered here, and a body that cannot be sent again is simply not retried.
 */
import { NetworkError, RedirectError, TimeoutError, ZapgenError } from '../errors.js';
import { redactUrl, scrubCause } from '../redact.js';
import { backoffDelay, isRetryableStatus, parseRetryAfter, type RetryPolicy } from '../retry.js';
import { attemptSignal, type AttemptSignal } from '../timeout.js';
import { onDemand } from './on-demand.js';
import { mayRedirect } from './redirect-status.js';
import type { OutgoingRequest, RequestCredentials } from './redirect.js';

/** How one call is sent. */
export interface TransportOptions {
  operationId: string;
  /** The operation's method, named by a `NetworkError`. */
  method: string;
  /**
   * What `fetch` rejected with is rejected with as it is (the drop-in client, as openapi-fetch);
   * otherwise it becomes a `NetworkError` that cannot carry a secret.
   */
  rawFailures: boolean;
  /** Sends a URL and init (the throwing client without middleware). */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /**
   * Sends `Request`s instead (the drop-in client, and any client with middleware): the user's
   * `fetch` is then called with the request alone (and openapi-fetch's `requestInitExt`).
   */
  requestFetch?: (input: Request, init?: RequestInit) => Promise<Response>;
  requestInitExt?: Record<string, unknown>;
  /** Builds the requests of later hops and attempts in `sendRequest` mode. */
  Request: typeof Request;
  timeoutMs: number;
  signal?: AbortSignal;
  policy: RetryPolicy;
  /** The method may be retried at all (idempotent, or the caller opted in). */
  retryable: boolean;
  /** Follow redirects here (every credential dropped on the way to another origin), or leave them to `fetch`. */
  followRedirects: boolean;
  maxRedirects: number;
  credentials: RequestCredentials;
}

/** What was sent and what came back, the body still unread. `attempt.dispose()` once the body is read ends the attempt's timeout. */
export interface Transmitted {
  response: Response;
  /** The URL of the response, after redirects. */
  url: string;
  attempt: AttemptSignal;
  /** The request's method. */
  method: string;
  /** What must be redacted from anything kept of the request. */
  credentials: RequestCredentials;
  timeoutMs: number;
}

/** The attempt of a call with neither a timeout nor a signal: nothing to time out or dispose. */
export const UNBOUNDED: AttemptSignal = {
  signal: undefined as unknown as AbortSignal,
  timedOut: () => false,
  dispose: () => {},
};

function replayable(init: RequestInit): boolean {
  return !(typeof ReadableStream !== 'undefined' && init.body instanceof ReadableStream);
}

/** Rejects as soon as the signal aborts, whether or not the `fetch` given by the user honours it. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Calls the `fetch` of `Request`s with one, and the signal when there is one. */
function sendRequest(
  transport: TransportOptions,
  request: Request,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const { requestInitExt } = transport;
  return transport.requestFetch!(
    request,
    signal === undefined ? requestInitExt : { ...requestInitExt, signal },
  );
}

/** One request: the `Request` built already (the first attempt's), or built from `outgoing`. */
function sendDirect(
  transport: TransportOptions,
  outgoing: OutgoingRequest,
  first: Request | undefined,
  signal: AbortSignal | undefined,
): Promise<Response> {
  if (transport.requestFetch === undefined)
    return transport.fetch(outgoing.url, signal ? { ...outgoing.init, signal } : outgoing.init);
  return sendRequest(
    transport,
    first ??
      new transport.Request(outgoing.url, signal ? { ...outgoing.init, signal } : outgoing.init),
    signal,
  );
}

/**
 * What a failure of `fetch` itself becomes: for the throwing client a `NetworkError` that cannot
 * carry a secret; for the drop-in client what `fetch` rejected with, as openapi-fetch does
 * (`onError` middleware see it). Typed errors and the caller's abort reason pass as they are.
 */
function failureOf(transport: TransportOptions, error: unknown, url: string): unknown {
  if (transport.rawFailures || error instanceof ZapgenError || transport.signal?.aborted)
    return error;
  const { credentials } = transport;
  return new NetworkError({
    operationId: transport.operationId,
    method: transport.method,
    url: safeUrl(url, credentials),
    cause: scrubCause(error, credentials.secrets),
  });
}

/** A URL safe to keep on an error: credential query values redacted, secrets scrubbed. */
export function safeUrl(url: string, credentials: RequestCredentials): string {
  return redactUrl({ url, queryNames: credentials.queryNames, secrets: credentials.secrets });
}

/** What came back, with what the pipeline keeps of the request. */
function transmitted(
  transport: TransportOptions,
  outgoing: OutgoingRequest,
  response: Response,
  url: string,
  attempt: AttemptSignal,
): Transmitted {
  const { credentials, timeoutMs } = transport;
  return { response, url, attempt, method: outgoing.init.method!, credentials, timeoutMs };
}

/** Where `fetch` itself followed redirects, the response says where it ended. */
function responseUrl(outgoing: OutgoingRequest, response: Response): string {
  return outgoing.init.redirect === 'follow' ? response.url || outgoing.url : outgoing.url;
}

/** Follows the redirects of `received` (every credential dropped on the way to another origin). */
async function followRedirects(
  transport: TransportOptions,
  outgoing: OutgoingRequest,
  received: Response,
  signal: AbortSignal | undefined,
): Promise<{ response: Response; url: string }> {
  const requests = transport.requestFetch !== undefined;
  const { fetchFollowingRedirects } = await loadRedirects();
  return fetchFollowingRedirects({
    fetch: requests
      ? (next, init) => sendRequest(transport, new transport.Request(next, init), signal)
      : transport.fetch,
    received,
    request: outgoing,
    credentials: transport.credentials,
    maxRedirects: transport.maxRedirects,
    operationId: transport.operationId,
    ...(signal === undefined ? {} : { signal }),
  });
}

/**
 * Sends `outgoing` (or `first`, the same request already built as a `Request`) with the policy's
 * retries. Rejects with what `fetch` rejected with (a network failure; a `NetworkError` unless
 * `rawFailures`), a `TimeoutError`, a `RedirectError`, or the caller's abort reason; resolves
 * with any response, error statuses included, once retries are spent.
 */
export function transmit(
  transport: TransportOptions,
  outgoing: OutgoingRequest,
  first?: Request,
): Promise<Transmitted> {
  // One attempt with nothing to abort and nothing to retry (openapi-fetch's defaults): no
  // controller, no timer, no loop; one async step between the call and `fetch`'s response.
  return transport.signal === undefined &&
    transport.timeoutMs <= 0 &&
    !(transport.retryable && transport.policy.maxRetries > 0)
    ? transmitOnce(transport, outgoing, first)
    : transmitWithPolicy(transport, outgoing, first);
}

async function transmitOnce(
  transport: TransportOptions,
  outgoing: OutgoingRequest,
  first: Request | undefined,
): Promise<Transmitted> {
  try {
    const response = await sendDirect(transport, outgoing, first, undefined);
    if (!transport.followRedirects || !mayRedirect(response, transport.maxRedirects))
      return transmitted(transport, outgoing, response, responseUrl(outgoing, response), UNBOUNDED);
    const followed = await followRedirects(transport, outgoing, response, undefined);
    return transmitted(transport, outgoing, followed.response, followed.url, UNBOUNDED);
  } catch (error) {
    throw failureOf(transport, error, first?.url ?? outgoing.url);
  }
}

async function transmitWithPolicy(
  transport: TransportOptions,
  outgoing: OutgoingRequest,
  first: Request | undefined,
): Promise<Transmitted> {
  try {
    return await attempts(transport, outgoing, first);
  } catch (error) {
    throw failureOf(transport, error, first?.url ?? outgoing.url);
  }
}

async function attempts(
  transport: TransportOptions,
  outgoing: OutgoingRequest,
  first: Request | undefined,
): Promise<Transmitted> {
  const { policy, signal: callerSignal } = transport;
  const canReplay = replayable(outgoing.init);
  for (let retries = 0; ;) {
    // The first attempt is sent even with an aborted signal (and rejects at once), as `fetch` and
    // openapi-fetch do: whoever provides `fetch` sees the request and its signal.
    if (retries > 0) callerSignal?.throwIfAborted();
    // Without a timeout or a caller's signal there is nothing to abort: no controller, no timer.
    const attempt =
      callerSignal === undefined && transport.timeoutMs <= 0
        ? UNBOUNDED
        : attemptSignal({ signal: callerSignal, timeoutMs: transport.timeoutMs });
    const signal = attempt === UNBOUNDED ? undefined : attempt.signal;
    const canRetry = transport.retryable && canReplay && retries < policy.maxRetries;
    let response: Response;
    let url: string;
    try {
      const attemptFirst = retries === 0 ? first : undefined;
      // `fetch(url, init)` honours `init.signal`; a user's `fetch(request)` may not: raced.
      const race = transport.requestFetch !== undefined && signal !== undefined;
      const sending = sendDirect(transport, outgoing, attemptFirst, signal);
      response = await (race ? abortable(sending, signal) : sending);
      url = responseUrl(outgoing, response);
      if (transport.followRedirects && mayRedirect(response, transport.maxRedirects)) {
        const following = followRedirects(transport, outgoing, response, signal);
        ({ response, url } = await (race ? abortable(following, signal) : following));
      }
    } catch (error) {
      attempt.dispose();
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (error instanceof RedirectError) throw error;
      const failure = attempt.timedOut()
        ? new TimeoutError({ operationId: transport.operationId, timeoutMs: transport.timeoutMs })
        : error;
      if (!canRetry) throw failure;
      await policy.sleep(backoffDelay(policy, retries++), callerSignal);
      continue;
    }
    if (canRetry && isRetryableStatus(response.status)) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      if (retryAfterMs === undefined || retryAfterMs <= policy.maxDelayMs) {
        attempt.dispose();
        await response.body?.cancel();
        await policy.sleep(retryAfterMs ?? backoffDelay(policy, retries), callerSignal);
        retries += 1;
        continue;
      }
    }
    return transmitted(transport, outgoing, response, url, attempt);
  }
}

/** Most calls are answered without a redirect: the code that follows one loads with the first. */
const loadRedirects = onDemand(() => import('./redirect.js'));
