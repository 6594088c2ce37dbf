/**
 * Middleware: `onRequest`, `onResponse` and `onError` around the sending of a request, with
 * openapi-fetch's contract and order. `onRequest` runs in the order the middleware were added
 * (client's, then the call's) and may replace the request or answer it; `onError` and
 * `onResponse` run in reverse order. The runtime's own re-authorization after a 401 is a
 * middleware too (`reauthorizeMiddleware`), the innermost one. What a client holds (`use`,
 * `eject`) is here; running the chain is in `./middleware-chain.ts`, loaded with the first call
 * that has middleware.
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
