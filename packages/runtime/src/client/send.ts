import type { ApiDefinition, OperationArgs, OperationDefinition } from '../definition.js';
import { authenticate } from '../auth/credentials.js';
import type { Authentication } from '../auth/credentials.js';
import {
  NetworkError,
  RedirectError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
} from '../errors.js';
import {
  backoffDelay,
  isRetryableStatus,
  mayRetryMethod,
  parseRetryAfter,
  retryPolicy,
} from '../retry.js';
import { serializeParameters } from '../serialize/index.js';
import { encodeValue } from '../serialize/encode.js';
import { attemptSignal } from '../timeout.js';
import { validateRequest, validateResponse } from '../validation.js';
import { encodeBody, readBody } from './body.js';
import { checkCall } from './check-call.js';
import { errorForStatus, requestIdOf } from './errors-from-response.js';
import type { CallOptions, ClientOptions } from './options.js';
import { isCredentialHeader, redactHeaders, redactUrl, scrubCause } from './redact.js';
import { fetchFollowingRedirects } from './redirect.js';
import type { OutgoingRequest, RequestCredentials } from './redirect.js';

/** What every call of one client shares. */
export interface CallContext {
  api: ApiDefinition;
  client: ClientOptions;
  baseUrl: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Operations whose response validation warning was already printed by the default handler. */
  warned: Set<string>;
}

/** A request ready to send, with what it must never leak. */
interface PreparedRequest extends OutgoingRequest {
  credentials: RequestCredentials;
}

/** Computed once per definition object: these depend on the definitions only, not on a call. */
const apiKeyHeaderCache = new WeakMap<ApiDefinition, string[]>();
const acceptCache = new WeakMap<OperationDefinition, string>();

/** Header names of apiKey schemes, lower-cased: their values are redacted from response headers kept on errors. */
function apiKeyHeaderNames(api: ApiDefinition): string[] {
  let names = apiKeyHeaderCache.get(api);
  if (names === undefined) {
    names = Object.values(api.securitySchemes).flatMap((scheme) =>
      scheme.type === 'apiKey' && scheme.in === 'header' ? [scheme.name.toLowerCase()] : [],
    );
    apiKeyHeaderCache.set(api, names);
  }
  return names;
}

function acceptHeader(operation: OperationDefinition): string {
  let accept = acceptCache.get(operation);
  if (accept === undefined) {
    const types = [...new Set(operation.responses.flatMap((response) => response.mediaTypes))];
    accept = types.length === 0 ? 'application/json' : types.join(', ');
    acceptCache.set(operation, accept);
  }
  return accept;
}

/**
 * Every credential the request carries: the operation's (from `authenticate`) and any the caller
 * put in a credential header of its own (`headers: { authorization }`), raw and as sent.
 */
function credentialsOf(options: {
  api: ApiDefinition;
  auth: Authentication;
  headers: Headers;
}): RequestCredentials {
  const headerNames = apiKeyHeaderNames(options.api);
  const secrets = [...options.auth.secrets];
  for (const [name, value] of options.headers) {
    // The cookie header also holds cookie parameters; the operation's own cookie credentials are in `auth`.
    if (name === 'cookie' || (!isCredentialHeader(name) && !headerNames.includes(name))) continue;
    secrets.push(value, value.replace(/^\S+\s+/, ''));
  }
  // Longest first, so that `Bearer sk-1` is scrubbed whole before `sk-1` is.
  const unique = [...new Set(secrets)]
    .filter((secret) => secret !== '')
    .sort((a, b) => b.length - a.length);
  return { headerNames, queryNames: options.auth.secretQueryNames, secrets: unique };
}

function prepare(options: {
  context: CallContext;
  operation: OperationDefinition;
  args: OperationArgs;
  auth: Authentication;
  callOptions: CallOptions;
}): PreparedRequest {
  const { context, operation, args, auth, callOptions } = options;
  const serialized = serializeParameters(operation, args);
  const credentialQuery = auth.query.map(
    ([name, value]) => `${encodeValue(name)}=${encodeValue(value)}`,
  );
  const query = [serialized.query, ...credentialQuery].filter((part) => part !== '').join('&');
  const url = `${context.baseUrl}${serialized.path}${query === '' ? '' : `?${query}`}`;
  const headers = new Headers({ accept: acceptHeader(operation) });
  for (const [name, value] of Object.entries({
    ...context.client.headers,
    ...callOptions.headers,
    ...serialized.headers,
  })) {
    headers.set(name, value);
  }
  const cookies = [
    serialized.cookies,
    ...auth.cookies.map(([name, value]) => `${name}=${encodeValue(value)}`),
  ].filter((part) => part !== '');
  if (cookies.length > 0) headers.set('cookie', cookies.join('; '));
  for (const [name, value] of Object.entries(auth.headers)) headers.set(name, value);
  const init: PreparedRequest['init'] = { method: operation.method.toUpperCase(), headers };
  if (args.body !== undefined) {
    const encoded = encodeBody({
      body: args.body,
      mediaType: operation.requestBody?.mediaTypes[0] ?? 'application/json',
    });
    init.body = encoded.body;
    // fetch sends a stream body only as a half-duplex request, and says so only when asked to.
    if (typeof ReadableStream !== 'undefined' && encoded.body instanceof ReadableStream)
      Object.assign(init, { duplex: 'half' });
    if (encoded.contentType !== undefined) headers.set('content-type', encoded.contentType);
  }
  return { url, init, credentials: credentialsOf({ api: context.api, auth, headers }) };
}

/** A URL safe to keep on an error: credential query values redacted, secrets scrubbed. */
function safeUrl(url: string, credentials: RequestCredentials): string {
  return redactUrl({ url, queryNames: credentials.queryNames, secrets: credentials.secrets });
}

