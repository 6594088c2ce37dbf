/**
 * A stream that stops sending without closing, over real HTTP: `stream.idleTimeoutMs` turns the
 * silence into a resumption (server-sent events, with `Last-Event-ID`) or a typed
 * `StreamError('idle')`, and closes the silent connection; keep-alive comments are not silence.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRuntime } from '../../src/client/create-runtime.js';
import type { ApiDefinition, OperationDefinition } from '../../src/definition.js';
import { StreamError, TimeoutError } from '../../src/errors.js';
import type { ResponseStream, ServerSentEvent } from '../../src/streaming/response-stream.js';

type Handler = (request: IncomingMessage, response: ServerResponse, index: number) => void;

const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A loopback server; `requests` records headers, `closed` which connections the client closed. */
async function serve(handle: Handler) {
  const requests: IncomingMessage['headers'][] = [];
  const closed: number[] = [];
  const server = createServer((request, response) => {
    const index = requests.push(request.headers) - 1;
    request.socket.on('close', () => closed.push(index));
    handle(request, response, index);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, requests, closed };
}

const api: ApiDefinition = { name: 'idle-test', servers: [], securitySchemes: {} };
const Item = z.object({ n: z.number() });
function operation(mediaType: string): OperationDefinition {
  return {
    operationId: 'follow',
    method: 'get',
    path: '/follow',
    parameters: [],
    responses: [{ status: '200', mediaTypes: [mediaType], stream: { items: Item } }],
    security: [],
  };
}

async function collect<T>(stream: ResponseStream<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

describe('idle timeout of a stream', () => {
  it('resumes a silent event stream with Last-Event-ID', async () => {
    const { baseUrl, requests, closed } = await serve((request, response, index) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if (index === 0) {
        // One event, then silence with the connection open.
        response.write('id: 1\ndata: {"n":1}\n\n');
        return;
      }
      response.end(`id: 2\ndata: {"n":${Number(request.headers['last-event-id']) + 1}}\n\n`);
    });
    const runtime = createRuntime(api, { baseUrl, retry: { sleep: async () => {} } });
    const stream = await runtime.call<ResponseStream<ServerSentEvent<{ n: number }>>>(
      operation('text/event-stream'),
      {},
      { stream: { idleTimeoutMs: 300 } },
    );
    expect((await collect(stream)).map((event) => event.data.n)).toEqual([1, 2]);
    expect(requests.map((headers) => headers['last-event-id'])).toEqual([undefined, '1']);
    expect(stream.reconnects).toBe(1);
    // The silent connection was closed by the client.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toContain(0);
  });

  it('fails with StreamError("idle") when the resumed streams stay silent too', async () => {
    const { baseUrl, requests } = await serve((_request, response, index) => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_idle' });
      // An event first; the resumed connection says nothing at all.
      if (index === 0) response.write('id: 5\ndata: {"n":5}\n\n');
      else response.flushHeaders();
    });
    const runtime = createRuntime(api, { baseUrl, retry: { sleep: async () => {} } });
    const stream = await runtime.call<ResponseStream<ServerSentEvent>>(
      operation('text/event-stream'),
      {},
      { stream: { idleTimeoutMs: 250, maxReconnects: 1 } },
    );
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const event of stream) seen.push(event.data);
    })().catch((failure: unknown) => failure);
    expect(seen).toEqual([{ n: 5 }]);
    expect(requests).toHaveLength(2);
    expect(error).toBeInstanceOf(StreamError);
    expect(error).toMatchObject({ reason: 'idle', lastEventId: '5', requestId: 'req_idle' });
    expect((error as StreamError).cause).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe(
      'follow: stream idle: no data for 250 ms and 1 reconnections in a row failed (request id req_idle)',
    );
  });

  it('fails an NDJSON stream that goes silent at once, after the items that came', async () => {
    const { baseUrl } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write('{"n":1}\n{"n":2}\n');
    });
    const runtime = createRuntime(api, { baseUrl });
    const stream = await runtime.call<ResponseStream<{ n: number }>>(
      operation('application/x-ndjson'),
      {},
      { stream: { idleTimeoutMs: 250 } },
    );
    const seen: number[] = [];
    const error = await (async () => {
      for await (const item of stream) seen.push(item.n);
    })().catch((failure: unknown) => failure);
    expect(seen).toEqual([1, 2]);
    expect(error).toMatchObject({ name: 'StreamError', reason: 'idle' });
    expect((error as Error).message).toBe('follow: stream idle: no data for 250 ms');
  });

  it('takes keep-alive comments as a live connection', async () => {
    const { baseUrl } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let beats = 0;
      const beat = setInterval(() => {
        beats += 1;
        if (beats < 12) response.write(': keep-alive\n\n');
        else {
          clearInterval(beat);
          response.end('data: {"n":12}\n\n');
        }
      }, 40);
    });
    const runtime = createRuntime(api, { baseUrl });
    const stream = await runtime.call<ResponseStream<ServerSentEvent<{ n: number }>>>(
      operation('text/event-stream'),
      {},
      { stream: { idleTimeoutMs: 400, maxReconnects: 0 } },
    );
    // 480 ms in all, longer than the idle timeout, never silent for as long.
    expect((await collect(stream)).map((event) => event.data.n)).toEqual([12]);
    expect(stream.reconnects).toBe(0);
  });
});
