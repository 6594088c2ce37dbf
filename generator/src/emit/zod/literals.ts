import type { JsonValue } from '../../model/types.js';

/** True for values that can be a `z.literal` (and a TypeScript literal type). */
export function isPrimitive(value: JsonValue): value is string | number | boolean | null {
  return value === null || typeof value !== 'object';
}

/** Structural equality of two JSON values (object key order ignored). */
export function jsonEqual(left: JsonValue, right: JsonValue): boolean {
  if (isPrimitive(left) || isPrimitive(right)) return left === right;
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => jsonEqual(item, right[index]!))
    );
  }
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key]!, right[key]!))
  );
}
