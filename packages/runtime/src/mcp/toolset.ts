/**
 * The tools of one package, ready to list and call: the selection, the schemas as listed, and
 * one client (the runtime's pipeline: validation, credentials, retries, timeouts) that every
 * session of a server shares. Knows nothing of the transport.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { createRuntime } from '../client/create-runtime.js';
import type { AccessTokenContext, ClientOptions } from '../client/options.js';
import { scrub } from '../redact.js';
import { MissingCredentialsError, RequestValidationError } from '../errors.js';
import { ownValue } from '../own.js';
import { annotationsOf } from './annotations.js';
import { argumentPath, operationArguments } from './arguments.js';
import {
  credentialsOf,
  describeScheme,
  missingCredentials,
  secretsOf,
  type Environment,
} from './credentials.js';
import type { McpDefinition, ToolDefinition } from './definition.js';
import { nextPageNote } from './paging.js';
import { errorResult, failureText, successResult } from './results.js';
import {
  collectStream,
  DEFAULT_STREAM_ITEM_LIMIT,
  isResponseStream,
  StreamReadError,
  truncationNote,
  type ProgressSender,
} from './streams.js';
import { inputSchemaOf, outputSchemaOf } from './schemas.js';
import { selectTools, type ToolSelection } from './select.js';

/** Options of an MCP server of a generated package. */
export interface McpServerOptions {
  /**
   * How the tools call the API: `baseUrl`, `fetch`, `timeoutMs`, `retry`, `headers`, and tokens
   * (`accessToken`, `getAccessToken`, `reauthorize`) or API keys under their client options.
   * Arguments are always validated before sending, and answers strictly against their schemas
   * (`validation` is the server's); credentials by scheme go in `credentials` below.
   */
  client?: ClientOptions;
  /** Credentials by security scheme name (an API key, a token, `user:password`); they win over the environment. */
  credentials?: Readonly<Record<string, string>>;
  /** Where the credential and base URL variables are read. Default `process.env`. */
  environment?: Environment;
  /** Which tools to offer. Default every operation, deprecated ones marked. */
  tools?: ToolSelection;
  /**
   * Items a streaming tool (server-sent events, NDJSON) collects for its result; it stops reading
   * after them and says so. Default 100. Each item is also sent as a progress notification when
   * the caller gives a `progressToken`.
   */
  maxStreamItems?: number;
}

/** What a call may use of its request: the signal that cancels it, where its progress goes. */
export interface CallContext {
  signal?: AbortSignal;
  /** Set when the caller asked for progress notifications (a `progressToken`). */
  progress?: ProgressSender;
}

/** A package's tools as a server offers them. */
export interface Toolset {
  readonly definition: McpDefinition;
  /** What `tools/list` answers. */
  readonly tools: readonly Tool[];
  /** Runs a tool; `undefined` when there is no tool of that name. */
  call(
    name: string,
    input: Record<string, unknown> | undefined,
    context?: CallContext,
  ): Promise<CallToolResult | undefined>;
  /** `text` with every secret the server holds replaced, for anything it logs. */
  scrub(text: string): string;
  /** One line per security scheme: its variable, and whether a credential is set (never the value). */
  credentialLines(): string[];
}

