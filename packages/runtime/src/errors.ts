/**
 * Every error the runtime throws. None of them ever holds a credential: messages name the
 * operation and the scheme, URLs kept on errors have apiKey query values redacted, and response
 * headers are copied with credential-like headers redacted.
 */

/** One reason a request or response was rejected by a validator. */
export interface ValidationIssue {
  /** The parameter (or `body`) the issue is about, e.g. `per_page`. */
  parameter: string;
  /** Where the parameter goes: `path`, `query`, `header`, `cookie` or `body`. */
  in: string;
  /** Path of the issue inside the value, e.g. `['per_page']` or `['body', 'items', 0]`. */
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** Base class of every error thrown by `@zapgen/runtime`. */
export class ZapgenError extends Error {
  /** The operation that failed, when there is one. */
  readonly operationId: string | undefined;

  constructor(message: string, options: { operationId?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.operationId = options.operationId;
  }

  /** A plain summary safe to log: only the fields declared by the class, never a credential. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) json[key] = value;
    return json;
  }
}

/** The arguments of a call broke the operation's schema or cross-parameter rules; nothing was sent. */
export class RequestValidationError extends ZapgenError {
  readonly issues: ValidationIssue[];

  constructor(options: { operationId: string; issues: ValidationIssue[] }) {
    const details = options.issues.map((issue) => `${issue.parameter} (${issue.in}): ${issue.message}`).join('; ');
    super(`Invalid arguments for ${options.operationId}: ${details}`, { operationId: options.operationId });
    this.issues = options.issues;
  }
}

/** The operation's security requirements cannot be met by the client's credentials; nothing was sent. */
export class MissingCredentialsError extends ZapgenError {
  /** For each alternative requirement, the credentials it lacks (scheme names and client options). */
  readonly missing: string[][];

  constructor(options: { operationId: string; missing: string[][] }) {
    const alternatives = options.missing.map((credentials) => credentials.join(' and ')).join(', or ');
    super(`${options.operationId} needs credentials the client does not have: ${alternatives}`, {
      operationId: options.operationId,
    });
    this.missing = options.missing;
  }
}

/** What an API error knows about the failed response. */
export interface ApiErrorDetails {
  operationId: string;
  method: string;
  /** The request URL with apiKey query values redacted. */
  url: string;
  status: number;
  /** Parsed response body (JSON when the response is JSON, else text; `undefined` when empty). */
  body: unknown;
  /** Response headers, lower-case names, credential-like ones redacted. */
  headers: Record<string, string>;
  requestId?: string;
}

/** The server answered with a status outside 2xx. */
export class ApiError extends ZapgenError {
  readonly status: number;
  readonly method: string;
  readonly url: string;
  /** The parsed error body: e.g. `{ error, detail }` or `{ errors: [...] }`. */
  readonly body: unknown;
  readonly headers: Record<string, string>;
  /** The request id the server sent (`x-request-id` and similar), for support tickets. */
  readonly requestId: string | undefined;

  constructor(details: ApiErrorDetails) {
    super(apiErrorMessage(details), { operationId: details.operationId });
    this.status = details.status;
    this.method = details.method;
    this.url = details.url;
    this.body = details.body;
    this.headers = details.headers;
    this.requestId = details.requestId;
  }
}

/** A 4xx response. */
export class ClientError extends ApiError {}
/** A 401 response: the credential is missing, invalid or expired. */
export class UnauthorizedError extends ClientError {}
/** A 403 response: the credential lacks a permission or scope. */
export class ForbiddenError extends ClientError {}
/** A 404 response. */
export class NotFoundError extends ClientError {}

/** A 429 response that was not (or no longer) retried. */
export class RateLimitError extends ClientError {
  /** Milliseconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(details: ApiErrorDetails & { retryAfterMs?: number }) {
    super(details);
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** A 5xx response that was not (or no longer) retried. */
export class ServerError extends ApiError {}

/** The request never got a response: DNS, connection refused, reset... */
export class NetworkError extends ZapgenError {
  readonly method: string;
  readonly url: string;

  constructor(options: { operationId?: string; method: string; url: string; cause?: unknown }) {
    super(`${options.operationId ?? options.method.toUpperCase()}: network failure on ${options.method.toUpperCase()} ${options.url}`, options);
    this.method = options.method;
    this.url = options.url;
  }
}

/** A request attempt (or a polling deadline) took longer than allowed. */
export class TimeoutError extends ZapgenError {
  readonly timeoutMs: number;

  constructor(options: { operationId?: string; timeoutMs: number; what?: string }) {
    super(`${options.operationId ?? 'request'}: ${options.what ?? 'no response'} within ${options.timeoutMs} ms`, options);
    this.timeoutMs = options.timeoutMs;
  }
}

/** What a response validator found wrong with a response body. */
export interface ResponseValidationReport {
  operationId: string;
  method: string;
  path: string;
  status: number;
  issues: { path: ReadonlyArray<PropertyKey>; message: string }[];
}

/** A response body broke its schema while response validation is `strict`. */
export class ResponseValidationError extends ZapgenError {
  readonly report: ResponseValidationReport;
  /** The parsed body, so that a caller can still look at it. */
  readonly body: unknown;

  constructor(options: { report: ResponseValidationReport; body: unknown }) {
    const { report } = options;
    const details = report.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`).join('; ');
    super(`${report.operationId}: response ${report.status} does not match its schema: ${details}`, {
      operationId: report.operationId,
    });
    this.report = report;
    this.body = options.body;
  }
}

/** Renders an issue path as `results[0].id`; `(root)` for the value itself. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return '(root)';
  return path
    .map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`))
    .join('');
}

function apiErrorMessage(details: ApiErrorDetails): string {
  const summary = bodySummary(details.body);
  const requestId = details.requestId === undefined ? '' : ` (request id ${details.requestId})`;
  return `${details.operationId}: ${details.method.toUpperCase()} ${details.url} failed with ${details.status}${summary ? `: ${summary}` : ''}${requestId}`;
}

/** A short human summary of common error bodies: `error`, `detail`, `message` or `errors`. */
function bodySummary(body: unknown): string {
  if (typeof body === 'string') return body.slice(0, 200);
  if (typeof body !== 'object' || body === null) return '';
  const record = body as Record<string, unknown>;
  for (const key of ['error_description', 'detail', 'message', 'error']) {
    if (typeof record[key] === 'string') return (record[key] as string).slice(0, 200);
  }
  if (Array.isArray(record.errors)) return record.errors.filter((entry) => typeof entry === 'string').join('; ').slice(0, 200);
  return '';
}

/** An OAuth authorization or token request failed (RFC 6749 error codes). */
export class AuthorizationError extends ZapgenError {
  /** The OAuth error code, e.g. `invalid_grant`, `access_denied`. */
  readonly error: string;
  readonly description: string | undefined;

  constructor(options: { error: string; description?: string; message?: string }) {
    super(options.message ?? `Authorization failed: ${options.error}${options.description ? ` (${options.description})` : ''}`);
    this.error = options.error;
    this.description = options.description;
  }
}

/** The user declined or closed the authorization (`error=access_denied`). */
export class AuthorizationCancelledError extends AuthorizationError {
  constructor(options: { description?: string } = {}) {
    super({ error: 'access_denied', ...options, message: `Authorization cancelled by the user${options.description ? ` (${options.description})` : ''}` });
  }
}

/** The `state` of a redirect is not the one sent: a forged or stale response, rejected. */
export class StateMismatchError extends AuthorizationError {
  constructor() {
    super({ error: 'state_mismatch', message: 'Authorization response rejected: its state does not match the request' });
  }
}

/** The token endpoint refused a code exchange. */
export class TokenExchangeError extends AuthorizationError {
  readonly status: number;

  constructor(options: { status: number; error: string; description?: string }) {
    super({
      error: options.error,
      ...(options.description === undefined ? {} : { description: options.description }),
      message: `Token request failed with ${options.status}: ${options.error}${options.description ? ` (${options.description})` : ''}`,
    });
    this.status = options.status;
  }
}
