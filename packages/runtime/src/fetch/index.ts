/**
 * `@zapgen/runtime/fetch`: the drop-in client for code written for openapi-fetch, on the runtime's
 * one pipeline. Generated packages bind their API to it in their own `./fetch` entry point; its
 * types are openapi-fetch's own, so code typed against openapi-fetch keeps compiling.
 */
import type { Client, PathBasedClient } from 'openapi-fetch';
import type { MediaType } from 'openapi-typescript-helpers';
import {
  createFetchClient,
  type FetchClientDefinition,
  type FetchClientOptions,
} from '../client/fetch-client.js';
import { wrapAsPathBasedClient } from '../client/path-based.js';

export { createFetchClient, wrapAsPathBasedClient };
export type { FetchClientDefinition, FetchClientOptions };
export type { Middleware, MiddlewareParams } from '../client/middleware.js';
export type { MiddlewareParams as MiddlewareCallbackParams } from '../client/middleware.js';
export type { FetchClientOptions as ClientOptions } from '../client/fetch-client.js';
export type { ParseAs } from '../client/body.js';
export type {
  StreamingClient,
  StreamingClientMethod,
  StreamingFetchResponse,
  StreamingPathBasedClient,
  StreamItemKind,
  StreamMap,
  StreamOf,
  StreamingPaths,
} from './streams.js';
export type {
  BodySerializer,
  Client,
  ClientMethod,
  ClientPathsWithMethod,
  ClientRequestMethod,
  DefaultParamsOption,
  FetchOptions,
  FetchResponse,
  HeadersOptions,
  MaybeOptionalInit,
  MergedOptions,
  MethodResponse,
  ParamsOption,
  ParseAsResponse,
  PathBasedClient,
  PathSerializer,
  QuerySerializer,
  QuerySerializerOptions,
  RequestBodyOption,
  RequestOptions,
} from 'openapi-fetch';
export type { HttpMethod, MediaType, PathsWithMethod } from 'openapi-typescript-helpers';

/** `wrapAsPathBasedClient(createFetchClient(definition, options))`. */
export function createPathBasedClient<Paths extends {}, Media extends MediaType = MediaType>(
  definition: FetchClientDefinition,
  options?: FetchClientOptions,
): PathBasedClient<Paths, Media> {
  const client: Client<Paths, Media> = createFetchClient<Paths, Media>(definition, options);
  return wrapAsPathBasedClient(client);
}
