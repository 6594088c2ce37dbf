/**
 * `@zapgen/runtime/react-query`: openapi-react-query's path-style API over a drop-in client
 * (`createClient(fetchClient)`, then `$api.useQuery('get', '/path', init)`, `useSuspenseQuery`,
 * `useInfiniteQuery`, `useMutation`, `queryOptions`), so that code written for
 * openapi-react-query keeps compiling and running. A query's key is `[method, path, init]`; an
 * `error` result is thrown, so it is the query's error. For named operations, and for the other
 * frameworks, see the generated `./tanstack-query` module of each package.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useSuspenseQuery,
  type DataTag,
  type InfiniteData,
  type QueryClient,
  type QueryFunctionContext,
  type SkipToken,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
  type UseSuspenseQueryOptions,
  type UseSuspenseQueryResult,
} from '@tanstack/react-query';
import type { Client, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type {
  HttpMethod,
  MediaType,
  PathsWithMethod,
  RequiredKeysOf,
} from 'openapi-typescript-helpers';

type AnyPaths = Record<string, Record<HttpMethod, {}>>;

/** What `select` turns the data into, or the data. */
type Selected<TData, TSelect> = TSelect extends (data: TData) => infer R ? R : TData;

/** `init` accepts members beyond the operation's (`signal`, `headers`, ...), as openapi-fetch's does. */
type OpenInit<Init> = Init & { [key: string]: unknown };

/** The query key: `[method, path]`, or `[method, path, init]` when the operation takes an init. */
export type QueryKey<
  Paths extends AnyPaths,
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init = MaybeOptionalInit<Paths[Path], Method>,
> = Init extends undefined ? readonly [Method, Path] : readonly [Method, Path, Init];

/** `init` (required when the operation requires something) and the hook's own arguments. */
type Arguments<Init, Rest extends unknown[]> =
  RequiredKeysOf<Init> extends never ? [OpenInit<Init>?, ...Rest] : [OpenInit<Init>, ...Rest];

/** The `data` and `error` of an operation's response (`Required` so that neither is `undefined`). */
type Answer<
  Paths extends AnyPaths,
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init,
  Media extends MediaType,
> = Required<FetchResponse<Paths[Path][Method], Init, Media>>;

type QueryOptionsOf<
  Paths extends AnyPaths,
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Response extends { data: unknown; error: unknown },
  TSelect,
> = UseQueryOptions<
  Response['data'],
  Response['error'],
  Selected<Response['data'], TSelect>,
  QueryKey<Paths, Method, Path>
>;

export type QueryOptionsFunction<Paths extends AnyPaths, Media extends MediaType> = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
  Response extends Answer<Paths, Method, Path, Init, Media>,
  Options extends Omit<
    QueryOptionsOf<Paths, Method, Path, Response, Options['select']>,
    'queryKey' | 'queryFn'
  >,
>(
  method: Method,
  path: Path,
  ...[init, options]: Arguments<Init, [Options?]>
) => NoInfer<
  Omit<QueryOptionsOf<Paths, Method, Path, Response, Options['select']>, 'queryFn' | 'queryKey'> & {
    queryKey: DataTag<QueryKey<Paths, Method, Path>, Response['data'], Response['error']>;
    queryFn: Exclude<
      QueryOptionsOf<Paths, Method, Path, Response, Options['select']>['queryFn'],
      SkipToken | undefined
    >;
  }
>;

export type UseQueryMethod<Paths extends AnyPaths, Media extends MediaType> = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
  Response extends Answer<Paths, Method, Path, Init, Media>,
  Options extends Omit<
    QueryOptionsOf<Paths, Method, Path, Response, Options['select']>,
    'queryKey' | 'queryFn'
  >,
>(
  method: Method,
  url: Path,
  ...[init, options, queryClient]: Arguments<Init, [Options?, QueryClient?]>
) => UseQueryResult<Selected<Response['data'], Options['select']>, Response['error']>;

export type UseSuspenseQueryMethod<Paths extends AnyPaths, Media extends MediaType> = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
  Response extends Answer<Paths, Method, Path, Init, Media>,
  Options extends Omit<
    UseSuspenseQueryOptions<
      Response['data'],
      Response['error'],
      Selected<Response['data'], Options['select']>,
      QueryKey<Paths, Method, Path>
    >,
    'queryKey' | 'queryFn'
  >,
>(
  method: Method,
  url: Path,
  ...[init, options, queryClient]: Arguments<Init, [Options?, QueryClient?]>
) => UseSuspenseQueryResult<Selected<Response['data'], Options['select']>, Response['error']>;

export type UseInfiniteQueryMethod<Paths extends AnyPaths, Media extends MediaType> = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
  Response extends Answer<Paths, Method, Path, Init, Media>,
  Options extends Omit<
    UseInfiniteQueryOptions<
      Response['data'],
      Response['error'],
      Selected<InfiniteData<Response['data']>, Options['select']>,
      QueryKey<Paths, Method, Path>,
      unknown
    >,
    'queryKey' | 'queryFn'
  > & {
    /** The query parameter the page parameter is sent as. Default `cursor`. */
    pageParamName?: string;
  },
>(
  method: Method,
  url: Path,
  init: OpenInit<Init>,
  options: Options,
  queryClient?: QueryClient,
) => UseInfiniteQueryResult<
  Selected<InfiniteData<Response['data']>, Options['select']>,
  Response['error']
