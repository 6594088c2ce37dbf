import type {
  OperationArgs,
  OperationDefinition,
  PageCursor,
  PaginationDefinition,
} from './definition.js';
import { ZapgenError } from './errors.js';
import type { CallOptions, PaginateOptions } from './call-options.js';
import { ownValue } from './own.js';
import { fieldPath } from './json/pointer.js';

/** Sends one call of the operation (the runtime's `call`). */
export type CallFunction = <T>(
  operation: OperationDefinition,
  args?: OperationArgs,
  options?: CallOptions,
) => Promise<T>;

/** Sends one call of the operation and resolves with its body and response (the runtime's `send`). */
export type SendFunction = (
  operation: OperationDefinition,
  args?: OperationArgs,
  options?: CallOptions,
) => Promise<{ data: unknown; response: Response }>;

export function itemsOf(options: {
  operationId: string;
  body: unknown;
  itemsField: string;
}): unknown[] {
  const { body, itemsField } = options;
  const items = field(body, itemsField);
  if (items === undefined || items === null) return [];
  if (!Array.isArray(items)) {
    throw new ZapgenError(
      `${options.operationId}: expected the items of a page in ${itemsField === '' ? 'the body' : `\`${itemsField}\``}, got ${typeof items}`,
      {
        operationId: options.operationId,
      },
    );
  }
  return items;
}

/** The value a pagination field names in `body` (a property name or a JSON Pointer: `fieldPath`). */
function field(body: unknown, name: string | undefined): unknown {
  if (name === undefined) return undefined;
  let value = body;
  for (const key of fieldPath(name)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = ownValue(value as Record<string, unknown>, key);
  }
  return value;
}

function withQuery(args: OperationArgs, values: Record<string, unknown>): OperationArgs {
  return { ...args, query: { ...args.query, ...values } };
}

function numberOr(value: unknown, fallback: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * The response headers a pagination reads its next page from (`link` for `nextLinkHeader`); none
 * when the body says it all. A caller that keeps pages (an infinite query's cache) keeps these.
 */
export function pageHeaderNames(pagination: PaginationDefinition): readonly string[] {
  return pagination.kind === 'cursor' && pagination.nextLinkHeader === true ? ['link'] : [];
}

/** One page request, and whether another page follows it. */
export interface PageStep {
  args: OperationArgs;
  /** `headers`: the page's response headers (a `nextLinkHeader` pagination reads its `Link`). */
  hasNext(body: unknown, items: readonly unknown[], headers?: Headers): boolean;
}

/** A cursor an API can be sent back: a non-empty string, or a number. */
function cursorValue(value: unknown): string | number | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return String(value);
  return undefined;
}

type CursorPagination = Extract<PaginationDefinition, { kind: 'cursor' }>;

/**
 * The `cursorParameter` of a next-page URL. Only that parameter is taken: the request still goes
 * to the client's base URL with its own credentials, so a link never sends them elsewhere.
 */
function cursorOfUrl(link: unknown, cursorParameter: string): string | number | undefined {
  if (typeof link !== 'string' || link === '') return undefined;
  let url: URL;
  try {
    url = new URL(link, 'http://relative.invalid');
  } catch {
    return undefined;
  }
  return cursorValue(url.searchParams.get(cursorParameter) ?? undefined);
}

/** The URL of `rel="next"` in a `Link` header (RFC 8288): `<https://…?page=2>; rel="next", …`. */
export function nextLinkOf(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  // Each link: `<url>` then `; name=value` parameters, whose quoted values may hold commas.
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;(?:[^;,"]|"[^"]*")*)*)/g)) {
    for (const parameter of match[2]!.split(';')) {
      const [name, value] = parameter.split('=', 2).map((part) => part?.trim());
      const rel = value?.replace(/^"(.*)"$/, '$1').toLowerCase();
      if (name?.toLowerCase() === 'rel' && rel?.split(/\s+/).includes('next')) return match[1];
    }
  }
  return undefined;
}

/**
 * The cursor of the page after `body`: its next-cursor field, the cursor parameter of its next
 * URL (in a body field or the `Link` header), or a field of its last item.
 */
function cursorAfter(
  pagination: CursorPagination,
  body: unknown,
  items: readonly unknown[],
  headers: Headers | undefined,
): string | number | undefined {
  if (pagination.nextCursorField !== undefined)
    return cursorValue(field(body, pagination.nextCursorField));
  if (pagination.nextUrlField !== undefined)
    return cursorOfUrl(field(body, pagination.nextUrlField), pagination.cursorParameter);
  if (pagination.nextLinkHeader === true) {
    // Stopping here would look like a last page: a caller without the response must say so.
    if (headers === undefined)
      throw new TypeError(
        `the next page is in the response's Link header, which this caller does not have (use the client's paginate)`,
      );
    return cursorOfUrl(nextLinkOf(headers.get('link')), pagination.cursorParameter);
  }
  if (pagination.cursorItemField !== undefined)
    return cursorValue(field(items[items.length - 1], pagination.cursorItemField));
  return undefined;
}

/** A page number or an offset: a page or offset pagination's cursor is never anything else. */
function numbered(pagination: PaginationDefinition, cursor: PageCursor): number {
  if (typeof cursor === 'number') return cursor;
  throw new TypeError(
    `a ${pagination.kind} pagination pages by number, got ${JSON.stringify(cursor)}`,
  );
}

