/** JSON pointers (RFC 6901), as used by `$ref` fragments and by findings. */

/** `['paths', '/pets/{id}']` → `/paths/~1pets~1{id}`. */
export function toPointer(segments: readonly (string | number)[]): string {
  let pointer = '';
  for (const segment of segments) pointer += `/${escapeSegment(String(segment))}`;
  return pointer;
}

/** `/paths/~1pets` → `['paths', '/pets']`; `''` and `/` forms of the root both give `[]`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  const body = pointer.startsWith('/') ? pointer.slice(1) : pointer;
  return body.split('/').map(unescapeSegment);
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

/** The value at `segments` in `root`, or undefined when any step is missing. */
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

/** A plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
