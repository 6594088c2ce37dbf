/**
 * The one request pipeline, whatever the entry point (named function, `paginate`, `poll`, the
 * path-typed `GET`/`POST`..., or the drop-in client): validate, authenticate, serialize, run the
 * middleware around the transport (timeouts, retries, redirects), read and validate the response.
 * Two deliveries of its result: `performCall` resolves with the body of a 2xx response and rejects
 * with a typed error; `performResultCall` resolves with `{ data, error, response }` as openapi-fetch.
 */
import type { OperationArgs, OperationDefinition } from '../definition.js';
import type { Authentication } from '../auth/credentials.js';
import { authenticationFor } from '../auth/authentication-cache.js';
import {
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  type ResponseValidationReport,
} from '../errors.js';
import { mayRetryMethod, parseRetryAfter, retryPolicy } from '../retry.js';
import {
  loadMultipartEncoder,
  needsPartEncoder,
  readBody,
  readResult,
  type MultipartEncoder,
} from './body.js';
import { checkCall } from './check-call.js';
import { errorForStatus, rememberRequestId, requestIdOf } from './errors-from-response.js';
import type { CallOptions } from './options.js';
import { prepare } from './prepare.js';
import { redactHeaders } from '../redact.js';
import {
  safeUrl,
  transmit,
  UNBOUNDED,
  type TransportOptions,
  type Transmitted,
} from './transport.js';
import { responseFor } from '../responses.js';
import { streamKindOf } from '../streaming/kinds.js';
import type { ResponseStream } from '../streaming/response-stream.js';
import type { StreamPipeline } from './stream-call.js';
import { onDemand } from './on-demand.js';

import type { Built, Call, CallContext } from './call.js';
export type { Call, CallContext, DropInCall, DropInSettings } from './call.js';

/** What a call resolves with: the parsed body of the 2xx response, and the response itself. */
export interface CallResult<T> {
  data: T;
  /** The request id the server sent (the spec's request id header, or the usual ones). */
  requestId?: string | undefined;
  /** The final response (after redirects); its body has been read into `data`. */
  response: Response;
}

/** What the drop-in client resolves with: `data` for a 2xx, `error` otherwise, never a rejection for a status. */
export type ResultOf<T> =
  | { data: T; error?: undefined; response: Response }
  | { data?: undefined; error: unknown; response: Response };

/** The request and response of a call, before its body is read (`attempt.dispose()` once it is). */
type Exchange = Transmitted;

const NO_AUTHENTICATION: Authentication = {
  headers: {},
  query: [],
  cookies: [],
  secrets: [],
  secretQueryNames: [],
};

/** A call without arguments or options: shared, never changed (a call replaces its own). */
const NO_ARGS: OperationArgs = Object.freeze({});
const NO_OPTIONS: CallOptions = Object.freeze({});

/**
 * Sends a call: everything up to the response, whose body is still unread. Not async: what
 * needs no await (cached credentials, no multipart encoder to load) goes straight to `fetch`.
 */
