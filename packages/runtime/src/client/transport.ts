/**
 * The transport under the middleware: one call's attempts, each with its timeout, its redirects
 * (followed by the runtime so that credentials never reach another origin) and the retries of
 * the policy (network failures, timeouts, 429 and 5xx). Streaming bodies pass through: a body is
 * never buffered here, and a body that cannot be sent again is simply not retried.
 */
import { RedirectError, TimeoutError } from '../errors.js';
import { backoffDelay, isRetryableStatus, parseRetryAfter, type RetryPolicy } from '../retry.js';
import { attemptSignal, type AttemptSignal } from '../timeout.js';
import { onDemand } from './on-demand.js';
import { mayRedirect } from './redirect-status.js';
import type { OutgoingRequest, RequestCredentials } from './redirect.js';

/** How one call is sent. */
export interface TransportOptions {
  operationId: string;
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

/** What was sent and what came back. `attempt.dispose()` once the body is read ends the attempt's timeout. */
export interface Transmitted {
  response: Response;
  /** The URL of the response, after redirects. */
  url: string;
  attempt: AttemptSignal;
}

/** The attempt of a call with neither a timeout nor a signal. */
const UNBOUNDED: AttemptSignal = {
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
 * Sends `outgoing` (or `first`, the same request already built as a `Request`) with the policy's
 * retries. Rejects with what `fetch` rejected with (a network failure), a `TimeoutError`, a
 * `RedirectError`, or the caller's abort reason; resolves with any response, error statuses
 * included, once retries are spent.
 */
export async function transmit(
  transport: TransportOptions,
  outgoing: OutgoingRequest,
  first?: Request,
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
      // Where `fetch` itself followed redirects, the response says where it ended.
      url = outgoing.init.redirect === 'follow' ? response.url || outgoing.url : outgoing.url;
      if (transport.followRedirects && mayRedirect(response, transport.maxRedirects)) {
        const requests = transport.requestFetch !== undefined;
        const { fetchFollowingRedirects } = await loadRedirects();
        const following = fetchFollowingRedirects({
          fetch: requests
            ? (next, init) => sendRequest(transport, new transport.Request(next, init), signal)
            : transport.fetch,
          received: response,
          request: outgoing,
          credentials: transport.credentials,
          maxRedirects: transport.maxRedirects,
          operationId: transport.operationId,
          ...(signal === undefined ? {} : { signal }),
        });
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
    return { response, url, attempt };
  }
}

/** Most calls are answered without a redirect: the code that follows one loads with the first. */
const loadRedirects = onDemand(() => import('./redirect.js'));
