/**
 * What a generated package tells the runtime about its API and each operation.
 *
 * Generated `client.ts` files build these objects from the spec; the runtime never knows an API.
 * This is the contract between `@zapgen/generator` (the client emitter) and `@zapgen/runtime`.
 */

import type { $ZodErrorMap } from 'zod/v4/core';

/**
 * A JSON value: what a spec writes as data (`default`, `example`, a literal of an `x-zapgen-*`
 * extension) and what generated definitions carry from it.
 */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** What the runtime may pass to `safeParse`. */
export interface ParseOptions {
  error?: $ZodErrorMap;
}

/** A zod-compatible validator: anything with `safeParse` (zod 4 schemas are). */
export interface Validator<T = unknown> {
  safeParse(
    value: unknown,
    options?: ParseOptions,
  ):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export type ParameterStyle =
  'matrix' | 'label' | 'form' | 'simple' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

/** How one parameter goes on the wire. */
export interface ParameterDefinition {
  name: string;
  in: ParameterLocation;
  required: boolean;
  style: ParameterStyle;
  explode: boolean;
  allowReserved?: boolean;
  /** Object parameter whose keys are sent as `<keyPrefix><key>=<value>` (`x-zapgen-key-prefix`). */
  keyPrefix?: string;
  /** Parameter defined with `content` instead of `schema`: serialized as this media type (JSON). */
  contentType?: string;
  deprecated?: boolean;
  /** Shape of the value, so that a server (the mock) can turn wire strings back into values. */
  shape?: ValueShape;
}

/** The JSON type of a parameter value, as far as (de)serialization needs it. */
export type ValueShape =
  | { type: 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'unknown' }
  | { type: 'array'; items: ValueShape }
  | { type: 'object'; properties: Record<string, ValueShape>; additional: ValueShape };

export interface ParameterRef {
  in: ParameterLocation;
  name: string;
}

/** OR across the outer array, AND within one requirement. `[]` = no auth; `[{}]`-like empty requirement = optional. */
export type SecurityRequirement = { scheme: string; scopes: string[] }[];

export type SecuritySchemeDefinition =
  | {
      type: 'apiKey';
      in: 'query' | 'header' | 'cookie';
      name: string;
      /** The `createClient` option holding this key (`x-api-key` → `apiKey`, `client_id` → `clientId`). */
      option: string;
    }
  | { type: 'http'; scheme: string; bearerFormat?: string }
  | {
      type: 'oauth2';
      flows: Partial<
        Record<
          'implicit' | 'password' | 'clientCredentials' | 'authorizationCode',
          {
            authorizationUrl?: string;
            tokenUrl?: string;
            refreshUrl?: string;
            scopes: Record<string, string>;
          }
        >
      >;
    }
  | { type: 'openIdConnect'; openIdConnectUrl: string }
  | { type: 'mutualTLS' };

export type PaginationDefinition =
  | {
      kind: 'page';
      pageParameter: string;
      sizeParameter?: string;
      /**
       * Response field with the items; `''` when the response body is the array. Every `…Field`
       * is a property name, or a JSON Pointer (RFC 6901) when it starts with `/`.
       */
      itemsField: string;
      totalPagesField?: string;
      firstPage: number;
      /** Response field with the number of items on every page. */
      totalItemsField?: string;
      /** Response fields with the URL of the next and the previous page. */
      nextField?: string;
      previousField?: string;
    }
  | {
      kind: 'offset';
      offsetParameter: string;
      limitParameter: string;
      itemsField: string;
      nextField?: string;
      previousField?: string;
      totalItemsField?: string;
    }
  | {
      /**
       * Cursor paging (Stainless's `cursor`, `cursor_id` and `cursor_url`): each page names the
       * next one with an opaque value the request sends back in `cursorParameter`. The next
       * cursor is `nextCursorField` of the body, else the `cursorParameter` of the URL in
       * `nextUrlField` or in the `Link` header's `rel="next"` (`nextLinkHeader`), else
       * `cursorItemField` of the page's last item (`starting_after=<id>`). Each field is a
       * property name, or a JSON Pointer when it starts with `/` (`/response_metadata/next_cursor`).
       */
      kind: 'cursor';
      cursorParameter: string;
      sizeParameter?: string;
      itemsField: string;
      nextCursorField?: string;
      nextUrlField?: string;
      /** The next page is the `rel="next"` URL of the response's `Link` header (GitHub). */
      nextLinkHeader?: boolean;
      cursorItemField?: string;
      /** Response field that is `false` on the last page (`has_more`). */
      hasMoreField?: string;
      totalItemsField?: string;
    };

/**
 * Where a page is: a page number, an offset, or a cursor (`null` before the first cursor, for
 * the page the API answers without one).
 */
export type PageCursor = number | string | null;

export interface ResponseDefinition {
  /** `200`, `4XX`, `default`. */
  status: string;
  /** Media types of the response body; empty when it has none. */
  mediaTypes: string[];
  /** Validator of the (first JSON) body, when there is one. */
  body?: Validator;
  /**
   * A streamed body (`text/event-stream`, NDJSON / JSON Lines, `application/json-seq`): how each
   * item is read. The call resolves with a `ResponseStream` of the items instead of a body.
   */
  stream?: StreamDefinition;
}

/** How the items of a streamed response are read and checked. */
export interface StreamDefinition {
  /**
   * Server-sent events: the schema describes the whole event (`{ event, data, id, retry }`, often a
   * `oneOf` by `event` name, or an OpenAPI 3.2 `itemSchema`) rather than its `data` alone.
   */
  envelope?: boolean;
  /** Server-sent events: `data` is JSON to parse (the default), or text kept as it is. */
  data?: 'json' | 'text';
  /** Validator of one item (for server-sent events: of the event, or of its data). */
  items?: Validator;
}

export interface OperationDefinition {
  operationId: string;
  method: 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
  /** Path template as in the spec: `/api/v2/apps/{app}/`. */
  path: string;
  deprecated?: boolean;
  parameters: ParameterDefinition[];
  requestBody?: {
    required: boolean;
    mediaTypes: string[];
    validator?: Validator;
    /** The spec's `encoding` of the sent (multipart) media type, by property. */
    encoding?: Record<string, BodyEncoding>;
    /** The shape of a form body (urlencoded, multipart): the mock reads its string fields back by it. */
    shape?: ValueShape;
  };
  responses: ResponseDefinition[];
  security: SecurityRequirement[];
  /**
   * Validator of all parameters as `{ path, query, header, cookie }` (groups the operation has).
   * It is the one place the spec's cross-parameter rules (`x-zapgen-rules`) are enforced: as
   * refinements whose issue paths name the parameter. Without it, parameters are not validated.
   */
  parameterValidator?: Validator;
  pagination?: PaginationDefinition;
  polling?: { whileField: string; intervalMs: number };
  /**
   * The header of the operation's idempotency key (`Idempotency-Key`, or `x-zapgen-idempotency`):
   * the client sends one key per call, the same on every retry, unless the caller gives one.
   */
  idempotencyHeader?: string;
  stability?: { level: string; note?: string };
  cache?: {
    ttlSeconds: number;
    scope: string[];
    refreshParameter?: ParameterRef;
    ageField?: string;
  };
  /**
   * Loads this operation's validators (generated routes carry it: each operation's validators
   * are a module of their own, `validated/<operation>.js`). The clients call it the first time
   * they validate the operation, so a bundle holds no validator until then, and then only this
   * operation's.
   */
  validators?: () => Promise<OperationValidators>;
  /**
   * Set for packages generated with `transformers` (dates, bigint): the operation's validators
   * are zod codecs, and these convert between the wire values and the user's (`Date`, `bigint`).
   * `@zapgen/runtime/codecs` exports the implementation (`operationCodecs`).
   */
  codecs?: OperationCodecs;
}

/** The validators of one operation, as the zod emitter writes them. */
export interface OperationValidators {
  parameters?: Validator | undefined;
  body?: Validator | undefined;
  responses?: Partial<Record<string, Validator | undefined>>;
  /** Validators of one item of streamed responses (events, JSON lines), by status. */
  items?: Partial<Record<string, Validator | undefined>>;
}

/** Conversions between an operation's wire values and its users' (see `OperationDefinition.codecs`). */
export interface OperationCodecs {
  /** The arguments with their parameter groups and body encoded to wire values; as given when they are wire values already. */
  encodeArgs(operation: OperationDefinition, args: OperationArgs): OperationArgs;
  /**
   * What `validator` parsed (decoded) as a wire value again; as given when it does not encode.
   * The mock validates with the codecs and stores and answers wire values.
   */
  encodeValue(validator: Validator, value: unknown): unknown;
  /**
   * A parsed body decoded by the validator of the response with that status (a 2xx, or an
   * error's); as given when it does not decode.
   */
  decodeBody(operation: OperationDefinition, status: number, body: unknown): unknown;
  /** One item of a streamed response decoded by the stream's item validator; as given when it does not decode. */
  decodeItem(operation: OperationDefinition, status: number, item: unknown): unknown;
  /** JSON.parse that keeps integers beyond 2^53 exact. */
  parseJson(text: string): unknown;
  /** JSON.stringify that writes a `bigint` as its digits. */
  stringifyJson(value: unknown): string | undefined;
}

/** How one property of a multipart body is sent (the spec's Encoding object). */
export interface BodyEncoding {
  /** The part's content type (`image/png`, `application/json`, ...). */
  contentType?: string;
  /** The part's own headers (`encoding.<part>.headers`); FormData cannot send them, `multipart.ts` does. */
  headers?: PartHeader[];
}

/** A header the spec declares for one multipart part. */
export interface PartHeader {
  name: string;
  /** The part is refused before sending when no value is given or fixed by the spec. */
  required?: boolean;
  /** The value the spec's schema fixes or defaults; a value given with the file (`toFile`) wins. */
  value?: string;
}

export interface ServerDefinition {
  url: string;
  variables: Record<string, { default: string; enum?: string[] }>;
}

export interface ApiDefinition {
  /** Package name, used in error messages and the user agent. */
  name: string;
  servers: ServerDefinition[];
  /** The response header the spec declares as the request id; the usual ones are read otherwise. */
  requestIdHeader?: string;
  securitySchemes: Record<string, SecuritySchemeDefinition>;
  /**
   * Every operation: the path-typed methods (`GET('/v1/apps', ...)`) find their operation here by
   * method and path template, and then run exactly as the named function of that operation.
   */
  operations?: OperationDefinition[];
}

/**
 * The arguments of a named operation function: parameters grouped by location, and the body.
 * Generated code narrows this per operation.
 */
export interface OperationArgs {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
  cookie?: Record<string, unknown>;
  body?: unknown;
}