type Attempt =
  | { kind: 'response'; response: Response; body: unknown; url: string }
  | { kind: 'failure'; error: NetworkError | TimeoutError };

/** Sends one attempt, following its redirects, and reads its body, all within the attempt's timeout. */
async function attempt(options: {
  context: CallContext;
  operation: OperationDefinition;
  request: PreparedRequest;
  callOptions: CallOptions;
}): Promise<Attempt> {
  const { context, operation, request, callOptions } = options;
  const timeoutMs = callOptions.timeoutMs ?? context.client.timeoutMs ?? 30_000;
  const signal = attemptSignal({ signal: callOptions.signal, timeoutMs });
  try {
    const { response, url } = await fetchFollowingRedirects({
      fetch: context.fetch,
      request,
      credentials: request.credentials,
      maxRedirects: context.client.maxRedirects ?? 20,
      operationId: operation.operationId,
      signal: signal.signal,
    });
    const body = await readBody(response, operation.method);
    return { kind: 'response', response, body, url };
  } catch (error) {
    if (callOptions.signal?.aborted) throw callOptions.signal.reason;
    if (error instanceof RedirectError) throw error;
    if (signal.timedOut())
      return {
        kind: 'failure',
        error: new TimeoutError({ operationId: operation.operationId, timeoutMs }),
      };
    return {
      kind: 'failure',
      error: new NetworkError({
        operationId: operation.operationId,
        method: operation.method,
        url: safeUrl(request.url, request.credentials),
        cause: scrubCause(error, request.credentials.secrets),
      }),
    };
  } finally {
    signal.dispose();
  }
}

function reportResponse(options: {
  context: CallContext;
  operation: OperationDefinition;
  status: number;
  body: unknown;
  secrets: readonly string[];
}): void {
  const { context, operation } = options;
  const mode = context.client.validation?.response ?? 'warn';
  if (mode === 'off') return;
  const report = validateResponse({ operation, status: options.status, body: options.body });
  if (report === undefined) return;
  if (mode === 'strict')
    throw new ResponseValidationError({ report, body: options.body, secrets: options.secrets });
  if (context.client.onValidationWarning) return context.client.onValidationWarning(report);
  if (context.warned.has(operation.operationId)) return;
  context.warned.add(operation.operationId);
  console.warn(
    `[${context.api.name}] ${operation.operationId}: response ${report.status} does not match its schema (data returned anyway)`,
    report.issues,
  );
}

/** What a call resolves with: the parsed body of the 2xx response, and the response itself. */
export interface CallResult<T> {
  data: T;
  /** The final response (after redirects); its body has been read into `data`. */
  response: Response;
}

/**
 * The one request pipeline, whatever the entry point (named function, `paginate`, `poll`, or a
 * path-typed `GET`/`POST`...): validate, authenticate, serialize, send with timeouts, retries and
 * redirects, parse, validate the response. Resolves with the body of a 2xx response and the
 * response; rejects with a typed error.
 */
export async function performCall<T>(options: {
  context: CallContext;
  operation: OperationDefinition;
  args?: OperationArgs;
  callOptions?: CallOptions;
}): Promise<CallResult<T>> {
  const { context, operation } = options;
  checkCall({
    apiName: context.api.name,
    baseUrl: context.baseUrl,
    client: context.client,
    operation,
    args: options.args,
    callOptions: options.callOptions,
  });
  const args = options.args ?? {};
  const callOptions = options.callOptions ?? {};
  if (context.client.validation?.request !== false) {
    const issues = validateRequest(operation, args);
    if (issues.length > 0)
      throw new RequestValidationError({ operationId: operation.operationId, issues });
  }
  let auth = await authenticate({ api: context.api, operation, client: context.client });
  let request = prepare({ context, operation, args, auth, callOptions });
  const policy = retryPolicy({ client: context.client.retry, call: callOptions.retry });
  const retryable = mayRetryMethod(policy, operation.method);
  let reauthorized = false;
  for (let retries = 0; ;) {
    callOptions.signal?.throwIfAborted();
    const outcome = await attempt({ context, operation, request, callOptions });
    const canRetry = retryable && retries < policy.maxRetries;
    if (outcome.kind === 'failure') {
      if (!canRetry) throw outcome.error;
      await policy.sleep(backoffDelay(policy, retries++), callOptions.signal);
      continue;
    }
    const { response, body } = outcome;
    if (response.ok) {
      reportResponse({
        context,
        operation,
        status: response.status,
        body,
        secrets: request.credentials.secrets,
      });
      return { data: body as T, response };
    }
    if (
      response.status === 401 &&
      !reauthorized &&
      auth.tokenScheme &&
      context.client.reauthorize
    ) {
      reauthorized = true;
      const token = await context.client.reauthorize({
        operationId: operation.operationId,
        ...auth.tokenScheme,
      });
      if (token) {
        auth = await authenticate({
          api: context.api,
          operation,
          client: context.client,
          tokenOverride: token,
        });
        request = prepare({ context, operation, args, auth, callOptions });
        continue;
      }
    }
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    if (
      canRetry &&
      isRetryableStatus(response.status) &&
      (retryAfterMs === undefined || retryAfterMs <= policy.maxDelayMs)
    ) {
      const delay = retryAfterMs ?? backoffDelay(policy, retries);
      retries += 1;
      await policy.sleep(delay, callOptions.signal);
      continue;
    }
    const { secrets } = request.credentials;
    throw errorForStatus({
      operationId: operation.operationId,
      method: operation.method,
      url: safeUrl(outcome.url, request.credentials),
      status: response.status,
      body,
      headers: redactHeaders({
        headers: response.headers,
        extraNames: request.credentials.headerNames,
        secrets,
      }),
      requestId: requestIdOf(response.headers),
      secrets,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
}
