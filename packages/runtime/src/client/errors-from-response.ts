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

/** The request id a server sent, from the usual headers. */
export function requestIdOf(headers: Headers): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
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
