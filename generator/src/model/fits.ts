/**
 * Whether a value fits a schema, as the model reads the schema: the one reading the emitters use
 * to choose values (a fixture's string or number, a zod default). What a fixture must satisfy in
 * the end is proven independently, against the document itself (`emit/fixtures/validator.ts`).
 */
import { jsonEqual } from '../json/value.js';
import { compilePattern } from '../json/pattern.js';
import type { JsonValue, NumberSchema, ObjectSchema, SchemaModel, StringSchema } from './types.js';
import { flattenIntersection, namedKeys } from './all-of.js';

/** Nesting followed before a value is taken not to fit (cycles through references end there). */
const MAX_DEPTH = 32;

/**
 * Whether `value` fits `schema`: its types, enums and consts, required, pattern and extra keys,
 * unions and intersections, and the bounds of its strings (length, pattern), numbers, arrays and
 * objects. Formats are not checked (JSON Schema makes them annotations by default), and a
 * `oneOf` is read as `anyOf` (a value fitting two variants is taken to fit): this is the reading
 * that chooses values, not the proof of them.
 */
export function valueFits(input: {
  schema: SchemaModel;
  value: JsonValue;
  /** A component schema by name. */
  lookup: (name: string) => SchemaModel | undefined;
}): boolean {
  return fits(input.schema, input.value, input.lookup, 0);
}

function fits(
  schema: SchemaModel,
  value: JsonValue,
  lookup: (name: string) => SchemaModel | undefined,
  depth: number,
): boolean {
  if (depth > MAX_DEPTH) return false;
  const child = (node: SchemaModel, item: JsonValue) => fits(node, item, lookup, depth + 1);
  if (schema.kind === 'ref') {
    const target = lookup(schema.name);
    return (value === null && schema.nullable) || (target !== undefined && child(target, value));
  }
  if (value === null) return schema.nullable || schema.kind === 'unknown' || schema.kind === 'null';
  switch (schema.kind) {
    case 'string':
      return typeof value === 'string' && fitsString(value, schema);
    case 'number':
      // An integer past 2^53 is no integer to zod (z.int()) nor, exactly, to JavaScript; unless
      // the schema itself documents such values (`beyondSafeIntegers`: any integral number then).
      return (
        typeof value === 'number' &&
        (!schema.integer ||
          Number.isSafeInteger(value) ||
          (Number.isInteger(value) && beyondSafeIntegers(schema))) &&
        fitsNumber(value, schema)
      );
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
    case 'never':
      return false;
    case 'unknown':
      return true;
    case 'enum':
      return schema.values.some((item) => jsonEqual(item, value));
    case 'const':
      return jsonEqual(schema.value, value);
    case 'array':
      return (
        Array.isArray(value) &&
        withinBounds(value.length, schema.minItems, schema.maxItems) &&
        (!schema.uniqueItems ||
          value.every(
            (item, index) => value.findIndex((other) => jsonEqual(other, item)) === index,
          )) &&
        value.every((item, index) => child(schema.prefixItems?.[index] ?? schema.items, item))
      );
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      const entries = Object.entries(value);
      if (!withinBounds(entries.length, schema.minProperties, schema.maxProperties)) return false;
      const known = new Map(schema.properties.map((property) => [property.name, property]));
      if (
        schema.properties.some(
          (property) => property.required && !Object.hasOwn(value, property.name),
        )
      )
        return false;
      const patterns = (schema.patternProperties ?? []).map((entry) => ({
        regex: compilePattern(entry.pattern),
        schema: entry.schema,
      }));
      return entries.every(([key, item]) => {
        if (schema.propertyNames && !child(schema.propertyNames, key)) return false;
        // A key matched by a pattern is not an extra key; one whose pattern zapgen does not
        // run (unreadable, or backtracking) is taken as matched (not checked, as elsewhere).
        const matched = patterns.filter(({ regex }) => !regex || regex.test(key));
        if (!matched.every((entry) => child(entry.schema, item))) return false;
        const property = known.get(key);
        if (property) return child(property.schema, item);
        if (matched.length) return true;
        const extra = schema.additionalProperties;
        return typeof extra === 'boolean' ? extra : child(extra, item);
      });
    }
    case 'union':
      return schema.variants.some((variant) => child(variant, value));
    case 'intersection':
      return intersectionFits(schema.parts, value, lookup, child);
  }
}

