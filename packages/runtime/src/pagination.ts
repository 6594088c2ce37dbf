import type { OperationArgs, OperationDefinition, PaginationDefinition } from './definition.js';
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

/** The request of the page at `cursor` (a page number, or an offset). */
export function stepAt(options: {
  pagination: PaginationDefinition;
  args: OperationArgs;
  pageSize?: number;
  cursor: number;
}): PageStep {
  const { pagination, args, pageSize, cursor } = options;
  if (pagination.kind === 'page') {
    const { sizeParameter } = pagination;
    const size = numberOr(
      sizeParameter === undefined ? undefined : args.query?.[sizeParameter],
      pageSize,
    );
    const values: Record<string, unknown> = { [pagination.pageParameter]: cursor };
    if (sizeParameter !== undefined && size !== undefined) values[sizeParameter] = size;
    return {
      args: withQuery(args, values),
      hasNext: (body, items) => {
        if (items.length === 0) return false;
        const totalPages = numberOr(field(body, pagination.totalPagesField), undefined);
        if (totalPages !== undefined) return cursor < totalPages;
        return size === undefined || items.length >= size;
      },
    };
  }
  const limit = numberOr(args.query?.[pagination.limitParameter], pageSize);
  const values: Record<string, unknown> = { [pagination.offsetParameter]: cursor };
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

/** The cursor of the first page: the page or offset the arguments ask for, else the first. */
export function firstCursor(pagination: PaginationDefinition, args: OperationArgs = {}): number {
  return pagination.kind === 'page'
    ? (numberOr(args.query?.[pagination.pageParameter], undefined) ?? pagination.firstPage)
    : (numberOr(args.query?.[pagination.offsetParameter], undefined) ?? 0);
}

/** The cursor of the page after the one at `cursor`, which held `items`. */
export function nextCursor(
  pagination: PaginationDefinition,
  cursor: number,
  items: readonly unknown[],
): number {
  return pagination.kind === 'page' ? cursor + 1 : cursor + items.length;
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
    cursor = nextCursor(pagination, cursor, items);
  }
}
