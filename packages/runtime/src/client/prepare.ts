/**
 * Builds the request of one call: the spec's serialization of every parameter (unless the caller
 * overrides it with openapi-fetch's `querySerializer`, `pathSerializer` or `bodySerializer`), the
 * headers in openapi-fetch's order, the body for its media type, and the operation's credentials.
 */
import type { ApiDefinition, OperationArgs, OperationDefinition } from '../definition.js';
import type { Authentication } from '../auth/credentials.js';
import { encodeValue } from '../serialize/encode.js';
import {
  serializeParameters,
  type OpenParameters,
  type QueryStyleOverride,
  type SerializeOptions,
} from '../serialize/index.js';
import { encodeBody, type MultipartEncoder } from './body.js';
import { mergeHeaders, type HeadersOptions } from './headers.js';
import { isCredentialHeader } from '../redact.js';
import type { OutgoingRequest, RequestCredentials } from './redirect.js';

/** openapi-fetch's `querySerializer`: a function of the query object, or style options. */
export type QuerySerializerOption =
  ((query: Record<string, unknown>) => string) | QueryStyleOverride;
export type BodySerializer = (body: unknown, headers?: Headers) => unknown;
export type PathSerializer = (pathname: string, pathParams: Record<string, unknown>) => string;

/** What openapi-fetch lets a client or a call change about the wire format and the `RequestInit`. */
export interface WireOptions {
  querySerializer?: QuerySerializerOption;
  bodySerializer?: BodySerializer;
  pathSerializer?: PathSerializer;
  headers?: HeadersOptions;
  /** Other `RequestInit` members (`credentials`, `mode`, `cache`, ...) and custom properties. */
  init?: Record<string, unknown>;
}

/** A request ready to send, with what it must never leak. */
export interface PreparedRequest extends OutgoingRequest {
  credentials: RequestCredentials;
}

/** Computed once per definition object: these depend on the definitions only, not on a call. */
const apiKeyHeaderCache = new WeakMap<ApiDefinition, string[]>();
const acceptCache = new WeakMap<OperationDefinition, string>();

/** Header names of apiKey schemes, lower-cased: their values are redacted from response headers kept on errors. */
function apiKeyHeaderNames(api: ApiDefinition): string[] {
  let names = apiKeyHeaderCache.get(api);
  if (names === undefined) {
    names = Object.values(api.securitySchemes).flatMap((scheme) =>
      scheme.type === 'apiKey' && scheme.in === 'header' ? [scheme.name.toLowerCase()] : [],
    );
    apiKeyHeaderCache.set(api, names);
  }
  return names;
}

function acceptHeader(operation: OperationDefinition): string {
  let accept = acceptCache.get(operation);
  if (accept === undefined) {
    const types = [...new Set(operation.responses.flatMap((response) => response.mediaTypes))];
    accept = types.length === 0 ? 'application/json' : types.join(', ');
    acceptCache.set(operation, accept);
  }
  return accept;
}

/** The method as the request spells it (`GET`), computed once per definition. */
const wireMethodCache = new WeakMap<OperationDefinition, string>();

function wireMethod(operation: OperationDefinition): string {
  let method = wireMethodCache.get(operation);
  if (method === undefined) {
    method = operation.method.toUpperCase();
    wireMethodCache.set(operation, method);
  }
  return method;
}

/**
 * The options of `serializeParameters` when the call has no query style override: the same
 * object for every call of a client kind (the drop-in's opened parameters, or the spec's).
 */
const SPEC_PARAMETERS: SerializeOptions = { missingPath: 'throw' };
const KEEP_MISSING_PATH: SerializeOptions = { missingPath: 'keep' };
const openedOptionsCache = new WeakMap<OpenParameters, SerializeOptions>();

function serializeOptionsOf(dropIn: boolean, open: OpenParameters | undefined): SerializeOptions {
  if (open === undefined) return dropIn ? KEEP_MISSING_PATH : SPEC_PARAMETERS;
  if (!dropIn) return { open, missingPath: 'throw' };
  let options = openedOptionsCache.get(open);
  if (options === undefined) {
    options = { open, missingPath: 'keep' };
    openedOptionsCache.set(open, options);
  }
  return options;
}

/**
 * Every credential the request carries: the operation's (from `authenticate`) and any put in a
 * credential header (`authorization`, the API's apiKey headers) by the caller, in `headers`
 * (a request's, or the header options it was built from), raw and as sent.
 */
