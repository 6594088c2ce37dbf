/**
 * The cache keys of named operations, shared by the TanStack Query and SWR integrations: one
 * object per key, so that a part of it (`{ api }`, `{ api, resource }`, `{ api, operationId }`)
 * selects every key under it.
 */
import type { CallOptions } from './client/options.js';
import type { OperationArgs, OperationDefinition } from './definition.js';

/** What the integrations send through: a client of `createClient` or `createBaseClient`. */
export interface CallingClient {
  call<T>(operation: OperationDefinition, args?: OperationArgs, options?: CallOptions): Promise<T>;
}

/** Where an operation's results sit: its API (package name), its resource (collection path) and its id. */
export interface OperationScope {
  api: string;
  resource: string;
  operationId: string;
}

/**
 * The one element of an operation's cache key. TanStack Query matches keys by parts of objects,
 * so `[{ api }]`, `[{ api, resource }]` and `[{ api, operationId }]` each select every query
 * under them (`queryClient.invalidateQueries({ queryKey })`); for SWR, `matchKeys` does.
 */
export interface OperationKey extends Partial<OperationScope> {
  args?: OperationArgs;
  infinite?: true;
}

/** Arguments without any value are no arguments: `f(client)` and `f(client, {})` share a key. */
function keyArgs(args: OperationArgs | undefined): OperationArgs | undefined {
  if (args === undefined) return undefined;
  const defined = Object.entries(args).filter(([, value]) => value !== undefined);
  return defined.length === 0 ? undefined : (Object.fromEntries(defined) as OperationArgs);
}

/** The key of an operation's result with these arguments; without them, of all its results. */
export function operationKey(
  scope: OperationScope,
  args?: OperationArgs,
  extra: { infinite?: true } = {},
): readonly [OperationKey] {
  const given = keyArgs(args);
  return [
    given === undefined ? { ...scope, ...extra } : { ...scope, args: given, ...extra },
  ] as const;
}

/** The key of every query of an API's resource (its collection path, e.g. `/v1/apps`). */
export function resourceQueryKey(api: string, resource: string): readonly [OperationKey] {
  return [{ api, resource }] as const;
}
