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
