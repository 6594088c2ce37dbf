/**
 * The operations of `paths` (the client's), and the shape of `paths`, `webhooks` and
 * `components.pathItems` around them, which the types print (callbacks: `callbacks.ts`).
 */
import type { BuildContext } from './context.js';
import { componentRef } from './component-ref.js';
import { operationExtensions } from './extensions.js';
import { isNode, stringOf, stringsOf, type Node } from './json.js';
import { derivedOperationId, uniqueId } from './operation-id.js';
import { compareCodePoints } from './order.js';
import { operationParameters, pathItemParameters } from './parameters.js';
import { joinPointer } from '../json/pointer.js';
import { type Resolved } from './pointer.js';
import { requestBody, responses } from './responses.js';
import { securityRequirements } from './security.js';
import type { HttpMethod, OperationModel, PathEntryModel, PathItemModel } from './types.js';

const METHODS: readonly HttpMethod[] = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
];

interface Located {
  method: HttpMethod;
  path: string;
  pathItem: Resolved;
  operation: Resolved & { node: Node };
}

/** The client's operations (sorted by operationId, code point order) and the `paths` they sit in. */
export function operations({ context, document }: { context: BuildContext; document: Node }): {
  operations: OperationModel[];
  paths: PathEntryModel[];
} {
  const entries = pathEntries({ context, document });
  const located = entries.flatMap((entry) => entry.located);
  const taken = new Set<string>();
  for (const { operation } of located) {
    const id = explicitId(operation.node);
    if (id !== undefined) taken.add(id);
  }
  const documentSecurity = securityRequirements(document.security) ?? [];
  const built = new Map<Located, OperationModel>();
  for (const entry of located) {
    const explicit = explicitId(entry.operation.node);
    const operationId =
      explicit ??
      uniqueId({
        candidate: derivedOperationId({ method: entry.method, path: entry.path }),
        taken,
      });
    built.set(entry, operationModel({ context, located: entry, operationId, documentSecurity }));
  }
  const paths = entries.map(({ path, component, pathItem, located: ops }): PathEntryModel => ({
    path,
    ...(component !== undefined && { component }),
    item: {
      parameters: pathItemParameters({ context, pathItem }),
      operations: ops.map((entry) => ({ method: entry.method, operation: built.get(entry)! })),
    },
  }));
  const result = [...built.values()].sort((a, b) =>
    compareCodePoints(a.operationId, b.operationId),
  );
  return { operations: result, paths };
}

/**
 * A path item that is not under `paths` (a webhook, or one of `components.pathItems`): its
 * operations keep the spec's operationId, or none (`operationIdDerived`, with a derived id that
 * nothing else uses).
 */
export function pathItemModel({
  context,
  document,
  node,
  pointer,
  label,
}: {
  context: BuildContext;
  document: Node;
  node: unknown;
  pointer: string;
  label: string;
}): PathItemModel | undefined {
  const pathItem = context.resolver.follow({ node, pointer });
  if (!pathItem || !isNode(pathItem.node)) return undefined;
  const documentSecurity = securityRequirements(document.security) ?? [];
  return {
    parameters: pathItemParameters({ context, pathItem }),
    operations: locateIn({ path: label, pathItem }).map((located) => ({
      method: located.method,
      operation: operationModel({
        context,
        located,
        operationId:
          explicitId(located.operation.node) ??
          derivedOperationId({ method: located.method, path: label }),
        documentSecurity,
      }),
    })),
  };
}

function operationModel({
  context,
  located,
  operationId,
  documentSecurity,
}: {
  context: BuildContext;
  located: Located;
  operationId: string;
  documentSecurity: OperationModel['security'];
}): OperationModel {
  const { method, path, operation } = located;
  const node = operation.node;
  const summary = stringOf(node.summary);
  const description = stringOf(node.description);
  const body = requestBody({ context, operation });
  return {
    operationId,
    operationIdDerived: explicitId(node) === undefined,
    method,
    path,
    ...(summary !== undefined && { summary }),
    ...(description !== undefined && { description }),
    tags: stringsOf(node.tags) ?? [],
    deprecated: node.deprecated === true,
    parameters: operationParameters({ context, pathItem: located.pathItem, operation }),
    ...(body && { requestBody: body }),
    responses: responses({ context, operation }),
    security: securityRequirements(node.security) ?? documentSecurity,
    extensions: operationExtensions(node),
  };
}

function explicitId(operation: Node): string | undefined {
  return typeof operation.operationId === 'string' && operation.operationId !== ''
    ? operation.operationId
    : undefined;
}

/** The entries of `paths` in document order, path items resolved through `$ref`. */
function pathEntries({ context, document }: { context: BuildContext; document: Node }): {
  path: string;
  component?: string;
  pathItem: Resolved;
  located: Located[];
}[] {
  if (!isNode(document.paths)) return [];
  const result = [];
  for (const [path, entry] of Object.entries(document.paths)) {
    if (!path.startsWith('/')) continue;
    const pathItem = context.resolver.follow({
      node: entry,
      pointer: joinPointer({ pointer: '#/paths', keys: [path] }),
    });
    if (!pathItem || !isNode(pathItem.node)) continue;
    const component = componentRef({ entry, kind: 'pathItems', document });
    result.push({
      path,
      ...(component !== undefined && { component }),
      pathItem,
      located: locateIn({ path, pathItem }),
    });
  }
  return result;
}

/** The operations of one resolved path item, in document order. */
function locateIn({ path, pathItem }: { path: string; pathItem: Resolved }): Located[] {
  if (!isNode(pathItem.node)) return [];
  const result: Located[] = [];
  for (const [method, node] of Object.entries(pathItem.node)) {
    if (!(METHODS as readonly string[]).includes(method) || !isNode(node)) continue;
    const pointer = joinPointer({ pointer: pathItem.pointer, keys: [method] });
    result.push({ method: method as HttpMethod, path, pathItem, operation: { node, pointer } });
  }
  return result;
}
