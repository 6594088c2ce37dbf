/**
 * The MCP server as a host sees it, in process: the SDK's client over the SDK's in-memory
 * transport, the API a fake `fetch`. What an agent reads back: results, tool errors, and never a
 * credential, whatever the API echoes. Also the Streamable HTTP endpoint's Host and Origin checks
 * and the command line's refusals.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, test } from 'vitest';
import { createMcpServer, runMcpCommand, serveHttp, createToolset } from '../../src/mcp/index.js';
import type { McpServerOptions } from '../../src/mcp/toolset.js';
import { definition, fakeFetch, json } from './support.js';

const KEY = 'pk_live_0123456789abcdef0123';
const PASSWORD = 'correct-horse-battery-staple';

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function connected(options: McpServerOptions): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(definition, { environment: {}, ...options }).connect(serverSide);
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(clientSide);
  open.push(client);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

describe('tools/list', () => {
  test('the server names itself and lists its tools with schemas and annotations', async () => {
    const client = await connected({});
    expect(client.getServerVersion()).toMatchObject({ name: '@test/pets', version: '1.2.3' });
    expect(client.getInstructions()).toBe('A pet store.');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([
      ['listPets', true],
      ['createPet', false],
      ['uploadPhoto', false],
    ]);
    expect(tools[1]!.inputSchema).toMatchObject({ required: ['owner', 'name'] });
  });

  test('deprecated tools can be left out', async () => {
    const client = await connected({ tools: { deprecated: 'omit' } });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'listPets',
      'createPet',
    ]);
  });
});

describe('tools/call', () => {
  test('a flat input becomes the request; the answer is structured content the output schema accepts', async () => {
    const fetch = fakeFetch(() => json({ id: 7, name: 'Rex', tag: 'good' }, 201));
    const client = await connected({ credentials: { ApiKey: KEY }, client: { fetch } });
    await client.listTools();
    const result = await call(client, 'createPet', { owner: 'ann', name: 'Rex', tag: 'good' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ id: 7, name: 'Rex', tag: 'good' });
    const [request] = fetch.requests;
    expect(request!.url).toBe('https://pets.example.com/v1/pets/ann');
    expect(request!.headers.get('x-api-key')).toBe(KEY);
    expect(await request!.json()).toEqual({ name: 'Rex', tag: 'good' });
  });

  test('an API that echoes the credential: scrubbed from the result and from the error', async () => {
    const echo = fakeFetch((request) =>
      new URL(request.url).pathname.endsWith('/pets')
        ? json([{ id: 1, name: `key ${request.headers.get('x-api-key')}` }])
        : json({ error: `bad key ${request.headers.get('x-api-key')}` }, 403),
    );
    const client = await connected({ credentials: { ApiKey: KEY }, client: { fetch: echo } });
    const listed = await call(client, 'listPets');
    expect(listed.isError).toBeFalsy();
    const failed = await call(client, 'createPet', { owner: 'ann', name: 'Rex' });
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toMatch(/403/);
    expect(JSON.stringify([listed, failed])).not.toContain(KEY);
  });

  test('a password of user:password is never echoed, even alone', async () => {
    const echo = fakeFetch((request) =>
      json({ error: `no: ${atob(request.headers.get('authorization')!.slice(6))}` }, 401),
    );
    const client = await connected({
      credentials: { Basic: `bob:${PASSWORD}` },
      client: { fetch: echo, retry: { maxRetries: 0 } },
    });
    const failed = await call(client, 'uploadPhoto', { id: '1', body: 'x' });
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toMatch(/401/);
    expect(textOf(failed)).not.toContain(PASSWORD);
  });

  test('a token handed out later by getAccessToken is scrubbed too', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.late-token.sig';
    const echo = fakeFetch((request) => json({ error: request.headers.get('authorization') }, 500));
    const client = await connected({
      client: { fetch: echo, getAccessToken: async () => token, retry: { maxRetries: 0 } },
      tools: { operations: ['listPets'] },
    });
    const failed = await call(client, 'listPets');
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).not.toContain(token);
  });

  test('missing credentials: a tool error naming the variables, nothing sent', async () => {
    const fetch = fakeFetch(() => json([]));
    const client = await connected({ client: { fetch } });
    const result = await call(client, 'createPet', { owner: 'ann', name: 'Rex' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('PETS_API_KEY');
    expect(fetch.requests).toEqual([]);
  });

  test('an answer that breaks its schema is a tool error, not a result', async () => {
    const fetch = fakeFetch(() => json({ id: 'seven' }, 201));
    const client = await connected({ credentials: { ApiKey: KEY }, client: { fetch } });
    const result = await call(client, 'createPet', { owner: 'ann', name: 'Rex' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/id/);
  });

  test('a binary answer is image content', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const fetch = fakeFetch(() => new Response(png, { headers: { 'content-type': 'image/png' } }));
    const client = await connected({ credentials: { Basic: 'bob:pw' }, client: { fetch } });
    const result = await call(client, 'uploadPhoto', { id: '1', body: 'x' });
    expect(result.content[0]).toEqual({
      type: 'image',
      mimeType: 'image/png',
      data: Buffer.from(png).toString('base64'),
    });
  });

  test('an unknown tool is a protocol error', async () => {
    const client = await connected({});
    await expect(call(client, 'dropTables')).rejects.toThrow(/Unknown tool: dropTables/);
  });
});

describe('Streamable HTTP', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    },
  };
  const post = (url: string, headers: Record<string, string>, body: unknown = initialize) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(body),
    });

  test('beyond loopback only with the host names clients use and a token', async () => {
    const toolset = createToolset(definition, { environment: {} });
    await expect(serveHttp(toolset, { host: '0.0.0.0', port: 0 })).rejects.toThrow(
      /allowedHosts.*ZAPGEN_MCP_TOKEN/,
    );
    await expect(
      serveHttp(toolset, { host: '0.0.0.0', port: 0, allowedHosts: ['mcp.example'] }),
    ).rejects.toThrow(/a token clients must send/);
  });

  test('a foreign Origin is refused, a request without a session too; initialize opens one', async () => {
    const serving = await serveHttp(createToolset(definition, { environment: {} }), { port: 0 });
    try {
      expect((await post(serving.url, { origin: 'https://evil.example' })).status).toBe(403);
      const sessionless = await post(
        serving.url,
        {},
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      );
      expect(sessionless.status).toBe(400);
      const ok = await post(serving.url, {});
      expect(ok.status).toBe(200);
      expect(ok.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
      await ok.body?.cancel();
    } finally {
      await serving.close();
    }
  });

  test('with a token, a request without it or with another is 401', async () => {
    const token = 'mcp-endpoint-token-123';
    const serving = await serveHttp(createToolset(definition, { environment: {} }), {
      port: 0,
      token,
    });
    try {
      const missing = await post(serving.url, {});
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toBe('Bearer');
      expect((await post(serving.url, { authorization: 'Bearer nope' })).status).toBe(401);
      const ok = await post(serving.url, { authorization: `Bearer ${token}` });
      expect(ok.status).toBe(200);
      await ok.body?.cancel();
    } finally {
      await serving.close();
    }
  });
});

describe('the mcp command', () => {
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    const code = await runMcpCommand({
      definition,
      argv,
      usage: 'pets mcp',
      mock: () => Promise.reject(new Error('no mock here')),
      environment: { PETS_API_KEY: KEY },
      log: (line) => lines.push(line),
      print: (line) => lines.push(line),
    });
    return { code, text: lines.join('\n') };
  };

  test.each([
    [
      '--help lists the options and the variables',
      ['--help'],
      0,
      /PETS_API_KEY\s+ApiKey: an API key/,
    ],
    ['--list prints the tools offered', ['--list', '--read-only'], 0, /^listPets {2}List pets$/],
    ['an unknown option', ['--colour'], 2, /Unknown option '--colour'/],
    ['a port that is not a number', ['--http', '--port', 'x'], 2, /--port must be a whole number/],
    ['a tag that matches nothing', ['--tag', 'cats', '--list'], 2, /no tag "cats" in this API/],
  ])('%s', async (_name, argv, code, pattern) => {
    const result = await run(argv);
    expect(result.code).toBe(code);
    expect(result.text).toMatch(pattern);
    expect(result.text).not.toContain(KEY);
  });
});
