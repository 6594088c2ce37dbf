/**
 * Files for uploads: `toFile` turns what an application holds (bytes, text, a `Blob`, a web or
 * Node stream, a `Response`) into a `File` with a name and a content type, for a multipart field
 * or an `application/octet-stream` body. A `Blob` is wrapped, not copied: a file opened with
 * Node's `fs.openAsBlob(path)` is read from disk as it is sent. A stream must be read to its end
 * to make a `File` (multipart bodies are built from `Blob`s); to send a stream without holding it,
 * send it as the body of an `application/octet-stream` operation.
 */

/** What an `application/octet-stream` (or other file type) request body may be: sent as it is. */
export type UploadBody =
  | Blob
  | ArrayBuffer
  | ArrayBufferView
  | string
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array | string>;

/**
 * A multipart body type whose file properties `Files` (binary in the spec, strings in
 * openapi-typescript's types) take `Blob`s and `File`s (`toFile`), arrays of them for arrays.
 */
export type WithFiles<Body, Files extends PropertyKey> = {
  [Key in keyof Body]: Key extends Files
    ? NonNullable<Body[Key]> extends readonly unknown[]
      ? PartFile[] | Body[Key]
      : PartFile | Body[Key]
    : Body[Key];
};

/**
 * What a multipart file part may be: a `Blob` or `File` (`toFile`, `fs.openAsBlob`), or a stream
 * sent as it is read (a web stream, or an async iterable such as a Node `Readable`).
 */
export type PartFile = Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** What `toFile` accepts. */
export type FileData =
  | Blob
  | ArrayBuffer
  | ArrayBufferView
  | string
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array | string>
  | Response;

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** A web stream of an async iterable (a Node `Readable`), pulled as it is sent. */
export function streamOf(source: AsyncIterable<Uint8Array | string>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : next.value);
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}

async function partsOf(data: FileData): Promise<BlobPart[]> {
  if (data instanceof Blob || typeof data === 'string') return [data];
  if (data instanceof ArrayBuffer) return [data];
  if (ArrayBuffer.isView(data)) return [data as ArrayBufferView<ArrayBuffer>];
  if (data instanceof Response) return [await data.blob()];
  const stream = data instanceof ReadableStream ? data : streamOf(data);
  const parts: BlobPart[] = [];
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    parts.push(chunk.value as Uint8Array<ArrayBuffer>);
  return parts;
}

/**
 * A `File` named `name` of `data`, of content type `options.type` (else the `Blob`'s own; without
 * either, a multipart part gets the type the spec's `encoding` gives it, else
 * `application/octet-stream`).
 */
export async function toFile(
  data: FileData | PromiseLike<FileData>,
  name: string,
  options: {
    type?: string;
    lastModified?: number;
    /**
     * Headers of the file's multipart part, beside those the spec's `encoding` declares (and
     * over the values it fixes): `{ 'X-Rate-Limit': '100' }`. They make the client write the
     * body itself, since `FormData` cannot carry part headers.
     */
    headers?: Record<string, string>;
  } = {},
): Promise<File> {
  const value = await data;
  if (!(value instanceof Blob) && !isAsyncIterable(value) && !(value instanceof ReadableStream)) {
    const kinds = ['string', 'object'];
    if (!kinds.includes(typeof value) || value === null)
      throw new TypeError(
        `toFile: cannot make a file of ${value === null ? 'null' : typeof value}`,
      );
  }
  // Without a type, the spec's `encoding` (or the platform: application/octet-stream) decides.
  const type = options.type ?? (value instanceof Blob ? value.type : '');
  const file = new File(await partsOf(value), name, {
    type,
    ...(options.lastModified === undefined ? {} : { lastModified: options.lastModified }),
  });
  if (options.headers !== undefined)
    Object.defineProperty(file, PART_HEADERS, { value: Object.freeze({ ...options.headers }) });
  return file;
}

/**
 * Where `toFile` keeps a file's part headers: a registered symbol, not a module's `WeakMap`, so
 * that a file made by one copy of the runtime (an app's) is read by another (a package's).
 */
const PART_HEADERS = Symbol.for('zapgen.partHeaders');

/** The multipart part headers given to `toFile` for this file, if any. */
export function partHeadersOf(value: unknown): Record<string, string> | undefined {
  return value instanceof Blob
    ? ((value as unknown as Record<symbol, Record<string, string> | undefined>)[PART_HEADERS] ??
        undefined)
    : undefined;
}

export { isAsyncIterable };
