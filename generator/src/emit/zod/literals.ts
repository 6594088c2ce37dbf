import type { JsonValue } from '../../model/types.js';

/** True for values that can be a `z.literal` (and a TypeScript literal type). */
export function isPrimitive(value: JsonValue): value is string | number | boolean | null {
  return value === null || typeof value !== 'object';
}
