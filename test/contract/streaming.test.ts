/**
 * Streaming operations of a generated package, end to end over real HTTP: the small spec
 * `test/fixtures/generality/streams-events-json-lines-and-item-schema.yaml` (server-sent events as
 * a oneOf by event name and as data alone, NDJSON with an OpenAPI 3.2 `itemSchema`, json-seq) is
 * generated; its client reads its mock, served on loopback, as typed async iterables.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from '../../generator/src/pipeline.js';
import { typecheck, type TscResult } from '../support/contract-helpers.js';

/** What the tests use of the generated package (its own types are checked by the consumer below). */
interface Stream extends AsyncIterable<any> {
  requestId: string | undefined;
  lastEventId: string | undefined;
  response: Response;
}
/** The operations of the streaming spec these tests call, as the package's client has them. */
type Client = Record<
  'exportRecords' | 'readFeed' | 'streamChat' | 'streamMessages' | 'streamTicks',
  (args?: unknown, options?: unknown) => Promise<Stream>
>;
interface Package {
  createClient(options: Record<string, unknown>): Client;
}
interface Mock {
  createMock(options: Record<string, unknown>): {
    listen(): Promise<string>;
    close(): Promise<void>;
  };
}

/**
 * A strict consumer of the package, compiled with it: the union narrows by event name, each
 * item has its schema's type, and a wrong use does not compile.
 */
const CONSUMER = `import { createClient } from './index.js';
import createFetchClient, { createPathBasedClient, type Client } from './fetch.js';
import type { components, paths } from './types.js';
import type { ResponseStream, ServerSentEvent } from '@zapgen/runtime';
import type { StreamingPaths } from '@zapgen/runtime/fetch';
const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
export async function consume(signal: AbortSignal): Promise<string[]> {
  const out: string[] = [];
  for await (const event of await client.streamChat({ body: { prompt: 'hi' } }, { signal })) {
    if (event.event === 'delta') out.push(event.data.text);
    else out.push(String(event.data.tokens + 1));
    // @ts-expect-error: a done event has no text
    if (event.event === 'done') out.push(event.data.text);
  }
  for await (const tick of await client.streamTicks({ query: { symbol: 'A' } })) {
    const price: number = tick.data.price;
    const id: string | undefined = tick.id;
    out.push(tick.event, String(price), id ?? '');
  }
  const records = await client.exportRecords(undefined, { stream: { maxReconnects: 0 } });
  for await (const record of records) out.push(String(record.id + 1));
  for await (const entry of await client.readFeed()) out.push(entry.title);
  for await (const message of await client.streamMessages()) {
    const role: 'user' | 'assistant' = message.data.role;
    out.push(role, message.data.text);
    // @ts-expect-error: data is the contentSchema's object, not the string on the wire
    out.push(message.data.toUpperCase());
  }
  // @ts-expect-error: items are records, not strings
  for await (const record of await client.exportRecords()) out.push(record.toUpperCase());
  await records.close();
  return out;
}

// The drop-in client (./fetch): a streamed response's data is the ResponseStream the runtime
// delivers; everything else is typed exactly as openapi-fetch types it.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Chat = paths['/chat']['post'];
type Streamed = StreamingPaths<paths, { '/chat': { post: { '200': { 'text/event-stream': 'items' } } } }>;
export const untouched: [
  Equal<Streamed['/chat']['post']['responses'][400], Chat['responses'][400]>,
  Equal<Streamed['/chat']['post']['requestBody'], Chat['requestBody']>,
  Equal<Streamed['/chat']['post']['parameters'], Chat['parameters']>,
  Equal<Streamed['/chat']['get'], paths['/chat']['get']>,
  Equal<Streamed['/ticks'], paths['/ticks']>,
  Equal<
    Streamed['/chat']['post']['responses'][200]['content']['text/event-stream'],
    ResponseStream<Chat['responses'][200]['content']['text/event-stream']>
  >,
] = [true, true, true, true, true, true];
const dropIn = createFetchClient({ baseUrl: 'http://127.0.0.1:1' });
// openapi-fetch's own types over the same paths: what every response but a stream must equal.
declare const openapiFetch: Client<paths>;
export async function consumeDropIn(): Promise<string[]> {
  const out: string[] = [];
  const chat = await dropIn.POST('/chat', { body: { prompt: 'hi' } });
  const plainChat = await openapiFetch.POST('/chat', { body: { prompt: 'hi' } });
  // The error branch is openapi-fetch's, exactly.
  const problem: Equal<Extract<typeof chat, { data?: never }>, Extract<typeof plainChat, { data?: never }>> = true;
  out.push(String(problem));
  if (chat.data) {
    for await (const event of chat.data) {
      if (event.event === 'delta') out.push(event.data.text);
      // @ts-expect-error: a done event has no text
      if (event.event === 'done') out.push(event.data.text);
    }
    out.push(chat.data.lastEventId ?? '');
  } else {
    out.push(chat.error.detail);
  }
  const ticks = await dropIn.GET('/ticks', { params: { query: { symbol: 'A' } } });
  const tickData: Equal<typeof ticks.data, ResponseStream<ServerSentEvent<components['schemas']['Tick']>> | undefined> = true;
  // @ts-expect-error: data is the stream of ticks, not a tick
  out.push(String(ticks.data?.price), String(tickData));
  for await (const record of (await dropIn.GET('/exports/records')).data ?? []) out.push(String(record.id + 1));
  // parseAs: 'stream' keeps openapi-fetch's raw body.
  const raw = await dropIn.GET('/feed', { parseAs: 'stream' });
  const plainRaw = await openapiFetch.GET('/feed', { parseAs: 'stream' });
  const body: Equal<typeof raw, typeof plainRaw> = true;
  out.push(String(body));
  // The path-based client types them the same way.
  const byPath = createPathBasedClient({ baseUrl: 'http://127.0.0.1:1' });
  const feed = await byPath['/feed'].GET();
  for await (const entry of feed.data ?? []) out.push(entry.title);
  return out;
}
`;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC = join(root, 'test/fixtures/generality/streams-events-json-lines-and-item-schema.yaml');
mkdirSync(join(root, '.tmp'), { recursive: true });
const out = mkdtempSync(join(root, '.tmp', 'streaming-'));
let sdk: Package;
let mockModule: Mock;
let mock: ReturnType<Mock['createMock']>;
let baseUrl: string;
let compiled: TscResult;

