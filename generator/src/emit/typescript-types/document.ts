import type { ApiModel } from '../../model/types.js';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Resolves an internal `$ref` (`#/components/pathItems/Foo`) against the document. */
function resolvePointer(document: JsonObject, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
}

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
      const target = resolvePointer(document, pathItem.$ref);
      pathItem = isObject(target) ? { ...structuredClone(target) } : pathItem;
      paths[operation.path] = pathItem;
    }
    const target = isObject(pathItem) ? pathItem[operation.method] : undefined;
    if (isObject(target)) target.operationId = operation.operationId;
  }
  return document;
}
