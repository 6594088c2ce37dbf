/**
 * The cache keys of named operations, the one implementation the TanStack Query and SWR
 * integrations (and the generated modules over them) share: one object per key, so that a part
 * of it (`{ api }`, `{ api, resource }`, `{ api, operationId }`) selects every key under it.
 * Free of dependencies: the generator reads `resourceOf` from here too.
 */
import type { CallOptions } from './call-options.js';
import type { OperationArgs, OperationDefinition } from './definition.js';

/** What the integrations send through: a client of `createClient` or `createBaseClient`. */
export interface CallingClient {
  call<T>(operation: OperationDefinition, args?: OperationArgs, options?: CallOptions): Promise<T>;
  /**
   * `call`, resolving with the response too: an infinite query whose next page is in a response
   * header (a `Link`) needs it. The generated clients have it.
   */
  send?<T>(
    operation: OperationDefinition,
    args?: OperationArgs,
    options?: CallOptions,
  ): Promise<{ data: T; response: Response }>;
}

/** Where an operation's results sit: its API (package name), its resource (collection path) and its id. */
export interface OperationScope {
  api: string;
  resource: string;
  operationId: string;
}

/**
 * The resource of an operation: its path without trailing parameters or slash, the collection
 * its item paths belong to (`/v1/zaps/{id}/` → `/v1/zaps`).
 */
export function resourceOf(path: string): string {
  const segments = path.replace(/\/+$/, '').split('/');
  while (segments.length > 1 && /^\{[^{}]+\}$/.test(segments.at(-1)!)) segments.pop();
  return segments.join('/') || '/';
}

const scopes = new WeakMap<OperationDefinition, OperationScope>();

/** Where the results of `operation` sit in the cache of API `api` (its package name). */
export function operationScope(api: string, operation: OperationDefinition): OperationScope {
  let scope = scopes.get(operation);
  if (scope?.api !== api) {
    scope = { api, resource: resourceOf(operation.path), operationId: operation.operationId };
    scopes.set(operation, scope);
  }
  return scope;
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
