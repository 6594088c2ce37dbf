/**
 * Where openapi-typescript's `components` type and zod's output type cannot agree exactly, and
 * how strong a check `zod-agreement.ts` can still make. Each case below is a choice of
 * openapi-typescript (v7, default options), not a bug on either side:
 *
 * - Object without properties whose spec is silent on `additionalProperties` (or has
 *   `propertyNames` only): openapi-typescript writes `Record<string, never>`; zod (like JSON
 *   Schema) accepts any keys. The spec type is assignable to zod's output, not the reverse.
 * - `prefixItems`: openapi-typescript writes a closed tuple and drops `items`; zod keeps the rest
 *   items (`[A, B, ...C[]]`). One-way.
 * - `patternProperties`: openapi-typescript types them as an index signature; zod keeps unknown
 *   values (`[key: string]: unknown`) and checks them in a refinement. One-way.
 * - `$defs` inside a schema: openapi-typescript emits it as a required property. One-way.
 * - `nullable: true` on a schema without a type (typically an `allOf` part next to a `$ref`):
 *   openapi-typescript ignores it; the model makes the whole node nullable. One-way.
 * - `required` next to `allOf` naming properties of the parts: the model adds a part with those
 *   properties as `unknown`, and TypeScript's intersection leaves them `T | undefined`. One-way.
 * - A property default that does not fit its schema: zod drops it (see `defaults.ts`), so the
 *   property stays optional; openapi-typescript's `defaultNonNullable` makes it required. One-way.
 * - `required` naming a property the schema does not define (a spec mistake): the types require
 *   the key with any JSON value (`{} | null`), zod's output types it `unknown`. One-way.
 * - Discriminators: openapi-typescript rewrites the discriminator property of each mapped schema
 *   to the mapping's values (or the schema's name) whatever the schema says. For those schemas
 *   the check omits that property; for schemas that contain them (and where one-way reasons
 *   of both directions meet), only the property names are compared. A nullable mapped schema is
 *   `{ type: "a" } & (T | null)` in the types, which is never null: both sides of these two
 *   checks are compared without null.
 * - A discriminated parent with an index signature: openapi-typescript's `Omit<Parent, "kind">`
 *   maps over `keyof Parent`, which is `string`, and keeps the index signature alone; zod keeps
 *   the parent's properties. Neither way: only the property names are compared.
 * - A schema that is itself through references, unions and array items alone (`types.ts` writes
 *   it `unknown`, a `type-replaced` warning): zod's output is assignable to it. One-way.
 * - `allOf` parts that give one property an object type in one part and a primitive in another
 *   (no value but its absence fits both): both write the intersection (`{ a?: T } & number`),
 *   but zod's object part has an index signature, and TypeScript infers none for an
 *   intersection with a primitive, so openapi-typescript's is not assignable to zod's. Zod's
 *   output is assignable to the spec type. One-way. Like every reason, it holds for each schema
 *   that reaches this one: in a recursive cluster, every member of the cluster.
 *
 * Some of these depend on the document rather than the model (the model has no `$defs`, keeps
 * discriminators only on unions, and drops an empty `{ type: object }` part of an `allOf`): this
 * test support reads `model.document`, because what it predicts is a function of the document.
 */
import type { ApiModel, SchemaModel } from '../../generator/src/model/types.js';
import type { ZodContext } from '../../generator/src/emit/zod/context.js';
import { effectiveDefault } from '../../generator/src/emit/zod/defaults.js';
import { references } from '../../generator/src/emit/zod/order.js';
import { childSchemas } from '../../generator/src/model/children.js';
import { isPrimitive } from '../../generator/src/json/value.js';
import { circularAliases } from '../../generator/src/emit/typescript-types/degraded.js';

/** Which way assignability can be checked: both, spec type → zod output, or zod output → spec type. */
export type Direction = 'mutual' | 'specToZod' | 'zodToSpec';

export type Agreement =
  | { kind: 'whole'; direction: Direction; reasons: string[] }
  | { kind: 'omit'; property: string; direction: Direction; reasons: string[] }
  /** Only that every property openapi-typescript names, zod names too. */
  | { kind: 'keys'; reasons: string[] };

const EMPTY_OBJECT =
  'openapi-typescript types an object without properties as Record<string, never>; zod accepts any keys.';
const TUPLE = 'openapi-typescript drops the rest items of a prefixItems tuple; zod keeps them.';
const PATTERN =
  'openapi-typescript types patternProperties as an index signature; zod checks them in a refinement.';
const DEFS = 'openapi-typescript emits $defs as a property.';
const UNTYPED_NULLABLE =
  'openapi-typescript ignores nullable on a schema without a type (e.g. an allOf part); zod keeps it.';
