/**
 * The 3.0 `callbacks` of the client's operations: requests the API sends to a URL the caller gave
 * it. Each is received like a webhook, so each expression's path item is modelled like one, named
 * `<operationId>.<callback name>` (unique, since operationIds are).
 */
import type { BuildContext } from './context.js';
import { isNode, type Node } from './json.js';
import { joinPointer } from '../json/pointer.js';
import type { ApiModel, OperationModel } from './types.js';
import { pathItemModel } from './operations.js';

/** The callbacks of the client's operations (sorted by operationId), each in document order. */
export function callbacksModel({
  context,
  document,
  operations,
}: {
  context: BuildContext;
  document: Node;
  operations: readonly OperationModel[];
}): ApiModel['callbacks'] {
  if (!isNode(document.paths)) return [];
  const paths = document.paths;
  return operations.flatMap(({ path, method, operationId }) => {
    const pathItem = context.resolver.follow({
      node: paths[path],
      pointer: joinPointer({ pointer: '#/paths', keys: [path] }),
    });
    const node = pathItem && isNode(pathItem.node) ? pathItem.node[method] : undefined;
    if (!pathItem || !isNode(node)) return [];
    const pointer = joinPointer({ pointer: pathItem.pointer, keys: [method] });
    return callbacksOf({ context, document, operation: { node, pointer }, operationId });
  });
}

/** The callbacks of one operation (its node and pointer), in document order. */
function callbacksOf({
  context,
  document,
  operation,
  operationId,
}: {
  context: BuildContext;
  document: Node;
  operation: { node: Node; pointer: string };
  operationId: string;
}): ApiModel['callbacks'] {
  if (!isNode(operation.node.callbacks)) return [];
  const result: ApiModel['callbacks'] = [];
  const callbacksPointer = joinPointer({ pointer: operation.pointer, keys: ['callbacks'] });
  for (const [callback, node] of Object.entries(operation.node.callbacks)) {
    const found = context.resolver.follow({
      node,
      pointer: joinPointer({ pointer: callbacksPointer, keys: [callback] }),
    });
    if (!found || !isNode(found.node)) continue;
    const name = `${operationId}.${callback}`;
    for (const [expression, pathItem] of Object.entries(found.node)) {
      if (expression.startsWith('x-')) continue;
      const pointer = joinPointer({ pointer: found.pointer, keys: [expression] });
      const item = pathItemModel({ context, document, node: pathItem, pointer, label: name });
      if (item) result.push({ name, operationId, expression, item });
    }
  }
  return result;
}
