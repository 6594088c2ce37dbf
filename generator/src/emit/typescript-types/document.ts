import { fragmentToPointer, isObject, resolvePointer } from '../../json/pointer.js';
import type { ApiModel } from '../../model/types.js';

type JsonObject = Record<string, unknown>;

/**
 * A copy of the bundled document in which every operation of the model carries its operationId.
 *
 * openapi-typescript only lists operations with an operationId under `operations`; the model
 * derives one for the others, and the client refers to `operations["<id>"]` for every operation.
 * The model's document is left untouched: it is also written verbatim to `openapi.json`.
 */
export function documentWithOperationIds(model: ApiModel): JsonObject {
  const document = structuredClone(model.document) as JsonObject;
  // Redocly's bundler, which openapi-typescript's own entry point runs, always adds `components`.
  if (!isObject(document.components)) document.components = {};
  const paths = isObject(document.paths) ? document.paths : undefined;
  for (const operation of model.operations) {
    if (!operation.operationIdDerived || !paths) continue;
    let pathItem = paths[operation.path];
    if (isObject(pathItem) && typeof pathItem.$ref === 'string') {
      // A shared path item: inline a copy so that the id lands on this path only.
      const pointer = pathItem.$ref.startsWith('#')
        ? fragmentToPointer(pathItem.$ref.slice(1))
        : undefined;
      const target = pointer === undefined ? undefined : resolvePointer(document, pointer);
      pathItem = isObject(target) ? { ...structuredClone(target) } : pathItem;
      paths[operation.path] = pathItem;
    }
    const target = isObject(pathItem) ? pathItem[operation.method] : undefined;
    if (isObject(target)) target.operationId = operation.operationId;
  }
  return document;
}