const REQUIRED_ONLY =
  'A required list next to allOf (no properties of its own) makes TypeScript intersect `p?: T` with `p: unknown`, giving `p: T | undefined`; openapi-typescript writes `p: T`.';
const GHOST_REQUIRED =
  'A required name that is not a property is `{} | null` in the types (present, any JSON value) and `unknown` in zod.';
const DROPPED_DEFAULT =
  'A default that does not fit its schema is dropped (the property stays optional); openapi-typescript still makes the property required.';
const OMITTED_INDEX =
  "openapi-typescript's Omit<Parent, discriminator> of a parent with an index signature keeps the index signature alone (Omit maps over keyof, which is string); zod keeps the parent's properties.";
const REPLACED =
  'types.ts writes this schema unknown: it is itself through references, unions and array items alone (TS2502, a type-replaced warning).';
const OBJECT_AND_PRIMITIVE =
  "allOf parts give a property an object type in one part and a primitive in another: TypeScript infers no index signature for `{ ... } & number`, so it is not assignable to zod's `{ ...; [key: string]: unknown } & number`.";
/** Reasons after which neither type is assignable to the other: only property names are compared. */
const NAMES_ONLY = new Set([OMITTED_INDEX]);
/** Reasons after which the spec type is still assignable to zod's output. */
const SPEC_TO_ZOD = new Set([
  EMPTY_OBJECT,
  TUPLE,
  PATTERN,
  DEFS,
  UNTYPED_NULLABLE,
  REQUIRED_ONLY,
  DROPPED_DEFAULT,
  GHOST_REQUIRED,
]);
/** Reasons after which zod's output is still assignable to the spec type. */
const ZOD_TO_SPEC = new Set([REPLACED, OBJECT_AND_PRIMITIVE]);

/**
 * Whether openapi-typescript's type of a schema has an index signature (`[key: string]: T`):
 * typed or declared extra keys, pattern properties, or an object without properties.
 */
function hasIndexSignature(
  schema: SchemaModel,
  lookup: (name: string) => SchemaModel | undefined,
  depth = 0,
): boolean {
  if (depth > 16) return false;
  switch (schema.kind) {
    case 'ref': {
      const target = lookup(schema.name);
      return target !== undefined && hasIndexSignature(target, lookup, depth + 1);
    }
    case 'object':
      return (
        (typeof schema.additionalProperties === 'object' &&
          schema.additionalProperties.kind !== 'never') ||
        schema.extraKeysDeclared === true ||
        !!schema.patternProperties?.length ||
        !schema.properties.length
      );
    case 'intersection':
      return schema.parts.some((part) => hasIndexSignature(part, lookup, depth + 1));
    default:
      return false;
  }
}

/** What a property's type is made of, as far as an intersection with it goes. */
function shapeOf(
  schema: SchemaModel,
  lookup: (name: string) => SchemaModel | undefined,
  depth = 0,
): 'object' | 'primitive' | undefined {
  if (depth > 16) return undefined;
  switch (schema.kind) {
    case 'ref': {
      const target = lookup(schema.name);
      return target && shapeOf(target, lookup, depth + 1);
    }
    case 'object':
      // A closed object has no index signature in zod's output either.
      return schema.additionalProperties === false ? undefined : 'object';
    case 'intersection':
      return schema.parts.map((part) => shapeOf(part, lookup, depth + 1)).find(Boolean);
    case 'string':
    case 'number':
    case 'boolean':
      return 'primitive';
    case 'enum':
      return schema.values.every(isPrimitive) ? 'primitive' : undefined;
    case 'const':
      return isPrimitive(schema.value) ? 'primitive' : undefined;
    default:
      return undefined;
  }
}

/** The properties an `allOf` part declares (through references and nested parts), by name. */
function partProperties(
  part: SchemaModel,
  lookup: (name: string) => SchemaModel | undefined,
  depth = 0,
): [string, SchemaModel][] {
  if (depth > 16) return [];
  if (part.kind === 'ref') {
    const target = lookup(part.name);
    return target ? partProperties(target, lookup, depth + 1) : [];
  }
  if (part.kind === 'object')
    return part.properties.map((property) => [property.name, property.schema]);
  if (part.kind === 'intersection')
    return part.parts.flatMap((inner) => partProperties(inner, lookup, depth + 1));
  return [];
}

/** Whether two parts of an intersection give one property an object type and a primitive. */
function objectAndPrimitive(
  node: SchemaModel & { kind: 'intersection' },
  lookup: (name: string) => SchemaModel | undefined,
): boolean {
  const shapes = new Map<string, Set<string>>();
  for (const part of node.parts)
    for (const [name, schema] of partProperties(part, lookup)) {
      const shape = shapeOf(schema, lookup);
      if (shape === undefined) continue;
      if (!shapes.has(name)) shapes.set(name, new Set());
      shapes.get(name)!.add(shape);
    }
  return [...shapes.values()].some((found) => found.size > 1);
}

