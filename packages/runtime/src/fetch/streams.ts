/**
 * The drop-in client's types for operations that answer with a stream. openapi-fetch types `data`
 * as the response's schema; the runtime delivers a server-sent event stream or NDJSON the
 * operation declares as a `ResponseStream` of its items (the throwing client's type). The
 * generated `./fetch` names those responses in a `StreamMap`, and `StreamingPaths` rewrites only
 * their content: every other path, operation, response and media type is the `paths` type as is,
 * so openapi-fetch's own `Client` types apply unchanged.
 */
import type { Client, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type {
  HttpMethod,
  MediaType,
  PathsWithMethod,
  Readable,
  RequiredKeysOf,
  SuccessResponse,
} from 'openapi-typescript-helpers';
import type { ParseAs } from '../client/body.js';
import type { ResponseStream, ServerSentEvent } from '../streaming/response-stream.js';

/**
 * How a streamed media type's schema describes one item: `events` when it is each server-sent
 * event's data (items are `ServerSentEvent<Schema>`), `items` when it is the item whole (an NDJSON
 * line, a json-seq record, or a server-sent event described with its `event`/`data` members).
 */
export type StreamItemKind = 'events' | 'items';

/** Path → lower-case method → status (as a string) → streamed media type → its item kind. */
export type StreamMap = {
  [path: string]: {
    [method: string]: { [status: string]: { [mediaType: string]: StreamItemKind } };
  };
};

/** What `data` is for a streamed media type whose schema is `Schema`. */
export type StreamOf<Schema, Kind> = ResponseStream<
  Kind extends 'events' ? ServerSentEvent<Schema> : Schema
>;

// Homomorphic mapped types throughout, so optional members (`put?: never`) stay as they are.
type StreamedContent<Response, Media> = {
  [Key in keyof Response]: Key extends 'content'
    ? {
        [Type in keyof Response[Key]]: Type extends keyof Media
          ? StreamOf<Response[Key][Type], Media[Type]>
          : Response[Key][Type];
      }
    : Response[Key];
};

// openapi-typescript keys responses by number (`200`) or string (`'2XX'`, `default`).
type StreamedResponses<Operation, Statuses> = {
  [Key in keyof Operation]: Key extends 'responses'
    ? {
        [Status in keyof Operation[Key]]: Status extends string | number
          ? `${Status}` extends keyof Statuses
            ? StreamedContent<Operation[Key][Status], Statuses[`${Status}`]>
            : Operation[Key][Status]
          : Operation[Key][Status];
      }
    : Operation[Key];
};

/**
 * `Paths` with the streamed responses `Streams` names typed as the `ResponseStream` the runtime
 * delivers; everything else as it is.
 */
export type StreamingPaths<Paths, Streams extends StreamMap> = {
  [Path in keyof Paths]: Path extends keyof Streams
    ? {
        [Method in keyof Paths[Path]]: Method extends keyof Streams[Path]
          ? StreamedResponses<Paths[Path][Method], Streams[Path][Method]>
          : Paths[Path][Method];
      }
    : Paths[Path];
};

/**
 * openapi-fetch's `FetchResponse`, whose `data` for a streamed response is its `ResponseStream`
 * (unless the call chose a `parseAs`). openapi-fetch's `Readable` maps every object member by
 * member and would turn the stream's methods into `{}`, so the streamed branch is written here.
 */
export type StreamingFetchResponse<
  Paths,
  Streams extends StreamMap,
  Path,
  Method extends HttpMethod,
  Init,
  Media extends MediaType,
> = Path extends keyof Streams & keyof Paths
  ? Method extends keyof Streams[Path] & keyof Paths[Path]
    ? Init extends { parseAs: ParseAs }
      ? FetchResponse<Paths[Path][Method] & Record<string | number, any>, Init, Media>
      : | {
            data: ReadableExceptStreams<
              SuccessResponse<
                ResponsesOf<StreamedResponses<Paths[Path][Method], Streams[Path][Method]>>,
                Media
              >
            >;
            error?: never;
            response: Response;
          }
        | Extract<
            FetchResponse<Paths[Path][Method] & Record<string | number, any>, Init, Media>,
            { data?: never }
          >
    : FetchResponse<
        Paths[Path][Method & keyof Paths[Path]] & Record<string | number, any>,
        Init,
        Media
      >
  : FetchResponse<
      Paths[Path & keyof Paths][Method & keyof Paths[Path & keyof Paths]] &
        Record<string | number, any>,
      Init,
      Media
    >;

// openapi-fetch's `Readable` (writeOnly members left out) for the JSON bodies beside a stream.
type ReadableExceptStreams<Data> =
  Readable<Exclude<Data, ResponseStream<any>>> | Extract<Data, ResponseStream<any>>;

type ResponsesOf<Operation> = Operation extends {
  responses: infer Responses extends Record<string | number, any>;
}
  ? Responses
  : Record<string, never>;

type InitParam<Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & { [key: string]: unknown })?]
    : [Init & { [key: string]: unknown }];

/** openapi-fetch's `ClientMethod`, resolving with a `StreamingFetchResponse`. */
export type StreamingClientMethod<
  Paths extends Record<string, Record<HttpMethod, {}>>,
  Streams extends StreamMap,
  Method extends HttpMethod,
  Media extends MediaType,
> = <
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<StreamingFetchResponse<Paths, Streams, Path, Method, Init, Media>>;

/** openapi-fetch's `Client` whose `GET`, `POST`, ... type the streamed responses `Streams` names. */
export type StreamingClient<
  Paths extends {},
  Streams extends StreamMap,
  Media extends MediaType = MediaType,
> = Omit<Client<Paths, Media>, Uppercase<HttpMethod>> & {
  [Method in Uppercase<HttpMethod>]: StreamingClientMethod<
    Paths & Record<string, Record<HttpMethod, {}>>,
    Streams,
    Lowercase<Method> & HttpMethod,
    Media
  >;
};

/** openapi-fetch's `PathBasedClient` whose methods type the streamed responses `Streams` names. */
export type StreamingPathBasedClient<
  Paths extends Record<string | number, any>,
  Streams extends StreamMap,
  Media extends MediaType = MediaType,
> = {
  [Path in keyof Paths]: {
    [Method in keyof Paths[Path] as Uppercase<string & Method>]: <
      Init extends MaybeOptionalInit<Paths[Path], Method>,
    >(
      ...init: InitParam<Init>
    ) => Promise<StreamingFetchResponse<Paths, Streams, Path, Method & HttpMethod, Init, Media>>;
  };
};
