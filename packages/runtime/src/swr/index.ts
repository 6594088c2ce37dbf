/**
 * `@zapgen/runtime/swr`: SWR hooks of named operations, which generated `./swr` modules bind to
 * each operation: `useSWR` for reads, `useSWRInfinite` over a paginated operation's pages (the
 * model `paginate` walks), `useSWRMutation` for writes. Keys are the same objects as TanStack
 * Query's (`[{ api, resource, operationId, args }]`), and `matchKeys` selects them for `mutate`.
 */
import { useRef } from 'react';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import useSWRInfinite, {
  type SWRInfiniteConfiguration,
  type SWRInfiniteResponse,
} from 'swr/infinite';
import useSWRMutation, {
  type SWRMutationConfiguration,
  type SWRMutationResponse,
} from 'swr/mutation';
import type { OperationArgs, OperationDefinition, PageCursor } from '../definition.js';
import type { ZapgenError } from '../errors.js';
import { infinitePages } from '../infinite.js';
import {
  operationKey,
  operationScope,
  type CallingClient,
  type OperationKey,
  type OperationScope,
} from '../query-keys.js';

export type { CallingClient, OperationKey, OperationScope };
export type { PageWithNext } from '../infinite.js';

/** The key of one operation's result (`null`: not fetched, SWR's conditional fetching). */
export type OperationSWRKey = readonly [OperationKey];

export type QueryConfig<TData> = SWRConfiguration<TData, ZapgenError>;
export type InfiniteConfig<TPage> = SWRInfiniteConfiguration<TPage, ZapgenError>;
export type MutationConfig<TData, TArgs> = SWRMutationConfiguration<
  TData,
  ZapgenError,
  OperationSWRKey,
  TArgs
>;

/*
 * What the hooks return, by name: generated hooks declare these as their return types, so that
 * their declarations name the result type instead of spelling it out (which tsc would otherwise
 * print, and every consumer re-check, once per operation).
 */
export type QueryResponse<TData> = SWRResponse<TData, ZapgenError>;
export type InfiniteResponse<TPage> = SWRInfiniteResponse<TPage, ZapgenError>;
export type MutationResponse<TData, TArgs> = SWRMutationResponse<
  TData,
  ZapgenError,
  OperationSWRKey,
  TArgs
>;

/**
 * `useSWR` of an operation: its result with these arguments, revalidated as SWR does; `null`
 * arguments fetch nothing until they are known.
 */
export function useOperation<TData>(
  client: CallingClient,
  operation: OperationDefinition,
  api: string,
  args: OperationArgs | null,
  config?: QueryConfig<TData>,
): QueryResponse<TData> {
  return useSWR<TData, ZapgenError, OperationSWRKey | null>(
    args === null ? null : operationKey(operationScope(api, operation), args),
    () => client.call<TData>(operation, args ?? {}),
    config,
  );
}

/** What `useSWRInfinite` takes of an operation's pages: the key of each page, and its fetcher. */
export interface InfiniteKeys {
  getKey(index: number, previous: unknown): OperationSWRKey | null;
  fetcher(key: OperationSWRKey): Promise<unknown>;
}

/**
 * The keys and fetcher of a paginated operation's pages for `useSWRInfinite`: page `index` is
 * asked for once page `index - 1` answered, while the pagination model says another follows.
 * `cursors` keeps each page's cursor between SWR's calls (a hook's ref).
 */
export function infiniteKeys(options: {
  client: CallingClient;
  operation: OperationDefinition;
  api: string;
  args: OperationArgs | null;
  cursors: PageCursor[];
}): InfiniteKeys {
  const { operation, args, cursors } = options;
  const scope = operationScope(options.api, operation);
  // Built even without arguments, so that an operation SWR cannot page fails at once.
  const pages = infinitePages(options.client, operation, args ?? {});
  return {
    getKey: (index, previous) => {
      if (args === null) return null;
      if (index === 0) cursors.splice(0, cursors.length, pages.first);
      else {
        const cursor = cursors[index - 1];
        if (cursor === undefined || previous === null || previous === undefined) return null;
        const next = pages.after(previous, cursor);
        if (next === undefined) return null;
        cursors[index] = next;
      }
      return operationKey(scope, pages.argsAt(cursors[index]!), { infinite: true });
    },
    // SWR hands the fetcher the key alone: the page parameter is the one its arguments name.
    fetcher: (key) => pages.fetch(key[0].args ?? {}),
  };
}

/**
 * `useSWRInfinite` over a paginated operation: page after page as `setSize` asks, while the
 * pagination model says there is another. A page is the body, or for a pagination read from
 * a response header a `PageWithNext` (the body and the next page's parameter, read from the header).
 */
export function useOperationInfinite<TPage>(
  client: CallingClient,
  operation: OperationDefinition,
  api: string,
  args: OperationArgs | null,
  config?: InfiniteConfig<TPage>,
): InfiniteResponse<TPage> {
  // The cursor of each page, as SWR asks for the pages' keys in order.
  const cursors = useRef<PageCursor[]>([]);
  const { getKey, fetcher } = infiniteKeys({
    client,
    operation,
    api,
    args,
    cursors: cursors.current,
  });
  return useSWRInfinite<TPage, ZapgenError>(
    getKey as (index: number, previous: TPage | null) => OperationSWRKey | null,
    fetcher as (key: OperationSWRKey) => Promise<TPage>,
    config,
  );
}

/** `useSWRMutation` of an operation: `trigger(args)` sends it. */
export function useOperationMutation<TData, TArgs extends OperationArgs>(
  client: CallingClient,
  operation: OperationDefinition,
  api: string,
  config?: MutationConfig<TData, TArgs>,
): MutationResponse<TData, TArgs> {
  return useSWRMutation<TData, ZapgenError, OperationSWRKey, TArgs>(
    operationKey(operationScope(api, operation)),
    (_key: OperationSWRKey, { arg }: { arg: TArgs }) => client.call<TData>(operation, arg),
    config as SWRMutationConfiguration<TData, ZapgenError, OperationSWRKey, TArgs, TData>,
  );
}

/**
 * A filter of keys for SWR's `mutate(filter)`: every cached result whose key has these parts
 * (`{ api, resource }` after a change to a resource, `{ api, operationId }` for one operation).
 */
export function matchKeys(parts: Partial<OperationKey>): (key: unknown) => boolean {
  return (key) => {
    if (!Array.isArray(key) || typeof key[0] !== 'object' || key[0] === null) return false;
    const entry = key[0] as Record<string, unknown>;
    return Object.entries(parts).every(([name, value]) => entry[name] === value);
  };
}
