/**
 * Middleware: `onRequest`, `onResponse` and `onError` around the sending of a request, with
 * openapi-fetch's contract and order. `onRequest` runs in the order the middleware were added
 * (client's, then the call's) and may replace the request or answer it; `onError` and
 * `onResponse` run in reverse order. The runtime's own re-authorization after a 401 is a
 * middleware too (`reauthorizeMiddleware`), the innermost one.
 */
import type { MergedOptions, MiddlewareCallbackParams } from 'openapi-fetch';

/** What a middleware callback receives: openapi-fetch's parameters, plus the operation. */
export interface MiddlewareParams extends MiddlewareCallbackParams {
  /** The operationId of the operation the request is for (absent for a path the spec does not have). */
  readonly operationId?: string;
  /**
   * `options.fetch` sends through the client's transport: its timeouts, retries, and redirects
   * that drop credentials on the way to another origin (openapi-fetch's is the bare `fetch`).
   */
  readonly options: MergedOptions;
}

type OnRequest = (
  params: MiddlewareParams,
) => void | Request | Response | undefined | Promise<Request | Response | undefined | void>;
type OnResponse = (
  params: MiddlewareParams & { response: Response },
) => void | Response | undefined | Promise<Response | undefined | void>;
type OnError = (
  params: MiddlewareParams & { error: unknown },
) => void | Response | Error | Promise<void | Response | Error>;

/** A middleware: at least one of the three callbacks (any openapi-fetch middleware is one). */
export type Middleware =
  | { onRequest: OnRequest; onResponse?: OnResponse; onError?: OnError }
  | { onRequest?: OnRequest; onResponse: OnResponse; onError?: OnError }
  | { onRequest?: OnRequest; onResponse?: OnResponse; onError: OnError };

/** A cheap random id for one request, shared by its callbacks (not for security). */
export function requestId(): string {
  return Math.random().toString(36).slice(2, 11);
}

/** Checks what `use()` is given, as openapi-fetch does: an object with at least one callback. */
export function checkMiddleware(middleware: unknown): asserts middleware is Middleware {
  if (
    typeof middleware !== 'object' ||
    middleware === null ||
    !('onRequest' in middleware || 'onResponse' in middleware || 'onError' in middleware)
  ) {
    throw new Error(
      'Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`',
    );
  }
}

/** `use` and `eject` over a client's list of middleware, with openapi-fetch's checks. */
export function createMiddlewareList(list: Middleware[]): {
  use(...middleware: Middleware[]): void;
  eject(...middleware: Middleware[]): void;
} {
  return {
    use(...middleware) {
      for (const entry of middleware) {
        if (!entry) continue;
        checkMiddleware(entry);
        list.push(entry);
      }
    },
    eject(...middleware) {
      for (const entry of middleware) {
        const index = list.indexOf(entry);
        if (index !== -1) list.splice(index, 1);
      }
    },
  };
}

/** What one run of the chain needs besides the request. */
export interface ChainRun {
  middleware: readonly Middleware[];
  /** The parameters every callback receives (without `request`, `response`, `error`). */
  params: Omit<MiddlewareParams, 'request'>;
  /** Sends the final request (the transport). */
  send(request: Request): Promise<Response>;
}

/**
 * Runs the middleware around `send` and resolves with the final request and response. A response
 * returned by an `onRequest` skips the remaining `onRequest`s, the sending and every `onResponse`.
 * A rejection of `send` goes through the `onError`s: one returning a `Response` recovers, one
 * returning an `Error` replaces the error; what is left is thrown.
 */
export async function runChain(
  run: ChainRun,
  initial: Request,
): Promise<{ request: Request; response: Response }> {
  const { middleware, params } = run;
  let request = initial;
  for (const entry of middleware) {
    if (typeof entry.onRequest !== 'function') continue;
    const result = await entry.onRequest({ ...params, request });
    if (result === undefined || result === null) continue;
    if (result instanceof Request) request = result;
    else if (result instanceof Response) return { request, response: result };
    else
      throw new Error(
        'onRequest: must return new Request() or Response() when modifying the request',
      );
  }
  let response: Response | undefined;
  try {
    response = await run.send(request);
  } catch (thrown) {
    let error: unknown = thrown;
    for (let index = middleware.length - 1; index >= 0; index -= 1) {
      const entry = middleware[index]!;
      if (typeof entry.onError !== 'function') continue;
      const result = await entry.onError({ ...params, request, error });
      if (result === undefined || result === null) continue;
      if (result instanceof Response) {
        response = result;
        break;
      }
      if (result instanceof Error) {
        error = result;
        continue;
      }
      throw new Error('onError: must return new Response() or instance of Error', {
        cause: thrown,
      });
    }
    if (response === undefined) throw error;
  }
  for (let index = middleware.length - 1; index >= 0; index -= 1) {
    const entry = middleware[index]!;
    if (typeof entry.onResponse !== 'function') continue;
    const result = await entry.onResponse({ ...params, request, response });
    if (result === undefined || result === null) continue;
    if (!(result instanceof Response))
      throw new Error('onResponse: must return new Response() when modifying the response');
    response = result;
  }
  return { request, response };
}
