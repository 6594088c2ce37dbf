/**
 * Small, defensive readers for untyped document nodes. The document is validated elsewhere;
 * here a wrongly typed value is treated as absent rather than trusted.
 */

/** A plain object node of the document. */
export type Node = Record<string, unknown>;

/** True for a plain object (not an array, not null). */
export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is a string, else undefined. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The value when it is a finite number, else undefined. */
export function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The value when it is a boolean, else undefined. */
export function booleanOf(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** The string items of an array (others dropped); undefined when the value is not an array. */
export function stringsOf(value: unknown): string[] | undefined {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : undefined;
}

/**
 * The `type` keyword as zapgen reads it: a type name, or the type names a list holds (other items
 * ignored); undefined for any other value (`type: foo`, `type: {type: string}`), which then constrains nothing. The OpenAPI meta-schemas check
 * `type` only where they know a schema stands: a `$ref` can reach one they never checked (codat's
 * `definitions: {itemType: {type: {type: string, enum: [...]}}}`; `definitions` is no keyword of
 * OpenAPI 3.1's dialect, so its content is an annotation until a `$ref` makes it a schema). The
 * model, and the documents the validators read (`emit/fixtures/ajv-document.ts`, the tests'
 * ajv), all read `type` through this, so that no validator throws on it and all agree.
 */
export function typeKeyword(value: unknown): string | string[] | undefined {
  if (typeof value === 'string') return TYPE_NAMES.has(value) ? value : undefined;
  const names = stringsOf(value)?.filter((name) => TYPE_NAMES.has(name));
  return names?.length ? names : undefined;
}

/** JSON Schema's type names: any other string in `type` names nothing (and ajv throws on it). */
const TYPE_NAMES: ReadonlySet<string> = new Set([
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'null',
]);

/** `schema` (changed in place) with its `type` as `typeKeyword` reads it, or without one. */
export function withReadableType<Schema extends Record<string, unknown>>(schema: Schema): Schema {
  if (!('type' in schema)) return schema;
  const type = typeKeyword(schema.type);
  if (type === undefined) delete schema.type;
  else (schema as Record<string, unknown>).type = type;
  return schema;
}