function exchange(context: CallContext, call: Call): Promise<Exchange> {
  const { client } = context;
  const dropIn = context.dropIn !== undefined;
  const known = call.dropIn?.unknownOperation !== true;
  // Once per logical call: retries and reconnections send the key the first attempt sent.
  if (known && call.operation.idempotencyHeader !== undefined) {
    if (idempotency === undefined)
      return loadIdempotency().then((loaded) => {
        idempotency = loaded;
        return exchange(context, call);
      });
    if (call.dropIn === undefined)
      Object.assign(
        call,
        idempotency.withIdempotencyKey(call.operation, call.args, call.callOptions),
      );
    else {
      const keyed = idempotency.withIdempotencyKeyOnTheWire(
        call.operation,
        call.args,
        call.callOptions,
        call.dropIn.wire,
        context.dropIn?.wire.headers,
      );
      call.args = keyed.args;
      call.dropIn = { ...call.dropIn, wire: keyed.wire };
    }
  }
  // Dates and bigints of a package generated with `transformers` become wire values, once.
  if (known && call.operation.codecs !== undefined && call.encoded !== true)
    Object.assign(call, {
      args: call.operation.codecs.encodeArgs(call.operation, call.args),
      encoded: true,
    });
  const { operation, args } = call;
  // The stream reader (and the words of a failing item) loads while the request is on its way,
  // so that it reads the first bytes as soon as they come (a failed load is tried again when the
  // response is a stream).
  if (known && declaresStream(operation)) {
    loadStreamCall().catch(() => undefined);
    context.validation?.wordsReady()?.catch(() => undefined);
  }
  const { validation } = context;
  if (known && validation !== undefined && (client.validation?.request ?? !dropIn)) {
    const issues = validation.requestIssues(operation, args);
    if (issues instanceof Promise || issues.length > 0)
      return Promise.resolve(issues).then((found) =>
        Promise.reject(
          new RequestValidationError({ operationId: operation.operationId, issues: found }),
        ),
      );
  }
  // Nothing is awaited before `fetch` when nothing needs to be: a request sent in the same tick
  // as the call, as with `fetch` itself (an abort right after the call still reaches `fetch`).
  const found =
    known && operation.security.length > 0
      ? authenticationFor(context, operation, !dropIn)
      : NO_AUTHENTICATION;
  // Part headers, typed non-file parts and streamed files need the own encoder (loaded on first use).
  const multipart =
    known &&
    args.body !== undefined &&
    operation.requestBody?.mediaTypes[0] === 'multipart/form-data' &&
    needsPartEncoder(args.body, operation.requestBody.encoding);
  if (found instanceof Promise || multipart)
    return Promise.all([found, multipart ? loadMultipartEncoder() : undefined]).then(
      ([auth, encoder]) => send(context, call, auth, encoder),
    );
  return send(context, call, found, undefined);
}

/**
 * Idempotency keys: loaded with the first call of an operation that names an idempotency header
 * (that call waits for it before anything is sent; later ones find it loaded).
 */
const loadIdempotency = onDemand(() => import('./idempotency.js'));
let idempotency: typeof import('./idempotency.js') | undefined;

/** The request of a call, built with these credentials. */
function build(
  context: CallContext,
  call: Call,
  auth: Authentication,
  multipart: MultipartEncoder | undefined,
): Built {
  return prepare({
    multipart,
    api: context.api,
    baseUrl:
      call.dropIn?.baseUrl === undefined || call.dropIn.baseUrl === ''
        ? context.baseUrl
        : call.dropIn.baseUrl.replace(/\/+$/, ''),
    operation: call.operation,
    args: call.args,
    auth,
    dropIn: context.dropIn !== undefined,
    open: context.dropIn?.open,
    client: context.dropIn?.wire ?? { headers: context.client.headers },
    call: call.dropIn?.wire ?? { headers: call.callOptions.headers },
  });
}

