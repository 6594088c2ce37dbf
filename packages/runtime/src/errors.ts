/**
 * Every error the runtime throws. None of them shows a credential: messages name the operation and
 * the scheme, URLs kept on errors have apiKey query values redacted, response headers are copied
 * with credential-like headers redacted, and every secret the runtime sent is scrubbed from what
 * it builds (message, stack, `toJSON()`, `util.inspect`). A response body stays as received in
 * `error.body`, which is not enumerable: only its scrubbed copy is shown.
 */
import { scrub, scrubValue } from './redact.js';

/** How Node's `util.inspect` (and so `console.log`) asks an object for its own rendering. */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

type Inspect = (value: unknown, options?: object) => string;

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
  /** The class's own name, spelled out: a minifier renames classes, and `new.target.name` with them. */
  override readonly name: string = 'ZapgenError';

  /** The operation that failed, when there is one. */
  readonly operationId: string | undefined;

  constructor(message: string, options: { operationId?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.operationId = options.operationId;
  }

  /** A plain summary safe to log: only the fields declared by the class, never a credential. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) json[key] = value;
    return json;
  }

  /** `util.inspect` / `console.log`: the stack, then the same fields as `toJSON()`. */
  [INSPECT](depth: number, options: { depth?: number | null }, inspect?: Inspect): string {
    const { name: _name, message: _message, ...fields } = this.toJSON();
    if (this.cause !== undefined) fields.cause = this.cause;
    const nested = {
      ...options,
      depth:
        options.depth === null || options.depth === undefined ? options.depth : options.depth - 1,
    };
    const shown =
      Object.keys(fields).length === 0
        ? ''
        : ` ${inspect ? inspect(fields, nested) : JSON.stringify(fields)}`;
    return `${this.stack ?? `${this.name}: ${this.message}`}${shown}`;
  }
}

/** The arguments of a call broke the operation's schema or cross-parameter rules; nothing was sent. */
export class RequestValidationError extends ZapgenError {
  override readonly name: string = 'RequestValidationError';

  readonly issues: ValidationIssue[];

  constructor(options: { operationId: string; issues: ValidationIssue[] }) {
    const details = options.issues
      .map((issue) => `${issue.parameter} (${issue.in}): ${issue.message}`)
      .join('; ');
    super(`Invalid arguments for ${options.operationId}: ${details}`, {
      operationId: options.operationId,
    });
    this.issues = options.issues;
  }
}

/** The operation's security requirements cannot be met by the client's credentials; nothing was sent. */
export class MissingCredentialsError extends ZapgenError {
  override readonly name: string = 'MissingCredentialsError';

  /** For each alternative requirement, the credentials it lacks (scheme names and client options). */
  readonly missing: string[][];

  constructor(options: { operationId: string; missing: string[][] }) {
    const alternatives = options.missing
      .map((credentials) => credentials.join(' and '))
      .join(', or ');
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
  /** The credentials the request carried: scrubbed from the message and from the shown body. */
  secrets?: readonly string[];
}

/** The server answered with a status outside 2xx. */
export class ApiError extends ZapgenError {
  override readonly name: string = 'ApiError';

  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  /** The request id the server sent (`x-request-id` and similar), for support tickets. */
  readonly requestId: string | undefined;
  readonly #body: unknown;
  readonly #shownBody: unknown;

  constructor(details: ApiErrorDetails) {
    super(apiErrorMessage(details), { operationId: details.operationId });
    this.status = details.status;
    this.method = details.method;
    this.url = details.url;
    this.headers = details.headers;
    this.requestId = details.requestId;
    this.#body = details.body;
    this.#shownBody = scrubValue(details.body, details.secrets ?? []);
  }

  /**
   * The parsed error body as received (e.g. `{ error, detail }` or `{ errors: [...] }`). A server
   * may echo a credential in it, so logs get the scrubbed copy (`toJSON()`, `util.inspect`).
   */
  get body(): unknown {
    return this.#body;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), body: this.#shownBody };
  }
}

/** A 4xx response. */
export class ClientError extends ApiError {
  override readonly name: string = 'ClientError';
}
/** A 401 response: the credential is missing, invalid or expired. */
export class UnauthorizedError extends ClientError {
  override readonly name: string = 'UnauthorizedError';
}
/** A 403 response: the credential lacks a permission or scope. */
export class ForbiddenError extends ClientError {
  override readonly name: string = 'ForbiddenError';
}
/** A 404 response. */
export class NotFoundError extends ClientError {
  override readonly name: string = 'NotFoundError';
}

/** A 429 response that was not (or no longer) retried. */
export class RateLimitError extends ClientError {
  override readonly name: string = 'RateLimitError';