export function credentialsOf(options: {
  api: ApiDefinition;
  auth: Authentication;
  headers: Headers | readonly (HeadersOptions | undefined)[];
}): RequestCredentials {
  const headerNames = apiKeyHeaderNames(options.api);
  const secrets = [...options.auth.secrets];
  const consider = (name: string, value: unknown) => {
    const lower = name.toLowerCase();
    // The cookie header also holds cookie parameters; the operation's own cookie credentials are in `auth`.
    if (lower === 'cookie' || (!isCredentialHeader(lower) && !headerNames.includes(lower))) return;
    if (typeof value !== 'string' && typeof value !== 'number') return;
    const text = String(value);
    secrets.push(text, text.replace(/^\S+\s+/, ''));
  };
  if (options.headers instanceof Headers)
    for (const [name, value] of options.headers) consider(name, value);
  else
    for (const layer of options.headers) {
      if (layer === undefined || layer === null) continue;
      if (layer instanceof Headers || Array.isArray(layer))
        for (const [name, value] of layer as Iterable<[string, string]>) consider(name, value);
      else for (const name in layer) consider(name, (layer as Record<string, unknown>)[name]);
    }
  if (secrets.length === 0)
    return { headerNames, queryNames: options.auth.secretQueryNames, secrets };
  // Longest first, so that `Bearer sk-1` is scrubbed whole before `sk-1` is.
  const unique = [...new Set(secrets)]
    .filter((secret) => secret !== '')
    .sort((a, b) => b.length - a.length);
  return { headerNames, queryNames: options.auth.secretQueryNames, secrets: unique };
}

/** The credentials of requests carrying only the operation's, computed once per authentication. */
const credentialsCache = new WeakMap<Authentication, RequestCredentials>();

function operationCredentials(api: ApiDefinition, auth: Authentication): RequestCredentials {
  let credentials = credentialsCache.get(auth);
  if (credentials === undefined) {
    credentials = credentialsOf({ api, auth, headers: [] });
    credentialsCache.set(auth, credentials);
  }
  return credentials;
}

/** The credentials' query pairs and cookies as sent: percent-encoded. */
interface EncodedCredentials {
  /** `name=value&...`, or `''`. */
  query: string;
  /** `name=value`, one per cookie. */
  cookies: string[];
}

/**
 * Encoded once per authentication: the authentication cache hands out the same object for as
 * long as the option values it came from are unchanged, and a new one when they change.
 */
const encodedCredentialsCache = new WeakMap<Authentication, EncodedCredentials>();

function encodedCredentials(auth: Authentication): EncodedCredentials {
  let encoded = encodedCredentialsCache.get(auth);
  if (encoded === undefined) {
    encoded = {
      query: auth.query
        .map(([name, value]) => `${encodeValue(name)}=${encodeValue(value)}`)
        .join('&'),
      cookies: auth.cookies.map(([name, value]) => `${name}=${encodeValue(value)}`),
    };
    encodedCredentialsCache.set(auth, encoded);
  }
  return encoded;
}

/** Header options that set nothing. */
function isEmpty(options: HeadersOptions | undefined): boolean {
  if (options === undefined || options === null) return true;
  if (options instanceof Headers || Array.isArray(options)) return false;
  for (const _name in options) return false;
  return true;
}

/** The query serializer of a call: the call's function, else the client's, else the spec's styles with the options merged. */
export function querySerializerOf(
  client: QuerySerializerOption | undefined,
  call: QuerySerializerOption | undefined,
): QuerySerializerOption | undefined {
  if (typeof call === 'function') return call;
  if (call === undefined) return client;
  return typeof client === 'object' ? { ...client, ...call } : call;
}

/** Drops the trailing `/` of a base URL. */
export function trimBaseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The URL, headers and body of one call. Headers, lowest priority first: the defaults (`accept`
 * from the spec for the throwing client, `content-type` of the body), the client's, the call's,
 * header parameters; then cookies, then the credentials. The body is encoded for the
 * `content-type` the caller set, else the spec's first media type.
 */
