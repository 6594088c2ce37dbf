/** The `namespace.method` strings of a config's `namespaces`. */

/** A dotted `pets.owners.list` as a namespace path and a method, or undefined when malformed. */
export function parseNamespaced(
  value: string,
): { path: readonly string[]; method: string } | undefined {
  const parts = value.split('.');
  if (parts.length < 2 || parts.some((part) => part.trim() === '')) return undefined;
  return { path: parts.slice(0, -1), method: parts.at(-1)! };
}
