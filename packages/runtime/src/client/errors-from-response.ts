import {
  ApiError,
  ClientError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  ServerError,
  UnauthorizedError,
} from '../errors.js';
import type { ApiErrorDetails } from '../errors.js';

const REQUEST_ID_HEADERS = [
  'x-request-id',
  'request-id',
  'x-amzn-requestid',
  'x-correlation-id',
  'x-trace-id',
];

const USUAL_REQUEST_ID_HEADERS = new Set(REQUEST_ID_HEADERS);

/** The request id a server sent: in the header the spec declares, else in the usual ones. */
export function requestIdOf(headers: Headers, declared?: string): string | undefined {
  const named = declared === undefined ? null : headers.get(declared);
  if (named) return named;
  // Most responses carry none of the usual names: one pass over the names the response has (they
  // come lower-cased) costs less than a lookup of each usual name, which `get` validates and
  // lower-cases one by one.
  for (const name of headers.keys())
    if (USUAL_REQUEST_ID_HEADERS.has(name)) return usualRequestId(headers);
  return undefined;
}

/** The first of the usual request id headers, in their order, that has a value. */
function usualRequestId(headers: Headers): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}

/** The request id of each result object a call resolved with (see `getRequestId`). */
const resultRequestIds = new WeakMap<object, string>();

/** Remembers the request id of a call's result (objects and arrays only: nothing else can be a key). */
export function rememberRequestId(result: unknown, requestId: string | undefined): void {
  if (requestId !== undefined && typeof result === 'object' && result !== null)
    resultRequestIds.set(result, requestId);
}

/**
 * The request id the server sent with the response a result was read from
 * (`getRequestId(await client.getApp(args))`), for support tickets and logs; `undefined` when the
 * server sent none or the result is not an object. Errors carry theirs as `error.requestId`.
 */
export function getRequestId(result: unknown): string | undefined {
  return typeof result === 'object' && result !== null ? resultRequestIds.get(result) : undefined;
}

/** The typed error for a non-2xx status. */
export function errorForStatus(details: ApiErrorDetails & { retryAfterMs?: number }): ApiError {
  const { status } = details;
  if (status === 401) return new UnauthorizedError(details);
  if (status === 403) return new ForbiddenError(details);
  if (status === 404) return new NotFoundError(details);
  if (status === 429) return new RateLimitError(details);
  if (status >= 400 && status <= 499) return new ClientError(details);
  if (status >= 500 && status <= 599) return new ServerError(details);
  return new ApiError(details);
}
