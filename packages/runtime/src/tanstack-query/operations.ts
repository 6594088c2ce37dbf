/**
 * TanStack Query options of named operations, for every adapter (React, Vue, Svelte, Solid,
 * Angular): plain objects typed with `@tanstack/query-core`'s types, which each adapter's
 * `useQuery`/`createQuery`/`injectQuery` and `queryClient.fetchQuery` take as they are. Nothing
 * of TanStack Query is imported at run time. Generated `./tanstack-query` modules bind each
 * operation to these.
 */
import type {
  DataTag,
  InfiniteData,
  InfiniteQueryObserverOptions,
  MutationObserverOptions,
  QueryFunctionContext,
  QueryObserverOptions,
} from '@tanstack/query-core';
import type { OperationArgs, OperationDefinition, PageCursor } from '../definition.js';
import type { ZapgenError } from '../errors.js';
import { infinitePages } from '../infinite.js';
import {
  operationKey,
  operationScope,
  type CallingClient,
  type OperationKey,
} from '../query-keys.js';

export { resourceQueryKey } from '../query-keys.js';
export type { CallingClient, OperationKey, OperationScope } from '../query-keys.js';
export type { PageWithNext } from '../infinite.js';

/** A query key that carries the type of its data (`queryClient.getQueryData(key)` is typed). */
export type OperationQueryKey<TData> = DataTag<readonly [OperationKey], TData, ZapgenError>;

/**
 * The options a caller may add to an operation's query (all but `queryKey` and `queryFn`): for a
 * `select` that changes the data's type, pass it to the hook beside the spread options.
 */
export type QueryOptionsInput<TData> = Partial<
  Omit<
    QueryObserverOptions<TData, ZapgenError, TData, TData, readonly [OperationKey]>,
    'queryKey' | 'queryFn'
  >
>;

/** The options a caller may add to an operation's infinite query. */
export type InfiniteQueryOptionsInput<TPage, TPageParam extends PageCursor = number> = Partial<
  Omit<
    InfiniteQueryObserverOptions<
      TPage,
      ZapgenError,
      InfiniteData<TPage, TPageParam>,
      readonly [OperationKey],
      TPageParam
    >,
    'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
  >
>;

/** The options a caller may add to an operation's mutation. */
export type MutationOptionsInput<TData, TArgs, TOnMutateResult = unknown> = Partial<
  Omit<
    MutationObserverOptions<TData, ZapgenError, TArgs, TOnMutateResult>,
    'mutationKey' | 'mutationFn'
  >
>;

/*
 * The options' types are conditional on the caller's options: a contextual type (a hook's
 * parameter) cannot then be inferred back into them, which would otherwise turn the caller's
 * options into the whole option type and miss the hooks' overloads.
 */

/** What `operationQueryOptions` returns: the caller's options, `queryKey` and `queryFn`. */
export type QueryOptionsResult<TData, TOptions> = [TOptions] extends [never]
  ? never
  : TOptions & {
      queryKey: OperationQueryKey<TData>;
      queryFn: (context: QueryFunctionContext<readonly [OperationKey]>) => Promise<TData>;
    };

/**
 * What `operationInfiniteQueryOptions` returns. The page parameter is a page number or an offset,
 * or for cursor pagination the cursor (`null` for the first page).
 */
export type InfiniteQueryOptionsResult<TPage, TOptions, TPageParam extends PageCursor = number> = [
  TOptions,
] extends [never]
  ? never
  : TOptions & {
      queryKey: DataTag<readonly [OperationKey], InfiniteData<TPage, TPageParam>, ZapgenError>;
      queryFn: (
        context: QueryFunctionContext<readonly [OperationKey], TPageParam>,
      ) => Promise<TPage>;
      initialPageParam: TPageParam;
      getNextPageParam: (
        lastPage: TPage,
        allPages: TPage[],
        lastPageParam: TPageParam,
      ) => TPageParam | undefined;
    };

/** What `operationMutationOptions` returns. */
export type MutationOptionsResult<TData, TArgs, TOptions> = [TOptions] extends [never]
  ? never
  : TOptions & {
      mutationKey: readonly [OperationKey];
      mutationFn: (args: TArgs) => Promise<TData>;
    };

/** The key of an operation's query with these arguments; without them, of all its queries. */
export function operationQueryKey<TData>(
  api: string,
  operation: OperationDefinition,
  args?: OperationArgs,
): OperationQueryKey<TData> {
  return operationKey(operationScope(api, operation), args) as never;
}

/** `null` for a response without a body: TanStack Query does not keep `undefined` as data. */
function defined<T>(data: T): T {
  return (data === undefined ? null : data) as T;
}

/** `queryKey` and `queryFn` of an operation's query, and the caller's other options. */
export function operationQueryOptions<TData, TOptions extends object = {}>(input: {
  client: CallingClient;
  operation: OperationDefinition;
  /** The API's name (its package's): the first part of the key. */
  api: string;
  args?: OperationArgs;
  options?: TOptions;
}): QueryOptionsResult<TData, TOptions> {
  const { client, operation, args } = input;
  const options = {
    ...input.options,
    queryKey: operationQueryKey<TData>(input.api, operation, args),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      defined(await client.call<TData>(operation, args, { signal })),
  };
  // The conditional type is what the caller sees; the object is its one case.
  return options as never;
}

/**
 * An infinite query over the pages of a paginated operation, as `paginate` walks them: the first
 * page is the one the arguments name (or the first), the next is asked for while the pagination
 * model says there is one (a total, a next cursor or link, or a full page). A page is the body,
 * or for a pagination read from a response header a `PageWithNext` (the body and the next page's
 * parameter, read from the header).
 */
export function operationInfiniteQueryOptions<
  TPage,
  TOptions extends object = {},
  TPageParam extends PageCursor = number,
>(input: {
  client: CallingClient;
  operation: OperationDefinition;
  api: string;
  args?: OperationArgs;
  options?: TOptions;
}): InfiniteQueryOptionsResult<TPage, TOptions, TPageParam> {
  const { operation } = input;
  const pages = infinitePages(input.client, operation, input.args);
  const options = {
    ...(input.options as TOptions),
    queryKey: operationKey(operationScope(input.api, operation), input.args, {
      infinite: true,
    }) as never,
    initialPageParam: pages.first,
    queryFn: async ({ pageParam, signal }: { pageParam: PageCursor; signal: AbortSignal }) =>
      defined(await pages.fetch(pages.argsAt(pageParam), { signal }, pageParam)),
    getNextPageParam: (lastPage: TPage, _allPages: TPage[], lastPageParam: PageCursor) =>
      pages.after(lastPage, lastPageParam),
  };
  // The conditional type is what the caller sees; the object is its one case.
  return options as never;
}

/** `mutationKey` and `mutationFn` of an operation, and the caller's other options. */
export function operationMutationOptions<
  TData,
  TArgs extends OperationArgs,
  TOptions extends object = {},
>(input: {
  client: CallingClient;
  operation: OperationDefinition;
  api: string;
  options?: TOptions;
}): MutationOptionsResult<TData, TArgs, TOptions> {
  const { client, operation } = input;
  const options = {
    ...(input.options as TOptions),
    mutationKey: operationKey(operationScope(input.api, operation)),
    mutationFn: (args: TArgs) => client.call<TData>(operation, args),
  };
  // The conditional type is what the caller sees; the object is its one case.
  return options as never;
}
