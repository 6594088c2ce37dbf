/**
 * The drop-in client: openapi-fetch's `createClient` API and semantics (`GET`...`TRACE`,
 * `request`, `{ data, error, response }`, middleware with `use`/`eject`, `parseAs`, serializer and
 * `Request` overrides, relative URLs without `baseUrl`), on the runtime's one pipeline: the spec
 * decides serialization unless overridden, credentials apply per operation, validation, retries
 * and timeouts are options (off by default, as openapi-fetch has none).
 */
import type { StreamOptions } from '../streaming/response-stream.js';
import type {
  Client,
  ClientOptions as OpenapiFetchClientOptions,
  MergedOptions,
} from 'openapi-fetch';
import type { MediaType } from 'openapi-typescript-helpers';
import type { ApiDefinition, OperationArgs, OperationDefinition } from '../definition.js';
import { openParameters } from '../serialize/open.js';
import { resolveBaseUrl } from './base-url.js';
import type { ParseAs } from './body.js';
import type { HeadersOptions } from './headers.js';
import { createMiddlewareList, type Middleware } from './middleware.js';
import type { CallOptions, ClientOptions } from './options.js';
import type {
  BodySerializer,
  PathSerializer,
  QuerySerializerOption,
  WireOptions,
} from './prepare.js';
import { performResultCall, type CallContext, type DropInCall } from './send.js';
import { validatedOperation } from './validated.js';

/**
 * Options of the drop-in `createClient`: openapi-fetch's own (`baseUrl`, `fetch`, `Request`,
 * `headers`, the serializers, `requestInitExt`, any `RequestInit` member), typed as openapi-fetch
 * types them, and the runtime's (credentials per security scheme, `validation`, `retry`,
 * `timeoutMs`, `maxRedirects`, `middleware`).
 */
export interface FetchClientOptions
  extends
    Omit<OpenapiFetchClientOptions, 'credentials'>,
    Pick<
      ClientOptions,
      | 'serverVariables'
      | 'accessToken'
      | 'getAccessToken'
      | 'reauthorize'
      | 'timeoutMs'
      | 'retry'
      | 'maxRedirects'
      | 'validation'
      | 'onValidationWarning'
    > {
  /** apiKey values under each scheme's `option` name (`apiKey`, `clientId`, ...). */
  [apiKeyOption: string]: unknown;
  /**
   * `RequestInit['credentials']` (`'include'`, ...) as a string; credentials by security scheme
   * name as an object (`{ PartnerOAuth: token }`).
   */
  credentials?: RequestCredentials | ClientOptions['credentials'];
  /** Middleware run around every request, in this order (as `use()` adds them). */
  middleware?: Middleware[];
}

/** The drop-in client's own members; every other member of `createClient`'s options is a `RequestInit` member. */
const CLIENT_KEYS = new Set([
  'baseUrl',
  'serverVariables',
  'accessToken',
  'getAccessToken',
  'reauthorize',
  'credentials',
  'fetch',
  'Request',
  'headers',
  'querySerializer',
  'bodySerializer',
  'pathSerializer',
  'requestInitExt',
  'middleware',
  'timeoutMs',
  'retry',
  'maxRedirects',
  'validation',
  'onValidationWarning',
]);

/**
 * The second argument of `GET(path, init)`...: openapi-fetch's per-request options, the runtime's
 * (`timeoutMs`, `retry`), and any other member, which is a `RequestInit` member (`signal`,
 * `credentials`, ...) or a custom property of the request.
 */
interface CallInit {
  baseUrl?: string;
  fetch?: (input: Request) => Promise<Response>;
  Request?: typeof Request;
  headers?: HeadersOptions;
  params?: OperationArgs;
  parseAs?: ParseAs;
  querySerializer?: QuerySerializerOption;
  bodySerializer?: unknown;
  pathSerializer?: PathSerializer;
  body?: unknown;
  middleware?: Middleware[];
  timeoutMs?: number;
  retry?: boolean | { maxRetries?: number; retryNonIdempotent?: boolean };
  /** The idempotency key of this call, where the operation declares one (else one is made). */
  idempotencyKey?: string;
  /** Reconnections and idle timeout of an event stream the operation declares. */
  stream?: StreamOptions;
  [member: string]: unknown;
}

const NO_INIT: CallInit = Object.freeze({});
const NO_PARAMS: OperationArgs = Object.freeze({});
const NO_CALL_OPTIONS: CallOptions = Object.freeze({});

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The operations of an API by method, then path template, computed once per definition. */
const routeCache = new WeakMap<ApiDefinition, Map<string, Map<string, OperationDefinition>>>();

