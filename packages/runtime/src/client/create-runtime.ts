import type { ApiDefinition, OperationArgs, OperationDefinition } from '../definition.js';
import { resolveBaseUrl } from './base-url.js';
import type { CallOptions, ClientOptions, PaginateOptions, PollOptions } from './options.js';
import { createMiddlewareList, type Middleware } from './middleware.js';
import { createPathMethods } from './path-methods.js';
import type { PathMethods } from './path-methods.js';
import { performCall } from './send.js';
import type { CallContext, CallResult } from './send.js';
import { validatedOperation } from './validated.js';
import { onDemand } from './on-demand.js';

/** Pagination and polling: loaded with a client's first `paginate` or `poll` (`./on-demand.ts`). */
const loadPagination = onDemand(() => import('../pagination.js'));
const loadPolling = onDemand(() => import('../polling.js'));

/** `paginate` of `../pagination.js`, loaded when the first page is asked for. */
async function* pagesOf<Item>(
  options: Parameters<typeof import('../pagination.js').paginate>[0],
): AsyncIterableIterator<Item> {
  const { paginate } = await loadPagination();
  yield* paginate<Item>(options);
}

function dataOf<T>(result: CallResult<T>): T {
  return result.data;
}

/** What a generated client is built on. Every member sends through the same pipeline (`performCall`). */
export interface Runtime<Paths extends {}> {
  /**
   * `GET`, `POST`, ... by path template (`GET('/v1/apps', { params: { query } })`), typed from
   * `paths`: each runs as the named function of the operation it names and resolves with
   * `{ data, response }`. They need `api.operations`.
   */
  readonly pathMethods: PathMethods<Paths>;
  /**
   * Validates, serializes each parameter by its own style/explode/keyPrefix, authenticates per
   * operation security, sends, follows redirects, retries, parses, validates the response;
   * resolves with the parsed body of a 2xx response, rejects with a typed error.
   */
  call<T>(operation: OperationDefinition, args?: OperationArgs, options?: CallOptions): Promise<T>;
  /** `call`, resolving with the response too (its headers: a `Link` to the next page). */
  send<T>(
    operation: OperationDefinition,
    args?: OperationArgs,
    options?: CallOptions,
  ): Promise<CallResult<T>>;
  /** Async iterator over all items of an operation with `pagination`. */
  paginate<Item>(
    operation: OperationDefinition,
    args?: OperationArgs,
    options?: PaginateOptions,
  ): AsyncIterableIterator<Item>;
  /** Calls again every intervalMs while the `polling.whileField` of the result is true. */
  poll<T>(operation: OperationDefinition, args?: OperationArgs, options?: PollOptions): Promise<T>;
  /** Adds middleware, run around every later request of the client in the order added. */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with `use` (or the `middleware` option). */
  eject(...middleware: Middleware[]): void;
}

/**
 * Creates the runtime of one client: the API's definition plus the user's options. Generated
 * `createClient` functions call this and wrap `call`/`paginate`/`poll` in named functions.
 */
export function createRuntime<Paths extends {}>(
  api: ApiDefinition,
  options: ClientOptions = {},
): Runtime<Paths> {
  const baseUrl = resolveBaseUrl({
    api,
    baseUrl: options.baseUrl,
    serverVariables: options.serverVariables,
  });
  const context: CallContext = {
    api,
    client: options,
    baseUrl,
    // Looked up at each call, so that a `fetch` patched later (MSW, tests) is the one used.
    fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
    warned: new Set(),
    middleware: [],
  };
  const middleware = createMiddlewareList(context.middleware);
  middleware.use(...(options.middleware ?? []));
  // Validation is on unless both directions are off; then no validator is ever loaded.
  const validating =
    options.validation?.request !== false || (options.validation?.response ?? 'warn') !== 'off';
  // Not async: an operation whose validators are loaded goes to the pipeline at once.
  const send = <T>(
    operation: OperationDefinition,
    args?: OperationArgs,
    callOptions?: CallOptions,
  ): Promise<CallResult<T>> => {
    // Codecs (`transformers`) convert with the validators: loaded for them whatever `validation` says.
    const validated =
      validating || operation.codecs !== undefined
        ? validatedOperation(context, operation)
        : operation;
    return validated instanceof Promise
      ? validated.then((full) => performCall<T>({ context, operation: full, args, callOptions }))
      : performCall<T>({ context, operation: validated, args, callOptions });
  };
  const call = <T>(
    operation: OperationDefinition,
    args?: OperationArgs,
    callOptions?: CallOptions,
  ): Promise<T> => send<T>(operation, args, callOptions).then(dataOf<T>);
  return {
    pathMethods: createPathMethods<Paths>({
      apiName: api.name,
      operations: api.operations ?? [],
      send,
    }),
    call,
    send,
    paginate: <Item>(
      operation: OperationDefinition,
      args?: OperationArgs,
      paginateOptions?: PaginateOptions,
    ) => pagesOf<Item>({ send, operation, args, paginateOptions }),
    poll: async <T>(
      operation: OperationDefinition,
      args?: OperationArgs,
      pollOptions?: PollOptions,
    ) =>
      (await loadPolling()).poll<T>({
        call,
        operation,
        args,
        pollOptions,
        sleep: options.retry?.sleep,
      }),
    ...middleware,
  };
}
