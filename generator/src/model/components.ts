/** The reusable objects of `components` besides schemas, and the 3.1 `webhooks`, as the types print them. */
import type { BuildContext } from './context.js';
import { isNode, type Node } from './json.js';
import { pathItemModel } from './operations.js';
import { parameterModel } from './parameters.js';
import { headerModel, requestBodyModel, responseModel } from './responses.js';
import { joinPointer } from '../json/pointer.js';
import type { ComponentsModel, PathItemModel } from './types.js';

/** Each entry of `components.<kind>` resolved (through `$ref`s) to an object, in document order. */
function entries({
  context,
  document,
  kind,
}: {
  context: BuildContext;
  document: Node;
  kind: string;
}): { name: string; node: Node; pointer: string; raw: unknown }[] {
  const components = isNode(document.components) ? document.components : {};
  const group = components[kind];
  if (!isNode(group)) return [];
  const result = [];
  for (const [name, raw] of Object.entries(group)) {
    const found = context.resolver.follow({
      node: raw,
      pointer: joinPointer({ pointer: `#/components/${kind}`, keys: [name] }),
    });
    if (found && isNode(found.node))
      result.push({ name, node: found.node, pointer: found.pointer, raw });
  }
  return result;
}

export function componentsModel({
  context,
  document,
}: {
  context: BuildContext;
  document: Node;
}): ComponentsModel {
  const list = (kind: string) => entries({ context, document, kind });
  return {
    parameters: list('parameters').flatMap(({ name, node, pointer }) => {
      const parameter = parameterModel({ context, node, pointer });
      return parameter ? [{ name, parameter }] : [];
    }),
    responses: list('responses').map(({ name, node, pointer }) => ({
      name,
      response: responseModel({ context, status: name, found: { node, pointer } }),
    })),
    requestBodies: list('requestBodies').map(({ name, node, pointer }) => ({
      name,
      requestBody: requestBodyModel({ context, found: { node, pointer } }),
    })),
    headers: list('headers').map(({ name, node, pointer }) => ({
      name,
      header: headerModel({ context, name, found: { node, pointer } }),
    })),
    pathItems: pathItems({ context, document, kind: 'pathItems' }),
  };
}

/** The 3.1 `webhooks`, in document order. */
export function webhooksModel({
  context,
  document,
}: {
  context: BuildContext;
  document: Node;
}): { name: string; item: PathItemModel }[] {
  if (!isNode(document.webhooks)) return [];
  const result = [];
  for (const [name, node] of Object.entries(document.webhooks)) {
    const pointer = joinPointer({ pointer: '#/webhooks', keys: [name] });
    const item = pathItemModel({ context, document, node, pointer, label: name });
    if (item) result.push({ name, item });
  }
  return result;
}

function pathItems({
  context,
  document,
  kind,
}: {
  context: BuildContext;
  document: Node;
  kind: string;
}): { name: string; item: PathItemModel }[] {
  return entries({ context, document, kind }).flatMap(({ name, node, pointer }) => {
    const item = pathItemModel({ context, document, node, pointer, label: name });
    return item ? [{ name, item }] : [];
  });
}
