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