export function prepare(options: {
  api: ApiDefinition;
  baseUrl: string;
  operation: OperationDefinition;
  args: OperationArgs;
  auth: Authentication;
  /** openapi-fetch's semantics: undeclared arguments sent too, a missing path parameter kept as `{name}`, no `accept` default. */
  dropIn: boolean;
  /** The drop-in client's reading of undeclared arguments (`serialize/open.ts`). */
  open?: OpenParameters;
  client?: WireOptions;
  call?: WireOptions;
  /** The own multipart encoder, loaded when the body needs it (`needsPartEncoder`). */
  multipart?: MultipartEncoder | undefined;
}): PreparedRequest {
  const { operation, args, auth, client, call, dropIn } = options;
  const querySerializer = querySerializerOf(client?.querySerializer, call?.querySerializer);
  const serialized = serializeParameters(
    operation,
    args,
    typeof querySerializer === 'object'
      ? {
          ...(options.open === undefined ? {} : { open: options.open }),
          missingPath: dropIn ? 'keep' : 'throw',
          query: querySerializer,
        }
      : serializeOptionsOf(dropIn, options.open),
  );
  const pathSerializer = call?.pathSerializer ?? client?.pathSerializer;
  const url =
    pathSerializer !== undefined && args.path !== undefined
      ? pathSerializer(`${options.baseUrl}${operation.path}`, args.path)
      : `${options.baseUrl}${serialized.path}`;
  const query =
    typeof querySerializer === 'function'
      ? querySerializer(args.query ?? {}).replace(/^\?/, '')
      : serialized.query;
  const credentialQuery = auth.query.length === 0 ? '' : encodedCredentials(auth).query;
  const search =
    credentialQuery === '' ? query : query === '' ? credentialQuery : `${query}&${credentialQuery}`;
  const layers = [client?.headers, call?.headers, serialized.headers];
  // Most calls set no header of their own: then there is nothing to merge.
  const ownHeaders = !(
    isEmpty(client?.headers) &&
    isEmpty(call?.headers) &&
    isEmpty(serialized.headers)
  );
  // The drop-in passes the client's `init` as the call's when the call adds nothing: copied once.
  const init: OutgoingRequest['init'] =
    call?.init === client?.init
      ? { ...client?.init, method: wireMethod(operation), headers: undefined as unknown as Headers }
      : {
          ...client?.init,
          ...call?.init,
          method: wireMethod(operation),
          headers: undefined as unknown as Headers,
        };
  const accept = dropIn ? undefined : acceptHeader(operation);
  let contentType: string | undefined;
  if (args.body !== undefined) {
    const given = mergeHeaders(...layers);
    const mediaType =
      given['content-type'] ?? operation.requestBody?.mediaTypes[0] ?? 'application/json';
    const bodySerializer = call?.bodySerializer ?? client?.bodySerializer;
    const encoded =
      bodySerializer === undefined
        ? encodeBody({
            body: args.body,
            mediaType,
            encoding: operation.requestBody?.encoding,
            stringify: operation.codecs?.stringifyJson,
            multipart: options.multipart,
          })
        : (() => {
            const body = bodySerializer(args.body, new Headers(given)) as BodyInit;
            return { body, contentType: body instanceof FormData ? undefined : mediaType };
          })();
    init.body = encoded.body;
    // fetch sends a stream body only as a half-duplex request, and says so only when asked to.
    if (typeof ReadableStream !== 'undefined' && encoded.body instanceof ReadableStream)
      Object.assign(init, { duplex: 'half' });
    contentType = encoded.contentType;
  }
  // Set straight on the `Headers` when the caller gave none (most calls): no record to merge, and
  // no prototype-less record (a dictionary object, slow to fill and to walk). Each name is set once
  // or replaced, so the headers are what merging records would give; `set` keeps spec names
  // (`__proto__`) just names.
  const headers = new Headers();
  let givenCookie = '';
  if (ownHeaders) {
    const merged = mergeHeaders({ accept, 'content-type': contentType }, ...layers);
    givenCookie = merged['cookie'] ?? '';
    for (const name in merged) headers.append(name, merged[name]!);
  } else {
    if (accept !== undefined) headers.append('accept', accept);
    if (contentType !== undefined) headers.append('content-type', contentType);
  }
  if (serialized.cookies !== '' || auth.cookies.length > 0) {
    const cookies = [givenCookie, serialized.cookies, ...encodedCredentials(auth).cookies].filter(
      (part) => part !== '',
    );
    headers.set('cookie', cookies.join('; '));
  }
  for (const name in auth.headers) headers.set(name.toLowerCase(), auth.headers[name]!);
  init.headers = headers;
  return {
    url: search === '' ? url : `${url}?${search}`,
    init,
    // What the caller's header options hold (iterating a `Headers` is dearer than the options);
    // without any, the credentials are the operation's alone, the same for every call.
    credentials: !ownHeaders
      ? operationCredentials(options.api, auth)
      : credentialsOf({ api: options.api, auth, headers: layers }),
  };
}
