/**
 * `<package> mcp`: the command line of a package's MCP server (the generated bin runs it, and so
 * does `zapgen mcp`). Over stdio by default, where stdout is the protocol's: everything the
 * command says goes to stderr, and never a credential.
 */
import { parseArgs } from 'node:util';
import type { SecuritySchemeDefinition } from '../definition.js';
import type { CredentialsTable } from '../mock/security.js';
import { describeScheme } from './credentials.js';
import type { McpDefinition } from './definition.js';
import { serveHttp, TOKEN_VARIABLE } from './http.js';
import { serverOf } from './server.js';
import { createToolset, type McpServerOptions } from './toolset.js';

/** What `--mock` needs of the package's mock. */
export interface McpMock {
  fetch: typeof globalThis.fetch;
  credentials: CredentialsTable;
}

export interface McpCommandOptions {
  definition: McpDefinition;
  /** The arguments after `mcp`. */
  argv: readonly string[];
  /** How the command is run, for its help (`actions-v2 mcp`, `zapgen mcp --api actions-v2`). */
  usage: string;
  /** The package's mock, loaded only for `--mock`. */
  mock: (options: { seed: number }) => Promise<McpMock>;
  environment?: Record<string, string | undefined>;
  /** Where the command's messages go. Default stderr (on stdio, stdout is the protocol's). */
  log?: (line: string) => void;
  /** Where `--list` prints the tools. Default stdout. */
  print?: (line: string) => void;
  /** Resolves when the server should stop (stdin closed, a signal). Default: those of this process. */
  stopped?: Promise<unknown>;
}

