/**
 * A multipart/form-data body written by the client itself, for what `FormData` cannot say: part
 * headers the spec's `encoding` declares (or `toFile` was given), a typed part that is not a file
 * (`FormData` would name it `blob`, and servers then take it for an upload), and files sent from
 * streams. Loaded only by the calls that need it (`needsPartEncoder` in `body.ts`).
 *
 * No library does this: `form-data-encoder` 4.1 writes only `Content-Disposition`, `Content-Type`
 * and (optionally) `Content-Length` per part, from a `FormData` that cannot hold more; `form-data`
 * takes part headers but is built on Node streams and does not run in browsers.
 *
 * Parts follow RFC 7578 as browsers write them (the HTML standard's encoding): a random boundary;
 * `"`, CR and LF in names and filenames percent-escaped; line breaks in text fields as CRLF. A body
 * of `Blob`s and text is a `Blob` (lazy, replayable on a retry, `Content-Length` known, no
 * half-duplex); a body with a stream is a `ReadableStream` that reads each part as it is sent.
 */
import type { BodyEncoding } from '../definition.js';
import { partHeadersOf } from './files.js';
import { fieldText, formEntries, isStreamValue } from '../form-fields.js';

/** A header name as HTTP allows it (RFC 9110's token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The encoded body and the `Content-Type` that names its boundary. */
export interface MultipartBody {
  body: Blob | ReadableStream<Uint8Array>;
  contentType: string;
}

type Piece = string | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** A fresh boundary: 128 random bits, so it cannot occur in what the parts hold. */
function boundary(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `----zapgen${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** A name or filename inside a quoted `Content-Disposition` parameter (the HTML standard's escape). */
function quoted(text: string): string {
  return `"${text.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22')}"`;
}

/** A text field's line breaks as CRLF, as browsers send them. */
function crlf(text: string): string {
  return text.replace(/\r?\n|\r/g, '\r\n');
}

/** The one content type `contentType` names; `undefined` for a list of allowed ones or none. */
function single(contentType: string | undefined): string | undefined {
  return contentType === undefined || contentType.includes(',') || contentType.includes('*')
    ? undefined
    : contentType;
}

/** The file name of a stream: a Node file stream's own (`fs.createReadStream(path)`), else `blob`. */
function streamName(value: object): string {
  const path = (value as { path?: unknown }).path;
  return typeof path === 'string' ? (path.split(/[\\/]/).pop() ?? 'blob') : 'blob';
}

/**
 * The part's headers, those the spec declares and those given with the file (which win), checked:
 * a required one without a value, or a name or value that would break the message, fails here,
 * before anything is sent, naming the part.
 */
function declaredHeaders(
  name: string,
  encoding: BodyEncoding | undefined,
  given: Record<string, string> | undefined,
): [string, string][] {
  const headers = new Map<string, [string, string]>();
  for (const header of encoding?.headers ?? []) {
    if (header.value !== undefined)
      headers.set(header.name.toLowerCase(), [header.name, header.value]);
  }
  for (const [key, value] of Object.entries(given ?? {}))
    headers.set(key.toLowerCase(), [key, String(value)]);
  for (const header of encoding?.headers ?? []) {
    if (header.required && !headers.has(header.name.toLowerCase()))
      throw new TypeError(
        `body.${name}: the part needs the header ${header.name} (the spec's encoding requires it); give it with toFile(data, name, { headers })`,
      );
  }
  const result = [...headers.values()].filter(
    ([key]) => !/^content-(type|disposition)$/i.test(key),
  );
  for (const [key, value] of result) {
    if (!TOKEN.test(key)) throw new TypeError(`body.${name}: invalid part header name ${key}`);
    if (/[\r\n\0]/.test(value))
      throw new TypeError(
        `body.${name}: the part header ${key} holds a line break or NUL, which would end the header`,
      );
  }
  return result;
}

/** One part: its head (boundary and headers) and its content. */
function part(
  name: string,
  value: unknown,
  encoding: BodyEncoding | undefined,
  stringify: (value: unknown) => string | undefined,
): Piece[] {
  const declared = single(encoding?.contentType);
  let disposition = `form-data; name=${quoted(name)}`;
  let contentType: string | undefined;
  let content: Piece;
  if (value instanceof Blob) {
    disposition += `; filename=${quoted(value instanceof File ? value.name : 'blob')}`;
    contentType = value.type || declared || 'application/octet-stream';
    content = value;
  } else if (isStreamValue(value)) {
    disposition += `; filename=${quoted(streamName(value as object))}`;
    contentType = declared ?? 'application/octet-stream';
    content = value as Piece;
  } else if (declared === undefined || /^text\/plain\b/i.test(declared)) {
    contentType = declared;
    content = crlf(fieldText(value));
  } else {
    contentType = declared;
    content = /json/i.test(declared) ? (stringify(value) ?? 'null') : fieldText(value);
  }
  const lines = [
    `Content-Disposition: ${disposition}`,
    ...(contentType === undefined ? [] : [`Content-Type: ${contentType}`]),
    ...declaredHeaders(name, encoding, partHeadersOf(value)).map(
      ([key, text]) => `${key}: ${text}`,
    ),
  ];
  return [`${lines.join('\r\n')}\r\n\r\n`, content];
}

/** A body read piece by piece as it is sent: text, `Blob`s and streams, each when its turn comes. */
function streamOfPieces(pieces: Piece[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  let current: AsyncIterator<Uint8Array | string> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (current !== undefined) {
          const next = await current.next();
          if (!next.done) {
            const chunk = next.value;
            return controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
          }
          current = undefined;
        }
        if (index === pieces.length) return controller.close();
        const piece = pieces[index++]!;
        if (typeof piece === 'string') return controller.enqueue(encoder.encode(piece));
        current = iteratorOf(piece instanceof Blob ? piece.stream() : piece);
      }
    },
    async cancel(reason) {
      await current?.return?.(reason);
    },
  });
}

/** An iterator of a web stream (through its reader: Safari's streams are not iterable) or an async iterable. */
function iteratorOf(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>,
): AsyncIterator<Uint8Array | string> {
  if (!(typeof ReadableStream !== 'undefined' && source instanceof ReadableStream))
    return (source as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
  const reader = source.getReader();
  return {
    next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
    return: async (reason?: unknown) => {
      await reader.cancel(reason);
      return { done: true, value: undefined };
    },
  };
}

/**
 * Writes a multipart/form-data body of `body`'s properties (arrays as one part per item), each
 * part as `encoding` says: its content type, its declared headers, files with their names.
 */
export function encodeMultipart(
  body: unknown,
  encoding: Record<string, BodyEncoding> | undefined,
  stringify: (value: unknown) => string | undefined = JSON.stringify,
): MultipartBody {
  const separator = boundary();
  const pieces: Piece[] = [];
  for (const [name, value] of formEntries(body)) {
    const own =
      encoding !== undefined && Object.hasOwn(encoding, name) ? encoding[name] : undefined;
    pieces.push(`--${separator}\r\n`, ...part(name, value, own, stringify), '\r\n');
  }
  pieces.push(`--${separator}--\r\n`);
  const contentType = `multipart/form-data; boundary=${separator}`;
  const streamed = pieces.some((piece) => typeof piece !== 'string' && !(piece instanceof Blob));
  return {
    body: streamed
      ? streamOfPieces(pieces)
      : new Blob(pieces as (string | Blob)[], { type: contentType }),
    contentType,
  };
}