/** Reasons found in a schema node itself, not following references. */
function localReasons(
  schema: SchemaModel,
  context: Pick<ZodContext, 'lookup'> & { discriminated: (name: string) => boolean },
): Set<string> {
  const found = new Set<string>();
  // An `allOf` member that is a discriminated component is `Omit<Member, "kind">` in the types.
  const omitsIndex = (part: SchemaModel) =>
    part.kind === 'ref' &&
    !part.nullable &&
    context.discriminated(part.name) &&
    hasIndexSignature(part, context.lookup);
  const visit = (node: SchemaModel): void => {
    if (node.kind === 'intersection' && node.parts.some(omitsIndex)) found.add(OMITTED_INDEX);
    if (node.kind === 'intersection' && objectAndPrimitive(node, context.lookup))
      found.add(OBJECT_AND_PRIMITIVE);
    if (node.kind === 'array' && node.prefixItems?.length && node.items.kind !== 'never')
      found.add(TUPLE);
    if (node.kind === 'object') {
      if (
        node.properties.some(
          (property) => property.schema.default && !effectiveDefault(property.schema, context),
        )
      )
        found.add(DROPPED_DEFAULT);
      if (node.patternProperties?.length) found.add(PATTERN);
      else if (!node.properties.length && node.additionalProperties === true)
        found.add(EMPTY_OBJECT);
    }
    if (
      node.kind === 'intersection' &&
      node.parts.some(
        (part) =>
          part.kind === 'object' &&
          part.properties.some(
            (property) => property.required && property.schema.kind === 'unknown',
          ),
      )
    ) {
      found.add(REQUIRED_ONLY);
    }
    childSchemas(node).forEach(visit);
  };
  visit(schema);
  return found;
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const COMPONENT = '#/components/schemas/';

function componentName(ref: unknown): string | undefined {
  return typeof ref === 'string' && ref.startsWith(COMPONENT)
    ? decodeURIComponent(ref.slice(COMPONENT.length)).replace(/~1/g, '/').replace(/~0/g, '~')
    : undefined;
}

function walk(node: unknown, visit: (node: Json) => void, seen = new Set<unknown>()): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  if (isJson(node)) visit(node);
  for (const child of Object.values(node)) walk(child, visit, seen);
}

/**
 * The component schemas whose discriminator property openapi-typescript rewrites, with that
 * property: `oneOf` members and mapping targets of a discriminator, and schemas that extend a
 * discriminated schema through `allOf` (a simplified `scanDiscriminators` of openapi-typescript).
 */
function rewrittenByDiscriminators(document: Json): Map<string, Set<string>> {
  const rewritten = new Map<string, Set<string>>();
  const mark = (name: string | undefined, property: string) => {
    if (name === undefined) return;
    const properties = rewritten.get(name) ?? new Set<string>();
    properties.add(property);
    rewritten.set(name, properties);
  };
  walk(document, (node) => {
    const discriminator = node.discriminator;
    if (!isJson(discriminator) || typeof discriminator.propertyName !== 'string') return;
    if (Array.isArray(node.oneOf)) {
      for (const item of node.oneOf)
        if (isJson(item)) mark(componentName(item.$ref), discriminator.propertyName);
    }
    if (isJson(discriminator.mapping)) {
      for (const target of Object.values(discriminator.mapping))
        mark(componentName(target), discriminator.propertyName);
    }
  });
  const components =
    isJson(document.components) && isJson(document.components.schemas)
      ? document.components.schemas
      : {};
  const discriminated = new Map<string, string>();
  for (const [name, node] of Object.entries(components)) {
    if (
      isJson(node) &&
      isJson(node.discriminator) &&
      typeof node.discriminator.propertyName === 'string'
    )
      discriminated.set(name, node.discriminator.propertyName);
  }
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, node] of Object.entries(components)) {
      if (!isJson(node) || !Array.isArray(node.allOf) || discriminated.has(name)) continue;
      for (const item of node.allOf) {
        const property = isJson(item)
          ? discriminated.get(componentName(item.$ref) ?? '')
          : undefined;
        if (property === undefined) continue;
        mark(name, property);
        discriminated.set(name, property);
        changed = true;
        break;
      }
    }
  }
  return rewritten;
}

/** Keys whose values are data, not schemas: never scanned for schema shapes. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

function walkSchema(node: unknown, visit: (node: Json) => void): void {
  if (Array.isArray(node)) node.forEach((item) => walkSchema(item, visit));
  if (!isJson(node)) return;
  visit(node);
  for (const [key, child] of Object.entries(node))
    if (!DATA_KEYS.has(key) && !key.startsWith('x-')) walkSchema(child, visit);
}

const isEmpty = (value: unknown) =>
  value === undefined || (isJson(value) && Object.keys(value).length === 0);

/**
 * Reasons visible only in the document, inside one component schema (not following `$ref`s): the
 * model simplifies some of these away (`allOf: [X, { type: object }]` is just `X` there).
 */
