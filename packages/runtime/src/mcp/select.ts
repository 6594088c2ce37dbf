/** Which of a package's tools a server offers: by tag, by operation, read-only, deprecated or not. */
import type { ToolDefinition } from './definition.js';
import { isReadOnly } from './annotations.js';

/** What to offer. Every list matches a tool by operationId or by tool name; tags by the spec's tags. */
export interface ToolSelection {
  /** Only the tools with one of these tags (and those of `operations`). */
  tags?: readonly string[];
  /** Only these operations (and those of `tags`). */
  operations?: readonly string[];
  /** Not the tools with one of these tags. */
  excludeTags?: readonly string[];
  /** Not these operations. */
  excludeOperations?: readonly string[];
  /** Deprecated operations: offered and marked as such (`mark`, the default), or left out (`omit`). */
  deprecated?: 'mark' | 'omit';
  /** Only the operations that change nothing (GET, HEAD, OPTIONS, TRACE). */
  readOnly?: boolean;
}

/** The tools selected, in the package's order; throws a `TypeError` naming a tag or operation that matches nothing. */
export function selectTools(
  tools: readonly ToolDefinition[],
  selection: ToolSelection = {},
): ToolDefinition[] {
  const tags = new Set(tools.flatMap((tool) => tool.tags));
  const names = new Set(tools.flatMap((tool) => [tool.name, tool.operation.operationId]));
  const unknown = [
    ...[...(selection.tags ?? []), ...(selection.excludeTags ?? [])]
      .filter((tag) => !tags.has(tag))
      .map((tag) => `tag ${JSON.stringify(tag)}`),
    ...[...(selection.operations ?? []), ...(selection.excludeOperations ?? [])]
      .filter((name) => !names.has(name))
      .map((name) => `operation ${JSON.stringify(name)}`),
  ];
  if (unknown.length)
    throw new TypeError(
      `no ${unknown.join(', ')} in this API (tags: ${[...tags].sort().join(', ') || 'none'}; operations: ${tools.map((tool) => tool.operation.operationId).join(', ') || 'none'})`,
    );
  const named = (list: readonly string[] | undefined, tool: ToolDefinition) =>
    list?.includes(tool.name) || list?.includes(tool.operation.operationId);
  const tagged = (list: readonly string[] | undefined, tool: ToolDefinition) =>
    tool.tags.some((tag) => list?.includes(tag));
  // The lists of what to offer add up: `tags: ['apps'], operations: ['listZaps']` offers both.
  const includeAll = selection.tags === undefined && selection.operations === undefined;
  return tools.filter(
    (tool) =>
      (includeAll || tagged(selection.tags, tool) || named(selection.operations, tool)) &&
      !tagged(selection.excludeTags, tool) &&
      !named(selection.excludeOperations, tool) &&
      !(selection.deprecated === 'omit' && tool.deprecated) &&
      !(selection.readOnly && !isReadOnly(tool.operation.method)),
  );
}
