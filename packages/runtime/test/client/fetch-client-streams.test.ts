/**
 * The drop-in client (`./fetch`) over real HTTP, on the one request pipeline: an operation that
 * declares an event stream resolves with the typed `ResponseStream` (resumed with
 * `Last-Event-ID` through the drop-in's headers), `parseAs: 'stream'` still gives the raw body,
 * and an operation with an idempotency header sends one key per call, the same on retries.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFetchClient } from '../../src/client/fetch-client.js';
import type { ApiDefinition, OperationDefinition } from '../../src/definition.js';
import { ResponseStream, type ServerSentEvent } from '../../src/streaming/response-stream.js';

type Handler = (request: IncomingMessage, response: ServerResponse, index: number) => void;

const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function serve(handle: Handler) {
  const requests: IncomingMessage['headers'][] = [];
  const server = createServer((request, response) => {
    request.resume();
    handle(request, response, requests.push(request.headers) - 1);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, requests };
}

const events: OperationDefinition = {
  operationId: 'followEvents',
  method: 'get',
  path: '/events',
  parameters: [],
  responses: [
    {
      status: '200',
      mediaTypes: ['text/event-stream'],
      stream: { items: z.object({ n: z.number() }) },
    },
  ],
  security: [],
};
const createCharge: OperationDefinition = {
  operationId: 'createCharge',
  method: 'post',
  path: '/charges',
  parameters: [],
  idempotencyHeader: 'Idempotency-Key',
  responses: [{ status: '201', mediaTypes: ['application/json'] }],
  security: [],
};
const api: ApiDefinition = {
  name: 'drop-in-streams',
  servers: [],
  securitySchemes: {},
  operations: [events, createCharge],
};

describe('the drop-in client delivers event streams', () => {
  it('resolves an event-stream operation with a typed, resumable ResponseStream', async () => {
    const { baseUrl, requests } = await serve((request, response, index) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if (index === 0) {
        response.write('retry: 10\nid: 1\ndata: {"n":1}\n\n');
        setTimeout(() => request.socket.destroy(), 20);
        return;
      }
      response.end(`id: 2\ndata: {"n":${Number(request.headers['last-event-id']) + 1}}\n\n`);
    });
    const client = createFetchClient<any>({ api }, { baseUrl, headers: { 'x-client': 'a' } });
    const { data, error, response } = await client.GET('/events', { headers: { 'x-call': 'b' } });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data).toBeInstanceOf(ResponseStream);
    const seen: number[] = [];
    for await (const event of data as ResponseStream<ServerSentEvent<{ n: number }>>)
      seen.push(event.data.n);
    expect(seen).toEqual([1, 2]);
    // The reconnection is the same call (its headers too), resumed after the last event.
    expect(
      requests.map((headers) => [headers['last-event-id'], headers['x-call'], headers['x-client']]),
    ).toEqual([
      [undefined, 'b', 'a'],
      ['1', 'b', 'a'],
    ]);
  });

  it('keeps openapi-fetch’s parseAs: "stream" as the raw body', async () => {
    const { baseUrl } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end('data: {"n":1}\n\n');
    });
    const client = createFetchClient<any>({ api }, { baseUrl });
    const { data } = await client.GET('/events', { parseAs: 'stream' });
    expect(data).toBeInstanceOf(ReadableStream);
    expect(await new Response(data as ReadableStream).text()).toBe('data: {"n":1}\n\n');
  });
});

describe('the drop-in client sends idempotency keys', () => {
  it('one key per call, the same on a retry; the caller’s own key kept', async () => {
    const { baseUrl, requests } = await serve((_request, response, index) => {
      // Every first attempt fails with 503; the retry succeeds.
      response.writeHead(index % 2 === 0 ? 503 : 201, { 'content-type': 'application/json' });
      response.end('{}');
    });
    const client = createFetchClient<any>(
      { api },
      { baseUrl, retry: { maxRetries: 1, sleep: async () => {} } },
    );
    expect((await client.POST('/charges', { body: {} })).response.status).toBe(201);
    expect((await client.POST('/charges', { body: {} })).response.status).toBe(201);
    await client.POST('/charges', { body: {}, idempotencyKey: 'mine-1' });
    await client.POST('/charges', { body: {}, headers: { 'Idempotency-Key': 'mine-2' } });
    const keys = requests.map((headers) => headers['idempotency-key']);
    expect(keys).toHaveLength(8);
    expect(keys[0]).toMatch(/^zapgen-/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^zapgen-/);
    expect(keys[3]).toBe(keys[2]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys.slice(4)).toEqual(['mine-1', 'mine-1', 'mine-2', 'mine-2']);
  });
});
