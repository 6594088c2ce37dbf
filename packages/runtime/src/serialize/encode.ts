/** Percent-encoding of names and values as OpenAPI parameter styles need it. */

const RESERVED = new Set([
  ':',
  '/',
  '?',
  '#',
  '[',
  ']',
  '@',
  '!',
  '$',
  '&',
  "'",
  '(',
  ')',
  '*',
  '+',
  ',',
  ';',
  '=',
]);

/**
 * Percent-encodes a value; with `allowReserved`, RFC 3986 reserved characters are kept as they are
 * (OpenAPI `allowReserved: true`).
 */
export function encodeValue(value: string, allowReserved = false): string {
  const encoded = encodeURIComponent(value);
  if (!allowReserved) return encoded;
  return encoded.replace(/%[0-9A-F]{2}/g, (escape) => {
    const character = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
    return RESERVED.has(character) ? character : escape;
  });
}

/** The text of a primitive value on the wire: `true`, `5`, ISO dates, and JSON for anything nested. */
export function primitiveText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value === null) return '';
  return JSON.stringify(value);
}
