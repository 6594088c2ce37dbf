/** The fields of a form body (urlencoded or multipart), as both multipart encoders read them. */

/** A field value as form text: strings as they are, dates in ISO 8601, objects as JSON. */
export function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** The body's fields in order, an array as one field per item, `undefined` left out. */
export function formEntries(body: unknown): [string, unknown][] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body as Record<string, unknown>).flatMap(
    ([key, value]): [string, unknown][] =>
      value === undefined
        ? []
        : Array.isArray(value)
          ? value.map((item): [string, unknown] => [key, item])
          : [[key, value]],
  );
}

/** A value sent as a file without being read first: a web stream or an async iterable (a Node `Readable`). */
export function isStreamValue(value: unknown): boolean {
  return (
    (typeof ReadableStream !== 'undefined' && value instanceof ReadableStream) ||
    (typeof value === 'object' &&
      value !== null &&
      !(value instanceof Blob) &&
      Symbol.asyncIterator in value)
  );
}
