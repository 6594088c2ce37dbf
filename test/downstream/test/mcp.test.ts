/**
 * The MCP servers of the generated packages, driven as an MCP host drives them: the official SDK's
 * client, over stdio (the package's bin, `actions-v2 mcp`, a child process) and over Streamable
 * HTTP (`partner-v1 mcp --http --mock`). Every operation of both APIs is called once; each
 * structured result is checked by the SDK client against the tool's output schema and here
 * against the package's own response validator. A credential set in the server's environment
 * appears in no result and no log line.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operationDefinitions as actionsOperations } from '@zapgen/actions-v2';
import { mcpDefinition as actionsMcp } from '@zapgen/actions-v2/mcp';
import { createMock } from '@zapgen/actions-v2/mock';
import { operationDefinitions as partnerOperations } from '@zapgen/partner-v1';
import type { OperationDefinition } from '@zapgen/runtime';

const require = createRequire(import.meta.url);
const binOf = (name: string) =>
  join(dirname(require.resolve(`${name}/package.json`)), 'dist', 'bin.js');

/** A credential only the server and the API know: it must never come back to the agent. */
const SECRET = 'sk_live_7f3a9c1e5b2d4f608a1c3e5b7d9f0a2c';
const API_KEY_VARIABLE = actionsMcp.environment.credentials.AccessPointApiKeyHeader!;

/** The body a successful call answered, checked against the operation's own response validator. */
function checkedBody(
  operation: OperationDefinition,
  result: CallToolResult,
  wrapped: boolean,
): unknown {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  expect(result.structuredContent).toBeDefined();
  const body = wrapped
    ? (result.structuredContent as { result: unknown }).result
    : result.structuredContent;
  const validators = operation.responses
    .filter((response) => response.status.startsWith('2') && response.body !== undefined)
    .map((response) => response.body!);
  expect(validators.length).toBeGreaterThan(0);
  const problems = validators.map((validator) => validator.safeParse(body));
  expect(
    problems.some((parsed) => parsed.success),
    JSON.stringify(problems.map((parsed) => parsed.error?.issues)),
  ).toBe(true);
  // Hosts that read text only see the same JSON.
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(
    result.structuredContent,
  );
  return body;
}

describe('actions-v2 over stdio (the package bin), against the mock on loopback with a real-looking key', () => {
  const mock = createMock({ credentials: { apiKeys: { [SECRET]: {} } } });
  let client: Client;
  let stderr = '';
  const transcript: unknown[] = [];

  beforeAll(async () => {
    const baseUrl = await mock.listen();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [binOf('@zapgen/actions-v2'), 'mcp'],
      env: {
        PATH: process.env.PATH ?? '',
        [actionsMcp.environment.baseUrl]: baseUrl,
        [API_KEY_VARIABLE]: SECRET,
      },
      stderr: 'pipe',
    });
    transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'zapgen-test-host', version: '1.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close();
    await mock.close();
  });

  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    transcript.push(result);
    return result;
  };
  const storedId = () => String(mock.store.records('ai-actions')[0]?.id);
  const answered = new Map<string, unknown>();
  const locked = (value: unknown) => ({ mode: 'locked', value });

  test('lists one tool per operation, described, with closed flat inputs and method annotations', async () => {
    const { tools } = await client.listTools();
    transcript.push(tools);
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(actionsOperations).sort());
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.description).toContain(
        actionsOperations[tool.name as keyof typeof actionsOperations].path,
      );
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('getApp')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('deleteAiAction')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(byName.get('createAiAction')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    // A body's properties are arguments of their own, described by the spec.
    expect(byName.get('executeStatelessAction')!.inputSchema.required).toEqual(
      expect.arrayContaining(['instructions', 'app', 'action']),
    );
  });

  /** Every operation once, in an order that leaves the stored AI action to delete last. */
  const everyOperation: [string, () => Record<string, unknown>][] = [
    ['checkHealth', () => ({})],
    ['checkAuth', () => ({})],
    ['listAccounts', () => ({})],
    [
      'getLoginLink',
      () => ({
        sign_up_first_name: 'Ada',
        sign_up_last_name: 'L',
        sign_up_email: 'ada@example.com',
      }),
    ],
    [
      'getOAuthLoginLink',
      () => ({
        client_id: 'mock-client-id',
        redirect_uri: 'http://127.0.0.1:9/cb',
        code_challenge: 'x'.repeat(43),
        sign_up_email: 'ada@example.com',
      }),
    ],
    ['testAuthentication', () => ({ auth_id: 101 })],
    ['searchApps', () => ({ query: 'slack' })],
    ['getApp', () => ({ app: 'slack' })],
    ['listAppAuthentications', () => ({ app: 'slack' })],
    ['listActions', () => ({ app: 'slack', filter_action_type: ['write', 'search'] })],
    [
      'getActionDetails',
      () => ({ app: 'slack', action: 'send', action_extra: ['action_needs'], params: {} }),
    ],
    ['getPrefillChoices', () => ({ app: 'slack', prefill: 'channel' })],
    [
      'executeStatelessAction',
      () => ({
        instructions: 'say hi',
        app: 'slack',
        action: 'send',
        params: { channel: locked('C1') },
      }),
    ],
    [
      'rateExecutionLog',
      () => ({
        execution_log_id: (answered.get('executeStatelessAction') as { execution_log_id: string })
          .execution_log_id,
        rating: 1,
        feedback: 'good',
      }),
    ],
    ['executeAiAction', () => ({ ai_action_id: storedId(), instructions: 'go' })],
    ['previewAiAction', () => ({ ai_action_id: storedId(), instructions: 'go' })],
    ['listAiActions', () => ({})],
    ['createAiAction', () => ({ app: 'gmail', action: 'send_email' })],
    ['getAiAction', () => ({ ai_action_id: storedId() })],
    ['updateAiAction', () => ({ ai_action_id: storedId(), app: 'slack', action: 'send_dm' })],
    ['guessActions', () => ({ query: 'send a message' })],
    ['listUnfurlApps', () => ({})],
    ['checkUnfurlAppAuth', () => ({ app: 'slack' })],
    ['unfurlUrl', () => ({ body: { url: 'https://example.com/thing' } })],
    [
      'shrinkResult',
      () => ({
        app: 'slack',
        action: 'send',
        action_type: 'write',
        result: { a: 1 },
        result_field_labels: {},
      }),
    ],
    ['deleteAiAction', () => ({ ai_action_id: storedId() })],
  ];

  test('the table covers every operation', () => {
    expect(everyOperation.map(([name]) => name).sort()).toEqual(
      Object.keys(actionsOperations).sort(),
    );
  });

  test.each(everyOperation)(
    '%s: a structured result the response validator accepts',
    async (name, args) => {
      const tool = actionsMcp.tools.find((entry) => entry.name === name)!;
      const body = checkedBody(tool.operation, await call(name, args()), tool.output!.wrapped);
      answered.set(name, body);
      if (name === 'deleteAiAction') expect(body).toBe(true);
      if (name === 'updateAiAction') expect(body).toMatchObject({ action: 'send_dm' });
    },
  );

  test("bad input is a tool error naming the argument and the schema's complaint, sent nowhere", async () => {
    const before = mock.store.records('ai-actions').length;
    const missing = await call('getApp', {});
    expect(missing.isError).toBe(true);
    expect((missing.content[0] as { text: string }).text).toMatch(
      /^Invalid arguments for getApp: app: /,
    );
    const wrongType = await call('rateExecutionLog', { execution_log_id: 'x', rating: 'great' });
    expect(wrongType.isError).toBe(true);
    expect((wrongType.content[0] as { text: string }).text).toMatch(/rating: .*number/i);
    const unknown = await call('createAiAction', { app: 'gmail', action: 'x', colour: 'red' });
    expect((unknown.content[0] as { text: string }).text).toMatch(/unknown argument "colour"/);
    expect(mock.store.records('ai-actions').length).toBe(before);
  });

  test('an API error is a tool error with its status and message', async () => {
    const result = await call('getAiAction', {
      ai_action_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/404/);
  });

  test('the key appears in no result, no listing and no log line; the log names its variable', () => {
    expect(JSON.stringify(transcript)).not.toContain(SECRET);
    expect(stderr).not.toContain(SECRET);
    expect(stderr).toContain(`${API_KEY_VARIABLE} (set)`);
  });
});

