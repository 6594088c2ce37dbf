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