  /** Milliseconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(details: ApiErrorDetails & { retryAfterMs?: number }) {
    super(details);
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** A 5xx response that was not (or no longer) retried. */
export class ServerError extends ApiError {
  override readonly name: string = 'ServerError';
}

/** The request never got a response: DNS, connection refused, reset... */
export class NetworkError extends ZapgenError {
  override readonly name: string = 'NetworkError';

  readonly method: string;
  readonly url: string;

  constructor(options: { operationId?: string; method: string; url: string; cause?: unknown }) {
    super(
      `${options.operationId ?? options.method.toUpperCase()}: network failure on ${options.method.toUpperCase()} ${options.url}`,
      options,
    );
    this.method = options.method;
    this.url = options.url;
  }
}

/**
 * A streamed response (server-sent events, NDJSON, json-seq) failed after it began: the connection
 * dropped and could not be resumed (`dropped`), a record was not JSON (`invalid-item`), or a
 * reconnection was answered with something other than a stream (`not-a-stream`).
 */
export class StreamError extends ZapgenError {
  override readonly name: string = 'StreamError';

  /** `idle`: the server sent nothing for `stream.idleTimeoutMs` (and reconnections did not help). */
  readonly reason: 'dropped' | 'idle' | 'invalid-item' | 'not-a-stream';
  /** The request id of the response the stream was read from, when the server sent one. */
  readonly requestId: string | undefined;
  /** The last event id received (server-sent events): where a new call may resume from. */
  readonly lastEventId: string | undefined;

  constructor(options: {
    operationId: string;
    reason: StreamError['reason'];
    detail: string;
    requestId?: string | undefined;
    lastEventId?: string | undefined;
    cause?: unknown;
  }) {
    const requestId = options.requestId === undefined ? '' : ` (request id ${options.requestId})`;
    super(
      `${options.operationId}: stream ${options.reason}: ${options.detail}${requestId}`,
      options,
    );
    this.reason = options.reason;
    this.requestId = options.requestId;
    this.lastEventId = options.lastEventId;
  }
}

/** A request attempt (or a polling deadline) took longer than allowed. */
export class TimeoutError extends ZapgenError {
  override readonly name: string = 'TimeoutError';

  readonly timeoutMs: number;

  constructor(options: { operationId?: string; timeoutMs: number; what?: string }) {
    super(
      `${options.operationId ?? 'request'}: ${options.what ?? 'no response'} within ${options.timeoutMs} ms`,
      options,
    );
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
  override readonly name: string = 'ResponseValidationError';

  readonly report: ResponseValidationReport;
  /** The request id the server sent with the response. */
  readonly requestId: string | undefined;
  readonly #body: unknown;
  readonly #shownBody: unknown;

  constructor(options: {
    report: ResponseValidationReport;
    body: unknown;
    secrets?: readonly string[];
    requestId?: string | undefined;
  }) {
    const { report } = options;
    const secrets = options.secrets ?? [];
    // Issue paths are keys of the received body; the messages are the validator's own.
    const details = report.issues
      .map((issue) => `${scrub(formatPath(issue.path), secrets)}: ${issue.message}`)
      .join('; ');
    const requestId =
      options.requestId === undefined ? '' : ` (request id ${scrub(options.requestId, secrets)})`;
    super(
      `${report.operationId}: response ${report.status} does not match its schema: ${details}${requestId}`,
      {
        operationId: report.operationId,
      },
    );
    this.report = report;
    this.requestId = options.requestId;
    this.#body = options.body;
    this.#shownBody = scrubValue(options.body, secrets);
  }

  /** The parsed body as received, so that a caller can still look at it (logs get a scrubbed copy). */
  get body(): unknown {
    return this.#body;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), body: this.#shownBody };
  }
}

/** Why a redirect was not followed. */
export type RedirectFailure =
  /** More redirects in a row than `maxRedirects`. */
  | 'too-many'
  /** The platform hides redirect targets (browsers): following blind could send credentials anywhere. */
  | 'hidden-location'
  /** A 307/308 asks to send the body again, and a stream body cannot be replayed. */
  | 'body-not-replayable'
  /** The new URL on another origin would still carry a credential the runtime sent. */
  | 'credential-in-location';

/** A redirect the runtime refused to follow; nothing was sent to its target. */
export class RedirectError extends ZapgenError {
  override readonly name: string = 'RedirectError';

