/**
 * MCP tool annotations from the operation's HTTP method, as HTTP defines the methods (RFC 9110
 * §9.2): safe methods read, PUT and DELETE are idempotent, POST adds rather than overwrites, PUT,
 * PATCH and DELETE may overwrite or remove what exists. Every tool reaches an outside service.
 */
import type { OperationDefinition } from '../definition.js';

export interface ToolAnnotations {
  title?: string;
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
}

const SAFE = new Set<OperationDefinition['method']>(['get', 'head', 'options', 'trace']);

/** The methods that change nothing on the server. */
export function isReadOnly(method: OperationDefinition['method']): boolean {
  return SAFE.has(method);
}

/** The annotations of a tool that sends `method`. */
export function annotationsOf(
  method: OperationDefinition['method'],
  title: string | undefined,
): ToolAnnotations {
  const titled = title === undefined ? {} : { title };
  // The other hints are meaningful only when a tool is not read-only (MCP's ToolAnnotations).
  if (isReadOnly(method)) return { ...titled, readOnlyHint: true, openWorldHint: true };
  return {
    ...titled,
    readOnlyHint: false,
    destructiveHint: method !== 'post',
    idempotentHint: method === 'put' || method === 'delete',
    openWorldHint: true,
  };
}
