/**
 * JSON values: what the model keeps of a spec's literals, and the one equality of them that the
 * emitters and the diff use.
 */
import type { JsonValue } from '@zapgen/runtime';
import { isObject, setOwn } from './pointer.js';

export type { JsonValue };

/** True for a JSON scalar: a value that can be a literal (`z.literal`, a TypeScript literal type). */
export function isPrimitive(value: JsonValue): value is string | number | boolean | null {
  return value === null || typeof value !== 'object';
}

/**
 * The value as JSON: YAML dates become ISO strings, `undefined` members and functions are
 * dropped, non-finite numbers become null. Returns a fresh copy so the model shares nothing
 * mutable with the document.
 */
export function toJson(value: unknown): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => toJson(item));
  if (isObject(value)) {
    const result: { [key: string]: JsonValue } = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined && typeof item !== 'function') setOwn(result, key, toJson(item));
    }
    return result;
  }
  return null;
}

/**
 * Whether two values are the same JSON: object key order and members that are `undefined` do not
 * count (they are not in the JSON text), array order does.
 */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => jsonEqual(item, right[index]))
    );
  }
  if (!isObject(left) || !isObject(right)) return false;
  const keys = definedKeys(left);
  return (
    keys.length === definedKeys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]))
  );
}

function definedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}
