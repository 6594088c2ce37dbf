import type { JsonValue, ObjectSchema, SchemaModel } from '../../model/types.js';
import { resolveRef, type ZodContext } from './context.js';
import { effectiveDefault } from './defaults.js';
import { valueFits } from '../../model/fits.js';
import { jsonEqual } from '../../json/value.js';
import { additionalOf } from './objects.js';
import { unicodePattern } from '../../json/pattern.js';
import { flattenIntersection, namedKeys } from '../../model/all-of.js';

type IntersectionSchemaModel = Extract<SchemaModel, { kind: 'intersection' }>;

/**
 * How an `allOf` is written in zod. zod's `z.intersection` parses the value with each part and
 * merges the outputs, which differs from JSON Schema in two ways that real specs meet:
 *
 * - **Keys.** zod reports a key as unknown only when every part does: a closed part
 *   (`additionalProperties: false`) beside an open one (`type: object` alone, an `anyOf` of
 *   `required` lists) accepts any key. Spec authors mean the closed part to accept the properties
 *   of the other parts (as zod and openapi-typescript's `A & B` read it), not any key at all: a
 *   key that no part names is rejected (`closedTo`). The nested `allOf`s of the parts are
 *   flattened into one (`allOf: [$ref: Base, {...}]` where `Base` is itself an `allOf` with a
 *   closed part), so that the check is made once, over the keys of the whole tree.
 * - **Typed extra values.** A part with `additionalProperties: {schema}` is a `.catchall()`, which
 *   zod applies to every key its own shape does not name, the other parts' properties included:
 *   `allOf: [{properties: {a}, additionalProperties: {properties: {...}}}, {properties: {id:
 *   integer}}]` rejected `id: 5` as "expected object" (appcenter), where the spec's authors, the
 *   fixtures (`mergeObjects`: the extra values are those of keys no part names) and the model's
 *   fit check read `id` as the second part's alone. Such a part is printed with the keys the other
 *   parts name added to its shape as `unknown` (`typedExtras`), so its catchall sees only the
 *   keys no part names.
 * - **Defaults.** Each part applies its own default; two parts defaulting one property to
 *   different values (`stream: false` in a base, `stream: true` in a streaming variant) make zod
 *   throw "Unmergable intersection" on a value without the property, which the spec accepts. The
 *   default of the most specific part (the last whose value every part accepts) is filled in
 *   before the parts parse (`defaults`); where no default fits every part, the parts are printed
 *   without theirs (`Conflict`).
 */
export interface IntersectionPlan {
  /** The parts to print: as written, or flattened when a check applies to the whole tree. */
  parts: SchemaModel[];
  /** A part is closed and another is not: only these keys (or keys matching a pattern) are accepted. */
  closedTo?: { known: string[]; patterns: string[] };
  /**
   * Properties to which the parts give different defaults: the value filled in when absent, or,
   * when a part requires the property, none (its absence is reported before the parts parse).
   */
  defaults?: { path: string[]; value?: JsonValue }[];
}

const MAX_DEPTH = 16;
/** How deep into the properties of the parts conflicting defaults are looked for. */
const MAX_NESTING = 4;

export function intersectionPlan(
  schema: IntersectionSchemaModel,
  context: Pick<ZodContext, 'lookup'>,
): IntersectionPlan {
  const flat = flattenIntersection(schema.parts, context.lookup);
  const objects = flat.map((part) => objectOf(part, context));
  const closed = objects.some((object) => object && additionalOf(object) === false);
  const open = objects.some((object) => !object || additionalOf(object) !== false);
  const closedTo = closed && open ? printedKeys(namedKeys(flat, context.lookup)) : undefined;
  const conflicts = conflictingDefaults(
    objects.filter((object): object is ObjectSchemaModel => !!object),
    context,
  );
  const defaults = conflicts.filter((conflict) => !conflict.unfillable);
  const unfillable = conflicts.flatMap((conflict) => (conflict.unfillable ? [conflict.path] : []));
  const widened = typedExtras(flat, objects, context);
  if (!closedTo && !conflicts.length && !widened) return { parts: schema.parts };
  const parts = unfillable.length
    ? (widened ?? flat).map((part) =>
        unfillable.reduce((stripped, path) => withoutDefaultAt(stripped, path, context, 0), part),
      )
    : (widened ?? flat);
  return { parts, ...(closedTo && { closedTo }), ...(defaults.length && { defaults }) };
}

