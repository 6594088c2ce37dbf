/**
 * Reading a request as the mock receives it: its URL's percent-encoding, its headers, its body
 * within the limits (size, time, nesting), parsed by the operation's media types; and the OAuth
 * endpoints' form bodies.
 */
import type { OperationDefinition } from '../definition.js';
import { mediaTypeEssence } from '../media-type.js';
import { setOwn } from '../own.js';
import { MockProblem } from './answer.js';
import { isBinaryBody, multipartForm, type MultipartPartInfo } from './form-bodies.js';
import { assertNesting } from './guards.js';
import type { MockLimits } from './options.js';

const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

export function checkEncoding(url: URL): void {
  for (const [part, text] of [
    ['path', url.pathname],
    ['query', url.search],
  ] as const) {
    let valid = !BAD_ESCAPE.test(text);
    if (valid) {
      try {
        decodeURIComponent(text);
      } catch {
        valid = false;
      }
    }
    if (!valid)
      throw new MockProblem({
        status: 400,
        code: 'bad_request',
        message: `The ${part} has an invalid percent-encoding.`,
      });
  }
}

export function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    setOwn(record, name, value);
  });
  return record;
}

export async function readBody(request: Request, limits: MockLimits): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limits.bodyBytes) {
    throw new MockProblem({
      status: 413,
      code: 'payload_too_large',
      message: `The request body exceeds ${limits.bodyBytes} bytes.`,
    });
  }
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new MockProblem({
            status: 408,
            code: 'request_timeout',
            message: `The request body did not arrive within ${limits.bodyTimeoutMs} ms.`,
            headers: { connection: 'close' },
          }),
        ),
      limits.bodyTimeoutMs,
    );
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), timeout]);
      if (done) break;
      size += value.byteLength;
      if (size > limits.bodyBytes) {
        throw new MockProblem({
          status: 413,
          code: 'payload_too_large',
          message: `The request body exceeds ${limits.bodyBytes} bytes.`,
        });
      }
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The parts of each multipart body `parseBody` read, by the fields it returned. */
const multipartParts = new WeakMap<object, MultipartPartInfo[]>();

/** The parts, in order, of a multipart body as `parseBody` returned it (for `MockRequest.parts`). */
export function multipartPartsOf(body: unknown): MultipartPartInfo[] | undefined {
  return typeof body === 'object' && body !== null ? multipartParts.get(body) : undefined;
}

export async function parseBody(
  operation: OperationDefinition,
  contentType: string | null,
  bytes: Uint8Array,
  limits: MockLimits,
): Promise<unknown> {
  const body = operation.requestBody;
  if (body === undefined) return undefined;
  if (!bytes.byteLength) {
    if (body.required)
      throw new MockProblem({
        status: 400,
        code: 'bad_request',
        message: `${operation.operationId} requires a request body.`,
      });
    return undefined;
  }
  const mediaType = mediaTypeEssence(contentType);
  const accepted = body.mediaTypes.some(
    (type) =>
      type === mediaType ||
      type === '*/*' ||
      (type.endsWith('/*') && mediaType.startsWith(type.slice(0, -1))),
  );
  if (!accepted) {
    throw new MockProblem({
      status: 415,
      code: 'unsupported_media_type',
      message: `Content-Type must be one of: ${body.mediaTypes.join(', ')}.`,
    });
  }
  if (mediaType === 'multipart/form-data') {
    const form = multipartForm(contentType!, bytes, body.encoding, limits.bodyBytes);
    multipartParts.set(form.fields, form.parts);
    return form.fields;
  }
  if (isBinaryBody(mediaType))
    return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mediaType });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new MockProblem({
      status: 400,
      code: 'bad_request',
      message: 'The request body is not valid UTF-8.',
    });
  }
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    let parsed: unknown;
    try {
      parsed = (operation.codecs?.parseJson ?? JSON.parse)(text);
    } catch {
      throw new MockProblem({
        status: 400,
        code: 'bad_request',
        message: 'The request body is not valid JSON.',
      });
    }
    assertNesting(parsed, limits.depth);
    return parsed;
  }
  if (mediaType === 'application/x-www-form-urlencoded')
    return Object.fromEntries(new URLSearchParams(text));
  return text;
}

/**
 * The Request of a `fetch(input, init)` call. A path alone (a client of a spec without servers
 * and no `baseUrl`) is taken as on any host: outside a page there is nothing to resolve it
 * against, and the mock routes by path.
 */
export function requestOf(input: RequestInfo | URL, init: RequestInit | undefined): Request {
  if (input instanceof Request) return init === undefined ? input : new Request(input, init);
  const url = String(input);
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || 'location' in globalThis
    ? new Request(url, init)
    : new Request(new URL(url, 'http://localhost'), init);
}

export async function formOf(request: Request): Promise<URLSearchParams> {
  const type = mediaTypeEssence(request.headers.get('content-type'));
  if (request.method !== 'POST') return new URLSearchParams();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new MockProblem({
      status: 415,
      code: 'unsupported_media_type',
      message: 'Content-Type must be application/x-www-form-urlencoded.',
    });
  }
  return new URLSearchParams(await request.text());
}
