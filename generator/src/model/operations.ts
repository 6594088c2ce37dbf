/** The operations of `paths` (webhooks and callbacks are not client operations). */
import type { BuildContext } from './context.js';
import { operationExtensions } from './extensions.js';
import { isNode, stringOf, stringsOf, type Node } from './json.js';
import { derivedOperationId, uniqueId } from './operation-id.js';
import { compareCodePoints } from './order.js';
import { operationParameters } from './parameters.js';
import { joinPointer } from '../json/pointer.js';
import { type Resolved } from './pointer.js';
import { requestBody, responses } from './responses.js';
import { securityRequirements } from './security.js';
import type { HttpMethod, OperationModel } from './types.js';

const METHODS = new Set<string>([
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
]);

interface Located {
  method: HttpMethod;
  path: string;
  pathItem: Resolved;
  operation: Resolved & { node: Node };
}

/** Every operation of the document, sorted by operationId (code point order). */
export function operations({
  context,
  document,
}: {
  context: BuildContext;
  document: Node;
}): OperationModel[] {
  const located = locate({ context, document });
  const taken = new Set<string>();
  for (const { operation } of located) {
    const id = explicitId(operation.node);
    if (id !== undefined) taken.add(id);
  }
  const documentSecurity = securityRequirements(document.security) ?? [];
  const result = located.map((entry): OperationModel => {
    const { method, path, operation } = entry;
    const node = operation.node;
    const explicit = explicitId(node);
    const summary = stringOf(node.summary);
    const description = stringOf(node.description);
    const body = requestBody({ context, operation });
    return {
      operationId: explicit ?? uniqueId({ candidate: derivedOperationId({ method, path }), taken }),
      operationIdDerived: explicit === undefined,
      method,
      path,
      ...(summary !== undefined && { summary }),
      ...(description !== undefined && { description }),
      tags: stringsOf(node.tags) ?? [],
      deprecated: node.deprecated === true,
      parameters: operationParameters({ context, pathItem: entry.pathItem, operation }),
      ...(body && { requestBody: body }),
      responses: responses({ context, operation }),
      security: securityRequirements(node.security) ?? documentSecurity,
      extensions: operationExtensions(node),
    };
  });
  return result.sort((a, b) => compareCodePoints(a.operationId, b.operationId));
}

function explicitId(operation: Node): string | undefined {
  return typeof operation.operationId === 'string' && operation.operationId !== ''
    ? operation.operationId
    : undefined;
}

/** The operations in document order, path items resolved through `$ref`. */
function locate({ context, document }: { context: BuildContext; document: Node }): Located[] {
  if (!isNode(document.paths)) return [];
  const result: Located[] = [];
  for (const [path, entry] of Object.entries(document.paths)) {
    if (!path.startsWith('/')) continue;
    const pathItem = context.resolver.follow({
      node: entry,
      pointer: joinPointer({ pointer: '#/paths', keys: [path] }),
    });
    if (!pathItem || !isNode(pathItem.node)) continue;
    for (const [method, node] of Object.entries(pathItem.node)) {
      if (!METHODS.has(method) || !isNode(node)) continue;
      const pointer = joinPointer({ pointer: pathItem.pointer, keys: [method] });
      result.push({ method: method as HttpMethod, path, pathItem, operation: { node, pointer } });
    }
  }
  return result;
}
