import type { JsonValue } from '../../model/types.js';
import { propertyKey, stringLiteral } from '../shared/identifiers.js';

/** A JSON value as a TypeScript expression; strings go through `stringLiteral`, keys through `propertyKey`. */
export function jsonLiteral(value: JsonValue): string {
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (value === null || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(jsonLiteral).join(', ')}]`;
  const entries = Object.entries(value).map(([key, item]) => `${propertyKey(key)}: ${jsonLiteral(item)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

/** True for values that can be a `z.literal` (and a TypeScript literal type). */
export function isPrimitive(value: JsonValue): value is string | number | boolean | null {
  return value === null || typeof value !== 'object';
}

/** Structural equality of two JSON values (object key order ignored). */
export function jsonEqual(left: JsonValue, right: JsonValue): boolean {
  if (isPrimitive(left) || isPrimitive(right)) return left === right;
  if (Array.isArray(left) || Array.isArray(right)) {
    return Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((item, index) => jsonEqual(item, right[index]!));
  }
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => key in right && jsonEqual(left[key]!, right[key]!));
}