/**
 * The flattened parts, where a part with typed extra values (`additionalProperties: {schema}`)
 * is given the keys the other parts name as optional `unknown` properties (inline, when the part
 * is a reference), so that its catchall checks only the keys no part names; undefined when no
 * part needs it. The other parts still check those keys.
 */
function typedExtras(
  flat: readonly SchemaModel[],
  objects: readonly (ObjectSchemaModel | undefined)[],
  context: Pick<ZodContext, 'lookup'>,
): SchemaModel[] | undefined {
  if (!objects.some((object) => object && typeof additionalOf(object) === 'object'))
    return undefined;
  const { known } = namedKeys(flat, context.lookup);
  let changed = false;
  const parts = flat.map((part, index) => {
    const object = objects[index];
    if (!object || typeof additionalOf(object) !== 'object') return part;
    const own = new Set(object.properties.map((property) => property.name));
    const others = known.filter((name) => !own.has(name));
    if (!others.length) return part;
    changed = true;
    const widenedObject: ObjectSchemaModel = {
      ...object,
      properties: [
        ...object.properties,
        ...others.map((name) => ({
          name,
          required: false,
          schema: { kind: 'unknown', nullable: false } satisfies SchemaModel,
        })),
      ],
    };
    if (part.kind !== 'ref') return widenedObject;
    // The reference's own nullable and default stay with the inlined copy.
    return {
      ...widenedObject,
      ...(part.nullable && { nullable: true }),
      ...(part.default && { default: part.default }),
    };
  });
  return changed ? parts : undefined;
}

/**
 * `schema` without the defaults zod would apply at `path` (property names from `schema` down):
 * a reference on the way whose target changes is replaced by that target, inline.
 */
function withoutDefaultAt(
  schema: SchemaModel,
  path: readonly string[],
  context: Pick<ZodContext, 'lookup'>,
  hops: number,
): SchemaModel {
  if (hops > MAX_DEPTH) return schema;
  const [key, ...rest] = path;
  if (key === undefined) {
    const own: SchemaModel = schema.default ? { ...schema, default: undefined } : schema;
    return own.kind === 'ref' ? inlined(own, [], context, hops) : own;
  }
  switch (schema.kind) {
    case 'ref':
      return inlined(schema, path, context, hops);
    case 'intersection': {
      const parts = schema.parts.map((part) => withoutDefaultAt(part, path, context, hops + 1));
      return parts.every((part, index) => part === schema.parts[index])
        ? schema
        : { ...schema, parts };
    }
    case 'object': {
      const properties = schema.properties.map((property) => {
        if (property.name !== key) return property;
        const stripped = withoutDefaultAt(property.schema, rest, context, hops + 1);
        return stripped === property.schema ? property : { ...property, schema: stripped };
      });
      return properties.every((property, index) => property === schema.properties[index])
        ? schema
        : { ...schema, properties };
    }
    default:
      return schema;
  }
}

/** A reference's target without the defaults at `path`, inline, or the reference where nothing changes. */
function inlined(
  reference: Extract<SchemaModel, { kind: 'ref' }>,
  path: readonly string[],
  context: Pick<ZodContext, 'lookup'>,
  hops: number,
): SchemaModel {
  const target = context.lookup(reference.name);
  if (!target) return reference;
  const stripped = withoutDefaultAt(target, path, context, hops + 1);
  if (stripped === target) return reference;
  return reference.nullable && !stripped.nullable ? { ...stripped, nullable: true } : stripped;
}

