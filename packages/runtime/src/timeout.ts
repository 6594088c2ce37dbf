/** One attempt's abort signal: the caller's signal and a timeout, told apart. */
export interface AttemptSignal {
  signal: AbortSignal;
  /** True once the timeout (not the caller) aborted the attempt. */
  timedOut(): boolean;
  /** Stops the timer; call when the attempt is over. */
  dispose(): void;
}

/**
 * Combines the caller's signal with a per-attempt timeout (`0` or `undefined` = none).
 */
export function attemptSignal(options: {
  signal?: AbortSignal;
  timeoutMs?: number;
}): AttemptSignal {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    options.timeoutMs !== undefined && options.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException('The attempt timed out', 'TimeoutError'));
        }, options.timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    },
  };
}
