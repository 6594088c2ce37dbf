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
 * body, and the page parameter of the page after it (the cursor the link names), read when the
 * page arrives. Only that parameter is kept, never the header: a link may carry whatever the API
 * puts in it (a key, a signed token), and a cached page is also dehydrated or persisted. Pages
 * of the other operations are their bodies.
 */
export interface PageWithNext<TData> {
  data: TData;
  /** The page parameter of the next page (its cursor); absent after the last page. */
  next?: string | number;
}

/** An operation's infinite pages with some arguments. */
export interface InfinitePages {
  /** The page parameter of the first page: the one the arguments name, else the first. */
  first: PageCursor;
  /** The arguments of the page at `param`. */
  argsAt(param: PageCursor): OperationArgs;
  /**
   * Fetches the page with these arguments, at page parameter `param` (by default the one the
   * arguments name: an SWR fetcher has its key alone): its body, or a `PageWithNext`.
   */
  fetch(args: OperationArgs, options?: CallOptions, param?: PageCursor): Promise<unknown>;
  /** The page parameter after `page` (fetched at `param`), or `undefined` after the last. */
  after(page: unknown, param: PageCursor): PageCursor | undefined;
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
    fetch: async (pageArgs, options, param = firstCursor(pagination, pageArgs)) => {
      if (headerNames.length === 0) return client.call(operation, pageArgs, options);
      const { data, response } = await send!.call(client, operation, pageArgs, options);
      // The next page is read now, while the response's headers are at hand.
      const next = pageAfter({
        operationId,
        pagination,
        args,
        cursor: param,
        body: data,
        headers: response.headers,
      });
      const page: PageWithNext<unknown> = { data };
      if (next !== undefined && next !== null) page.next = next;
      return page;
    },
    after: (page, param) =>
      headerNames.length > 0
        ? (page as PageWithNext<unknown>).next
        : pageAfter({ operationId, pagination, args, cursor: param, body: page }),
  };
}
