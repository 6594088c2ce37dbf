import createFetchClient from 'openapi-fetch';
import type { Client as FetchClient, Middleware } from 'openapi-fetch';
import type { ApiDefinition, OperationArgs, OperationDefinition } from '../definition.js';
import { authenticate } from '../auth/credentials.js';
import { paginate } from '../pagination.js';
import { poll } from '../polling.js';
import { resolveBaseUrl } from './base-url.js';
import type { CallOptions, ClientOptions, PaginateOptions, PollOptions } from './options.js';
import { performCall } from './send.js';
import type { CallContext } from './send.js';

/** What a generated client is built on. */
export interface Runtime<Paths extends {}> {
  /** openapi-fetch client (GET/POST/... + use/eject), same baseUrl/fetch/auth middleware. */
  readonly fetchClient: FetchClient<Paths>;
  /**
   * Validates, serializes each parameter by its own style/explode/keyPrefix, authenticates per
   * operation security, sends, retries, parses, validates the response; resolves with the parsed
   * body of a 2xx response, rejects with a typed error.
   */
  call<T>(operation: OperationDefinition, args?: OperationArgs, options?: CallOptions): Promise<T>;
  /** Async iterator over all items of an operation with `pagination`. */
  paginate<Item>(operation: OperationDefinition, args?: OperationArgs, options?: PaginateOptions): AsyncIterableIterator<Item>;
  /** Calls again every intervalMs while the `polling.whileField` of the result is true. */
  poll<T>(operation: OperationDefinition, args?: OperationArgs, options?: PollOptions): Promise<T>;
}

/**
 * Authenticates path-typed `fetchClient` calls: the operation is found by method and path
 * template in `api.operations`; calls to unknown operations are sent as they are.
 */
function authMiddleware(options: { api: ApiDefinition; client: ClientOptions }): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      const method = request.method.toLowerCase();
      const operation = options.api.operations?.find((candidate) => candidate.method === method && candidate.path === schemaPath);
      if (operation === undefined) return undefined;
      const auth = await authenticate({ api: options.api, operation, client: options.client });
      if (auth.query.length === 0 && Object.keys(auth.headers).length === 0 && auth.cookies.length === 0) return undefined;
      const url = new URL(request.url);
      for (const [name, value] of auth.query) url.searchParams.append(name, value);
      const authenticated = new Request(url, request);
      for (const [name, value] of Object.entries(auth.headers)) authenticated.headers.set(name, value);
      if (auth.cookies.length > 0) {
        const pairs = auth.cookies.map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
        const existing = authenticated.headers.get('cookie');
        authenticated.headers.set('cookie', [existing, ...pairs].filter(Boolean).join('; '));
      }
      return authenticated;
    },
  };
}

/**
 * Creates the runtime of one client: the API's definition plus the user's options. Generated
 * `createClient` functions call this and wrap `call`/`paginate`/`poll` in named functions.
 */
export function createRuntime<Paths extends {}>(api: ApiDefinition, options: ClientOptions = {}): Runtime<Paths> {
  const baseUrl = resolveBaseUrl({ api, baseUrl: options.baseUrl, serverVariables: options.serverVariables });
  const fetchImpl = (input: RequestInfo | URL, init?: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);
  const context: CallContext = { api, client: options, baseUrl, fetch: fetchImpl, warned: new Set() };
  const fetchClient = createFetchClient<Paths>({
    baseUrl,
    fetch: (request: Request) => fetchImpl(request),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
  fetchClient.use(authMiddleware({ api, client: options }));
  const call = <T>(operation: OperationDefinition, args?: OperationArgs, callOptions?: CallOptions) =>
    performCall<T>({ context, operation, args, callOptions });
  return {
    fetchClient,
    call,
    paginate: <Item>(operation: OperationDefinition, args?: OperationArgs, paginateOptions?: PaginateOptions) =>
      paginate<Item>({ call, operation, args, paginateOptions }),
    poll: <T>(operation: OperationDefinition, args?: OperationArgs, pollOptions?: PollOptions) =>
      poll<T>({ call, operation, args, pollOptions, sleep: options.retry?.sleep }),
  };
}
