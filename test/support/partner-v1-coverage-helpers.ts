/**
 * Addressing facts in a bundled spec for the coverage tables: a `Where` names an operation, a
 * parameter, a component schema or the document root, plus a dotted path below it.
 */
import { deref, operation, parameter, componentSchema, type Json } from './spec.js';

/** Where a fact lives; `at` is a dotted path below the addressed node (`properties.state.enum`). */
export type Where =
  | { operation: string; at?: string }
  | { parameter: string; at?: string }
  | { schema: string; at?: string }
  | { document: string };

/** One row of a coverage table: the fact as the document states it, where it is, what it must be. */
export type Fact = [fact: string, { given: Where; want: unknown }];

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Splits `GET /v1/apps` into a lower-case method and a path. */
function methodAndPath(key: string): [string, string] {
  const [method = '', path = ''] = key.split(' ');
  return [method.toLowerCase(), path];
}

/**
 * Reads `key` of `node`: the node's own key first (so `$ref` and siblings of a `$ref` stay
 * visible), then the dereferenced node's, then the members of its `allOf`
 * (objects such as `properties` merged across members).
 */
function child({ document, node, key }: { document: Json; node: unknown; key: string }): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  const own = node as Json;
  if (key in own) return own[key];
  const target = own.$ref === undefined ? own : deref(document, own);
  if (key in target) return target[key];
  const found = ((target.allOf ?? []) as Json[])
    .map((member) => child({ document, node: member, key }))
    .filter((value) => value !== undefined);
  // `properties` of the members of an `allOf` add up.
  const isMap = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value);
  return found.length > 1 && found.every(isMap) ? Object.assign({}, ...found) : found[0];
}

/** Follows a dotted path below `node`. */
export function lookup({
  document,
  node,
  at,
}: {
  document: Json;
  node: unknown;
  at?: string;
}): unknown {
  if (!at) return node;
  return at.split('.').reduce<unknown>((value, key) => child({ document, node: value, key }), node);
}

/** The value a `Where` addresses in `document`. */
export function resolve(document: Json, where: Where): unknown {
  if ('document' in where) return lookup({ document, node: document, at: where.document });
  if ('operation' in where) {
    const [method, path] = methodAndPath(where.operation);
    return lookup({ document, node: operation(document, method, path), at: where.at });
  }
  if ('parameter' in where) {
    const [method = '', path = '', location = '', name = ''] = where.parameter.split(' ');
    const node = parameter(document, method.toLowerCase(), path, location, name);
    return lookup({ document, node, at: where.at });
  }
  return lookup({ document, node: componentSchema(document, where.schema), at: where.at });
}

/** Every `METHOD path` pair of the document, sorted. */
export function operationKeys(document: Json): string[] {
  return Object.entries(document.paths ?? {})
    .flatMap(([path, item]) =>
      Object.keys(item as Json)
        .filter((key) => methods.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

/** Names of an operation's parameters (path-level ones included) as `in name`, sorted. */
export function parameterKeys(document: Json, key: string): string[] {
  const [method, path] = methodAndPath(key);
  const op = operation(document, method, path);
  return [...(document.paths[path].parameters ?? []), ...(op.parameters ?? [])]
    .map((p: Json) => deref(document, p))
    .map((p: Json) => `${p.in} ${p.name}`)
    .sort();
}

/**
 * Every `required` entry of every schema in the document, as `<where>.<property>`, where `<where>`
 * is the JSON pointer of the schema holding the list.
 */
export function requiredEntries(document: Json): string[] {
  const entries: string[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, `${pointer}/${index}`));
      return;
    }
    const object = node as Json;
    if (Array.isArray(object.required) && (object.type === 'object' || object.properties)) {
      entries.push(...object.required.map((name: string) => `${pointer}.${name}`));
    }
    for (const [key, value] of Object.entries(object)) walk(value, `${pointer}/${key}`);
  };
  walk(document.components?.schemas, '#/components/schemas');
  walk(document.paths, '#/paths');
  return entries.sort();
}

/** Names of the component schemas reachable from the paths, following `$ref`s transitively. */
export function reachableSchemas(document: Json): Set<string> {
  const seen = new Set<string>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$ref' && typeof value === 'string') {
        if (seen.has(value)) continue;
        seen.add(value);
        walk(deref(document, { $ref: value }));
      } else {
        walk(value);
      }
    }
  };
  walk(document.paths);
  const prefix = '#/components/schemas/';
  return new Set(
    [...seen].filter((ref) => ref.startsWith(prefix)).map((ref) => ref.slice(prefix.length)),
  );
}

/** JSON pointers of the properties below `schema` (nested ones included) that lack a `description`. */
export function undescribedProperties(schema: unknown, pointer: string): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Json;
  const properties = Object.entries((node.properties ?? {}) as Json).flatMap(([name, property]) => {
    const at = `${pointer}/properties/${name}`;
    return [
      ...((property as Json).description ? [] : [at]),
      ...undescribedProperties(property, at),
    ];
  });
  const members = ((node.allOf ?? []) as Json[]).flatMap((member, index) =>
    undescribedProperties(member, `${pointer}/allOf/${index}`),
  );
  return [...properties, ...members, ...undescribedProperties(node.items, `${pointer}/items`)];
}
