/**
 * Streaming operations as MCP tools, end to end: the small streams spec
 * (`test/fixtures/generality/streams-events-json-lines-and-item-schema.yaml`) is generated; its
 * `createMcpServer` is driven by the SDK's own client against the package's mock on loopback (and
 * a loopback server that never ends, for cancellation). Each item arrives as a progress
 * notification, the result holds the items (bounded), a failure midway is a scrubbed tool error,
 * and cancelling the request closes the API's stream.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createToolset, serveHttp } from '@zapgen/runtime/mcp';
import { generate } from '../../generator/src/pipeline.js';

interface McpModule {
  mcpDefinition: Parameters<typeof createToolset>[0];
  createMcpServer(options?: Record<string, unknown>): {
    connect(transport: unknown): Promise<void>;
  };
}
interface MockModule {
  createMock(options: Record<string, unknown>): {
    listen(): Promise<string>;
    close(): Promise<void>;
  };
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC = join(root, 'test/fixtures/generality/streams-events-json-lines-and-item-schema.yaml');
/** A credential the server holds; the API echoes it, and no message may carry it. */
const SECRET = 'sk_live_streaming_0123456789abcdef';
mkdirSync(join(root, '.tmp'), { recursive: true });
const out = mkdtempSync(join(root, '.tmp', 'mcp-streaming-'));

let mcp: McpModule;
let mock: ReturnType<MockModule['createMock']>;
let baseUrl: string;
/** What the mock's `exportRecords` streams next. */
let records: unknown[] = [];

beforeAll(async () => {
  await generate({ spec: SPEC, out });
  mcp = (await import(join(out, 'src/mcp.ts'))) as McpModule;
  const { createMock } = (await import(join(out, 'src/mock.ts'))) as MockModule;
  mock = createMock({
    streams: { items: 4, intervalMs: 1 },
    handlers: { exportRecords: () => ({ status: 200, intervalMs: 0, items: records }) },
  });
  baseUrl = await mock.listen();
});
afterAll(async () => {
  await mock?.close();
  rmSync(out, { recursive: true, force: true });
});

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function connected(options: Record<string, unknown> = {}, url = baseUrl): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await mcp
    .createMcpServer({ environment: {}, client: { baseUrl: url, accessToken: SECRET }, ...options })
    .connect(serverSide);
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(clientSide);
  // The SDK's client validates every structured result against the tool's output schema.
  await client.listTools();
  open.push(client);
  return client;
}

/** Calls `name`, asking for progress; the notifications received and the result. */
async function callWithProgress(client: Client, name: string, args: Record<string, unknown>) {
  const progress: Progress[] = [];
  const result = (await client.callTool({ name, arguments: args }, undefined, {
    onprogress: (notification) => progress.push(notification),
  })) as CallToolResult;
  return { progress, result };
}

const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

