/**
 * What a generated `mcp.ts` tells the runtime about its API's tools: the contract between the
 * generator's MCP emitter (`generator/src/emit/mcp`) and `@zapgen/runtime/mcp`. Names, schemas and
 * argument mappings are decided at generation, from the spec; the runtime knows no API.
 */
import type { ApiDefinition, OperationDefinition, ParameterLocation } from '../definition.js';

/** A JSON Schema (2020-12 keywords that draft-07 validators read the same way), as plain JSON. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * Where one top-level argument of a tool goes in the operation's call. Tools take one flat object:
 * each parameter, and each property of an object body, is an argument of its own (agents fill
 * flat inputs better than `{ path, query, body }` groups); a body that is not a plain object with
 * known properties, or whose properties clash with a parameter, is one `body` argument.
 */
export type ToolArgument = {
  /** The argument's name in the tool's input: the parameter's or property's own when it is a plain one. */
  name: string;
  /** The value may be `null`; otherwise a `null` given for an optional argument means "not given". */
  nullable?: boolean;
} & (
  | {
      in: ParameterLocation;
      /** The parameter's name in the spec. */
      parameter: string;
    }
  /** A property of the body (an object), or the whole body when `property` is absent. */
  | { in: 'body'; property?: string }
);

/** One operation as an MCP tool. */
export interface ToolDefinition {
  /** Unique in the package, `^[a-zA-Z0-9_-]{1,64}$`: what MCP hosts accept everywhere. */
  name: string;
  operation: OperationDefinition;
  /** The operation's summary, for hosts that show tools to people. */
  title?: string;
  /** The operation's summary and description, its HTTP method and path, and how it pages. */
  description: string;
  tags: readonly string[];
  deprecated?: boolean;
  arguments: readonly ToolArgument[];
  /** The input's properties (by argument name) and required arguments; `$ref`s point into `#/$defs/`. */
  input: { properties: Record<string, JsonSchema>; required: readonly string[] };
  /**
   * The structured result's schema, when every successful response has a JSON body: the body
   * itself when every such body is an object, else `{ result: body }` (`wrapped`), as MCP wants
   * an object. Without it the tool answers with text only.
   */
  output?: { schema: JsonSchema; wrapped: boolean };
  /**
   * The successful response is a stream (server-sent events, NDJSON / JSON Lines, json-seq): the
   * tool reads it item by item, sends each as a progress notification when asked, and answers
   * `{ items, count, truncated }` (its `output` schema when every successful response streams).
   */
  streaming?: boolean;
}

/** Everything a package's MCP server is made of. */
export interface McpDefinition {
  /** The package name, as the server's name. */
  name: string;
  /** The package version. */
  version: string;
  /** The API's title. */
  title: string;
  /** The API's description, handed to hosts as the server's instructions. */
  instructions?: string;
  /** Servers and security schemes (the operations are the tools'). */
  api: ApiDefinition;
  /** Environment variables the server reads (see `environmentNames`). */
  environment: {
    /** The base URL of the API (default: its first server). */
    baseUrl: string;
    /** One variable per security scheme, holding its credential: an API key, a token, `user:password`. */
    credentials: Record<string, string>;
  };
  tools: readonly ToolDefinition[];
  /** The component schemas the tools' schemas reference, by name (`#/$defs/<name>`). */
  schemas: Record<string, JsonSchema>;
}