function routesOf(api: ApiDefinition): Map<string, Map<string, OperationDefinition>> {
  let routes = routeCache.get(api);
  if (routes === undefined) {
    routes = new Map();
    for (const operation of api.operations ?? []) {
      let byPath = routes.get(operation.method);
      if (byPath === undefined) routes.set(operation.method, (byPath = new Map()));
      byPath.set(operation.path, operation);
    }
    routeCache.set(api, routes);
  }
  return routes;
}

/** A path template without RFC 6570 operators, which openapi-fetch reads (`{.id}`, `{;id*}` → `{id}`). */
function plainTemplate(path: string): string {
  return path.replace(/\{[.;]?([^{}*]+)\*?\}/g, '{$1}');
}

/** The operation of the spec a call names, if it is one. */
function knownOperation(
  api: ApiDefinition,
  method: string,
  path: string,
): OperationDefinition | undefined {
  const byPath = routesOf(api).get(method);
  if (byPath === undefined) return undefined;
  return byPath.get(path) ?? (path.includes('{') ? byPath.get(plainTemplate(path)) : undefined);
}

/** An operation standing for a path the spec does not have: no validation, no credentials. */
function unknownOperation(method: string, path: string): OperationDefinition {
  return {
    operationId: `${method.toUpperCase()} ${path}`,
    method: method as OperationDefinition['method'],
    path,
    parameters: [],
    responses: [],
    security: [],
  };
}

/** The members of a call's `init` that are openapi-fetch's or the runtime's; any other is a `RequestInit` member. */
const CALL_KEYS = new Set([
  'baseUrl',
  'fetch',
  'Request',
  'headers',
  'params',
  'parseAs',
  'querySerializer',
  'bodySerializer',
  'pathSerializer',
  'body',
  'middleware',
  'timeoutMs',
  'retry',
  'idempotencyKey',
  'stream',
]);

/** The `RequestInit` members of a call's `init` (`signal`, `credentials`, custom ones), or undefined when it has none. */
function requestInitOf(init: CallInit): Record<string, unknown> | undefined {
  let rest: Record<string, unknown> | undefined;
  for (const key in init) {
    if (CALL_KEYS.has(key) || !Object.hasOwn(init, key)) continue;
    (rest ??= {})[key] = init[key];
  }
  return rest;
}

/** Splits an object into the members named in `keys` and the rest. */
function split(
  value: Record<string, unknown>,
  keys: ReadonlySet<string>,
): [Record<string, unknown>, Record<string, unknown>] {
  const own: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const key in value) {
    if (keys.has(key)) own[key] = value[key];
    else rest[key] = value[key];
  }
  return [own, rest];
}

/** What `createFetchClient` needs of a generated package. */
export interface FetchClientDefinition {
  /**
   * Servers, security schemes and every operation's route: validators are left out, and each
   * route's `validated()` loads its own the first time a call validates it.
   */
  api: ApiDefinition;
}

function wantsValidation(options: FetchClientOptions): boolean {
  const validation = options.validation;
  return validation?.request === true || (validation?.response ?? 'off') !== 'off';
}

/**
 * Creates a drop-in client of an API (generated packages bind their definition to it as
 * `createClient` in `./fetch`).
 */
