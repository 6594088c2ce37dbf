/**
 * Streamed responses over real HTTP (a loopback server written for each case): server-sent events
 * parsed, validated and resumed after a dropped connection with `Last-Event-ID`; NDJSON and
 * json-seq records; the caller's signal; typed errors.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRuntime } from '../../src/client/create-runtime.js';
import type { ApiDefinition, OperationDefinition } from '../../src/definition.js';
import {
  ClientError,
  ResponseValidationError,
  StreamError,
  type ResponseValidationReport,
} from '../../src/errors.js';
import type { ResponseStream, ServerSentEvent } from '../../src/streaming/response-stream.js';

type Handler = (request: IncomingMessage, response: ServerResponse, index: number) => void;

const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A loopback server; `requests` records each request's headers. */
async function serve(handle: Handler) {
  const requests: IncomingMessage['headers'][] = [];
  const server = createServer((request, response) => {
    requests.push(request.headers);
    handle(request, response, requests.length - 1);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, requests };
}

const api: ApiDefinition = { name: 'stream-test', servers: [], securitySchemes: {} };

const Delta = z.object({ text: z.string() });

function operation(
  mediaType: string,
  stream: NonNullable<OperationDefinition['responses'][number]['stream']>,
): OperationDefinition {
  return {
    operationId: 'streamThings',
    method: 'get',
    path: '/things',
    parameters: [],
    responses: [
      { status: '200', mediaTypes: [mediaType], stream },
      { status: '4XX', mediaTypes: ['application/json'] },
    ],
    security: [],
  };
}

const events = operation('text/event-stream', { items: Delta });

function sse(response: ServerResponse, headers: Record<string, string> = {}) {
  response.writeHead(200, { 'content-type': 'text/event-stream', ...headers });
}

async function collect<T>(stream: ResponseStream<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

describe('server-sent events', () => {
  it('resolves with typed events: data parsed, event, id and retry', async () => {
    const { baseUrl } = await serve((_request, response) => {
      sse(response, { 'x-request-id': 'req_1' });
      response.write('retry: 2500\nid: 1\ndata: {"text":"Hel"}\n\n');
      response.write(': a comment\n\nevent: delta\nid: 2\ndata: {"text":\ndata: "lo"}\n\n');
      response.end();
    });
    const runtime = createRuntime(api, { baseUrl });
    const stream = await runtime.call<ResponseStream<ServerSentEvent<{ text: string }>>>(events);
    expect(stream.requestId).toBe('req_1');
    expect(await collect(stream)).toEqual([
      { event: 'message', data: { text: 'Hel' }, id: '1', retry: 2500 },
      { event: 'delta', data: { text: 'lo' }, id: '2', retry: undefined },
    ]);
    expect(stream.lastEventId).toBe('2');
  });

  it('resumes a dropped stream with Last-Event-ID after the server’s retry', async () => {
    const { baseUrl, requests } = await serve((request, response, index) => {
      sse(response);
      if (index === 0) {
        response.write('retry: 40\n\nid: 1\ndata: {"text":"a"}\n\nid: 2\ndata: {"text":"b"}\n\n');
        // The connection drops mid-event: no terminating chunk.
        setTimeout(() => {
          response.write('id: 3\ndata: {"te');
          request.socket.destroy();
        }, 20);
        return;
      }
      const from = Number(request.headers['last-event-id']);
      response.end(
        `id: ${from + 1}\ndata: {"text":"c"}\n\nid: ${from + 2}\ndata: {"text":"d"}\n\n`,
      );
    });
    const waits: number[] = [];
    const runtime = createRuntime(api, {
      baseUrl,
      retry: { sleep: async (ms) => void waits.push(ms) },
    });
    const stream = await runtime.call<ResponseStream<ServerSentEvent<{ text: string }>>>(events);
    const texts = (await collect(stream)).map((event) => `${event.id}:${event.data.text}`);
    expect(texts).toEqual(['1:a', '2:b', '3:c', '4:d']);
    expect(requests.map((headers) => headers['last-event-id'])).toEqual([undefined, '2']);
    expect(requests[1]!.accept ?? '').not.toContain('json;'); // the same call, sent again
    expect(waits).toEqual([40]);
    expect(stream.reconnects).toBe(1);
  });

  it('fails with StreamError when reconnections in a row all drop before an event', async () => {
    const { baseUrl, requests } = await serve((request, response, index) => {
      sse(response, { 'x-request-id': `req_${index}` });
      response.write(index === 0 ? 'id: 7\ndata: {"text":"x"}\n\n' : ': no event\n\n');
      setTimeout(() => request.socket.destroy(), 10);
    });
    const runtime = createRuntime(api, { baseUrl, retry: { sleep: async () => {} } });
    const stream = await runtime.call<ResponseStream<ServerSentEvent>>(
      events,
      {},
      {
        stream: { maxReconnects: 2 },
      },
    );
    const error = await collect(stream).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(StreamError);
    expect(error).toMatchObject({ reason: 'dropped', lastEventId: '7', requestId: 'req_0' });
    expect((error as Error).message).toContain('(request id req_0)');
    // The first request, then two reconnections (each answered and dropped before an event).
    expect(requests).toHaveLength(3);
    expect(requests.slice(1).map((headers) => headers['last-event-id'])).toEqual(['7', '7']);
  });

  it('stops on a reconnection answered 204, and raises the typed error of a 4xx', async () => {
    const drop = (request: IncomingMessage, response: ServerResponse) => {
      sse(response);
      response.write('id: 1\ndata: {"text":"x"}\n\n');
      setTimeout(() => request.socket.destroy(), 10);
    };
    const noContent = await serve((request, response, index) => {
      if (index === 0) return drop(request, response);
      response.writeHead(204).end();
    });
    const runtime = createRuntime(api, {
      baseUrl: noContent.baseUrl,
      retry: { sleep: async () => {} },
    });
    expect(await collect(await runtime.call<ResponseStream<unknown>>(events))).toHaveLength(1);

    const gone = await serve((request, response, index) => {
      if (index === 0) return drop(request, response);
      response
        .writeHead(410, { 'content-type': 'application/json', 'x-request-id': 'req_gone' })
        .end('{"detail":"stream expired"}');
    });
    const again = createRuntime(api, { baseUrl: gone.baseUrl, retry: { sleep: async () => {} } });
    const error = await collect(await again.call<ResponseStream<unknown>>(events)).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toContain('stream expired');
    expect((error as Error).message).toContain('(request id req_gone)');
  });

  it('rejects the call itself with the typed error of a non-2xx answer', async () => {
    const { baseUrl } = await serve((_request, response) => {
      response
        .writeHead(403, { 'content-type': 'application/json', 'x-request-id': 'req_403' })
        .end('{"detail":"no"}');
    });
    const runtime = createRuntime(api, { baseUrl });
    await expect(runtime.call(events)).rejects.toMatchObject({
      name: 'ForbiddenError',
      requestId: 'req_403',
    });
  });

  it('stops quietly when the signal aborts, and closes the connection', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    const { baseUrl } = await serve((request, response) => {
      sse(response);
      let n = 0;
      const timer = setInterval(() => response.write(`id: ${++n}\ndata: {"text":"t"}\n\n`), 5);
      request.socket.on('close', () => {
        clearInterval(timer);
        closed();
      });
    });
    const controller = new AbortController();
    const runtime = createRuntime(api, { baseUrl });
    const stream = await runtime.call<ResponseStream<ServerSentEvent>>(
      events,
      {},
      {
        signal: controller.signal,
      },
    );
    let count = 0;
    for await (const _event of stream) if (++count === 3) controller.abort();
    expect(count).toBe(3);
    await connectionClosed;
  });

  it('validates each event: a warning by default, a ResponseValidationError when strict', async () => {
    const handler: Handler = (_request, response) => {
      sse(response);
      response.end('data: {"text":"ok"}\n\ndata: {"text":42}\n\n');
    };
    const { baseUrl } = await serve(handler);
    const reports: ResponseValidationReport[] = [];
    const warn = createRuntime(api, { baseUrl, onValidationWarning: (r) => reports.push(r) });
    expect(await collect(await warn.call<ResponseStream<unknown>>(events))).toHaveLength(2);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.issues[0]!.path).toEqual(['text']);

    const strict = createRuntime(api, { baseUrl, validation: { response: 'strict' } });
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const event of await strict.call<ResponseStream<unknown>>(events))
        seen.push(event);
    })().catch((failure: unknown) => failure);
    expect(seen).toHaveLength(1);
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it('gives a discriminated union when the schema describes whole events (oneOf by event name)', async () => {
    const envelope = z.discriminatedUnion('event', [
      z.object({ event: z.literal('delta'), data: Delta }),
      z.object({ event: z.literal('done'), data: z.object({ tokens: z.number() }) }),
    ]);
    const union = operation('text/event-stream', { envelope: true, items: envelope });
    const { baseUrl } = await serve((_request, response) => {
      sse(response);
      response.end(
        'event: delta\ndata: {"text":"hi"}\n\nevent: done\ndata: {"tokens":3}\n\ndata: [DONE]\n\n',
      );
    });
    const reports: unknown[] = [];
    const runtime = createRuntime(api, { baseUrl, onValidationWarning: (r) => reports.push(r) });
    type Event = z.infer<typeof envelope>;
    const summary: string[] = [];
    for await (const event of await runtime.call<ResponseStream<Event>>(union)) {
      if (event.event === 'delta') summary.push(event.data.text);
      else summary.push(`done after ${event.data.tokens}`);
    }
    expect(summary).toEqual(['hi', 'done after 3']);
    expect(reports).toEqual([]);
  });

  it('keeps text data as sent when the spec says the data is a string', async () => {
    const text = operation('text/event-stream', { data: 'text', items: z.string() });
    const { baseUrl } = await serve((_request, response) => {
      sse(response);
      response.end('data: 42\n\ndata: [DONE]\n\n');
    });
    const runtime = createRuntime(api, { baseUrl });
    const items = await collect(await runtime.call<ResponseStream<ServerSentEvent>>(text));
    expect(items.map((event) => event.data)).toEqual(['42', '[DONE]']);
  });
});

