/**
 * The path of a call that runs middleware (the client's, the call's, or the runtime's
 * re-authorization): openapi-fetch's chain around the transport, with openapi-fetch's `options`
 * (the serializers in effect, `fetch` through the transport). `send.ts` loads it with the first
 * such call; a client without middleware never does.
 */
import type { OperationDefinition } from '../definition.js';
import { authenticate, type Authentication } from '../auth/credentials.js';
import { serializeParameters } from '../serialize/index.js';
import { encodeBody } from './body.js';
import type { Built, Call, CallContext } from './call.js';
import type { Middleware, MiddlewareParams } from './middleware.js';
import { requestId, runChain } from './middleware-chain.js';
import type { ClientOptions } from './options.js';
import { credentialsOf, querySerializerOf } from './prepare.js';
import type { OutgoingRequest } from './redirect.js';
import { transmit, UNBOUNDED, type TransportOptions, type Transmitted } from './transport.js';

/** A `Request` described for the transport, its body taken from `source` when it is the pipeline's own. */
function describe(request: Request, source?: Built): OutgoingRequest {
  const body = request === source?.request ? source.init.body : (request.body ?? undefined);
  const init: OutgoingRequest['init'] = {
    method: request.method,
    headers: new Headers(request.headers),
    credentials: request.credentials,
    cache: request.cache,
    mode: request.mode,
    redirect: request.redirect,
    referrer: request.referrer,
    referrerPolicy: request.referrerPolicy,
    integrity: request.integrity,
    keepalive: request.keepalive,
  };
  if (body !== undefined && body !== null) {
    init.body = body;
    if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
      Object.assign(init, { duplex: 'half' });
  }
  return { url: request.url, init };
}

/** openapi-fetch's `options` of a middleware: the serializers in effect, and `fetch` through the transport. */
function mergedOptions(options: {
  baseUrl: string;
  call: Call;
  context: CallContext;
  fetch: (request: Request) => Promise<Response>;
}): MiddlewareParams['options'] {
  const { call, context } = options;
  const { operation } = call;
  // The call's serializers over the client's: a call's wire lists every member, unset ones `undefined`.
  const clientWire = context.dropIn?.wire;
  const callWire = call.dropIn?.wire;
  const query = querySerializerOf(clientWire?.querySerializer, callWire?.querySerializer);
  return Object.freeze({
    baseUrl: options.baseUrl,
    parseAs: call.dropIn?.parseAs ?? 'json',
    querySerializer:
      typeof query === 'function'
        ? query
        : (values: Record<string, unknown>) =>
            serializeParameters(
              operation,
              { query: values },
              {
                open: context.dropIn?.open,
                missingPath: 'keep',
                ...(query === undefined ? {} : { query }),
              },
            ).query,
    bodySerializer:
      callWire?.bodySerializer ??
      clientWire?.bodySerializer ??
      ((body: unknown) =>
        encodeBody({ body, mediaType: operation.requestBody?.mediaTypes[0] ?? 'application/json' })
          .body),
    pathSerializer:
      callWire?.pathSerializer ??
      clientWire?.pathSerializer ??
      ((pathname: string, path: Record<string, unknown>) =>
        serializeParameters(
          { ...operation, path: pathname },
          { path },
          { open: context.dropIn?.open, missingPath: 'keep' },
        ).path),
    fetch: options.fetch as typeof globalThis.fetch,
  });
}

/**
 * The runtime's re-authorization, as a middleware: after a 401 to a token-authenticated request it
 * asks `reauthorize` for a new token once, and sends the request again with it.
 */
function reauthorizeMiddleware(options: {
  operation: OperationDefinition;
  auth: Authentication;
  reauthorize: NonNullable<ClientOptions['reauthorize']>;
  resend(token: string): Promise<Response | undefined>;
}): Middleware {
  let done = false;
  return {
    async onResponse({ response }) {
      if (response.status !== 401 || done || options.auth.tokenScheme === undefined) return;
      done = true;
      const token = await options.reauthorize({
        operationId: options.operation.operationId,
        ...options.auth.tokenScheme,
      });
      if (!token) return;
      const again = await options.resend(token);
      if (again !== undefined) await response.body?.cancel();
      return again;
    },
  };
}

/** The middleware around the transport (and the runtime's re-authorization, as one of them). */
export async function sendThroughMiddleware(options: {
  context: CallContext;
  call: Call;
  auth: Authentication;
  /** The call's request again, with renewed credentials (re-authorization). */
  rebuild(auth: Authentication): Built;
  prepared: Built;
  transport: TransportOptions;
  reauthorizing: boolean;
}): Promise<Transmitted> {
  const { context, call, auth, prepared, transport } = options;
  const { api, client } = context;
  const { operation, args } = call;
  const known = call.dropIn?.unknownOperation !== true;
  const built = prepared.request!;
  const middleware =
    call.dropIn?.middleware === undefined && !options.reauthorizing
      ? context.middleware
      : [...context.middleware, ...(call.dropIn?.middleware ?? [])];
  const { followRedirects, timeoutMs } = transport;
  let last: Transmitted | undefined;
  // What the middleware send: any request, described again for the transport.
  const send = async (request: Request): Promise<Response> => {
    last = await transmit(
      {
        ...transport,
        credentials: credentialsOf({ api, auth, headers: request.headers }),
        followRedirects: followRedirects && request.redirect === 'manual',
      },
      describe(request, prepared),
      request,
    );
    return last.response;
  };
  if (options.reauthorizing) {
    middleware.push(
      reauthorizeMiddleware({
        operation,
        auth,
        reauthorize: client.reauthorize!,
        resend: async (token) => {
          const renewed = await authenticate({ api, operation, client, tokenOverride: token });
          const again = options.rebuild(renewed);
          if (!followRedirects) again.init.redirect = prepared.init.redirect;
          return send(new transport.Request(again.url, again.init));
        },
      }),
    );
  }
  const baseUrl =
    call.dropIn?.baseUrl === undefined || call.dropIn.baseUrl === ''
      ? context.baseUrl
      : call.dropIn.baseUrl.replace(/\/+$/, '');
  const { request, response } = await runChain(
    {
      middleware,
      params: {
        schemaPath: operation.path,
        params: call.dropIn?.params ?? args,
        id: requestId(),
        ...(known ? { operationId: operation.operationId } : {}),
        options: mergedOptions({ baseUrl, call, context, fetch: send }),
      },
      send,
    },
    built,
  );
  // A response that did not come from the transport (an `onRequest` or `onError` answered).
  if (last === undefined || last.response !== response)
    return {
      response,
      url: last?.url ?? request.url,
      method: request.method,
      credentials: last?.credentials ?? prepared.credentials,
      attempt: last?.attempt ?? UNBOUNDED,
      timeoutMs,
    };
  return last;
}
