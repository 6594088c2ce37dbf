/**
 * JSON pointers (RFC 6901), for the runtime's fixture helpers and for zapgen's generator (which
 * re-exports them from its `json/pointer.ts`, with `own.ts`'s own-property write).
 */

/** `a/b~c` → `a~1b~0c`: one key as a pointer segment. */
export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `a~1b~0c` → `a/b~c`. */
export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `/paths/~1pets` or `#/paths/~1pets` → `['paths', '/pets']`; `''` and `#` (the whole document) give `[]`, and `/` gives `['']`. */
export function parsePointer(pointer: string): string[] {
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  // RFC 6901: only the empty pointer is the whole document; "/" names the property "".
  if (body === '') return [];
  return (body.startsWith('/') ? body.slice(1) : body).split('/').map(unescapeSegment);
}

/**
 * The property path a field of a response names (`x-zapgen-pagination`'s `itemsField`, ...): a
 * property name as it is (`next_cursor`, `@odata.nextLink`), a JSON Pointer when it starts with
 * `/` (`/response_metadata/next_cursor`); `''` is the value itself.
 */
export function fieldPath(name: string): string[] {
  if (name === '') return [];
  return name.startsWith('/') ? parsePointer(name) : [name];
}

/** Re-exported for the generator, which takes its own-property writes from here with the pointers. */
export { setOwn } from '../own.js';
