/**
 * The mock's handler behind a Node HTTP server. Only `listen()` loads this module, so that the
 * handler itself runs anywhere `Request` and `Response` exist (browsers, MSW, workers).
 */
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Node parses request lines and headers up to this size, so that the handler answers 414/431 with
 * the API's error body; past it, Node cannot tell a long URL from large headers (431).
 */
const PARSED_HEADER_BYTES = 1024 * 1024;

function rawAnswer(status: number, body: string): string {
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/**
 * The request body as a web stream. Cancelling it (a refused body) drains the rest instead of
 * destroying the socket, so that the client reads the 413 instead of a connection reset.
 */
function bodyStream(incoming: IncomingMessage): {
  stream: ReadableStream<Uint8Array>;
  drain(): void;
} {
  let cancelled = false;
  const drain = () => {
    cancelled = true;
    incoming.resume();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      incoming.on('data', (chunk: Buffer) => {
        if (cancelled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
      });
      incoming.once('end', () => {
        if (!cancelled) controller.close();
      });
      incoming.once('error', (error) => {
        if (!cancelled) controller.error(error);
      });
    },
    pull() {
      incoming.resume();
    },
    cancel: drain,
  });
  return { stream, drain };
}

/** The web Request of a Node request, and how to discard the body the handler did not read. */
function toRequest(
  incoming: IncomingMessage,
  origin: string,
  signal: AbortSignal,
): { request: Request; drain(): void } {
  const headers = new Headers();
  for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
    headers.append(incoming.rawHeaders[index] ?? '', incoming.rawHeaders[index + 1] ?? '');
  }
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  let drain = () => {};
  if (hasBody) {
    const body = bodyStream(incoming);
    init.body = body.stream;
    init.duplex = 'half';
    drain = body.drain;
  }
  return { request: new Request(new URL(incoming.url ?? '/', origin), init), drain };
}

async function send(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  outgoing.writeHead(response.status, headers);
  if (response.body === null) return void outgoing.end();
  // Written as it comes: a streamed answer (events, JSON lines) reaches the client item by item.
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  outgoing.once('close', stop);
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      if (!outgoing.destroyed) outgoing.write(chunk.value);
  } finally {
    outgoing.off('close', stop);
    outgoing.end();
  }
}

/** Serves `handle` on `host:port`; resolves once listening. */
export async function serve(options: {
  handle: (request: Request) => Promise<Response>;
  host: string;
  port: number;
  /** The JSON error body for a request Node could not parse (no operation is known then). */
  errorPayload: (status: number, code: string, message: string) => string;
}): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const answered = new WeakSet<Socket>();
  const server = createServer({ maxHeaderSize: PARSED_HEADER_BYTES }, (incoming, outgoing) => {
    const controller = new AbortController();
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) controller.abort();
    });
    const origin = `http://${incoming.headers.host ?? `${options.host}:${options.port}`}`;
    let request: Request;
    let drain: () => void;
    try {
      ({ request, drain } = toRequest(incoming, origin, controller.signal));
    } catch (error) {
      const status = /method/i.test(String(error)) ? 405 : 400;
      const body = options.errorPayload(
        status,
        status === 405 ? 'method_not_allowed' : 'bad_request',
        `The request cannot be handled: ${(error as Error).message}`,
      );
      outgoing
        .writeHead(status, { 'content-type': 'application/json', connection: 'close' })
        .end(body);
      return;
    }
    options
      .handle(request)
      .then((response) => send(response, outgoing))
      // A refused body (413, 405, ...) is read and discarded, so the connection stays usable.
      .then(() => drain())
      .catch(() => outgoing.destroy());
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;
  // Node closes an idle kept-alive connection after 5 s; a client reusing it at that moment gets
  // ECONNRESET (seen with 2,000 requests over a pool on a loaded machine). A longer idle timeout
  // makes that race rare for clients that pool connections (test suites, load tools, undici).
  server.keepAliveTimeout = 65_000;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Already answered (Node reports the rest of a refused request again): keep draining.
    if (answered.has(socket)) return;
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    answered.add(socket);
    let status = 400;
    let code = 'bad_request';
    let message = 'The request is not valid HTTP.';
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      status = 431;
      code = 'request_header_fields_too_large';
      message = `The request line and headers exceed ${PARSED_HEADER_BYTES} bytes.`;
    } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      status = 408;
      code = 'request_timeout';
      message = 'The request did not arrive in time.';
    }
    socket.end(rawAnswer(status, options.errorPayload(status, code, message)));
    // Read what the client still sends, so that closing does not reset the connection before it
    // reads the answer; give up after a while.
    socket.resume();
    socket.setTimeout(5000, () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
}