/** The tools of `definition` with `options`; throws a `TypeError` when the selection names nothing. */
export function createToolset(definition: McpDefinition, options: McpServerOptions = {}): Toolset {
  const selected = selectTools(definition.tools, options.tools);
  const environment = options.environment ?? process.env;
  const credentials = credentialsOf({ definition, environment, given: options.credentials });
  const secrets = new Set(secretsOf(credentials));
  const client = observedClient({
    options: options.client ?? {},
    secrets,
    api: definition.api,
  });
  const baseUrl = client.baseUrl ?? ownValue(environment, definition.environment.baseUrl) ?? '';
  const runtime = createRuntime(definition.api, {
    ...client,
    ...(baseUrl === '' ? {} : { baseUrl }),
    credentials,
    validation: { request: true, response: 'strict' },
  });
  const byName = new Map(selected.map((tool) => [tool.name, tool]));
  const listed = selected.map((tool) => listing(tool, definition));
  const scrubAll = (text: string) => scrub(text, [...secrets]);
  const streamLimit = Math.max(1, Math.floor(options.maxStreamItems ?? DEFAULT_STREAM_ITEM_LIMIT));

  async function call(
    name: string,
    input: Record<string, unknown> | undefined,
    context: CallContext = {},
  ): Promise<CallToolResult | undefined> {
    const tool = byName.get(name);
    if (tool === undefined) return undefined;
    const read = operationArguments(tool, input);
    if ('problem' in read)
      return errorResult(`Invalid arguments for ${tool.name}: ${read.problem}`, [...secrets]);
    try {
      const { data: answer, response } = await runtime.send(
        tool.operation,
        read.args,
        context.signal ? { signal: context.signal } : {},
      );
      if (isResponseStream(answer)) {
        const streamed = await collectStream(answer, {
          limit: streamLimit,
          secrets: [...secrets],
          ...(context.progress ? { progress: context.progress } : {}),
        });
        const note = truncationNote(streamed, streamLimit);
        return await successResult({
          tool: tool.output ? tool : { ...tool, output: { schema: {}, wrapped: false } },
          body: streamed,
          notes: note === undefined ? [] : [note],
          secrets: [...secrets],
        });
      }
      const note = nextPageNote(tool, read.args, answer, response.headers);
      return await successResult({
        tool,
        body: answer,
        notes: note === undefined ? [] : [note],
        secrets: [...secrets],
      });
    } catch (error) {
      if (error instanceof StreamReadError)
        return errorResult(
          `${tool.name}: the stream failed after ${error.received} item(s): ${failureText(error.failure)}`,
          [...secrets],
        );
      return errorResult(failureMessage({ tool, error, definition, credentials }), [...secrets]);
    }
  }

  return {
    definition,
    tools: listed,
    call,
    scrub: scrubAll,
    credentialLines: () =>
      Object.entries(definition.environment.credentials).map(([scheme, variable]) => {
        const found = ownValue(definition.api.securitySchemes, scheme);
        const state =
          ownValue(credentials, scheme) !== undefined
            ? 'set'
            : `not set${found ? `: ${describeScheme(found, [])}` : ''}`;
        return `${scheme}: ${variable} (${state})`;
      }),
  };
}

/** The tool as `tools/list` shows it. */
function listing(tool: ToolDefinition, definition: McpDefinition): Tool {
  const outputSchema = outputSchemaOf(tool, definition.schemas);
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    inputSchema: inputSchemaOf(tool, definition.schemas),
    ...(outputSchema === undefined ? {} : { outputSchema }),
    annotations: annotationsOf(tool.operation.method, tool.title),
  };
}

/** What a failed call tells the agent, in the tool's terms. */
function failureMessage(options: {
  tool: ToolDefinition;
  error: unknown;
  definition: McpDefinition;
  credentials: Readonly<Record<string, string>>;
}): string {
  const { tool, error } = options;
  if (error instanceof RequestValidationError)
    return `Invalid arguments for ${tool.name}: ${error.issues
      .map((issue) => `${argumentPath(tool, issue)}: ${issue.message}`)
      .join('; ')}`;
  if (error instanceof MissingCredentialsError)
    return (
      missingCredentials({
        definition: options.definition,
        security: tool.operation.security,
        credentials: options.credentials,
        operationId: tool.name,
      }) ?? error.message
    );
  return failureText(error);
}

/**
 * The client options with every credential they hold, or hand out later (`getAccessToken`,
 * `reauthorize`), added to the secrets scrubbed from answers and logs.
 */
function observedClient(options: {
  options: ClientOptions;
  secrets: Set<string>;
  api: McpDefinition['api'];
}): ClientOptions {
  const { secrets } = options;
  const client = { ...options.options };
  const keep = (value: unknown) => {
    if (typeof value === 'string' && value !== '') secrets.add(value);
    return value;
  };
  keep(client.accessToken);
  for (const scheme of Object.values(options.api.securitySchemes))
    if (scheme.type === 'apiKey') keep(client[scheme.option]);
  const observe =
    (source: ClientOptions['getAccessToken']) =>
    async (context: AccessTokenContext): Promise<string | undefined> =>
      keep(await source?.(context)) as string | undefined;
  if (client.getAccessToken) client.getAccessToken = observe(client.getAccessToken);
  if (client.reauthorize) client.reauthorize = observe(client.reauthorize);
  return client;
}
