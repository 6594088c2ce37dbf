/** JSON values as the spec writes them: what the model and the extension readers keep of a literal. */
import type { JsonValue } from '@zapgen/runtime';
import { isObject, setOwn } from './pointer.js';

export type { JsonValue };

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