>;

export type UseMutationMethod<Paths extends AnyPaths, Media extends MediaType> = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
  Response extends Answer<Paths, Method, Path, Init, Media>,
  TOnMutateResult = unknown,
>(
  method: Method,
  url: Path,
  options?: Omit<
    UseMutationOptions<Response['data'], Response['error'], Init, TOnMutateResult>,
    'mutationKey' | 'mutationFn'
  >,
  queryClient?: QueryClient,
) => UseMutationResult<Response['data'], Response['error'], Init, TOnMutateResult>;

export interface OpenapiQueryClient<Paths extends {}, Media extends MediaType = MediaType> {
  queryOptions: QueryOptionsFunction<Paths, Media>;
  useQuery: UseQueryMethod<Paths, Media>;
  useSuspenseQuery: UseSuspenseQueryMethod<Paths, Media>;
  useInfiniteQuery: UseInfiniteQueryMethod<Paths, Media>;
  useMutation: UseMutationMethod<Paths, Media>;
}

/** The data of a successful response of `method path`, as the hooks of `CreatedClient` type it. */
export type MethodResponse<
  CreatedClient extends OpenapiQueryClient<any, any>,
  Method extends HttpMethod,
  Path extends (CreatedClient extends OpenapiQueryClient<infer Paths, infer _Media>
    ? PathsWithMethod<Paths, Method>
    : never),
  Options = object,
> =
  CreatedClient extends OpenapiQueryClient<
    infer Paths extends { [key: string]: any },
    infer Media extends MediaType
  >
    ? NonNullable<FetchResponse<Paths[Path][Method], Options, Media>['data']>
    : never;

type Sender = (
  path: string,
  init?: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The client's method for `method` (`get` → `GET`). */
function sender(client: object, method: string): Sender {
  return (client as Record<string, Sender>)[method.toUpperCase()]!;
}

/**
 * The data of a result, or its error thrown (a truthy one, as openapi-react-query does). A
 * response without a body is `null`: TanStack Query does not keep `undefined` as data.
 */
function dataOrThrow(result: Awaited<ReturnType<Sender>>): unknown {
  if (result.error) throw result.error;
  const { response } = result;
  if (response.status === 204 || response.headers.get('content-length') === '0')
    return result.data ?? null;
  return result.data;
}

/** The hooks of a drop-in client (`@zapgen/<api>/fetch`, or any openapi-fetch client). */
export default function createClient<Paths extends {}, Media extends MediaType = MediaType>(
  client: Client<Paths, Media>,
): OpenapiQueryClient<Paths, Media> {
  const queryFn = async ({
    queryKey: [method, path, init],
    signal,
  }: QueryFunctionContext<readonly [string, string, Record<string, unknown>?]>) =>
    dataOrThrow(await sender(client, method)(path, { signal, ...init }));

  const queryOptions = ((
    method: string,
    path: string,
    init?: Record<string, unknown>,
    options?: object,
  ) => ({
    queryKey: init === undefined ? ([method, path] as const) : ([method, path, init] as const),
    queryFn,
    ...options,
  })) as unknown as QueryOptionsFunction<Paths, Media>;

  type Loose = (...args: unknown[]) => unknown;
  const options = queryOptions as unknown as (
    method: string,
    path: string,
    init?: unknown,
    options?: unknown,
  ) => UseQueryOptions;

  return {
    queryOptions,
    useQuery: ((
      method: string,
      path: string,
      init?: unknown,
      rest?: unknown,
      queryClient?: QueryClient,
    ) => useQuery(options(method, path, init, rest), queryClient)) as Loose as never,
    useSuspenseQuery: ((
      method: string,
      path: string,
      init?: unknown,
      rest?: unknown,
      queryClient?: QueryClient,
    ) =>
      useSuspenseQuery(
        options(method, path, init, rest) as UseSuspenseQueryOptions,
        queryClient,
      )) as Loose as never,
    useInfiniteQuery: ((
      method: string,
      path: string,
      init: Record<string, unknown> | undefined,
      infinite: { pageParamName?: string } & Record<string, unknown>,
      queryClient?: QueryClient,
    ) => {
      const { pageParamName = 'cursor', ...rest } = infinite;
      const { queryKey } = options(method, path, init);
      return useInfiniteQuery(
        {
          queryKey,
          queryFn: async ({
            queryKey: [keyMethod, keyPath, keyInit],
            pageParam = 0,
            signal,
          }: QueryFunctionContext<readonly unknown[], unknown>) => {
            const given = (keyInit ?? {}) as { params?: { query?: object } };
            const result = await sender(client, keyMethod as string)(keyPath as string, {
              ...given,
              signal,
              params: {
                ...given.params,
                query: { ...given.params?.query, [pageParamName]: pageParam },
              },
            });
            if (result.error) throw result.error;
            return result.data;
          },
          ...(rest as object),
        } as UseInfiniteQueryOptions,
        queryClient,
      );
    }) as Loose as never,
    useMutation: ((method: string, path: string, rest?: object, queryClient?: QueryClient) =>
      useMutation(
        {
          mutationKey: [method, path],
          mutationFn: async (init: unknown) => {
            const result = await sender(client, method)(path, init as Record<string, unknown>);
            if (result.error) throw result.error;
            return result.data;
          },
          ...rest,
        },
        queryClient,
      )) as Loose as never,
  };
}
