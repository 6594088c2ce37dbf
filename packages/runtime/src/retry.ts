/** Retry policy. Retries apply to 429, 5xx, network failures and timeouts. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** First backoff delay; doubled on each retry. Default 500 ms. */
  baseDelayMs?: number;
  /** Longest wait between attempts; a `Retry-After` longer than this is not waited for. Default 30 s. */
  maxDelayMs?: number;
  /** Also retry POST and PATCH (not idempotent). Default false. */
  retryNonIdempotent?: boolean;
  /** Source of jitter in [0, 1). Default `Math.random` (inject for deterministic tests). */
  random?: () => number;
  /** How to wait. Default a timer that honours the signal (inject for fake clocks). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The retry policy of one call, with defaults filled in. */
export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  retryNonIdempotent: boolean;
  random: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const IDEMPOTENT_METHODS = new Set(['get', 'head', 'options', 'put', 'delete', 'trace']);

/** Waits `ms` milliseconds; rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Merges the client's retry options with a call's (`false` turns retries off). */
export function retryPolicy(options: {
  client?: RetryOptions;
  call?: boolean | { maxRetries?: number; retryNonIdempotent?: boolean };
  /** Retries when neither the client nor the call sets `maxRetries`. Default 2. */
  defaultMaxRetries?: number;
}): RetryPolicy {
  const call = typeof options.call === 'object' ? options.call : {};
  return {
    maxRetries:
      options.call === false
        ? 0
        : (call.maxRetries ?? options.client?.maxRetries ?? options.defaultMaxRetries ?? 2),
    baseDelayMs: options.client?.baseDelayMs ?? 500,
    maxDelayMs: options.client?.maxDelayMs ?? 30_000,
    retryNonIdempotent: call.retryNonIdempotent ?? options.client?.retryNonIdempotent ?? false,
    random: options.client?.random ?? Math.random,
    sleep: options.client?.sleep ?? sleep,
  };
}

/** Whether a method may be sent again: idempotent ones, others only when the caller opted in. */
export function mayRetryMethod(policy: RetryPolicy, method: string): boolean {
  return policy.retryNonIdempotent || IDEMPOTENT_METHODS.has(method.toLowerCase());
}

/** Statuses worth another attempt: 429 and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * Delay before retry number `retry` (0 for the first retry): exponential, capped, with "equal
 * jitter" (between half and all of the capped delay), so that clients spread out yet never
 * hammer the server.
 */
export function backoffDelay(policy: RetryPolicy, retry: number): number {
  const capped = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(capped / 2 + (policy.random() * capped) / 2);
}

/**
 * Milliseconds a `Retry-After` header asks for (delta-seconds or an HTTP date), or `undefined`
 * when it is absent or unreadable.
 */
export function parseRetryAfter(
  header: string | null,
  now: number = Date.now(),
): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
