/**
 * `@zapgen/runtime/mcp`: the MCP server of every generated package, on the official TypeScript
 * SDK (`@modelcontextprotocol/sdk`, an optional peer dependency: only this subpath imports it).
 * A generated `mcp.ts` describes its tools (`McpDefinition`); this module lists and runs them.
 */
export type { JsonSchema, McpDefinition, ToolArgument, ToolDefinition } from './definition.js';
export { createMcpServer, serverOf } from './server.js';
export { createToolset } from './toolset.js';
export type { CallContext, McpServerOptions, Toolset } from './toolset.js';
export { DEFAULT_STREAM_ITEM_LIMIT } from './streams.js';
export type { ProgressSender, StreamedItems } from './streams.js';
export type { ToolSelection } from './select.js';
export { annotationsOf } from './annotations.js';
export type { ToolAnnotations } from './annotations.js';
export { inputSchemaOf, outputSchemaOf } from './schemas.js';
export { serveHttp } from './http.js';
export type { HttpOptions, HttpServing } from './http.js';
export { mcpHelp, runMcpCommand } from './command.js';
export type { McpCommandOptions, McpMock } from './command.js';
