/**
 * How deep inline schemas, and the values a spec holds (`default`, `const`, `enum`, examples),
 * may nest. Each level becomes a level of nested code in the modules zapgen writes (a zod call
 * inside a zod call, an object literal inside an object literal), and TypeScript gives up on
 * the package past some depth: it overflows its stack emitting about 150 levels of inline
 * objects (about 85 of arrays of unions of objects, which take more nodes per level), and
 * reports "excessive stack depth" (TS2321) comparing a fixture with a `const` value nested 100
 * levels; the type printer zapgen uses itself overflows past 400. A `$ref` starts again at the
 * top: a component is written once, under its own name, and referred to by it. So schemas are
 * measured through inline schemas only, and refused past `MAX_SCHEMA_DEPTH`, values past
 * `MAX_VALUE_DEPTH`: real specs stay far below both (their deepest inline nesting is about a
 * dozen levels). The message says where, and the way out.
 */
import { isObject, toPointer } from '../../json/pointer.js';
import { isDataKey } from '../keywords.js';
import type { LintRule } from './rule.js';

/** Levels of inline schemas one schema may nest (a component or an inline schema of an operation). */
export const MAX_SCHEMA_DEPTH = 64;

/** Levels of arrays and objects a value of the spec may nest (`default`, `const`, an example). */
export const MAX_VALUE_DEPTH = 32;

/**
 * Keys whose value is data that zapgen writes into code (a `default`, a fixture from an example),
 * and `examples` when it is a list of values (a schema's, not a map of Example Objects).
 */
const VALUE_KEYS = new Set(['default', 'const', 'enum', 'example', 'value']);

/** Keywords whose value is a schema, and those whose value is a list or a map of schemas. */
const SCHEMA_KEYWORDS = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
]);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
]);

export const schemaDepth: LintRule = {
  name: 'schema-depth',
  severity: 'error',
  description: `inline schemas nest at most ${MAX_SCHEMA_DEPTH} levels (deeper, the generated package does not compile)`,
  check(document, report) {
    const { roots, values } = schemasAndValues(document);
    for (const { value, segments } of values) {
      // Levels of arrays and objects: the value itself, then each one nested in it.
      const deepest = deepestValue(value);
      if (deepest.length + 1 <= MAX_VALUE_DEPTH) continue;
      report(
        toPointer([...segments, ...deepest.slice(0, MAX_VALUE_DEPTH)]),
        `this value nests more than ${MAX_VALUE_DEPTH} levels of arrays and objects (${deepest.length + 1} from ${toPointer(segments)}); zapgen writes values at most ${MAX_VALUE_DEPTH} levels deep`,
      );
    }
    for (const { schema, segments } of roots) {
      const deepest = deepestPath(schema);
      if (deepest.length <= MAX_SCHEMA_DEPTH) continue;
      const schemas = deepest.slice(0, MAX_SCHEMA_DEPTH + 1);
      report(
        toPointer([...segments, ...schemas.flat()]),
        `inline schemas nest more than ${MAX_SCHEMA_DEPTH} levels here (${deepest.length} from ${toPointer(segments)}); zapgen writes at most ${MAX_SCHEMA_DEPTH}: move an inner schema into components/schemas and refer to it with $ref`,
      );
    }
  },
};

/**
 * The schemas a document declares where they start (components, and the `schema` of any
 * object), and the values under `VALUE_KEYS` anywhere but in extensions.
 */
function schemasAndValues(document: Record<string, unknown>): {
  roots: { schema: Record<string, unknown>; segments: string[] }[];
  values: { value: unknown; segments: string[] }[];
} {
  const roots: { schema: Record<string, unknown>; segments: string[] }[] = [];
  const values: { value: unknown; segments: string[] }[] = [];
  const stack: { node: unknown; segments: string[]; parentKey: string | undefined }[] = [
    { node: document, segments: [], parentKey: undefined },
  ];
  while (stack.length) {
    const { node, segments, parentKey } = stack.pop()!;
    if (!isObject(node) && !Array.isArray(node)) continue;
    const entries = Array.isArray(node)
      ? node.map((value, index) => [String(index), value] as const)
      : Object.entries(node);
    for (const [key, value] of entries) {
      if (!isObject(value) && !Array.isArray(value)) continue;
      const at = [...segments, key];
      const named = isNameMapKey(parentKey);
      if (!named && (VALUE_KEYS.has(key) || (key === 'examples' && Array.isArray(value)))) {
        values.push({ value, segments: at });
        continue;
      }
      if (!named && key.startsWith('x-')) continue;
      const isComponentSchema =
        segments.length === 2 && segments[0] === 'components' && segments[1] === 'schemas';
      if (isObject(value) && (key === 'schema' || isComponentSchema))
        roots.push({ schema: value, segments: at });
      stack.push({ node: value, segments: at, parentKey: key });
    }
  }
  return { roots, values };
}

/** True when the children of `parentKey` are names (a property called `default` is a schema). */
function isNameMapKey(parentKey: string | undefined): boolean {
  return parentKey !== undefined && !isDataKey({ key: 'default', parentKey, value: undefined });
}

/** The path to the most deeply nested array or object inside `value`. Iterative. */
function deepestValue(value: unknown): string[] {
  let deepest: string[] = [];
  const stack: { node: unknown; path: string[] }[] = [{ node: value, path: [] }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    if (path.length > deepest.length) deepest = path;
    if (!isObject(node) && !Array.isArray(node)) continue;
    for (const [key, child] of Object.entries(node))
      if (isObject(child) || Array.isArray(child))
        stack.push({ node: child, path: [...path, key] });
  }
  return deepest;
}

/**
 * The path, as pointer segments per level, to the most deeply nested inline schema under
 * `schema` (empty when it has none). Iterative, so that no nesting overflows the stack.
 */
function deepestPath(schema: Record<string, unknown>): string[][] {
  let deepest: string[][] = [];
  const stack: { node: Record<string, unknown>; path: string[][] }[] = [{ node: schema, path: [] }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    if (path.length > deepest.length) deepest = path;
    for (const [segments, child] of childSchemas(node))
      stack.push({ node: child, path: [...path, segments] });
  }
  return deepest;
}

function childSchemas(node: Record<string, unknown>): [string[], Record<string, unknown>][] {
  const children: [string[], Record<string, unknown>][] = [];
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_KEYWORDS.has(key) && isObject(value)) children.push([[key], value]);
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value))
      value.forEach((item, index) => {
        if (isObject(item)) children.push([[key, String(index)], item]);
      });
    else if (SCHEMA_MAPS.has(key) && isObject(value))
      for (const [name, item] of Object.entries(value))
        if (isObject(item)) children.push([[key, name], item]);
  }
  return children;
}