/** Sends a call whose credentials are known, through the middleware and the transport. */
function send(
  context: CallContext,
  call: Call,
  auth: Authentication,
  multipart: MultipartEncoder | undefined,
): Promise<Exchange> {
  const { client } = context;
  const dropIn = context.dropIn !== undefined;
  const known = call.dropIn?.unknownOperation !== true;
  const { operation, callOptions } = call;
  const prepared = build(context, call, auth, multipart);
  const chosen = prepared.init.redirect;
  // The runtime follows redirects itself when a credential could leak (always, for the throwing
  // client); otherwise, and when the caller chose `redirect`, they are left to `fetch`.
  const followRedirects =
    chosen === undefined &&
    (!dropIn || prepared.credentials.secrets.length > 0 || client.maxRedirects !== undefined);
  prepared.init.redirect = followRedirects ? 'manual' : (chosen ?? 'follow');
  const policy =
    callOptions.retry === undefined
      ? (context.retryPolicy ??= retryPolicy({
          client: client.retry,
          ...(dropIn ? { defaultMaxRetries: 0 } : {}),
        }))
      : retryPolicy({
          client: client.retry,
          call: callOptions.retry,
          ...(dropIn ? { defaultMaxRetries: 0 } : {}),
        });
  const reauthorizing = client.reauthorize !== undefined && auth.tokenScheme !== undefined;
  const RequestClass = call.dropIn?.Request ?? context.dropIn?.Request ?? globalThis.Request;
  const transport: TransportOptions = {
    operationId: operation.operationId,
    method: operation.method,
    rawFailures: dropIn,
    fetch: context.fetch,
    Request: RequestClass,
    timeoutMs: callOptions.timeoutMs ?? client.timeoutMs ?? (dropIn ? 0 : 30_000),
    signal: callOptions.signal,
    policy,
    // A request that carries an idempotency key may be sent again whatever its method (asked
    // only of a policy that retries at all: openapi-fetch's defaults never do).
    retryable:
      policy.maxRetries > 0 &&
      (mayRetryMethod(policy, operation.method) ||
        (known && operation.idempotencyHeader !== undefined)),
    followRedirects,
    maxRedirects: client.maxRedirects ?? 20,
    credentials: prepared.credentials,
  };
  const callMiddleware = call.dropIn?.middleware;
  const requestMode = dropIn || context.middleware.length > 0 || client.reauthorize !== undefined;
  if (!requestMode) return transmit(transport, prepared);
  transport.requestFetch = (call.dropIn?.fetch ?? context.fetch) as (
    input: Request,
    init?: RequestInit,
  ) => Promise<Response>;
  const requestInitExt = context.dropIn?.requestInitExt;
  if (requestInitExt !== undefined) transport.requestInitExt = requestInitExt;
  const built = new RequestClass(prepared.url, prepared.init);
  prepared.request = built;
  // openapi-fetch's custom `RequestInit` members stay readable on the request.
  const custom = call.dropIn?.wire.init;
  if (custom !== undefined)
    for (const key in custom)
      if (!(key in built)) (built as unknown as Record<string, unknown>)[key] = custom[key];
  // A relative URL (a page's own origin) is what the request resolved it to (most URLs start
  // with `https://`: no pattern to run for them).
  if (!prepared.url.startsWith('https://') && !ABSOLUTE_URL.test(prepared.url))
    prepared.url = built.url;
  // The pipeline's own request, as built: no closure, no copy of the transport.
  if (context.middleware.length === 0 && callMiddleware === undefined && !reauthorizing)
    return transmit(transport, prepared, built);
  return loadMiddlewarePath().then(({ sendThroughMiddleware }) =>
    sendThroughMiddleware({
      context,
      call,
      auth,
      prepared,
      transport,
      reauthorizing,
      rebuild: (renewed) => build(context, call, renewed, multipart),
    }),
  );
}

/**
 * The middleware chain (and re-authorization, one of its links) with openapi-fetch's `options`:
 * loaded with the first call that runs middleware, so a bundle without middleware leaves it out.
 */
const loadMiddlewarePath = onDemand(() => import('./through-middleware.js'));

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;

/** Reads a body within the attempt's timeout. */
async function withinAttempt<T>(exchanged: Exchange, call: Call, reading: T | Promise<T>) {
  try {
    return await reading;
  } catch (error) {
    if (exchanged.attempt.timedOut())
      throw new TimeoutError({
        operationId: call.operation.operationId,
        timeoutMs: exchanged.timeoutMs,
      });
    throw error;
  } finally {
    exchanged.attempt.dispose();
  }
}

interface ResponseToReport {
  context: CallContext;
  operation: OperationDefinition;
  status: number;
  body: unknown;
  secrets: readonly string[];
  defaultMode: 'off' | 'warn';
  /** `body` is one item of a streamed response: reported at once, in the words loaded. */
  item?: boolean;
  requestId?: string | undefined;
}

/**
 * Checks a response body as the client's `validation.response` says: nothing, a warning, or a
 * `ResponseValidationError` thrown (`strict`). A promise when a failure waits for zod's English
 * messages, loaded with the first one.
 */
function reportResponse(options: ResponseToReport): void | Promise<void> {
  const { context, operation } = options;
  const mode = context.client.validation?.response ?? options.defaultMode;
  const { validation } = context;
  if (mode === 'off' || validation === undefined) return;
  const report = validation.responseReport(
    {
      operation,
      status: options.status,
      body: options.body,
      ...(options.item ? { item: true } : {}),
    },
    options.item,
  );
  if (report === undefined) return;
  if (report instanceof Promise)
    return report.then((worded) => deliverReport(options, mode, worded));
  return deliverReport(options, mode, report);
}

