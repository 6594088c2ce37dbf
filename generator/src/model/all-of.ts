/**
 * `allOf` read as one schema: its parts flattened, and its object parts merged into one object
 * schema, the one reading that the fixtures (what a value must have), the types' fit check and
 * the diff (what changed in a merged component) share.
 */
import type { NamedSchema, ObjectSchema, PropertyModel, SchemaModel } from './types.js';

/**
 * The parts of an `allOf`, references resolved and nested `allOf`s flattened (a nullable part stays
 * a part: it also accepts null). A reference seen once is not followed again.
 */
export function flattenParts({
  parts,
  schemas,
  seen = new Set(),
}: {
  parts: readonly SchemaModel[];
  schemas: ReadonlyMap<string, NamedSchema>;
  seen?: Set<string>;
}): SchemaModel[] {
  return parts.flatMap((part) => {
    if (part.kind === 'ref' && !part.nullable && !seen.has(part.name)) {
      const target = schemas.get(part.name);
      if (!target) return [part];
      seen.add(part.name);
      return flattenParts({ parts: [target.schema], schemas, seen });
    }
    if (part.kind === 'intersection' && !part.nullable)
      return flattenParts({ parts: part.parts, schemas, seen });
    return [part];
  });
}

/**
 * One object schema with everything its object `parts` say: every property of every part,
 * required where any part requires it; a property declared in several parts must fit each
 * declaration (an intersection of their schemas), where a declaration that accepts anything (a
 * bare `required` entry, `{}`) or repeats the same schema adds nothing; closed where any part is
 * closed, else with the extra values the first typed part types; the pattern properties of all;
 * the tightest property counts. Properties keep the fields of their first declaration (such as
 * the diff's origin).
 */
export function mergeObjects<Property extends PropertyModel>(
  parts: readonly (ObjectSchema & { properties: readonly Property[] })[],
): ObjectSchema & { properties: Property[] } {
  const properties = new Map<string, Property>();
  for (const part of parts) {
    for (const property of part.properties) {
      const existing = properties.get(property.name);
      properties.set(property.name, existing ? mergeProperty(existing, property) : property);
    }
  }
  const closed = parts.some((part) => part.additionalProperties === false);
  const typed = parts.find(
    (part) => typeof part.additionalProperties === 'object',
  )?.additionalProperties;
  const patternProperties = parts.flatMap((part) => part.patternProperties ?? []);
  const minProperties = extreme(
    parts.map((part) => part.minProperties),
    Math.max,
  );
  const maxProperties = extreme(
    parts.map((part) => part.maxProperties),
    Math.min,
  );
  return {
    kind: 'object',
    properties: [...properties.values()],
    additionalProperties: closed ? false : (typed ?? true),
    ...(patternProperties.length && { patternProperties }),
    ...(minProperties !== undefined && { minProperties }),
    ...(maxProperties !== undefined && { maxProperties }),
  };
}

function mergeProperty<Property extends PropertyModel>(
  existing: Property,
  property: Property,
): Property {
  const required = existing.required || property.required;
  const { undeclared, ...declared } = existing;
  // Still a bare `required` entry only when every part names it so.
  const kept = undeclared && property.undeclared ? { undeclared } : {};
  return {
    ...declared,
    ...kept,
    required,
    schema: both(existing.schema, property.schema),
  } as Property;
}

/** A value fitting both schemas. */
function both(first: SchemaModel, second: SchemaModel): SchemaModel {
  if (second.kind === 'unknown' || second === first) return first;
  if (first.kind === 'unknown') return second;
  return { kind: 'intersection', nullable: false, parts: [first, second] };
}

/** The `pick` of the values given, or undefined when none is. */
function extreme(
  values: readonly (number | undefined)[],
  pick: (...values: number[]) => number,
): number | undefined {
  const present = values.filter((value): value is number => value !== undefined);
  return present.length ? pick(...present) : undefined;
}

/** A component schema by name (or undefined when there is none). */
type Lookup = (name: string) => SchemaModel | undefined;

/** How deep `namedKeys` follows references, unions and nested `allOf`s. */
const MAX_KEY_DEPTH = 16;

/**
 * The parts of an `allOf` as zod reads them: (non-nullable) nested `allOf`s, inline or behind
 * references, spliced in; any other part, a reference included, stays as it is.
 */
export function flattenIntersection(
  parts: readonly SchemaModel[],
  lookup: Lookup,
  seen: Set<string> = new Set(),
): SchemaModel[] {
  return parts.flatMap((part) => {
    if (part.nullable || part.default) return [part];
    if (part.kind === 'intersection') return flattenIntersection(part.parts, lookup, seen);
    if (part.kind !== 'ref' || seen.has(part.name)) return [part];
    const target = lookup(part.name);
    if (target?.kind !== 'intersection' || target.nullable || target.default) return [part];
    seen.add(part.name);
    return flattenIntersection(target.parts, lookup, seen);
  });
}

/**
 * Every property name and `patternProperties` pattern (as the spec writes it) the parts name,
 * through references, unions and nested `allOf`s: the keys some part of an `allOf` owns.
 */
export function namedKeys(
  parts: readonly SchemaModel[],
  lookup: Lookup,
): { known: string[]; patterns: string[] } {
  const known = new Set<string>();
  const patterns = new Set<string>();
  const seen = new Set<string>();
  const visit = (node: SchemaModel, depth: number): void => {
    if (depth > MAX_KEY_DEPTH) return;
    switch (node.kind) {
      case 'ref': {
        if (seen.has(node.name)) return;
        seen.add(node.name);
        const target = lookup(node.name);
        if (target) visit(target, depth + 1);
        return;
      }
      case 'object':
        for (const property of node.properties) known.add(property.name);
        for (const { pattern } of node.patternProperties ?? []) patterns.add(pattern);
        return;
      case 'union':
        for (const variant of node.variants) visit(variant, depth + 1);
        return;
      case 'intersection':
        for (const part of node.parts) visit(part, depth + 1);
        return;
      default:
        return;
    }
  };
  for (const part of parts) visit(part, 0);
  return { known: [...known], patterns: [...patterns] };
}
