/**
 * Whether a parameter value counts as "set" in the spec's rules (`x-zapgen-rules`, and the mock's
 * `when` conditions): present and not `null`, `false`, `""`, `[]` or `{}`. The generated zod
 * validators (in the client), the mock and zapgen's fixtures all import this one definition.
 */
export function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && !(value instanceof Date)) return Object.keys(value).length > 0;
  return true;
}
