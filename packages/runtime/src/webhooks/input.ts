/**
 * What a webhook arrives as: a fetch `Request` (any `Request`-based framework, edge and browser
 * runtimes), Node's `IncomingMessage` (`http.createServer`, Express without a body parser), or
 * headers and the raw body already read. Signatures are over the exact bytes, so the body is read
 * raw, never through a JSON parser first.
 */
import { WebhookError } from './errors.js';

/** Headers as Node gives them (`IncomingHttpHeaders`) or as fetch does. */
export type WebhookHeaders =
  Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** Headers and the body as received (a string is taken as UTF-8). */
export interface RawWebhook {
  headers: WebhookHeaders;
  body: string | Uint8Array | ArrayBuffer;
}

/** Node's `IncomingMessage`, structurally: its headers and its body as chunks. */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
}

/** Anything `parse` and `handle` accept. */
export type WebhookInput = Request | NodeRequestLike | RawWebhook;

/** A webhook read: a header by name, and the body's bytes. */
export interface ReadWebhook {
  header: (name: string) => string | undefined;
  body: Uint8Array;
}

/** 1 MiB: a webhook is a notification, not an upload. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

function headerReader(headers: WebhookHeaders): (name: string) => string | undefined {
  if (typeof (headers as Headers).get === 'function') {
    const fetchHeaders = headers as Headers;
    return (name) => fetchHeaders.get(name) ?? undefined;
  }
  const lowered = new Map(
    Object.entries(headers as Record<string, string | readonly string[] | undefined>).map(
      ([key, value]) => [key.toLowerCase(), value] as const,
    ),
  );
  return (name) => {
    const value = lowered.get(name.toLowerCase());
    return Array.isArray(value) ? value.join(', ') : (value as string | undefined);
  };
}

function tooLarge(maxBodyBytes: number): WebhookError {
  return new WebhookError('body-too-large', `Webhook body exceeds ${maxBodyBytes} bytes`);
}

async function chunksOf(
  source: AsyncIterable<Uint8Array | string>,
  maxBodyBytes: number,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const encoder = new TextEncoder();
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    length += bytes.length;
    if (length > maxBodyBytes) throw tooLarge(maxBodyBytes);
    chunks.push(bytes);
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

/** A web stream's chunks through its reader (Safari's streams are not async iterable). */
async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stops the body when reading stops early (too large).
    await reader.cancel().catch(() => {});
  }
}

function isRequest(input: WebhookInput): input is Request {
  return typeof Request !== 'undefined' && input instanceof Request;
}

/** Reads the headers and the raw body of `input`, refusing a body over `maxBodyBytes`. */
export async function readWebhook(
  input: WebhookInput,
  maxBodyBytes: number = DEFAULT_MAX_BODY_BYTES,
): Promise<ReadWebhook> {
  if (isRequest(input)) {
    const declared = Number(input.headers.get('content-length'));
    if (declared > maxBodyBytes) throw tooLarge(maxBodyBytes);
    const body = input.body
      ? await chunksOf(streamChunks(input.body), maxBodyBytes)
      : new Uint8Array();
    return { header: headerReader(input.headers), body };
  }
  if ('body' in input && !(Symbol.asyncIterator in input)) {
    const raw = input.body;
    const body =
      typeof raw === 'string'
        ? new TextEncoder().encode(raw)
        : raw instanceof Uint8Array
          ? raw
          : new Uint8Array(raw);
    if (body.length > maxBodyBytes) throw tooLarge(maxBodyBytes);
    return { header: headerReader(input.headers), body };
  }
  const node = input as NodeRequestLike;
  return { header: headerReader(node.headers), body: await chunksOf(node, maxBodyBytes) };
}