describe('NDJSON and json-seq', () => {
  it('yields each line as a validated item as it arrives', async () => {
    const lines = operation('application/x-ndjson', { items: Delta });
    let release!: () => void;
    const second = new Promise<void>((resolve) => (release = resolve));
    const { baseUrl } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write('{"text":"a"}\n{"te');
      void second.then(() => response.end('xt":"b"}\n\n{"text":"c"}'));
    });
    const runtime = createRuntime(api, { baseUrl });
    const items: unknown[] = [];
    for await (const item of await runtime.call<ResponseStream<{ text: string }>>(lines)) {
      items.push(item);
      // The first item arrives before the server has sent the rest.
      if (items.length === 1) release();
    }
    expect(items).toEqual([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
  });

  it('reads RFC 7464 json-seq records, and names a record that is not JSON', async () => {
    const seq = operation('application/json-seq', { items: Delta });
    const { baseUrl } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json-seq' });
      response.end('\x1e{"text":"a"}\n\x1e{"text":"b"}\n\x1e{oops\n');
    });
    const runtime = createRuntime(api, { baseUrl });
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const item of await runtime.call<ResponseStream<unknown>>(seq)) seen.push(item);
    })().catch((failure: unknown) => failure);
    expect(seen).toEqual([{ text: 'a' }, { text: 'b' }]);
    expect(error).toBeInstanceOf(StreamError);
    expect(error).toMatchObject({ reason: 'invalid-item' });
    expect((error as Error).message).toContain('record 4');
  });

  it('consumes 100,000 items (about 100 MB) with flat memory', async () => {
    const lines = operation('application/x-ndjson', {
      items: z.object({ n: z.number(), pad: z.string() }),
    });
    const pad = 'x'.repeat(1000);
    const { baseUrl } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      let n = 0;
      const pump = () => {
        while (n < 100_000) {
          let batch = '';
          for (let i = 0; i < 100; i += 1) batch += `{"n":${n++},"pad":"${pad}"}\n`;
          if (!response.write(batch)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    const runtime = createRuntime(api, { baseUrl });
    const start = process.memoryUsage();
    let peak = 0;
    let count = 0;
    for await (const item of await runtime.call<ResponseStream<{ n: number }>>(lines)) {
      if (item.n !== count) break;
      count += 1;
      if (count % 1000 === 0) {
        const now = process.memoryUsage();
        peak = Math.max(
          peak,
          now.heapUsed + now.arrayBuffers - start.heapUsed - start.arrayBuffers,
        );
      }
    }
    expect(count).toBe(100_000);
    // Held whole, the body alone would be 100 MB (and its parsed items several times that).
    if (process.env.ZAPGEN_PRINT_MEMORY)
      console.log(`peak growth ${(peak / 1024 / 1024).toFixed(1)} MB`);
    expect(peak / 1024 / 1024).toBeLessThan(48);
  });

  it('a dropped NDJSON stream is a StreamError (there is no resuming it)', async () => {
    const lines = operation('application/jsonl', {});
    const { baseUrl } = await serve((request, response) => {
      response.writeHead(200, { 'content-type': 'application/jsonl' });
      response.write('{"n":1}\n');
      setTimeout(() => request.socket.destroy(), 10);
    });
    const runtime = createRuntime(api, { baseUrl });
    const error = await collect(await runtime.call<ResponseStream<unknown>>(lines)).catch(
      (failure: unknown) => failure,
    );
    expect(error).toMatchObject({ name: 'StreamError', reason: 'dropped' });
  });
});
