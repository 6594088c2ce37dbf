/**
 * Request bodies the mock reads without decoding them as text: multipart forms (parsed by the
 * platform's own `formData()`: text fields as strings, files as `File`s, a part typed JSON parsed,
 * a repeated field as an array) and file bodies (`application/octet-stream`, images...) as a `Blob`.
 */

/** A media type whose body is bytes, not text: what the mock keeps as a `Blob`. */
export function isBinaryBody(mediaType: string): boolean {
  return (
    mediaType.includes('/') &&
    !mediaType.includes('*') &&
    !/json|xml|^text\/|form-urlencoded|^multipart\//.test(mediaType) &&
    mediaType !== ''
  );
}

/** The fields of a multipart body, by name. */
export async function multipartFields(
  contentType: string,
  bytes: Uint8Array,
): Promise<Record<string, unknown>> {
  const form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: { 'content-type': contentType },
  }).formData();
  const fields: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    const values = await Promise.all(
      form.getAll(name).map(async (value) => {
        if (typeof value === 'string' || !/json/i.test(value.type)) return value;
        return JSON.parse(await value.text()) as unknown;
      }),
    );
    Object.defineProperty(fields, name, {
      value: values.length === 1 ? values[0] : values,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return fields;
}
