/** Header options as openapi-fetch takes them, merged into one `Headers`. */

/** A `Headers`, entries, or a record whose values may be numbers, booleans, lists, or `null` to remove a header. */
export type HeadersOptions =
  | HeadersInit
  | Record<string, string | number | boolean | (string | number | boolean)[] | null | undefined>;

/**
 * Merges header options, later ones winning: `null` removes what an earlier one set, a list
 * appends each value, `undefined` keeps the earlier value, numbers and booleans become text.
 */
export function mergeHeaders(...all: (HeadersOptions | undefined)[]): Headers {
  const headers = new Headers();
  for (const options of all) {
    if (options === undefined || options === null || typeof options !== 'object') continue;
    if (options instanceof Headers || Array.isArray(options)) {
      for (const [name, value] of options as Iterable<[string, string]>) headers.set(name, value);
      continue;
    }
    for (const name in options) {
      const value = (options as Record<string, unknown>)[name];
      if (value === null) headers.delete(name);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, String(item));
      else if (value !== undefined) headers.set(name, String(value));
    }
  }
  return headers;
}
