/** The MCP server of a toolset, on the official SDK: `tools/list` and `tools/call`, any transport. */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpDefinition } from './definition.js';
import { createToolset, type McpServerOptions, type Toolset } from './toolset.js';

/**
 * A server offering `toolset`, to connect to one transport (`server.connect(transport)`). The
 * SDK's low-level `Server`: the tools' JSON Schemas come from the spec, not from zod shapes.
 */
export function serverOf(toolset: Toolset): Server {
  const { definition } = toolset;
  const server = new Server(
    { name: definition.name, version: definition.version, title: definition.title },
    {
      capabilities: { tools: {} },
      ...(definition.instructions ? { instructions: definition.instructions } : {}),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...toolset.tools] }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    const progressToken = request.params._meta?.progressToken;
    const result = await toolset.call(name, request.params.arguments, {
      signal: extra.signal,
      // Each item of a streaming tool, as the caller asked: one notification per item, on this request.
      ...(progressToken === undefined
        ? {}
        : {
            progress: (progress: number, message: string) =>
              extra.sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress, message },
              }),
          }),
    });
    // An unknown tool is the host's mistake, not the agent's: a protocol error, as MCP says.
    if (result === undefined)
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${toolset.scrub(name)}`);
    return result;
  });
  return server;
}

/** The MCP server of a generated package's definition, with `options`. */
export function createMcpServer(definition: McpDefinition, options?: McpServerOptions): Server {
  return serverOf(createToolset(definition, options));
}
