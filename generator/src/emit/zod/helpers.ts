import type { HelperName } from './context.js';
import type { ZodFlavour } from './flavour.js';

/**
 * Source of the helpers a generated zod module may use, in the order they are printed, with the
 * flavour's schema type (`z.ZodType`, `z.ZodMiniType`). `isSet` is not among them: it is imported
 * from the runtime (`rules`), which the mock shares.
 */
const helpers = (schema: string): Record<Exclude<HelperName, 'isSet'>, string> => ({
  hasUniqueItems: `/** JSON Schema \`uniqueItems\`: no two items are equal (compared as canonical JSON). */
function hasUniqueItems(items: readonly unknown[]): boolean {
  return new Set(items.map(canonicalJson)).size === items.length;
}`,
  keysMatch: `/** JSON Schema \`propertyNames\`: every key of the object is accepted by \`schema\`. */
function keysMatch(schema: z.${schema}): (value: object) => boolean {
  return (value) => Object.keys(value).every((key) => schema.safeParse(key).success);
}`,
  patternPropertiesMatch: `/**
 * JSON Schema \`patternProperties\`: values of keys matching a pattern satisfy its schema; other keys
 * not in \`known\` are held to \`additional\` (\`additionalProperties\`).
 */
function patternPropertiesMatch({
  patterns,
  known,
  additional,
}: {
  patterns: [RegExp, z.${schema}][];
  known: string[];
  additional: boolean | z.${schema};
}): (value: object) => boolean {
  return (value) =>
    Object.entries(value).every(([key, item]) => {
      const matching = patterns.filter(([pattern]) => pattern.test(key));
      if (!matching.every(([, schema]) => schema.safeParse(item).success)) return false;
      if (matching.length > 0 || known.includes(key)) return true;
      return typeof additional === 'boolean' ? additional : additional.safeParse(item).success;
    });
}`,
  ownMember: `/**
 * A property named like a member of \`Object.prototype\` (\`constructor\`, \`toString\`, ...): zod reads
 * \`input[name]\`, which finds the inherited member when the data has none. That value is "absent".
 */
function ownMember(name: string): (value: unknown) => unknown {
  const inherited: unknown = name === '__proto__' ? Object.prototype : (Object.prototype as unknown as Record<string, unknown>)[name];
  return (value) => (value === inherited ? undefined : value);
}`,
  onlyKnownKeys: `/**
 * An \`allOf\` with a closed part (\`additionalProperties: false\`) beside open ones: a key that no part
 * names (nor matches a part's \`patternProperties\`) is unknown, as zod reports it for a closed object.
 */
function onlyKnownKeys(
  known: readonly string[],
  patterns: readonly RegExp[],
): (value: unknown, context: z.core.$RefinementCtx) => void {
  const names = new Set(known);
  return (value, context) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    const keys = Object.keys(value).filter(
      (key) => !names.has(key) && !patterns.some((pattern) => pattern.test(key)),
    );
    if (keys.length)
      context.addIssue({ code: 'unrecognized_keys', keys, input: value as Record<string, unknown> });
  };
}`,
  withDefaults: `/**
 * An \`allOf\` whose parts default one property to different values: the default of the most specific
 * part is filled in first (at its path, where the objects above it are present), so that the parts
 * agree: each would apply its own, and zod throws when it cannot merge them. A property one part
 * requires is reported missing instead, for the same reason.
 */
function withDefaults(
  defaults: readonly [readonly string[], unknown][],
  required: readonly (readonly string[])[],
): (value: unknown, context: z.core.ParsePayload) => unknown {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const parentOf = (value: unknown, path: readonly string[]): Record<string, unknown> | undefined => {
    let current = value;
    for (const key of path.slice(0, -1))
      current = isObject(current) && Object.hasOwn(current, key) ? current[key] : undefined;
    return isObject(current) ? current : undefined;
  };
  const filled = (value: unknown, path: readonly string[], fallback: unknown): unknown => {
    if (!isObject(value)) return value;
    const [key, ...rest] = path as [string, ...string[]];
    const child = rest.length ? filled(value[key], rest, fallback) : fallback;
    const copy: Record<string, unknown> = { ...value };
    Object.defineProperty(copy, key, { value: child, enumerable: true, writable: true, configurable: true });
    return copy;
  };
  return (value, context) => {
    let result = value;
    for (const path of required) {
      const parent = parentOf(result, path);
      if (parent && !Object.hasOwn(parent, path[path.length - 1]!))
        context.issues.push({ code: 'custom', path: [...path], message: 'Required', input: undefined });
    }
    for (const [path, fallback] of defaults) {
      const parent = parentOf(result, path);
      if (parent && !Object.hasOwn(parent, path[path.length - 1]!)) result = filled(result, path, fallback);
    }
    return result;
  };
}`,
  oneOfJson: `/** \`enum\`/\`const\` with object or array values: the value equals one of them as canonical JSON. */
function oneOfJson(values: readonly unknown[]): (value: unknown) => boolean {
  const allowed = new Set(values.map(canonicalJson));
  return (value) => allowed.has(canonicalJson(value));
}`,
});

const CANONICAL_JSON = `/** JSON with object keys sorted, so that equal values compare equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)))
      : item,
  );
}`;

/** The helper functions a module uses, as source, in a fixed order. */
export function helperSource({
  used,
  flavour,
}: {
  used: ReadonlySet<HelperName>;
  flavour: ZodFlavour;
}): string {
  const sources = helpers(flavour.schemaType);
  const names = (Object.keys(sources) as (keyof typeof sources)[]).filter((name) => used.has(name));
  const parts = names.map((name) => sources[name]);
  if (used.has('hasUniqueItems') || used.has('oneOfJson')) parts.push(CANONICAL_JSON);
  return parts.join('\n\n');
}