function deliverReport(
  options: ResponseToReport,
  mode: 'warn' | 'strict',
  report: ResponseValidationReport,
): void {
  const { context, operation } = options;
  if (mode === 'strict')
    throw new ResponseValidationError({
      report,
      body: options.body,
      secrets: options.secrets,
      requestId: options.requestId,
    });
  if (context.client.onValidationWarning) return context.client.onValidationWarning(report);
  if (context.warned.has(operation.operationId)) return;
  context.warned.add(operation.operationId);
  console.warn(
    `[${context.api.name}] ${operation.operationId}: response ${report.status} does not match its schema (data returned anyway)`,
    report.issues,
  );
}

/**
 * The throwing delivery: resolves with the body of a 2xx response and the response; rejects with
 * a typed error (`ClientError`, `ServerError`, ..., `NetworkError`, `TimeoutError`).
 */
export async function performCall<T>(options: {
  context: CallContext;
  operation: OperationDefinition;
  args?: OperationArgs;
  callOptions?: CallOptions;
}): Promise<CallResult<T>> {
  const { context, operation } = options;
  // The drop-in client sends what openapi-fetch would (undeclared arguments too): checked here only.
  const mistake = checkCall({
    apiName: context.api.name,
    baseUrl: context.baseUrl,
    client: context.client,
    operation,
    args: options.args,
    callOptions: options.callOptions,
  });
  if (mistake !== undefined) throw await mistake;
  const call: Call = {
    operation,
    args: options.args ?? NO_ARGS,
    callOptions: options.callOptions ?? NO_OPTIONS,
  };
  const exchanged = await exchange(context, call);
  const { response, credentials } = exchanged;
  const { parseAs } = call.callOptions;
  const stream = parseAs === undefined ? streamOf(context, call, exchanged) : undefined;
  if (stream !== undefined) return { data: (await stream) as T, response };
  if (parseAs !== undefined && response.ok) {
    // A body the caller chose how to read: a stream is theirs for as long as it lasts.
    if (parseAs === 'stream') exchanged.attempt.dispose();
    const reading = readResult(response, { method: exchanged.method, parseAs, ok: true });
    const data =
      parseAs === 'stream' ? await reading : await withinAttempt(exchanged, call, reading);
    const requestId = requestIdOf(response.headers, context.api.requestIdHeader);
    if (parseAs === 'json') {
      const reported = reportResponse({
        context,
        operation,
        status: response.status,
        body: data,
        secrets: credentials.secrets,
        defaultMode: 'warn',
        requestId,
      });
      if (reported !== undefined) await reported;
    }
    rememberRequestId(data, requestId);
    return { data: data as T, response, requestId };
  }
  const { codecs } = operation;
  // Without a timeout there is nothing to end once the body is read.
  const reading = readBody(response, exchanged.method, codecs?.parseJson);
  const body =
    exchanged.attempt === UNBOUNDED ? await reading : await withinAttempt(exchanged, call, reading);
  if (response.ok) {
    const requestId = requestIdOf(response.headers, context.api.requestIdHeader);
    const reported = reportResponse({
      context,
      operation,
      status: response.status,
      body,
      secrets: credentials.secrets,
      defaultMode: 'warn',
      requestId,
    });
    if (reported !== undefined) await reported;
    // Validated as the wire value, then handed out as the user's (`Date`, `bigint`).
    const data = codecs ? codecs.decodeBody(operation, response.status, body) : body;
    rememberRequestId(data, requestId);
    return { data: data as T, response, requestId };
  }
  // An error body too is the user's values, as its response schema decodes them.
  throw apiErrorOf(
    context,
    operation,
    exchanged,
    codecs ? codecs.decodeBody(operation, response.status, body) : body,
  );
}