export function createFetchClient<Paths extends {}, Media extends MediaType = MediaType>(
  definition: FetchClientDefinition,
  clientOptions: FetchClientOptions = {},
): Client<Paths, Media> {
  // The apiKey options of the API (`clientId`, ...) are the runtime's too; the rest is `RequestInit`.
  const keyOptions = Object.values(definition.api.securitySchemes).flatMap((scheme) =>
    scheme.type === 'apiKey' ? [scheme.option] : [],
  );
  const [own, requestInit] = split(
    { ...clientOptions },
    keyOptions.length === 0 ? CLIENT_KEYS : new Set([...CLIENT_KEYS, ...keyOptions]),
  );
  const options = own as FetchClientOptions;
  const { credentials } = options;
  if (typeof credentials === 'string') requestInit['credentials'] = credentials;
  const runtimeOptions: ClientOptions = {
    ...(options as ClientOptions),
    credentials: typeof credentials === 'object' && credentials !== null ? credentials : undefined,
  };
  // openapi-fetch's default: no base URL (relative URLs); the spec's servers when variables are given.
  const baseUrl =
    options.baseUrl === undefined && options.serverVariables !== undefined
      ? resolveBaseUrl({ api: definition.api, serverVariables: options.serverVariables })
      : (options.baseUrl ?? '').replace(/\/+$/, '');
  const context: CallContext = {
    api: definition.api,
    client: runtimeOptions,
    baseUrl,
    // Looked up at each call (a `fetch` patched later is the one used); `init` only when given.
    fetch: (input, init) => {
      const send = (options.fetch ?? globalThis.fetch) as (
        input: Request,
        init?: RequestInit,
      ) => Promise<Response>;
      return init === undefined ? send(input as Request) : send(input as Request, init);
    },
    warned: new Set(),
    middleware: [],
    dropIn: {
      open: openParameters,
      ...(options.Request === undefined ? {} : { Request: options.Request }),
      ...(options.requestInitExt === undefined ? {} : { requestInitExt: options.requestInitExt }),
      wire: {
        ...(options.querySerializer === undefined
          ? {}
          : { querySerializer: options.querySerializer }),
        ...(options.bodySerializer === undefined
          ? {}
          : { bodySerializer: options.bodySerializer as BodySerializer }),
        ...(options.pathSerializer === undefined ? {} : { pathSerializer: options.pathSerializer }),
        ...(options.headers === undefined ? {} : { headers: options.headers }),
        init: requestInit,
      },
    },
  };
  const middleware = createMiddlewareList(context.middleware);
  middleware.use(...(options.middleware ?? []));
  const validating = wantsValidation(options);
  const clientWire: WireOptions = Object.freeze({ init: requestInit });

  // Not async: nothing is awaited before the request is sent (unless validators are loading).
  // No per-call copy of `init`: its members are read as they are.
  function request(method: string, path: string, init: CallInit = NO_INIT): Promise<unknown> {
    const lower = method.toLowerCase();
    const known = knownOperation(context.api, lower, path);
    let operation = known ?? unknownOperation(lower, path);
    // Codecs (`transformers`) convert with the validators: loaded for them whatever `validation` says.
    if (known !== undefined && (validating || operation.codecs !== undefined)) {
      // The operation's validators, loaded the first time it is validated (then at once).
      const validated = validatedOperation(context, operation);
      if (validated instanceof Promise) return validated.then(() => request(method, path, init));
      operation = validated;
    }
    const rest = init === NO_INIT ? undefined : requestInitOf(init);
    const params = init.params ?? NO_PARAMS;
    const { body } = init;
    const dropIn: DropInCall = {
      // A call that changes nothing of the wire format shares one object (never mutated).
      wire:
        rest === undefined &&
        init.querySerializer === undefined &&
        init.bodySerializer === undefined &&
        init.pathSerializer === undefined &&
        init.headers === undefined
          ? clientWire
          : {
              querySerializer: init.querySerializer,
              bodySerializer: init.bodySerializer as BodySerializer | undefined,
              pathSerializer: init.pathSerializer,
              headers: init.headers,
              init: rest === undefined ? requestInit : { ...requestInit, ...rest },
            },
      params: params as Record<string, unknown>,
      unknownOperation: known === undefined,
      baseUrl: init.baseUrl,
      fetch: init.fetch,
      Request: init.Request,
      middleware: init.middleware,
      parseAs: init.parseAs,
    };
    const signal = rest?.['signal'] instanceof AbortSignal ? rest['signal'] : undefined;
    // Shared when the call sets none of them: the pipeline replaces call options, never mutates them.
    const callOptions: CallOptions =
      signal === undefined &&
      init.timeoutMs === undefined &&
      init.retry === undefined &&
      init.idempotencyKey === undefined &&
      init.stream === undefined
        ? NO_CALL_OPTIONS
        : { signal, timeoutMs: init.timeoutMs, retry: init.retry };
    if (init.idempotencyKey !== undefined) callOptions.idempotencyKey = init.idempotencyKey;
    if (init.stream !== undefined) callOptions.stream = init.stream;
    return performResultCall(context, {
      operation,
      args: body === undefined ? params : { ...params, body },
      callOptions,
      dropIn,
    });
  }

  const client: Record<string, unknown> = {
    request: (method: string, path: string, init?: Record<string, unknown>) =>
      request(method, path, init),
    ...middleware,
  };
  for (const method of METHODS)
    client[method.toUpperCase()] = (path: string, init?: Record<string, unknown>) =>
      request(method, path, init);
  return client as unknown as Client<Paths, Media>;
}

export type { MergedOptions };
