/** Header options as openapi-fetch takes them, merged into one `Headers`. */

/** A `Headers`, entries, or a record whose values may be numbers, booleans, lists, or `null` to remove a header. */
export type HeadersOptions =
  | HeadersInit
  | Record<string, string | number | boolean | (string | number | boolean)[] | null | undefined>;

/**
 * Merges header options into a record of lower-cased names, later ones winning: `null` removes
 * what an earlier one set, a list appends each value (joined with `, `, as `Headers` joins
 * them), `undefined` keeps the earlier value, numbers and booleans become text. A record, made
 * into a `Headers` once, costs less than a `Headers` set header by header.
 */
export function mergeHeaders(...all: (HeadersOptions | undefined)[]): Record<string, string> {
  const merged: Record<string, string> = Object.create(null);
  for (const options of all) {
    if (options === undefined || options === null || typeof options !== 'object') continue;
    if (options instanceof Headers || Array.isArray(options)) {
      for (const [name, value] of options as Iterable<[string, string]>)
        merged[name.toLowerCase()] = value;
      continue;
    }
    for (const name in options) {
      const value = (options as Record<string, unknown>)[name];
      const key = name.toLowerCase();
      if (value === null) delete merged[key];
      else if (Array.isArray(value)) {
        const joined = value.map(String).join(', ');
        merged[key] = key in merged ? `${merged[key]}, ${joined}` : joined;
      } else if (value !== undefined) merged[key] = String(value);
    }
  }
  return merged;
}