/**
 * An `allOf` as zod reads it: a part that restricts the keys it does not name (closed,
 * `additionalProperties: false`, or typed, `additionalProperties: {schema}`) applies that
 * restriction only to keys no other part names. For a closed part, zod reports a key unknown to an
 * intersection only when every part does; spec authors write `allOf: [$ref: Closed, {properties:
 * ...}]` meaning one object; JSON Schema reads it as unsatisfiable, and a value of it then matches
 * a `oneOf` sibling to the spec alone, but two variants to zod's `z.xor` (just-eat: `Percent`, an
 * `allOf` of the closed `ActiveConsumerOffer` and its closed extension, beside
 * `ActiveConsumerOffer` itself). For a typed part, the zod emitter gives the catchall only the keys
 * no part names (`intersection.ts`), as the merged reading of the fixtures does (appcenter: `id`
 * of one part is no extra value of the other's `additionalProperties`).
 */
function intersectionFits(
  parts: readonly SchemaModel[],
  value: JsonValue,
  lookup: (name: string) => SchemaModel | undefined,
  child: (node: SchemaModel, item: JsonValue) => boolean,
): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return parts.every((part) => child(part, value));
  const flat = flattenIntersection(parts, lookup);
  const restricting = flat.map((part) => restrictingObject(part, lookup));
  if (!restricting.some(Boolean)) return flat.every((part) => child(part, value));
  const named = namedKeys(flat, lookup);
  const namedElsewhere = keyTest(named.known, named.patterns);
  return flat.every((part, index) => {
    const object = restricting[index];
    if (!object) return child(part, value);
    const own = keyTest(
      object.properties.map((property) => property.name),
      (object.patternProperties ?? []).map((entry) => entry.pattern),
    );
    const kept = Object.entries(value).filter(([key]) => own(key) || !namedElsewhere(key));
    return child(part, Object.fromEntries(kept) as JsonValue);
  });
}

/**
 * The object schema a part is (through references), if it restricts the keys it does not name:
 * closed, or with typed `additionalProperties`.
 */
function restrictingObject(
  part: SchemaModel,
  lookup: (name: string) => SchemaModel | undefined,
): (SchemaModel & ObjectSchema) | undefined {
  let current: SchemaModel | undefined = part;
  for (let hops = 0; current?.kind === 'ref' && hops <= MAX_DEPTH; hops += 1)
    current = lookup(current.name);
  if (current?.kind !== 'object') return undefined;
  const extra = current.additionalProperties;
  return extra === false || (typeof extra === 'object' && extra.kind !== 'unknown')
    ? current
    : undefined;
}

/** Whether a key is one of `names` or matches one of `patterns` (one zapgen does not run matches). */
function keyTest(names: readonly string[], patterns: readonly string[]): (key: string) => boolean {
  const set = new Set(names);
  const regexes = patterns.map((pattern) => compilePattern(pattern));
  return (key) => set.has(key) || regexes.some((regex) => !regex || regex.test(key));
}

function withinBounds(count: number, min: number | undefined, max: number | undefined): boolean {
  return (min === undefined || count >= min) && (max === undefined || count <= max);
}

/**
 * True when `text` satisfies the pattern and the length limits (lengths in code points, as JSON
 * Schema counts). A pattern JavaScript cannot compile is ignored, as the zod emitter and the
 * fixtures' check ignore it; so is one that can backtrack super-linearly (`compilePattern`),
 * which zapgen never runs.
 */
export function fitsString(text: string, schema: StringSchema): boolean {
  const length = [...text].length;
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  if (schema.excluded?.includes(text)) return false;
  const regex = schema.pattern === undefined ? undefined : compilePattern(schema.pattern);
  return !regex || regex.test(text);
}

/** True when the number satisfies every constraint of the schema. */
export function fitsNumber(value: number, schema: NumberSchema): boolean {
  if (!Number.isFinite(value)) return false;
  if (schema.integer && !Number.isInteger(value)) return false;
  if (schema.minimum !== undefined && value < schema.minimum) return false;
  if (schema.maximum !== undefined && value > schema.maximum) return false;
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
  if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  if (schema.multipleOf !== undefined && !Number.isInteger(value / schema.multipleOf)) return false;
  return !schema.excluded?.includes(value);
}

/**
 * Whether a number schema's bounds, default or examples lie beyond the safe integers
 * (±2^53 - 1): values past 2^53 are then what the schema documents (DigitalOcean's Kafka
 * settings: 2^63 - 1), and an integer is any integral number (`emit/zod/formats.ts`).
 */
export function beyondSafeIntegers(schema: SchemaModel & NumberSchema): boolean {
  const values = [
    schema.minimum,
    schema.maximum,
    schema.exclusiveMinimum,
    schema.exclusiveMaximum,
    schema.default?.value,
    ...(schema.examples ?? []),
  ];
  return values.some(
    (value) => typeof value === 'number' && Math.abs(value) > Number.MAX_SAFE_INTEGER,
  );
}