beforeAll(async () => {
  await generate({ spec: SPEC, out });
  writeFileSync(join(out, 'src/consumer.ts'), CONSUMER);
  compiled = await typecheck({ dir: out });
  sdk = (await import(join(out, 'src/index.ts'))) as Package;
  mockModule = (await import(join(out, 'src/mock.ts'))) as Mock;
  mock = mockModule.createMock({
    streams: { items: 4, intervalMs: 5 },
    handlers: {
      exportRecords: () => ({
        status: 200,
        intervalMs: 0,
        items: Array.from({ length: 1000 }, (_, id) => ({ id, name: `record ${id}` })),
      }),
    },
  });
  baseUrl = await mock.listen();
});
afterAll(async () => {
  await mock?.close();
  rmSync(out, { recursive: true, force: true });
});

describe('a generated client reads its mock’s streams', () => {
  test('a strict consumer compiles: typed events, a union narrowed by event name, typed lines', () => {
    expect(compiled.diagnostics).toBe('');
    expect(compiled.ok).toBe(true);
  });

  test('server-sent events described whole (oneOf by event name) are a discriminated union', async () => {
    const client: Client = sdk.createClient({ baseUrl, validation: { response: 'strict' } });
    const stream = await client.streamChat({ body: { prompt: 'hello' } });
    expect(stream.requestId).toMatch(/^mock-/);
    const seen: string[] = [];
    for await (const event of stream) {
      if (event.event === 'delta') seen.push(event.data.text);
      else seen.push(`done ${event.data.tokens}`);
    }
    // The mock streams the fixture event four times, numbered.
    expect(seen).toHaveLength(4);
    expect(stream.lastEventId).toBe('4');
  });

  test('events described by their data alone arrive as ServerSentEvent<Tick>, resumable by id', async () => {
    const client: Client = sdk.createClient({ baseUrl, validation: { response: 'strict' } });
    const all: { id: string }[] = [];
    for await (const event of await client.streamTicks({ query: { symbol: 'ACME' } })) {
      all.push(event);
    }
    expect(all.map((event) => event.id)).toEqual(['1', '2', '3', '4']);
    expect(all[0]).toMatchObject({ event: 'message', data: { symbol: expect.any(String) } });
    // The mock resumes after Last-Event-ID, as a reconnecting client asks it to.
    const resumed = await client.streamTicks(
      { query: { symbol: 'ACME' } },
      { headers: { 'last-event-id': '2' } },
    );
    const ids: string[] = [];
    for await (const event of resumed) ids.push(event.id);
    expect(ids).toEqual(['3', '4']);
  });

  test('3.2 events whose data is JSON in a string (contentSchema) arrive parsed and validated', async () => {
    const client: Client = sdk.createClient({ baseUrl, validation: { response: 'strict' } });
    const messages: { data: { role: string; text: string } }[] = [];
    for await (const event of await client.streamMessages()) messages.push(event);
    expect(messages).toHaveLength(4);
    for (const message of messages)
      expect(message.data).toEqual({ role: expect.any(String), text: expect.any(String) });
    expect(['user', 'assistant']).toContain(messages[0]!.data.role);
  });

  test('arguments are still checked before anything is sent', async () => {
    const client: Client = sdk.createClient({ baseUrl });
    await expect(client.streamTicks({ query: { symbol: 'lower' } })).rejects.toMatchObject({
      name: 'RequestValidationError',
    });
  });

  test('NDJSON (3.2 itemSchema) and json-seq are typed async iterables of validated items', async () => {
    const client: Client = sdk.createClient({ baseUrl, validation: { response: 'strict' } });
    let count = 0;
    for await (const record of await client.exportRecords()) {
      expect(record.id).toBe(count);
      count += 1;
    }
    expect(count).toBe(1000);
    const titles: string[] = [];
    for await (const entry of await client.readFeed()) titles.push(entry.title);
    expect(titles).toHaveLength(4);
  });

  test('the drop-in client (./fetch) reads the same streams as data, typed as ResponseStream', async () => {
    const fetchModule = (await import(join(out, 'src/fetch.ts'))) as {
      createClient(
        options: Record<string, unknown>,
      ): Record<
        'GET' | 'POST',
        (
          path: string,
          init?: unknown,
        ) => Promise<{ data?: Stream; error?: unknown; response: Response }>
      >;
    };
    const dropIn = fetchModule.createClient({ baseUrl, validation: { response: 'strict' } });
    const chat = await dropIn.POST('/chat', { body: { prompt: 'hello' } });
    expect(chat.error).toBeUndefined();
    const events: string[] = [];
    for await (const event of chat.data!) events.push(event.event);
    expect(events).toHaveLength(4);
    expect(chat.data!.lastEventId).toBe('4');
    const { data: ticks } = await dropIn.GET('/ticks', { params: { query: { symbol: 'ACME' } } });
    const prices: number[] = [];
    for await (const tick of ticks!) prices.push(tick.data.price);
    expect(prices).toHaveLength(4);
    // A bad request is openapi-fetch's { error }, never a stream.
    const bad = await dropIn.POST('/chat', { body: { prompt: '' } });
    expect(bad.data).toBeUndefined();
    expect(bad.response.status).toBeGreaterThanOrEqual(400);
  });

  test('leaving the loop early closes the stream', async () => {
    const client: Client = sdk.createClient({ baseUrl });
    const stream = await client.exportRecords();
    for await (const record of stream) if (record.id === 10) break;
    expect(stream.response.bodyUsed).toBe(true);
  });
});