describe('actions-v2 over stdio without credentials', () => {
  test('a tool that needs them says which variable to set; one that needs none works', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [binOf('@zapgen/actions-v2'), 'mcp', '--base-url', 'http://127.0.0.1:9'],
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'zapgen-test-host', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = (await client.callTool({
        name: 'checkAuth',
        arguments: {},
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      const text = (result.content[0] as { text: string }).text;
      expect(text).toContain(API_KEY_VARIABLE);
      expect(text).toContain(actionsMcp.environment.credentials.AccessPointOAuth!);
    } finally {
      await client.close();
    }
  });
});

describe('partner-v1 over Streamable HTTP (`partner-v1 mcp --http --mock`), behind a bearer token', () => {
  const token = 'mcp-endpoint-token-5d1e9a';
  const child = spawn(
    process.execPath,
    [binOf('@zapgen/partner-v1'), 'mcp', '--http', '--port', '0', '--mock'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', ZAPGEN_MCP_TOKEN: token },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let client: Client;

  beforeAll(async () => {
    const url = await new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = output.match(/Streamable HTTP at (http:\S+)/)?.[1];
        if (match) resolve(match);
      };
      check();
      child.stderr.on('data', check);
      void exited.then((code) =>
        reject(new Error(`exited (${code}) before listening:\n${output}`)),
      );
    });
    const refused = await fetch(url, { method: 'POST' });
    expect(refused.status).toBe(401);
    client = new Client({ name: 'zapgen-test-host', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toContain(token);
  });

  test('lists every operation; calls each against the mock, results valid', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(partnerOperations).sort());
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true });
      const definition = partnerOperations[tool.name as keyof typeof partnerOperations];
      const result = (await client.callTool({ name: tool.name, arguments: {} })) as CallToolResult;
      checkedBody(definition, result, tool.outputSchema?.required?.includes('result') ?? false);
    }
  });

  test('a paged list says how to get the next page, and when it is the last', async () => {
    const first = (await client.callTool({ name: 'listApps', arguments: {} })) as CallToolResult;
    expect(first.content.at(-1)).toEqual({
      type: 'text',
      text: 'More results may follow: call listApps again with the same arguments and page: 2.',
    });
    const last = (await client.callTool({
      name: 'listApps',
      arguments: { page: 4 },
    })) as CallToolResult;
    expect(last.content.at(-1)).toEqual({
      type: 'text',
      text: 'This is the last page of listApps.',
    });
  });
});
