import type { OperationArgs, OperationDefinition } from './definition.js';
import { TimeoutError, ZapgenError } from './errors.js';
import type { PollOptions } from './call-options.js';
import type { CallFunction } from './pagination.js';
import { sleep as defaultSleep } from './retry.js';

/** Drops the cache-refresh parameter (e.g. `force_refresh`): only the first call may ask for a refresh. */
function withoutRefresh(operation: OperationDefinition, args: OperationArgs): OperationArgs {
  const refresh = operation.cache?.refreshParameter;
  if (refresh === undefined || args[refresh.in]?.[refresh.name] === undefined) return args;
  const { [refresh.name]: _dropped, ...rest } = args[refresh.in] ?? {};
  return { ...args, [refresh.in]: rest };
}

/**
 * Calls the operation, then again every `intervalMs` while the result's `polling.whileField` is
 * true (e.g. `is_loading`). The first call keeps the caller's refresh parameter; later ones drop
 * it so that they read the refreshed result instead of restarting the refresh. Rejects with a
 * `TimeoutError` after `deadlineMs` (default 60 s) and with the signal's reason on abort.
 */
export async function poll<T>(options: {
  call: CallFunction;
  operation: OperationDefinition;
  args?: OperationArgs;
  pollOptions?: PollOptions;
  /** How to wait (injectable for tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}): Promise<T> {
  const { operation } = options;
  const polling = operation.polling;
  if (polling === undefined)
    throw new ZapgenError(`${operation.operationId} does not poll`, {
      operationId: operation.operationId,
    });
  const {
    intervalMs = polling.intervalMs,
    deadlineMs = 60_000,
    ...callOptions
  } = options.pollOptions ?? {};
  const wait = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const start = now();
  // Elapsed time is the larger of the clock and the waits, so that an injected sleep counts too.
  let waited = 0;
  let args = options.args ?? {};
  for (;;) {
    const result = await options.call<T>(operation, args, callOptions);
    if ((result as Record<string, unknown> | null | undefined)?.[polling.whileField] !== true)
      return result;
    if (Math.max(now() - start, waited) + intervalMs > deadlineMs) {
      throw new TimeoutError({
        operationId: operation.operationId,
        timeoutMs: deadlineMs,
        what: `${polling.whileField} still true`,
      });
    }
    await wait(intervalMs, callOptions.signal);
    waited += intervalMs;
    args = withoutRefresh(operation, args);
  }
}