type ObjectSchemaModel = SchemaModel & ObjectSchema;

/** `namedKeys` as the generated refinement takes them: patterns JavaScript cannot read are left out. */
function printedKeys({
  known,
  patterns,
}: {
  known: readonly string[];
  patterns: readonly string[];
}): {
  known: string[];
  patterns: string[];
} {
  return {
    known: [...known],
    patterns: [...new Set(patterns.flatMap((pattern) => unicodePattern(pattern) ?? []))],
  };
}

/** The object schema a part is, through references. */
function objectOf(
  part: SchemaModel,
  context: Pick<ZodContext, 'lookup'>,
): ObjectSchemaModel | undefined {
  const resolved = resolveRef(part, context);
  return resolved?.kind === 'object' ? resolved : undefined;
}

/** The default zod applies to a property's value when it is absent: its own, or its reference's. */
function appliedDefault(
  node: SchemaModel,
  context: Pick<ZodContext, 'lookup'>,
): { value: JsonValue } | undefined {
  let current: SchemaModel | undefined = node;
  for (let hops = 0; current && hops <= MAX_DEPTH; hops += 1) {
    const own = effectiveDefault(current, context);
    if (own) return own;
    current = current.kind === 'ref' ? context.lookup(current.name) : undefined;
  }
  return undefined;
}

/**
 * A property the parts default differently: the default to fill in; none when a part requires
 * it; or `unfillable` when no default fits every part (motaword: a base's `status` of `success |
 * error` defaulting to `success`, and a response's `already_confirmed` only). Filled in, any of
 * them makes a part reject the value, and left to the parts, zod cannot merge what they apply: so
 * the parts apply none there (`withoutDefaultAt`) and a value without the property stays without,
 * as valid as JSON Schema says it is.
 */
interface Conflict {
  path: string[];
  value?: JsonValue;
  unfillable?: true;
}

/**
 * Properties the object parts give different defaults to, each with its path and the value to
 * fill in (none for a property a part requires: its absence is an error whatever the defaults
 * say). zod merges the parts' outputs recursively, so the objects two parts give one property
 * are compared too (PagerDuty: `orchestration_path.type` defaults to `service` in one part and
 * to `global` in the other).
 */
function conflictingDefaults(
  objects: readonly ObjectSchemaModel[],
  context: Pick<ZodContext, 'lookup'>,
  path: readonly string[] = [],
): Conflict[] {
  const byName = new Map<
    string,
    { schemas: SchemaModel[]; values: JsonValue[]; required: boolean }
  >();
  for (const object of objects) {
    for (const property of object.properties) {
      const entry = byName.get(property.name) ?? { schemas: [], values: [], required: false };
      byName.set(property.name, entry);
      entry.schemas.push(property.schema);
      if (property.required) entry.required = true;
      // A required property's default is not applied (objects.ts).
      const fallback = property.required ? undefined : appliedDefault(property.schema, context);
      if (fallback && !entry.values.some((value) => jsonEqual(value, fallback.value)))
        entry.values.push(fallback.value);
    }
  }
  const result: Conflict[] = [];
  for (const [name, { schemas, values, required }] of byName) {
    const at = [...path, name];
    if (values.length >= 2) {
      if (required) result.push({ path: at });
      else {
        const fitting = [...values]
          .reverse()
          .find((value) =>
            schemas.every((schema) => valueFits({ schema, value, lookup: context.lookup })),
          );
        result.push(
          fitting === undefined ? { path: at, unfillable: true } : { path: at, value: fitting },
        );
      }
    }
    if (schemas.length < 2 || at.length >= MAX_NESTING) continue;
    const nested = schemas.flatMap((schema) =>
      flattenIntersection([schema], context.lookup).flatMap(
        (part) => objectOf(part, context) ?? [],
      ),
    );
    if (nested.length >= 2) result.push(...conflictingDefaults(nested, context, at));
  }
  return result;
}