  readonly reason: RedirectFailure;
  readonly status: number;
  readonly method: string;
  /** The URL that answered with the redirect, credentials redacted. */
  readonly url: string;
  /** Where it pointed, credentials redacted; `undefined` when the platform hides it. */
  readonly location: string | undefined;

  constructor(options: {
    operationId: string;
    reason: RedirectFailure;
    status: number;
    method: string;
    url: string;
    location?: string;
  }) {
    const target = options.location === undefined ? '' : ` to ${options.location}`;
    super(
      `${options.operationId}: redirect ${options.status}${target} not followed (${REDIRECT_FAILURES[options.reason]})`,
      {
        operationId: options.operationId,
      },
    );
    this.reason = options.reason;
    this.status = options.status;
    this.method = options.method;
    this.url = options.url;
    this.location = options.location;
  }
}

const REDIRECT_FAILURES: Record<RedirectFailure, string> = {
  'too-many': 'too many redirects',
  'hidden-location': 'the platform hides where it leads, and the request carries credentials',
  'body-not-replayable': 'the request body is a stream and cannot be sent again',
  'credential-in-location': 'the new location on another origin carries a credential',
};

/** Renders an issue path as `results[0].id`; `(root)` for the value itself. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return '(root)';
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

function apiErrorMessage(details: ApiErrorDetails): string {
  const secrets = details.secrets ?? [];
  const summary = bodySummary(details.body, secrets);
  const requestId =
    details.requestId === undefined ? '' : ` (request id ${scrub(details.requestId, secrets)})`;
  const url = scrub(details.url, secrets);
  return `${details.operationId}: ${details.method.toUpperCase()} ${url} failed with ${details.status}${summary ? `: ${summary}` : ''}${requestId}`;
}

/**
 * A short human summary of common error bodies: `error`, `detail`, `message` or `errors`, with
 * the secrets scrubbed before it is cut (so that no prefix of a secret survives the cut).
 */
function bodySummary(body: unknown, secrets: readonly string[]): string {
  const short = (text: string) => scrub(text, secrets).slice(0, 200);
  if (typeof body === 'string') return short(body);
  if (typeof body !== 'object' || body === null) return '';
  const record = body as Record<string, unknown>;
  for (const key of ['error_description', 'detail', 'message', 'error']) {
    if (typeof record[key] === 'string') return short(record[key] as string);
  }
  if (Array.isArray(record.errors))
    return short(record.errors.filter((entry) => typeof entry === 'string').join('; '));
  return '';
}

/** An OAuth authorization or token request failed (RFC 6749 error codes). */
export class AuthorizationError extends ZapgenError {
  override readonly name: string = 'AuthorizationError';

  /** The OAuth error code, e.g. `invalid_grant`, `access_denied`. */
  readonly error: string;
  readonly description: string | undefined;

  constructor(options: { error: string; description?: string; message?: string }) {
    super(
      options.message ??
        `Authorization failed: ${options.error}${options.description ? ` (${options.description})` : ''}`,
    );
    this.error = options.error;
    this.description = options.description;
  }
}

/** The user declined or closed the authorization (`error=access_denied`). */
export class AuthorizationCancelledError extends AuthorizationError {
  override readonly name: string = 'AuthorizationCancelledError';

  constructor(options: { description?: string } = {}) {
    super({
      error: 'access_denied',
      ...options,
      message: `Authorization cancelled by the user${options.description ? ` (${options.description})` : ''}`,
    });
  }
}

/** The `state` of a redirect is not the one sent: a forged or stale response, rejected. */
export class StateMismatchError extends AuthorizationError {
  override readonly name: string = 'StateMismatchError';

  constructor() {
    super({
      error: 'state_mismatch',
      message: 'Authorization response rejected: its state does not match the request',
    });
  }
}

/** The token endpoint refused a code exchange. */
export class TokenExchangeError extends AuthorizationError {
  override readonly name: string = 'TokenExchangeError';

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
