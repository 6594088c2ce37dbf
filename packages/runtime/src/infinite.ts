/**
 * The pages of an infinite query, shared by the TanStack Query and SWR integrations: which page
 * comes first, what each page requests, what a page keeps of its response, and which page comes
 * next, all from the pagination model `paginate` walks (`pageAfter`: one answer for every kind,
 * a body field, a next URL, the last item or a `Link` header).
 */
import type { CallOptions } from './call-options.js';
import type {
  OperationArgs,
  OperationDefinition,
  PageCursor,
  PaginationDefinition,
} from './definition.js';
import { firstCursor, pageAfter, pageHeaderNames, stepAt } from './pagination.js';
import type { CallingClient } from './query-keys.js';

/**
 * A page of an operation whose next page is in a response header (`Link: <…>; rel="next"`): its
 * body, and the headers its pagination reads (`link`), kept beside it so that a cached page (also
 * dehydrated or persisted) still says which page follows. Pages of the other operations are
 * their bodies.
 */
export interface PageWithHeaders<TData> {
  data: TData;
  /** The response headers the pagination reads, by lower-case name (`link`), when present. */
  headers: Record<string, string>;
}

/** An operation's infinite pages with some arguments. */
export interface InfinitePages {
  /** The page parameter of the first page: the one the arguments name, else the first. */
  first: PageCursor;
  /** The arguments of the page at `param`. */
  argsAt(param: PageCursor): OperationArgs;
  /** Fetches the page with these arguments: its body, or a `PageWithHeaders`. */
  fetch(args: OperationArgs, options?: CallOptions): Promise<unknown>;
  /** The page parameter after `page` (fetched at `param`), or `undefined` after the last. */
  after(page: unknown, param: PageCursor): PageCursor | undefined;
}

/** A response's `headers` among `names`, as a plain object (serializable, as caches want). */
function keptHeaders(headers: Headers, names: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null) kept[name] = value;
  }
  return kept;
}

/** The pages of `operation` (paginated) with `args`, sent through `client`. */
export function infinitePages(
  client: CallingClient,
  operation: OperationDefinition,
  args: OperationArgs = {},
): InfinitePages {
  const { operationId } = operation;
  const pagination: PaginationDefinition | undefined = operation.pagination;
  if (pagination === undefined) throw new TypeError(`${operationId} is not paginated`);
  const headerNames = pageHeaderNames(pagination);
  const send = client.send;
  // Stopping after the first page would look like a last page: refuse at once instead.
  if (headerNames.length > 0 && send === undefined)
    throw new TypeError(
      `${operationId}: the next page is in the response's ${headerNames.join(', ')} header, and this client has no send (use a client of createClient or createBaseClient)`,
    );
  return {
    first: firstCursor(pagination, args),
    argsAt: (param) => stepAt({ pagination, args, cursor: param }).args,
    fetch: async (pageArgs, options) => {
      if (headerNames.length === 0) return client.call(operation, pageArgs, options);
      const { data, response } = await send!.call(client, operation, pageArgs, options);
      return { data, headers: keptHeaders(response.headers, headerNames) };
    },
    after: (page, param) => {
      const kept = headerNames.length > 0 ? (page as PageWithHeaders<unknown>) : undefined;
      return pageAfter({
        operationId,
        pagination,
        args,
        cursor: param,
        body: kept ? kept.data : page,
        headers: kept ? new Headers(kept.headers) : undefined,
      });
    },
  };
}