function documentReasons(node: unknown): Set<string> {
  const found = new Set<string>();
  walkSchema(node, (child) => {
    if ('$defs' in child) found.add(DEFS);
    const types = Array.isArray(child.type) ? child.type : [child.type];
    const composed = ['allOf', 'anyOf', 'oneOf'].some((key) => key in child);
    const typed =
      !composed &&
      isEmpty(child.properties) &&
      !child.additionalProperties &&
      !child.patternProperties &&
      !child.$defs;
    if (types.includes('object') && typed) found.add(EMPTY_OBJECT);
    const shaped =
      ['type', '$ref', 'enum', 'const', 'items', 'additionalProperties'].some(
        (key) => key in child,
      ) || !isEmpty(child.properties);
    if (child.nullable === true && !composed && !shaped) found.add(UNTYPED_NULLABLE);
    const properties = isJson(child.properties) ? child.properties : {};
    if (
      !composed &&
      Array.isArray(child.required) &&
      child.required.some((name) => typeof name === 'string' && !Object.hasOwn(properties, name))
    ) {
      found.add(GHOST_REQUIRED);
    }
  });
  return found;
}

/** How each component schema's zod output type can be checked against openapi-typescript's. */
export function agreements(model: ApiModel): Map<string, Agreement> {
  const schemas = new Map(model.schemas.map((entry) => [entry.name, entry.schema]));
  const rawSchemas =
    isJson(model.document.components) && isJson(model.document.components.schemas)
      ? model.document.components.schemas
      : {};
  const rewritten = rewrittenByDiscriminators(model.document);
  const replaced = circularAliases(model.schemas);
  const discriminated = new Set(
    model.schemas.flatMap((entry) =>
      entry.discriminatorProperty === undefined ? [] : [entry.name],
    ),
  );
  const local = new Map(
    model.schemas.map(({ name, schema, typeDiscriminator }) => {
      const lookup = (target: string) => schemas.get(target);
      const reasons = localReasons(schema, {
        lookup,
        discriminated: (target) => discriminated.has(target),
      });
      // A lone reference to a discriminated parent is `Omit<Parent, "kind">` too
      // (`emit/typescript-types/document.ts`).
      if (
        typeDiscriminator &&
        schema.kind === 'ref' &&
        !schema.nullable &&
        discriminated.has(schema.name) &&
        hasIndexSignature(schema, lookup)
      )
        reasons.add(OMITTED_INDEX);
      if (replaced.has(name)) reasons.add(REPLACED);
      documentReasons(rawSchemas[name]).forEach((reason) => reasons.add(reason));
      return [name, reasons];
    }),
  );
  const edges = new Map(
    model.schemas.map(({ name, schema }) => [
      name,
      [...new Set(references(schema))].filter((target) => schemas.has(target)),
    ]),
  );

  const result = new Map<string, Agreement>();
  for (const { name } of model.schemas) {
    const reasons = new Set<string>();
    let nestedDiscriminator = false;
    const seen = new Set([name]);
    const queue = [name];
    while (queue.length) {
      const current = queue.shift()!;
      local.get(current)!.forEach((reason) => reasons.add(reason));
      if (current !== name && rewritten.has(current)) nestedDiscriminator = true;
      for (const target of edges.get(current)!) {
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
    const own = rewritten.get(name);
    const listed = [...reasons].sort();
    const specToZod = listed.some((reason) => SPEC_TO_ZOD.has(reason));
    const zodToSpec = listed.some((reason) => ZOD_TO_SPEC.has(reason));
    const direction: Direction = specToZod ? 'specToZod' : zodToSpec ? 'zodToSpec' : 'mutual';
    const namesOnly = listed.some((reason) => NAMES_ONLY.has(reason));
    if (nestedDiscriminator || (own && own.size > 1) || (specToZod && zodToSpec) || namesOnly) {
      const why =
        nestedDiscriminator || own
          ? [
              'openapi-typescript rewrites discriminator properties of this schema or of schemas it contains.',
            ]
          : [];
      result.set(name, { kind: 'keys', reasons: [...listed, ...why] });
    } else if (own) {
      const [property] = [...own];
      result.set(name, {
        kind: 'omit',
        property: property!,
        direction,
        reasons: [
          ...listed,
          `openapi-typescript rewrites the discriminator property ${JSON.stringify(property)} of this schema.`,
        ],
      });
    } else {
      result.set(name, { kind: 'whole', direction, reasons: listed });
    }
  }
  return result;
}
