/**
 * TanStack Query options of named operations, for every adapter (React, Vue, Svelte, Solid,
 * Angular): plain objects typed with `@tanstack/query-core`'s types, which each adapter's
 * `useQuery`/`createQuery`/`injectQuery` and `queryClient.fetchQuery` take as they are. Nothing
 * of TanStack Query is imported at run time. Generated `./tanstack-query` modules bind each
 * operation to these.
 */
import type { DataTag, InfiniteData, QueryFunctionContext } from '@tanstack/query-core';
import type { CallOptions } from '../client/options.js';
import type { OperationArgs, OperationDefinition } from '../definition.js';
import type { ZapgenError } from '../errors.js';
import { firstCursor, itemsOf, nextCursor, stepAt } from '../pagination.js';

/** What the options send through: a client of `createClient` or `createBaseClient`. */
export interface CallingClient {
  call<T>(operation: OperationDefinition, args?: OperationArgs, options?: CallOptions): Promise<T>;
}

/** Where an operation's queries sit: its API (package name), its resource (collection path) and its id. */
export interface OperationScope {
  api: string;
  resource: string;
  operationId: string;
}

/**
 * The one element of an operation's query key. TanStack Query matches keys by parts of objects,
 * so `[{ api }]`, `[{ api, resource }]` and `[{ api, operationId }]` each select every query
 * under them (`queryClient.invalidateQueries({ queryKey })`).
 */
export interface OperationKey extends Partial<OperationScope> {
  args?: OperationArgs;
  infinite?: true;
}

/** A query key that carries the type of its data (`queryClient.getQueryData(key)` is typed). */
export type OperationQueryKey<TData> = DataTag<readonly [OperationKey], TData, ZapgenError>;

/** Arguments without any value are no arguments: `f(client)` and `f(client, {})` share a key. */
function keyArgs(args: OperationArgs | undefined): OperationArgs | undefined {
  if (args === undefined) return undefined;
  const defined = Object.entries(args).filter(([, value]) => value !== undefined);
  return defined.length === 0 ? undefined : (Object.fromEntries(defined) as OperationArgs);
}

/** The key of an operation's query with these arguments; without them, of all its queries. */
export function operationQueryKey<TData>(
  scope: OperationScope,
  args?: OperationArgs,
): OperationQueryKey<TData> {
  const given = keyArgs(args);
  return [given === undefined ? { ...scope } : { ...scope, args: given }] as const as never;
}

/** The key of every query of an API's resource (its collection path, e.g. `/v1/apps`). */
export function resourceQueryKey(api: string, resource: string): readonly [OperationKey] {
  return [{ api, resource }] as const;
}

/** `null` for a response without a body: TanStack Query does not keep `undefined` as data. */
function defined<T>(data: T): T {
  return (data === undefined ? null : data) as T;
}

/** `queryKey` and `queryFn` of an operation's query, and the caller's other options. */
export function operationQueryOptions<TData, TOptions extends object = {}>(input: {
  client: CallingClient;
  operation: OperationDefinition;
  scope: OperationScope;
  args?: OperationArgs;
  options?: TOptions;
}): TOptions & {
  queryKey: OperationQueryKey<TData>;
  queryFn: (context: QueryFunctionContext<readonly [OperationKey]>) => Promise<TData>;
} {
  const { client, operation, args } = input;
  return {
    ...(input.options as TOptions),
    queryKey: operationQueryKey<TData>(input.scope, args),
    queryFn: async ({ signal }) => defined(await client.call<TData>(operation, args, { signal })),
  };
}

/**
 * An infinite query over the pages of a paginated operation, as `paginate` walks them: the first
 * page is the one the arguments name (or the first), the next is asked for while the pagination
 * model says there is one (a total, a next link, or a full page).
 */
export function operationInfiniteQueryOptions<TPage, TOptions extends object = {}>(input: {
  client: CallingClient;
  operation: OperationDefinition;
  scope: OperationScope;
  args?: OperationArgs;
  options?: TOptions;
}): TOptions & {
  queryKey: DataTag<readonly [OperationKey], InfiniteData<TPage, number>, ZapgenError>;
  queryFn: (context: QueryFunctionContext<readonly [OperationKey], number>) => Promise<TPage>;
  initialPageParam: number;
  getNextPageParam: (
    lastPage: TPage,
    allPages: TPage[],
    lastPageParam: number,
  ) => number | undefined;
} {
  const { client, operation, scope } = input;
  const args = input.args ?? {};
  const pagination = operation.pagination;
  if (pagination === undefined) throw new TypeError(`${operation.operationId} is not paginated`);
  const given = keyArgs(input.args);
  return {
    ...(input.options as TOptions),
    queryKey: [
      given === undefined
        ? { ...scope, infinite: true }
        : { ...scope, args: given, infinite: true },
    ] as const as never,
    initialPageParam: firstCursor(pagination, args),
    queryFn: async ({ pageParam, signal }) =>
      defined(
        await client.call<TPage>(operation, stepAt({ pagination, args, cursor: pageParam }).args, {
          signal,
        }),
      ),
    getNextPageParam: (lastPage, _allPages, lastPageParam) => {
      const items = itemsOf({
        operationId: operation.operationId,
        body: lastPage,
        itemsField: pagination.itemsField,
      });
      return stepAt({ pagination, args, cursor: lastPageParam }).hasNext(lastPage, items)
        ? nextCursor(pagination, lastPageParam, items)
        : undefined;
    },
  };
}

/** `mutationKey` and `mutationFn` of an operation, and the caller's other options. */
export function operationMutationOptions<
  TData,
  TArgs extends OperationArgs,
  TOptions extends object = {},
>(input: {
  client: CallingClient;
  operation: OperationDefinition;
  scope: OperationScope;
  options?: TOptions;
}): TOptions & {
  mutationKey: readonly [OperationKey];
  mutationFn: (args: TArgs) => Promise<TData>;
} {
  const { client, operation } = input;
  return {
    ...(input.options as TOptions),
    mutationKey: [{ ...input.scope }] as const,
    mutationFn: (args: TArgs) => client.call<TData>(operation, args),
  };
}
