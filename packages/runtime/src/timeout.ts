/** One attempt's abort signal: the caller's signal and a timeout, told apart. */
export interface AttemptSignal {
  signal: AbortSignal;
  /** True once the timeout (not the caller) aborted the attempt. */
  timedOut(): boolean;
  /** Stops the timer; call when the attempt is over. */
  dispose(): void;
}

/**
 * An attempt is one object: its methods, the caller's abort listener (`handleEvent`) and the
 * timer's argument, so that the request path allocates no closure per attempt.
 */
class Attempt implements AttemptSignal {
  readonly #controller = new AbortController();
  readonly #caller: AbortSignal | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;

  constructor(caller: AbortSignal | undefined, timeoutMs: number | undefined) {
    this.#caller = caller;
    if (caller?.aborted) this.#controller.abort(caller.reason);
    else caller?.addEventListener('abort', this, { once: true });
    if (timeoutMs !== undefined && timeoutMs > 0) this.#timer = setTimeout(expire, timeoutMs, this);
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  timedOut(): boolean {
    return this.#timedOut;
  }

  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#caller?.removeEventListener('abort', this);
  }

  /** The caller's signal aborted. */
  handleEvent(): void {
    this.#controller.abort(this.#caller?.reason);
  }

  /** The timeout elapsed. */
  expire(): void {
    this.#timedOut = true;
    this.#controller.abort(new DOMException('The attempt timed out', 'TimeoutError'));
  }
}

function expire(attempt: Attempt): void {
  attempt.expire();
}

/**
 * Combines the caller's signal with a per-attempt timeout (`0` or `undefined` = none).
 */
export function attemptSignal(options: {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}): AttemptSignal {
  return new Attempt(options.signal, options.timeoutMs);
}
