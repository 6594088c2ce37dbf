/** What a page of a paginated operation tells an agent about the next one (`x-zapgen-pagination`). */
import type { OperationArgs } from '../definition.js';
import { firstCursor, itemsOf, pageAfter } from '../pagination.js';
import type { ToolDefinition } from './definition.js';

/**
 * A sentence naming the argument and value that fetch the page after this one, or saying that
 * this is the last; undefined for an operation without pagination or a body without items.
 */
export function nextPageNote(
  tool: ToolDefinition,
  args: OperationArgs,
  body: unknown,
  headers: Headers,
): string | undefined {
  const pagination = tool.operation.pagination;
  if (pagination === undefined) return undefined;
  const { operationId } = tool.operation;
  let items: unknown[];
  try {
    items = itemsOf({ operationId, body, itemsField: pagination.itemsField });
  } catch {
    return undefined;
  }
  const cursor = firstCursor(pagination, args);
  const sized = withDefaultSize(tool, args);
  const next = pageAfter({ operationId, pagination, args: sized, cursor, body, headers, items });
  if (next === undefined) return `This is the last page of ${tool.name}.`;
  const parameter =
    pagination.kind === 'page'
      ? pagination.pageParameter
      : pagination.kind === 'offset'
        ? pagination.offsetParameter
        : pagination.cursorParameter;
  const argument =
    tool.arguments.find((entry) => entry.in === 'query' && entry.parameter === parameter)?.name ??
    parameter;
  return `More results may follow: call ${tool.name} again with the same arguments and ${argument}: ${JSON.stringify(next)}.`;
}

/**
 * The arguments with the page size the API used when the call gave none: the size parameter's
 * default in the spec, so that a short page reads as the last one.
 */
function withDefaultSize(tool: ToolDefinition, args: OperationArgs): OperationArgs {
  const pagination = tool.operation.pagination!;
  const parameter =
    pagination.kind === 'offset' ? pagination.limitParameter : pagination.sizeParameter;
  if (parameter === undefined || args.query?.[parameter] !== undefined) return args;
  const argument = tool.arguments.find(
    (entry) => entry.in === 'query' && entry.parameter === parameter,
  );
  const size = argument && tool.input.properties[argument.name]?.default;
  return typeof size === 'number' ? { ...args, query: { ...args.query, [parameter]: size } } : args;
}
