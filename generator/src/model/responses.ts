/** Request bodies and responses of an operation. */
import type { BuildContext } from './context.js';
import { isNode, stringOf } from './json.js';
import { mediaTypes } from './media.js';
import { joinPointer } from '../json/pointer.js';
import { type Resolved } from './pointer.js';
import type { RequestBodyModel, ResponseModel } from './types.js';

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
    result.push({
      status,
      description: stringOf(found.node.description) ?? '',
      content: mediaTypes({
        context,
        content: found.node.content,
        pointer: joinPointer({ pointer: found.pointer, keys: ['content'] }),
      }),
      headers: headers({ context, response: found }),
    });
  }
  return result.sort((a, b) => compareStatuses(a.status, b.status));
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
    result.push({
      name,
      required: header.required === true,
      schema,
      ...(description !== undefined && { description }),
    });
  }
  return result;
}
