/** Request bodies by media type, and response bodies by content type. */
import type { BodyEncoding } from '../definition.js';
import type { ParseAs } from '../call-options.js';
import { isAsyncIterable, partHeadersOf, streamOf } from './files.js';
import { fieldText, formEntries, isStreamValue } from '../form-fields.js';
import type { encodeMultipart } from './multipart.js';
import { onDemand } from './on-demand.js';

/** The client's own multipart encoder (`multipart.ts`), loaded by the calls that need it. */
export type MultipartEncoder = typeof encodeMultipart;

function isPassThrough(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof URLSearchParams ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

/**
 * One multipart field: a `Blob` as it is (given the part's content type from the spec's `encoding`
 * when it has none), a value whose part the spec types (`application/json`, ...) as a `Blob` of
 * that type, anything else as text.
 */
function formPart(value: unknown, contentType: string | undefined): string | Blob {
  if (value instanceof Blob) {
    if (contentType === undefined || value.type !== '' || contentType.includes(',')) return value;
    return value instanceof File
      ? new File([value], value.name, { type: contentType })
      : new Blob([value], { type: contentType });
  }
  if (contentType === undefined || /^text\/plain\b/i.test(contentType)) return fieldText(value);
  const text = /json/i.test(contentType) ? JSON.stringify(value) : fieldText(value);
  return new Blob([text], { type: contentType });
}

/**
 * Whether a multipart body needs the client's own encoder rather than `FormData`: a part with
 * headers (declared by the spec's `encoding` or given to `toFile`), a typed part that is not a
 * file (`FormData` gives it a filename), or a file sent from a stream.
 */
export function needsPartEncoder(
  body: unknown,
  encoding: Record<string, BodyEncoding> | undefined,
): boolean {
  if (isPassThrough(body)) return false;
  return formEntries(body).some(([name, value]) => {
    const own =
      encoding !== undefined && Object.hasOwn(encoding, name) ? encoding[name] : undefined;
    if (own?.headers?.length || partHeadersOf(value) !== undefined || isStreamValue(value))
      return true;
    const type = own?.contentType;
    return (
      !(value instanceof Blob) &&
      type !== undefined &&
      !type.includes(',') &&
      !/^text\/plain\b/i.test(type)
    );
  });
}

/** The own multipart encoder, imported on first use (`onDemand`: once; a failed load is tried again). */
export const loadMultipartEncoder = onDemand(() =>
  import('./multipart.js').then((module) => module.encodeMultipart),
);

/**
 * Encodes a request body for its media type: JSON, form-urlencoded, multipart (each part by the
 * spec's `encoding`), text; strings, blobs, buffers, streams and `FormData` go as they are, and an
 * async iterable (a Node `Readable`) as a stream. `contentType` is `undefined` when the platform
 * must set it (multipart boundaries).
 */
export function encodeBody(options: {
  body: unknown;
  mediaType: string;
  encoding?: Record<string, BodyEncoding> | undefined;
  /** How JSON is written (the operation's codecs keep int64 exact); default `JSON.stringify`. */
  stringify?: ((value: unknown) => string | undefined) | undefined;
  /** The own multipart encoder, loaded when `needsPartEncoder` says the body needs it. */
  multipart?: MultipartEncoder | undefined;
}): {
  body: BodyInit;
  contentType: string | undefined;
} {
  const { mediaType } = options;
  const stringify = options.stringify ?? JSON.stringify;
  const body =
    isAsyncIterable(options.body) &&
    !(typeof ReadableStream !== 'undefined' && options.body instanceof ReadableStream)
      ? streamOf(options.body as AsyncIterable<Uint8Array | string>)
      : options.body;
  if (body instanceof FormData) return { body, contentType: undefined };
  if (mediaType === 'application/x-www-form-urlencoded' && !isPassThrough(body)) {
    const form = new URLSearchParams();
    for (const [key, value] of formEntries(body)) form.append(key, fieldText(value));
    return { body: form.toString(), contentType: mediaType };
  }
  if (mediaType === 'multipart/form-data' && !isPassThrough(body)) {
    if (options.multipart !== undefined)
      return options.multipart(body, options.encoding, options.stringify);
    const form = new FormData();
    for (const [key, value] of formEntries(body))
      form.append(
        key,
        formPart(
          value,
          options.encoding !== undefined && Object.hasOwn(options.encoding, key)
            ? options.encoding[key]!.contentType
            : undefined,
        ),
      );
    return { body: form, contentType: undefined };
  }
  if (/json/i.test(mediaType)) return { body: stringify(body)!, contentType: mediaType };
  if (isPassThrough(body)) return { body, contentType: mediaType };
  if (mediaType.startsWith('text/')) return { body: String(body), contentType: mediaType };
  return { body: stringify(body)!, contentType: 'application/json' };
}

/**
 * A response without a body to read: to HEAD, 204, 205, 304, or `Content-Length: 0` (unless the
 * body is chunked, where that header means nothing).
 */
function isEmpty(response: Response, method: string, headers: Headers): boolean {
  const { status } = response;
  if (
    status === 204 ||
    status === 205 ||
    status === 304 ||
    (method.length === 4 && method.toLowerCase() === 'head')
  )
    return true;
  return (
    headers.get('content-length') === '0' && !headers.get('transfer-encoding')?.includes('chunked')
  );
}

/** Nothing to read: the body (if any) is cancelled. */
async function nothing(response: Response): Promise<undefined> {
  await response.body?.cancel();
  return undefined;
}

function blobOrNothing(blob: Blob): Blob | undefined {
  return blob.size === 0 ? undefined : blob;
}

function textOrNothing(text: string): string | undefined {
  return text === '' ? undefined : text;
}

/** JSON when it parses, else the text; `undefined` when empty. */
function jsonOrText(text: string, parse: (text: string) => unknown = JSON.parse): unknown {
  if (text === '') return undefined;
  try {
    return parse(text);
  } catch {
    return text;
  }
}

/**
 * Reads a response body: JSON when the content type says so (text if it does not parse), text for
 * text types, a `Blob` otherwise, and `undefined` when there is no body. Not async: one step
 * after the body's own read, none of its own.
 */
export function readBody(
  response: Response,
  method: string,
  /** How JSON is read (the operation's codecs keep int64 exact); default `JSON.parse`. */
  parse?: (text: string) => unknown,
): Promise<unknown> {
  const { headers } = response;
  // `Content-Length: 0` (not chunked) says there is no body even when the Response carries bytes
  // (a stub, a proxy that kept them): nothing is read, as openapi-fetch does.
  if (isEmpty(response, method, headers)) return nothing(response);
  const contentType = (headers.get('content-type') ?? '').toLowerCase();
  const json = contentType === '' || contentType.includes('json');
  if (!json && !/^text\/|xml|form-urlencoded/.test(contentType))
    return response.blob().then(blobOrNothing);
  if (!json) return response.text().then(textOrNothing);
  return parse === undefined
    ? response.text().then(jsonOrText)
    : response.text().then((text) => jsonOrText(text, parse));
}

/**
 * Reads a response as the drop-in client delivers it: a 2xx body by `parseAs` (by its content
 * type when not given, as `readBody` does; `stream` hands over `response.body` unread), an error
 * body as JSON when it parses and as text otherwise; `undefined` when there is no body. What it
 * resolves with is `data` for a 2xx response and `error` otherwise.
 */
export function readResult(
  response: Response,
  options: { method: string; parseAs: ParseAs | undefined; ok: boolean },
): unknown {
  const { parseAs, ok } = options;
  if (ok && parseAs === undefined) return readBody(response, options.method);
  if (ok && parseAs === 'stream') return response.body;
  if (isEmpty(response, options.method, response.headers)) {
    void response.body?.cancel();
    return undefined;
  }
  if (!ok) return readError(response);
  if (parseAs === 'json')
    return response.text().then((text) => (text === '' ? undefined : JSON.parse(text)));
  return response[parseAs as 'text' | 'blob' | 'arrayBuffer']();
}

/** An error body: JSON when it parses, else its text; `undefined` when empty. */
function readError(response: Response): Promise<unknown> {
  return response.text().then(jsonOrText);
}

export type { ParseAs } from '../call-options.js';
