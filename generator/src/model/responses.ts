/** Request bodies and responses of an operation. */
import type { BuildContext } from './context.js';
import { isNode, stringOf } from './json.js';
import { componentRef } from './component-ref.js';
import { mediaTypes } from './media.js';
import { joinPointer } from '../json/pointer.js';
import { type Resolved } from './pointer.js';
import type { HeaderModel, RequestBodyModel, ResponseModel } from './types.js';

/** The request body of the operation at `operation`, refs resolved; undefined when it has none. */
export function requestBody({
  context,
  operation,
}: {
  context: BuildContext;
  operation: Resolved;
}): RequestBodyModel | undefined {
  if (!isNode(operation.node) || operation.node.requestBody === undefined) return undefined;
  const found = context.resolver.follow({
    node: operation.node.requestBody,
    pointer: joinPointer({ pointer: operation.pointer, keys: ['requestBody'] }),
  });
  if (!found || !isNode(found.node)) return undefined;
  const component = componentRef({
    entry: operation.node.requestBody,
    kind: 'requestBodies',
    document: context.document,
  });
  return {
    ...requestBodyModel({ context, found: { node: found.node, pointer: found.pointer } }),
    ...(component !== undefined && { component }),
  };
}

/** A request body object found at `found.pointer`. */
export function requestBodyModel({
  context,
  found,
}: {
  context: BuildContext;
  found: Resolved & { node: Record<string, unknown> };
}): RequestBodyModel {
  const description = stringOf(found.node.description);
  return {
    ...(description !== undefined && { description }),
    required: found.node.required === true,
    content: mediaTypes({
      context,
      content: found.node.content,
      pointer: joinPointer({ pointer: found.pointer, keys: ['content'] }),
    }),
  };
}

/** The responses of the operation at `operation`, in the order of `compareStatuses`. */
export function responses({
  context,
  operation,
}: {
  context: BuildContext;
  operation: Resolved;
}): ResponseModel[] {
  if (!isNode(operation.node) || !isNode(operation.node.responses)) return [];
  const responsesPointer = joinPointer({ pointer: operation.pointer, keys: ['responses'] });
  const result: ResponseModel[] = [];
  for (const [status, entry] of Object.entries(operation.node.responses)) {
    if (status.startsWith('x-')) continue;
    const found = context.resolver.follow({
      node: entry,
      pointer: joinPointer({ pointer: responsesPointer, keys: [status] }),
    });
    if (!found || !isNode(found.node)) continue;
    const component = componentRef({ entry, kind: 'responses', document: context.document });
    result.push({
      ...responseModel({ context, status, found: { node: found.node, pointer: found.pointer } }),
      ...(component !== undefined && { component }),
    });
  }
  return result.sort((a, b) => compareStatuses(a.status, b.status));
}

/** A response object found at `found.pointer`, answered with `status`. */
export function responseModel({
  context,
  status,
  found,
}: {
  context: BuildContext;
  status: string;
  found: Resolved & { node: Record<string, unknown> };
}): ResponseModel {
  return {
    status,
    description: stringOf(found.node.description) ?? '',
    content: mediaTypes({
      context,
      content: found.node.content,
      pointer: joinPointer({ pointer: found.pointer, keys: ['content'] }),
    }),
    headers: headers({ context, response: found }),
  };
}

/** Exact statuses ascending, then ranges (`4XX`) ascending, then `default`. */
export function compareStatuses(a: string, b: string): number {
  const rank = (status: string): [number, number] => {
    if (/^\d{3}$/.test(status)) return [0, Number(status)];
    if (/^[1-5]xx$/i.test(status)) return [1, Number(status[0])];
    if (status === 'default') return [3, 0];
    return [2, 0];
  };
  const [groupA, valueA] = rank(a);
  const [groupB, valueB] = rank(b);
  if (groupA !== groupB) return groupA - groupB;
  if (valueA !== valueB) return valueA - valueB;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Response headers, refs resolved. `Content-Type` is left out, as OpenAPI says to ignore it. */
function headers({
  context,
  response,
}: {
  context: BuildContext;
  response: Resolved;
}): ResponseModel['headers'] {
  if (!isNode(response.node) || !isNode(response.node.headers)) return [];
  const headersPointer = joinPointer({ pointer: response.pointer, keys: ['headers'] });
  const result: ResponseModel['headers'] = [];
  for (const [name, entry] of Object.entries(response.node.headers)) {
    if (name.toLowerCase() === 'content-type') continue;
    const found = context.resolver.follow({
      node: entry,
      pointer: joinPointer({ pointer: headersPointer, keys: [name] }),
    });
    if (!found || !isNode(found.node)) continue;
    const component = componentRef({ entry, kind: 'headers', document: context.document });
    const header = headerModel({
      context,
      name,
      found: { node: found.node, pointer: found.pointer },
    });
    result.push(component === undefined ? header : { ...header, component });
  }
  return result;
}

/** A header object found at `found.pointer`, named `name`. */
export function headerModel({
  context,
  name,
  found,
}: {
  context: BuildContext;
  name: string;
  found: Resolved & { node: Record<string, unknown> };
}): HeaderModel {
  const header = found.node;
  let schema = context.schemas.build({
    node: header.schema,
    pointer: joinPointer({ pointer: found.pointer, keys: ['schema'] }),
  });
  if (header.schema === undefined && isNode(header.content)) {
    const [media] = mediaTypes({
      context,
      content: header.content,
      pointer: joinPointer({ pointer: found.pointer, keys: ['content'] }),
    });
    if (media) schema = media.schema;
  }
  const description = stringOf(header.description);
  return {
    name,
    required: header.required === true,
    schema,
    ...(description !== undefined && { description }),
    ...(header.deprecated === true && { deprecated: true }),
  };
}
