import type {
  OperationArgs,
  OperationDefinition,
  PageCursor,
  PaginationDefinition,
} from './definition.js';
import { ZapgenError } from './errors.js';
import type { CallOptions, PaginateOptions } from './client/options.js';
import { ownValue } from './own.js';

/** Sends one call of the operation (the runtime's `call`). */
export type CallFunction = <T>(
  operation: OperationDefinition,
  args?: OperationArgs,
  options?: CallOptions,
) => Promise<T>;

export function itemsOf(options: {
  operationId: string;
  body: unknown;
  itemsField: string;
}): unknown[] {
  const { body, itemsField } = options;
  const items = itemsField === '' ? body : field(body, itemsField);
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

function field(body: unknown, name: string | undefined): unknown {
  return name === undefined || typeof body !== 'object'
    ? undefined
    : ownValue(body as Record<string, unknown> | null, name);
}

function withQuery(args: OperationArgs, values: Record<string, unknown>): OperationArgs {
  return { ...args, query: { ...args.query, ...values } };
}

function numberOr(value: unknown, fallback: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** One page request, and whether another page follows it. */
export interface PageStep {
  args: OperationArgs;
  hasNext(body: unknown, items: unknown[]): boolean;
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
 * The cursor of the page after `body`: its next-cursor field, the cursor parameter of its next
 * URL (only that parameter is taken, so a link never sends the request elsewhere), or a field of
 * its last item.
 */
function cursorAfter(
  pagination: CursorPagination,
  body: unknown,
  items: readonly unknown[],
): string | number | undefined {
  if (pagination.nextCursorField !== undefined)
    return cursorValue(field(body, pagination.nextCursorField));
  if (pagination.nextUrlField !== undefined) {
    const link = field(body, pagination.nextUrlField);
    if (typeof link !== 'string' || link === '') return undefined;
    let url: URL;
    try {
      url = new URL(link, 'http://relative.invalid');
    } catch {
      return undefined;
    }
    return cursorValue(url.searchParams.get(pagination.cursorParameter) ?? undefined);
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
      hasNext: (body, items) => {
        if (items.length === 0) return false;
        if (pagination.hasMoreField !== undefined && field(body, pagination.hasMoreField) === false)
          return false;
        const next = cursorAfter(pagination, body, items);
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
 * The cursor of the page after the one at `cursor`, which answered `body` with `items` (call it
 * once `hasNext` said there is one).
 */
export function nextCursor(options: {
  pagination: PaginationDefinition;
  cursor: PageCursor;
  body: unknown;
  items: readonly unknown[];
}): PageCursor {
  const { pagination, cursor, body, items } = options;
  if (pagination.kind === 'cursor') return cursorAfter(pagination, body, items) ?? null;
  const at = numbered(pagination, cursor);
  return pagination.kind === 'page' ? at + 1 : at + items.length;
}

/**
 * Every item of an operation with `pagination`, page after page, until the last page, `maxItems`
 * or the signal aborts. Each page is a normal call (validation, auth, retries, timeouts).
 */
export async function* paginate<Item>(options: {
  call: CallFunction;
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
  let yielded = 0;
  let cursor = firstCursor(pagination, options.args);
  for (;;) {
    callOptions.signal?.throwIfAborted();
    const step = stepAt({ pagination, args: options.args ?? {}, pageSize, cursor });
    const body = await options.call<unknown>(operation, step.args, callOptions);
    const items = itemsOf({
      operationId: operation.operationId,
      body,
      itemsField: pagination.itemsField,
    });
    for (const item of items) {
      yield item as Item;
      yielded += 1;
      if (maxItems !== undefined && yielded >= maxItems) return;
    }
    if (!step.hasNext(body, items)) return;
    cursor = nextCursor({ pagination, cursor, body, items });
  }
}
