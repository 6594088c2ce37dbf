/**
 * Reading the bundled specs (`packages/<api>/openapi.json`) in tests, following `$ref`s so that
 * assertions do not depend on how the bundle lays out its references.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Json = Record<string, any>;

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The bundled document of `packages/<api>/openapi.json`. */
export function loadBundledSpec(api: 'actions-v2' | 'partner-v1'): Json {
  return JSON.parse(readFileSync(`${root}packages/${api}/openapi.json`, 'utf8')) as Json;
}

/** Follows internal `$ref`s until a node without one. */
export function deref(document: Json, node: Json | undefined): Json {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops += 1) {
    if (hops > 50) throw new Error(`$ref cycle at ${current.$ref}`);
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`external $ref ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json | undefined>((value, key) => value?.[key], document);
  }
  if (!current) throw new Error('unresolved node');
  return current;
}

/** The operation object at `method path`, e.g. `operation(doc, 'get', '/v1/apps')`. */
export function operation(document: Json, method: string, path: string): Json {
  const item = document.paths?.[path];
  if (!item) throw new Error(`no path ${path}`);
  const op = item[method];
  if (!op) throw new Error(`no ${method.toUpperCase()} ${path}`);
  return op;
}

/** A parameter of an operation (path-level parameters included), dereferenced. */
export function parameter(
  document: Json,
  method: string,
  path: string,
  location: string,
  name: string,
): Json {
  const op = operation(document, method, path);
  const all = [...(document.paths[path].parameters ?? []), ...(op.parameters ?? [])].map(
    (p: Json) => deref(document, p),
  );
  const found = all.find((p) => p.in === location && p.name === name);
  if (!found)
    throw new Error(`no ${location} parameter ${name} on ${method.toUpperCase()} ${path}`);
  return found;
}

/** A component schema, dereferenced. */
export function componentSchema(document: Json, name: string): Json {
  const schema = document.components?.schemas?.[name];
  if (!schema) throw new Error(`no component schema ${name}`);
  return deref(document, schema);
}