describe('a streaming operation as an MCP tool', () => {
  test('tools/list describes the collected items: the event union, or each event around its data', async () => {
    const client = await connected();
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('streamChat')!.outputSchema).toMatchObject({
      required: ['items', 'count', 'truncated'],
      properties: { items: { type: 'array', items: { $ref: '#/$defs/ChatEvent' } } },
    });
    expect(byName.get('streamTicks')!.outputSchema).toMatchObject({
      properties: {
        items: {
          items: { required: ['event', 'data'], properties: { data: { $ref: '#/$defs/Tick' } } },
        },
      },
    });
    expect(byName.get('exportRecords')!.outputSchema).toMatchObject({
      properties: { items: { items: { type: 'object', required: ['id'] } } },
    });
  });

  test('each server-sent event is a progress notification; the result holds them all', async () => {
    const client = await connected();
    const { progress, result } = await callWithProgress(client, 'streamChat', { prompt: 'hi' });
    expect(result.isError).toBeFalsy();
    expect(progress.map((entry) => entry.progress)).toEqual([1, 2, 3, 4]);
    const events = progress.map((entry) => JSON.parse(entry.message!) as { event: string });
    expect(events.every((event) => ['delta', 'done'].includes(event.event))).toBe(true);
    expect(result.structuredContent).toEqual({ items: events, count: 4, truncated: false });
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  });

  test('events described by their data keep their name and id; without a progressToken, no notification', async () => {
    const client = await connected();
    const notified: unknown[] = [];
    client.fallbackNotificationHandler = async (notification) => void notified.push(notification);
    const result = (await client.callTool({
      name: 'streamTicks',
      arguments: { symbol: 'ACME' },
    })) as CallToolResult;
    const { items } = result.structuredContent as { items: { id: string; event: string }[] };
    expect(items.map((item) => [item.event, item.id])).toEqual([
      ['message', '1'],
      ['message', '2'],
      ['message', '3'],
      ['message', '4'],
    ]);
    expect(notified).toEqual([]);
  });

  test('NDJSON records: the result is capped with a clear note, and the stream is closed there', async () => {
    records = Array.from({ length: 50 }, (_, id) => ({ id, name: `record ${id}` }));
    const client = await connected({ maxStreamItems: 5 });
    const { progress, result } = await callWithProgress(client, 'exportRecords', {});
    expect(progress).toHaveLength(5);
    expect(result.structuredContent).toMatchObject({ count: 5, truncated: true });
    expect((result.structuredContent as { items: unknown[] }).items).toEqual(records.slice(0, 5));
    expect(textOf(result)).toContain('stopped reading after the first 5');
  });

  test('secrets an item echoes are scrubbed from notifications and the result', async () => {
    records = [{ id: 1, name: `token ${SECRET}` }];
    const client = await connected();
    const { progress, result } = await callWithProgress(client, 'exportRecords', {});
    expect(progress).toHaveLength(1);
    expect(JSON.stringify([progress, result])).not.toContain(SECRET);
    expect(result.structuredContent).toMatchObject({ count: 1, items: [{ id: 1 }] });
  });

  test('an invalid item midway is a tool error saying how many came before, scrubbed', async () => {
    records = [
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
      { id: SECRET, name: SECRET },
    ];
    const client = await connected();
    const { progress, result } = await callWithProgress(client, 'exportRecords', {});
    expect(result.isError).toBe(true);
    expect(progress).toHaveLength(2);
    expect(textOf(result)).toMatch(/^exportRecords: the stream failed after 2 item\(s\): /);
    expect(JSON.stringify([progress, result])).not.toContain(SECRET);
  });

  test('over Streamable HTTP, the notifications arrive on the request before its result', async () => {
    const toolset = createToolset(mcp.mcpDefinition, { environment: {}, client: { baseUrl } });
    const serving = await serveHttp(toolset, { port: 0 });
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(serving.url)));
      await client.listTools();
      const { progress, result } = await callWithProgress(client, 'streamTicks', {
        symbol: 'ACME',
      });
      expect(progress.map((entry) => entry.progress)).toEqual([1, 2, 3, 4]);
      expect(progress.map((entry) => JSON.parse(entry.message!).id)).toEqual(['1', '2', '3', '4']);
      expect(result.structuredContent).toMatchObject({ count: 4, truncated: false });
    } finally {
      await client.close();
      await serving.close();
    }
  });

  test('cancelling the request stops the stream and closes the API connection', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    const endless: HttpServer = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let n = 0;
      const timer = setInterval(
        () => response.write(`id: ${++n}\ndata: {"symbol":"ACME","price":${n}}\n\n`),
        10,
      );
      request.on('close', () => {
        clearInterval(timer);
        closed();
      });
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = endless.address() as AddressInfo;
      const client = await connected({}, `http://127.0.0.1:${port}`);
      const controller = new AbortController();
      const progress: Progress[] = [];
      const call = client.callTool(
        { name: 'streamTicks', arguments: { symbol: 'ACME' } },
        undefined,
        {
          signal: controller.signal,
          onprogress: (notification) => {
            progress.push(notification);
            if (progress.length === 3) controller.abort('enough');
          },
        },
      );
      await expect(call).rejects.toThrow();
      await connectionClosed;
      expect(progress.length).toBeGreaterThanOrEqual(3);
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });
});