/** The request of the page at `cursor` (a page number, an offset or a cursor). */
export function stepAt(options: {
  pagination: PaginationDefinition;
  args: OperationArgs;
  pageSize?: number;
  cursor: PageCursor;
}): PageStep {
  const { pagination, args, pageSize, cursor } = options;
  if (pagination.kind === 'cursor') {
    const { sizeParameter } = pagination;
    const size = numberOr(
      sizeParameter === undefined ? undefined : args.query?.[sizeParameter],
      pageSize,
    );
    const values: Record<string, unknown> = {};
    if (cursor !== null) values[pagination.cursorParameter] = cursor;
    if (sizeParameter !== undefined && size !== undefined) values[sizeParameter] = size;
    return {
      args: withQuery(args, values),
      hasNext: (body, items, headers) => {
        if (items.length === 0) return false;
        if (pagination.hasMoreField !== undefined && field(body, pagination.hasMoreField) === false)
          return false;
        const next = cursorAfter(pagination, body, items, headers);
        // The same cursor again would ask for the same page forever.
        return next !== undefined && next !== cursor;
      },
    };
  }
  const at = numbered(pagination, cursor);
  if (pagination.kind === 'page') {
    const { sizeParameter } = pagination;
    const size = numberOr(
      sizeParameter === undefined ? undefined : args.query?.[sizeParameter],
      pageSize,
    );
    const values: Record<string, unknown> = { [pagination.pageParameter]: at };
    if (sizeParameter !== undefined && size !== undefined) values[sizeParameter] = size;
    return {
      args: withQuery(args, values),
      hasNext: (body, items) => {
        if (items.length === 0) return false;
        const totalPages = numberOr(field(body, pagination.totalPagesField), undefined);
        if (totalPages !== undefined) return at < totalPages;
        return size === undefined || items.length >= size;
      },
    };
  }
  const limit = numberOr(args.query?.[pagination.limitParameter], pageSize);
  const values: Record<string, unknown> = { [pagination.offsetParameter]: at };
  if (limit !== undefined) values[pagination.limitParameter] = limit;
  return {
    args: withQuery(args, values),
    hasNext: (body, items) => {
      if (items.length === 0) return false;
      if (pagination.nextField !== undefined) {
        const next = field(body, pagination.nextField);
        return next !== undefined && next !== null && next !== false && next !== '';
      }
      return limit === undefined || items.length >= limit;
    },
  };
}

/**
 * The cursor of the first page: the page, offset or cursor the arguments ask for, else the first
 * (`null` for a cursor: the request goes without one).
 */
export function firstCursor(
  pagination: PaginationDefinition,
  args: OperationArgs = {},
): PageCursor {
  switch (pagination.kind) {
    case 'page':
      return numberOr(args.query?.[pagination.pageParameter], undefined) ?? pagination.firstPage;
    case 'offset':
      return numberOr(args.query?.[pagination.offsetParameter], undefined) ?? 0;
    case 'cursor':
      return cursorValue(args.query?.[pagination.cursorParameter]) ?? null;
  }
}

/**
 * The cursor of the page after the one at `cursor`, which answered `body` with `items` and
 * `headers` (call it once `hasNext` said there is one).
 */
export function nextCursor(options: {
  pagination: PaginationDefinition;
  cursor: PageCursor;
  body: unknown;
  items: readonly unknown[];
  headers?: Headers;
}): PageCursor {
  const { pagination, cursor, body, items, headers } = options;
  if (pagination.kind === 'cursor') return cursorAfter(pagination, body, items, headers) ?? null;
  const at = numbered(pagination, cursor);
  return pagination.kind === 'page' ? at + 1 : at + items.length;
}

/**
 * The cursor of the page after the one at `cursor` (which answered `body` and `headers`), or
 * `undefined` after the last page: the one answer to "which page is next" that `paginate`, the
 * TanStack Query and SWR infinite queries and MCP's next-page note all give.
 */
export function pageAfter(options: {
  operationId: string;
  pagination: PaginationDefinition;
  args: OperationArgs;
  pageSize?: number;
  cursor: PageCursor;
  body: unknown;
  headers?: Headers;
  /** The page's items, when the caller has read them already. */
  items?: readonly unknown[];
}): PageCursor | undefined {
  const { pagination, args, pageSize, cursor, body, headers } = options;
  const items =
    options.items ??
    itemsOf({ operationId: options.operationId, body, itemsField: pagination.itemsField });
  if (!stepAt({ pagination, args, pageSize, cursor }).hasNext(body, items, headers))
    return undefined;
  return nextCursor({ pagination, cursor, body, items, headers });
}

/**
 * Every item of an operation with `pagination`, page after page, until the last page, `maxItems`
 * or the signal aborts. Each page is a normal call (validation, auth, retries, timeouts).
 */
export async function* paginate<Item>(options: {
  send: SendFunction;
  operation: OperationDefinition;
  args?: OperationArgs;
  paginateOptions?: PaginateOptions;
}): AsyncGenerator<Item, void, undefined> {
  const { operation } = options;
  const pagination = operation.pagination;
  if (pagination === undefined) {
    throw new ZapgenError(`${operation.operationId} is not paginated`, {
      operationId: operation.operationId,
    });
  }
  const { maxItems, pageSize, ...callOptions } = options.paginateOptions ?? {};
  if (maxItems !== undefined && maxItems <= 0) return;
  const args = options.args ?? {};
  let yielded = 0;
  let cursor: PageCursor | undefined = firstCursor(pagination, args);
  while (cursor !== undefined) {
    callOptions.signal?.throwIfAborted();
    const step = stepAt({ pagination, args, pageSize, cursor });
    const { data: body, response } = await options.send(operation, step.args, callOptions);
    const { operationId } = operation;
    const items = itemsOf({ operationId, body, itemsField: pagination.itemsField });
    for (const item of items) {
      yield item as Item;
      yielded += 1;
      if (maxItems !== undefined && yielded >= maxItems) return;
    }
    const { headers } = response;
    cursor = pageAfter({ operationId, pagination, args, pageSize, cursor, body, headers, items });
  }
}
