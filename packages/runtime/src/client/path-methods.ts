/**
 * The path-typed entry point: `client.GET('/v1/zaps', { params: { query } })`, typed from
 * openapi-typescript's `paths` as openapi-fetch types it, but sent by the runtime's one pipeline:
 * the call runs exactly as the named function of the operation it names.
 */
import type { FetchResponse, ParamsOption, RequestBodyOption } from 'openapi-fetch';
import type { OperationArgs, OperationDefinition } from '../definition.js';
import { ZapgenError } from '../errors.js';
import type { CallOptions } from './options.js';
import type { CallResult } from './send.js';

export type HttpMethod = OperationDefinition['method'];

/** The paths of `Paths` that have an operation for `Method`. */
export type PathsWithMethod<Paths, Method extends HttpMethod> = {
  [Path in keyof Paths]: Paths[Path] extends { [M in Method]: {} } ? Path : never;
}[keyof Paths];

/** The openapi-typescript operation at `Path` and `Method`. */
export type PathOperation<
  Paths,
  Path extends keyof Paths,
  Method extends HttpMethod,
> = Paths[Path] extends { [M in Method]: infer Operation } ? Operation : never;

/**
 * The second argument: `params` (`{ path, query, header, cookie }`) and `body`, typed and required
 * as in openapi-fetch, plus the options of any call (`signal`, `timeoutMs`, `headers`, `retry`).
 * openapi-fetch's own options (`querySerializer`, `middleware`, ...) do not exist here: the spec
 * decides the wire format.
 */
export type PathInit<Operation> = ParamsOption<Operation> &
  RequestBodyOption<Operation> &
  CallOptions;

type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

/** `init` is optional exactly when nothing in it is required. */
type InitArgs<Operation> = [RequiredKeys<PathInit<Operation>>] extends [never]
  ? [init?: PathInit<Operation>]
  : [init: PathInit<Operation>];

/** The body of the operation's 2xx responses, as openapi-fetch types `data` (its success branch: the one where `data` is required). */
export type PathData<Operation> =
  Operation extends Record<string | number, any>
    ? Extract<FetchResponse<Operation, {}, `${string}/${string}`>, { data: unknown }>['data']
    : never;

/** One path-typed method: resolves with `{ data, response }`, rejects with the runtime's typed errors. */
export type PathMethod<Paths, Method extends HttpMethod> = <
  Path extends PathsWithMethod<Paths, Method>,
>(
  path: Path,
  ...init: InitArgs<PathOperation<Paths, Path, Method>>
) => Promise<CallResult<PathData<PathOperation<Paths, Path, Method>>>>;

export interface PathMethods<Paths> {
  GET: PathMethod<Paths, 'get'>;
  PUT: PathMethod<Paths, 'put'>;
  POST: PathMethod<Paths, 'post'>;
  DELETE: PathMethod<Paths, 'delete'>;
  OPTIONS: PathMethod<Paths, 'options'>;
  HEAD: PathMethod<Paths, 'head'>;
  PATCH: PathMethod<Paths, 'patch'>;
  TRACE: PathMethod<Paths, 'trace'>;
}

const METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const satisfies readonly HttpMethod[];
const INIT_KEYS = new Set(['params', 'body', 'signal', 'timeoutMs', 'headers', 'retry']);

type Send = (
  operation: OperationDefinition,
  args: OperationArgs,
  callOptions: CallOptions,
) => Promise<CallResult<unknown>>;

/**
 * `GET`, `POST`, ...: each finds the operation by method and path template among `operations`,
 * turns `{ params, body }` into the operation's arguments and hands them to `send`. A path that
 * is not an operation, or an option this pipeline does not have, rejects before anything is sent.
 */
export function createPathMethods<Paths>(options: {
  apiName: string;
  operations: readonly OperationDefinition[];
  send: Send;
}): PathMethods<Paths> {
  const byRoute = new Map(
    options.operations.map((operation) => [`${operation.method} ${operation.path}`, operation]),
  );
  const dispatch = (
    name: HttpMethod,
    path: string,
    init: Record<string, unknown>,
  ): Promise<CallResult<unknown>> => {
    const operation = byRoute.get(`${name} ${path}`);
    if (operation === undefined)
      throw new ZapgenError(
        `${name.toUpperCase()} ${path} is not an operation of ${options.apiName}`,
      );
    const unknown = Object.keys(init).filter((key) => !INIT_KEYS.has(key));
    if (unknown.length > 0) {
      throw new ZapgenError(
        `${operation.operationId}: unknown option ${unknown.join(', ')} (the spec decides the wire format; options are ${[...INIT_KEYS].join(', ')})`,
        {
          operationId: operation.operationId,
        },
      );
    }
    const { params, body, ...callOptions } = init as {
      params?: OperationArgs;
      body?: unknown;
    } & CallOptions;
    return options.send(
      operation,
      { ...params, ...(body === undefined ? {} : { body }) },
      callOptions,
    );
  };
  // Not async (no wrapper promise per call), and still never throwing: what the checks throw
  // rejects, as `send` does.
  const method =
    (name: HttpMethod) =>
    (path: string, init: Record<string, unknown> = {}): Promise<CallResult<unknown>> => {
      try {
        return dispatch(name, path, init);
      } catch (error) {
        return Promise.reject(error as Error);
      }
    };
  const methods = Object.fromEntries(METHODS.map((name) => [name.toUpperCase(), method(name)]));
  return methods as unknown as PathMethods<Paths>;
}