/** The typed error of a response outside 2xx, its body read. */
function apiErrorOf(
  context: CallContext,
  operation: OperationDefinition,
  exchanged: Exchange,
  body: unknown,
) {
  const { response, credentials } = exchanged;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  return errorForStatus({
    operationId: operation.operationId,
    method: operation.method,
    url: safeUrl(exchanged.url, credentials),
    status: response.status,
    body,
    headers: redactHeaders({
      headers: response.headers,
      extraNames: credentials.headerNames,
      secrets: credentials.secrets,
    }),
    requestId: requestIdOf(response.headers, context.api.requestIdHeader),
    secrets: credentials.secrets,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

/**
 * A 2xx response whose content type is a stream the operation declares (server-sent events,
 * NDJSON, json-seq) is delivered as a `ResponseStream` of its items, read as they arrive. The
 * attempt's timeout covered the response's head; the stream then lasts as long as it needs.
 * The stream reader is loaded with the first streamed response (`./on-demand.ts`).
 */
function streamOf(
  context: CallContext,
  call: Call,
  exchanged: Exchange,
): Promise<ResponseStream<unknown>> | undefined {
  const { response } = exchanged;
  const { operation } = call;
  if (!declaresStream(operation)) return undefined;
  const kind = streamKindOf(response.headers.get('content-type'));
  if (!response.ok || kind === undefined) return undefined;
  const declared = responseFor(operation, response.status);
  if (!declared?.mediaTypes.some((type) => streamKindOf(type) === kind)) return undefined;
  exchanged.attempt.dispose();
  return loadStreamCall().then(({ openStream }) =>
    openStream({
      context,
      call,
      exchanged,
      kind,
      declared,
      pipeline: streamPipeline(context, call),
    }),
  );
}

/** The pipeline's steps, as a stream needs them for its items and its reconnections. */
function streamPipeline(context: CallContext, call: Call): StreamPipeline {
  const { operation } = call;
  return {
    exchange,
    withinAttempt,
    apiErrorOf,
    checkItem: (item, from, secrets) =>
      void reportResponse({
        context,
        operation,
        status: from.status,
        body: item,
        secrets,
        defaultMode: 'warn',
        item: true,
        requestId: requestIdOf(from.headers, context.api.requestIdHeader),
      }),
  };
}

/** Whether any response of the operation is a stream, computed once per definition. */
const streamDeclarations = new WeakMap<OperationDefinition, boolean>();

function declaresStream(operation: OperationDefinition): boolean {
  let declared = streamDeclarations.get(operation);
  if (declared === undefined) {
    declared = operation.responses.some((response) =>
      response.mediaTypes.some((type) => streamKindOf(type) !== undefined),
    );
    streamDeclarations.set(operation, declared);
  }
  return declared;
}

/** The stream reader, its SSE parser and reconnection: loaded with the first streamed response. */
const loadStreamCall = onDemand(() => import('./stream-call.js'));

/**
 * The drop-in delivery (openapi-fetch's): resolves with `{ data, response }` for a 2xx and
 * `{ error, response }` otherwise; rejects only when there is no response (what `fetch` rejected
 * with, unless an `onError` middleware answered) or when validation the caller asked for fails.
 */
export async function performResultCall(
  context: CallContext,
  call: Call,
): Promise<ResultOf<unknown>> {
  const exchanged = await exchange(context, call);
  const { response } = exchanged;
  const parseAs = call.dropIn?.parseAs;
  // A stream the operation declares, unless the caller chose how to read the body (`parseAs`).
  const stream =
    parseAs === undefined && call.dropIn?.unknownOperation !== true
      ? streamOf(context, call, exchanged)
      : undefined;
  if (stream !== undefined) return { data: await stream, response };
  // A stream is the caller's to read, for as long as it lasts: the attempt's timeout ends here.
  if (parseAs === 'stream') exchanged.attempt.dispose();
  const { ok } = response;
  const reading = readResult(response, { method: exchanged.method, parseAs, ok });
  const value =
    parseAs === 'stream' || exchanged.attempt === UNBOUNDED
      ? await reading
      : await withinAttempt(exchanged, call, reading);
  if (
    ok &&
    call.dropIn?.unknownOperation !== true &&
    (parseAs ?? 'json') === 'json' &&
    (context.client.validation?.response ?? 'off') !== 'off'
  ) {
    const reported = reportResponse({
      context,
      operation: call.operation,
      status: response.status,
      body: value,
      secrets: exchanged.credentials.secrets,
      defaultMode: 'off',
    });
    if (reported !== undefined) await reported;
  }
  return ok ? { data: value, response } : { data: undefined, error: value, response };
}