const OPTIONS = {
  http: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  mock: { type: 'boolean' },
  seed: { type: 'string' },
  'base-url': { type: 'string' },
  tag: { type: 'string', multiple: true },
  operation: { type: 'string', multiple: true },
  'exclude-tag': { type: 'string', multiple: true },
  'exclude-operation': { type: 'string', multiple: true },
  'read-only': { type: 'boolean' },
  'no-deprecated': { type: 'boolean' },
  'max-stream-items': { type: 'string' },
  list: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The help text of the command. */
export function mcpHelp(definition: McpDefinition, usage: string): string {
  const variables = Object.entries(definition.environment.credentials).map(([scheme, variable]) => {
    const found = definition.api.securitySchemes[scheme] as SecuritySchemeDefinition | undefined;
    return `  ${variable.padEnd(40)} ${scheme}: ${found ? describeScheme(found, []) : 'credential'}`;
  });
  return `Usage: ${usage} [options]

Serves the operations of ${definition.title} as MCP tools (${definition.tools.length}), over stdio (the
default: for an MCP host that starts the server) or Streamable HTTP (--http).

Options:
  --http                   Serve Streamable HTTP instead of stdio
  --port <n>               HTTP port (default 3000; 0 picks a free one, printed on stderr)
  --host <name>            HTTP interface (default 127.0.0.1); another one needs --allowed-host
                           and a token in $${TOKEN_VARIABLE}, which clients then send as
                           Authorization: Bearer (on loopback too, when set)
  --allowed-host <name>    A host name clients may use besides localhost (repeatable)
  --mock                   Answer from the package's in-process mock: no account, no network
  --seed <n>               Seed of the mock's data (default 1)
  --base-url <url>         The API's base URL (default $${definition.environment.baseUrl}, else the spec's first server)
  --tag <tag>              Offer only the tools of this tag (repeatable; with --operation, both)
  --operation <id>         Offer only this operation, by operationId or tool name (repeatable)
  --exclude-tag <tag>      Leave out the tools of this tag (repeatable)
  --exclude-operation <id> Leave out this operation (repeatable)
  --read-only              Offer only the operations that change nothing (GET, HEAD, OPTIONS)
  --no-deprecated          Leave out deprecated operations (default: offered, marked deprecated)
  --max-stream-items <n>   Items a streaming tool's result holds before it stops reading (default 100)
  --list                   Print the tools offered, then exit
  -h, --help               Show this help

Environment (credentials are never given on the command line, where other users can read them):
${[
  ...variables,
  `  ${definition.environment.baseUrl.padEnd(40)} the API's base URL`,
  `  ${TOKEN_VARIABLE.padEnd(40)} with --http: the bearer token clients must send`,
].join('\n')}`;
}

/** Runs the command; resolves with its exit code once the server stops. */
export async function runMcpCommand(options: McpCommandOptions): Promise<number> {
  const { definition } = options;
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  let values;
  try {
    values = parseArgs({ args: [...options.argv], options: OPTIONS, strict: true }).values;
  } catch (error) {
    log(`${options.usage}: ${(error as Error).message}\n\n${mcpHelp(definition, options.usage)}`);
    return 2;
  }
  if (values.help) {
    log(mcpHelp(definition, options.usage));
    return 0;
  }
  const numbers = {
    port: values.port ?? '3000',
    seed: values.seed ?? '1',
    'max-stream-items': values['max-stream-items'] ?? '100',
  };
  for (const [name, text] of Object.entries(numbers))
    if (!/^\d+$/.test(text) || (name === 'max-stream-items' && Number(text) === 0)) {
      log(
        `${options.usage}: --${name} must be a whole number${name === 'max-stream-items' ? ' above 0' : ''}, not ${JSON.stringify(text)}`,
      );
      return 2;
    }
  const list = (given: string[] | undefined) => given?.flatMap((entry) => entry.split(','));
  const serverOptions: McpServerOptions = {
    tools: {
      ...(values.tag ? { tags: list(values.tag) } : {}),
      ...(values.operation ? { operations: list(values.operation) } : {}),
      excludeTags: list(values['exclude-tag']) ?? [],
      excludeOperations: list(values['exclude-operation']) ?? [],
      deprecated: values['no-deprecated'] ? 'omit' : 'mark',
      readOnly: values['read-only'] ?? false,
    },
    environment: options.environment ?? process.env,
    maxStreamItems: Number(numbers['max-stream-items']),
    client: values['base-url'] ? { baseUrl: values['base-url'] } : {},
  };
  if (values.mock) {
    const mock = await options.mock({ seed: Number(numbers.seed) });
    // The mock's own credentials, whatever the environment holds: a real key is never sent to it.
    serverOptions.environment = {};
    serverOptions.credentials = mockCredentials(definition, mock.credentials);
    serverOptions.client = { ...serverOptions.client, fetch: mock.fetch };
  }
  let toolset;
  try {
    toolset = createToolset(definition, serverOptions);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    log(`${options.usage}: ${error.message}`);
    return 2;
  }
  if (values.list) {
    const print = options.print ?? ((line: string) => void process.stdout.write(`${line}\n`));
    for (const tool of toolset.tools) print(`${tool.name}  ${tool.title ?? ''}`.trimEnd());
    return 0;
  }
  const summary = `${definition.name} MCP server: ${toolset.tools.length} tool${toolset.tools.length === 1 ? '' : 's'}${values.mock ? `, answered by the mock (seed ${numbers.seed})` : ''}`;
  if (values.http) {
    const httpToken = (options.environment ?? process.env)[TOKEN_VARIABLE]?.trim();
    let serving;
    try {
      serving = await serveHttp(toolset, {
        port: Number(numbers.port),
        ...(values.host ? { host: values.host } : {}),
        allowedHosts: values['allowed-host'] ?? [],
        ...(httpToken ? { token: httpToken } : {}),
      });
    } catch (error) {
      log(`${options.usage}: ${toolset.scrub((error as Error).message)}`);
      return 1;
    }
    log(`${summary}, Streamable HTTP at ${serving.url}`);
    for (const line of values.mock ? [] : toolset.credentialLines()) log(`  ${line}`);
    await (options.stopped ?? processStopped({ stdin: false }));
    await serving.close();
    return 0;
  }
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const server = serverOf(toolset);
  await server.connect(new StdioServerTransport());
  log(`${summary}, on stdio`);
  for (const line of values.mock ? [] : toolset.credentialLines()) log(`  ${line}`);
  await (options.stopped ?? processStopped({ stdin: true }));
  await server.close();
  return 0;
}

/** The credential of each scheme the mock accepts by default: its first API key, its first token. */
function mockCredentials(
  definition: McpDefinition,
  table: CredentialsTable,
): Record<string, string> {
  const apiKey = Object.keys(table.apiKeys)[0];
  const token = Object.keys(table.tokens)[0];
  const credentials: Record<string, string> = {};
  for (const [name, scheme] of Object.entries(definition.api.securitySchemes)) {
    const isToken =
      scheme.type === 'oauth2' ||
      scheme.type === 'openIdConnect' ||
      (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'bearer');
    const value = isToken ? token : apiKey;
    if (value !== undefined) Object.defineProperty(credentials, name, { value, enumerable: true });
  }
  return credentials;
}

/** Resolves when the process is asked to stop, or (stdio) when the host closes stdin. */
function processStopped(options: { stdin: boolean }): Promise<string> {
  return new Promise((resolve) => {
    if (options.stdin) {
      process.stdin.once('end', () => resolve('stdin closed'));
      process.stdin.once('close', () => resolve('stdin closed'));
    }
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
      process.once(signal, () => resolve(signal));
  });
}
