/**
 * Running the middleware chain around the transport, with openapi-fetch's contract and order
 * (`./middleware.ts` says what a middleware is). Loaded on demand with the middleware path
 * (`./through-middleware.ts`): a client without middleware never runs it.
 */
import type { Middleware, MiddlewareParams } from './middleware.js';

/** A cheap random id for one request, shared by its callbacks (not for security). */
export function requestId(): string {
  return Math.random().toString(36).slice(2, 11);
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
