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
import { assertPagedByBody, firstCursor, itemsOf, nextCursor, stepAt } from '../pagination.js';
import {
  operationKey,
  type CallingClient,
  type OperationKey,
  type OperationScope,
} from '../query-keys.js';

export type { CallingClient, OperationKey, OperationScope };

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
  scope: OperationScope,
  args: OperationArgs | null,
  config?: QueryConfig<TData>,
): QueryResponse<TData> {
  return useSWR<TData, ZapgenError, OperationSWRKey | null>(
    args === null ? null : operationKey(scope, args),
    () => client.call<TData>(operation, args ?? {}),
    config,
  );
}

/**
 * `useSWRInfinite` over a paginated operation: page after page as `setSize` asks, while the
 * pagination model says there is another (a total, a next link, or a full page).
 */
export function useOperationInfinite<TPage>(
  client: CallingClient,
  operation: OperationDefinition,
  scope: OperationScope,
  args: OperationArgs | null,
  config?: InfiniteConfig<TPage>,
): InfiniteResponse<TPage> {
  const pagination = operation.pagination;
  if (pagination === undefined) throw new TypeError(`${operation.operationId} is not paginated`);
  assertPagedByBody(operation);
  // The cursor of each page, as SWR asks for the pages' keys in order.
  const cursors = useRef<PageCursor[]>([]);
  return useSWRInfinite<TPage, ZapgenError>(
    (index: number, previous: TPage | null) => {
      if (args === null) return null;
      if (index === 0) cursors.current = [firstCursor(pagination, args)];
      else {
        const cursor = cursors.current[index - 1];
        if (cursor === undefined || previous === null) return null;
        const items = itemsOf({
          operationId: operation.operationId,
          body: previous,
          itemsField: pagination.itemsField,
        });
        if (!stepAt({ pagination, args, cursor }).hasNext(previous, items)) return null;
        cursors.current[index] = nextCursor({ pagination, cursor, body: previous, items });
      }
      return operationKey(
        scope,
        stepAt({ pagination, args, cursor: cursors.current[index]! }).args,
        {
          infinite: true,
        },
      );
    },
    (key: OperationSWRKey) => client.call<TPage>(operation, key[0].args ?? {}),
    config,
  );
}

/** `useSWRMutation` of an operation: `trigger(args)` sends it. */
export function useOperationMutation<TData, TArgs extends OperationArgs>(
  client: CallingClient,
  operation: OperationDefinition,
  scope: OperationScope,
  config?: MutationConfig<TData, TArgs>,
): MutationResponse<TData, TArgs> {
  return useSWRMutation<TData, ZapgenError, OperationSWRKey, TArgs>(
    operationKey(scope),
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
