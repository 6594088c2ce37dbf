/**
 * JSON pointers (RFC 6901), the one implementation every phase uses: `$ref` fragments, findings,
 * the model's pointers (`#/components/schemas/Pet`) and lookups in the bundled document.
 * Pointers are written in `#/a/b` form (the model, `$ref`s) or `/a/b` form (findings); both parse.
 */

import { escapeSegment, parsePointer, setOwn, unescapeSegment } from '@zapgen/runtime/json';

// Parsing, escaping and own-property writes are the runtime's (its fixture helpers need them too).
export { escapeSegment, parsePointer, setOwn, unescapeSegment };

/** `['paths', '/pets/{id}']` → `/paths/~1pets~1{id}`. */
export function toPointer(segments: readonly (string | number)[]): string {
  let pointer = '';
  for (const segment of segments) pointer += `/${escapeSegment(String(segment))}`;
  return pointer;
}

/** `pointer` (`#/...` form) extended by `keys`, each escaped. */
export function joinPointer({
  pointer,
  keys,
}: {
  pointer: string;
  keys: readonly (string | number)[];
}): string {
  return `${pointer}${toPointer(keys)}`;
}

/** Decodes a `$ref` fragment (`#/components/schemas/A%20B`) into a pointer, or undefined when malformed. */
export function fragmentToPointer(fragment: string): string | undefined {
  try {
    const decoded = decodeURIComponent(fragment);
    return decoded === '' || decoded.startsWith('/') ? decoded : undefined;
  } catch {
    return undefined;
  }
}

/** `#` + pointer, percent-encoding only what a URI fragment cannot hold. */
export function pointerToFragment(pointer: string): string {
  return `#${pointer.replace(/[%\s"<>\\^`|]/g, (char) => encodeURIComponent(char))}`;
}

/** The value at `segments` in `root` (own keys only), or undefined when any step is missing. */
export function getAt(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (isObject(node) && Object.hasOwn(node, segment)) {
      node = node[segment];
    } else {
      return undefined;
    }
  }
  return node;
}

/** The node a pointer (`#/a/b` or `/a/b`) designates in `document`, or undefined. */
export function resolvePointer(document: unknown, pointer: string): unknown {
  return getAt(document, parsePointer(pointer));
}

/** A plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The pointer of the operation at `path` and `method`: `#/paths/~1pets~1{id}/get`. */
export function operationPointer({ path, method }: { path: string; method: string }): string {
  return joinPointer({ pointer: '#/paths', keys: [path, method] });
}
