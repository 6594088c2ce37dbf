/**
 * Where a spec holds data rather than OpenAPI objects. A `$ref` inside an `example`, an Example
 * Object's `value`, an `enum` or an `x-` extension is a value, not a reference, unless the key is
 * a name in a map of names (a property called `default` is a schema).
 */

const DATA_KEYWORDS = new Set(['example', 'value', 'enum', 'const', 'default']);

/** Keys whose children are user-chosen names rather than keywords. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'schemas',
  'parameters',
  'responses',
  'headers',
  'examples',
  'requestBodies',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'content',
  'encoding',
  'variables',
  'paths',
  'webhooks',
  'mapping',
  'scopes',
]);

/**
 * True when the value under `key` is data (never holds references), given the key under which
 * its parent object sits.
 */
export function isDataKey({
  key,
  parentKey,
  value,
}: {
  key: string;
  parentKey: string | undefined;
  value: unknown;
}): boolean {
  if (parentKey !== undefined && NAME_MAPS.has(parentKey)) return false;
  if (DATA_KEYWORDS.has(key) || key.startsWith('x-')) return true;
  return key === 'examples' && Array.isArray(value);
}

/** What a key is in the document: an OpenAPI or JSON Schema keyword, a user-chosen name, or an array index. */
export type KeyRole = 'keyword' | 'name' | 'index';

/** The role of `key` in a container, given the container's own key and role (and its parent's key). */
export function roleOf({
  inArray,
  parentKey,
  parentRole,
  grandparentKey,
}: {
  inArray: boolean;
  parentKey: string | undefined;
  parentRole: KeyRole | undefined;
  grandparentKey: string | undefined;
}): KeyRole {
  if (inArray) return 'index';
  if (parentKey === undefined) return 'keyword';
  if (parentRole === 'keyword' && NAME_MAPS.has(parentKey)) return 'name';
  // A Callback Object's keys are runtime expressions: names too.
  if (parentRole === 'name' && grandparentKey === 'callbacks') return 'name';
  return 'keyword';
}

/** Maps whose entries may be Reference Objects (or schemas, which may hold `$ref`). */
const REFERENCEABLE_ENTRIES = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'schemas',
  'parameters',
  'responses',
  'headers',
  'examples',
  'requestBodies',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'paths',
  'webhooks',
]);

/** Lists whose items may be Reference Objects or schemas. */
const REFERENCEABLE_ITEMS = new Set([
  'allOf',
  'anyOf',
  'oneOf',
  'prefixItems',
  'items',
  'parameters',
]);

/** Keywords whose value is one schema or one Reference Object. */
const REFERENCEABLE_KEYWORDS = new Set([
  'schema',
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'contentSchema',
  'requestBody',
]);

/**
 * True when a `$ref` at the end of `path` (keys and their roles, root first) stands where OpenAPI
 * allows a Reference Object or a schema. Anywhere else (a map of properties, a parameter list,
 * `info`) a `$ref` is a plain JSON Reference: it is replaced by its target, never kept as a
 * pointer.
 */
export function acceptsReference(path: readonly string[], roles: readonly KeyRole[]): boolean {
  const last = path.length - 1;
  const key = path[last];
  const role = roles[last];
  if (key === undefined || role === undefined) return false;
  const parentKey = path[last - 1];
  if (role === 'name')
    return (
      (parentKey !== undefined && REFERENCEABLE_ENTRIES.has(parentKey)) ||
      (roles[last - 1] === 'name' && path[last - 2] === 'callbacks')
    );
  if (role === 'index') return parentKey !== undefined && REFERENCEABLE_ITEMS.has(parentKey);
  return REFERENCEABLE_KEYWORDS.has(key);
}

/** The map of `components` a Reference Object at the end of `path` designates an entry of, when OpenAPI says. */
export function componentKindAt(
  path: readonly string[],
  roles: readonly KeyRole[],
): string | undefined {
  const last = path.length - 1;
  const key = path[last];
  const role = roles[last];
  const parentKey = path[last - 1];
  if (key === undefined || role === undefined) return undefined;
  // A component entry is itself the place its target goes (see the bundler).
  if (path.length === 3 && path[0] === 'components') return undefined;
  if (role === 'index')
    return parentKey === 'parameters'
      ? 'parameters'
      : parentKey !== undefined && REFERENCEABLE_ITEMS.has(parentKey)
        ? 'schemas'
        : undefined;
  if (role === 'name') {
    if (parentKey === undefined) return undefined;
    if (SCHEMA_MAPS.has(parentKey)) return 'schemas';
    return ENTRY_KINDS.has(parentKey) ? parentKey : undefined;
  }
  if (key === 'requestBody') return 'requestBodies';
  return REFERENCEABLE_KEYWORDS.has(key) ? 'schemas' : undefined;
}

const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
]);
/** Maps outside schemas whose entries are components of the same name's kind. */
const ENTRY_KINDS = new Set(['responses', 'headers', 'examples', 'links', 'callbacks']);
