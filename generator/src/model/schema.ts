/**
 * JSON Schema (OpenAPI 3.0 and 3.1 dialects) → `SchemaModel`.
 *
 * Every node is converted once: references to component schemas become `ref` nodes (never
 * followed), and other internal references are converted once per target and memoised, so
 * building a whole document stays linear in its size.
 */
import { toJson } from '../json/value.js';
import {
  booleanOf,
  isNode,
  numberOf,
  stringOf,
  stringsOf,
  typeKeyword,
  type Node,
} from './json.js';
import { escapeSegment, joinPointer, unescapeSegment, setOwn } from '../json/pointer.js';
import { excludedValues, excludingMember, readableNot, withoutValues } from './not.js';
import { type PointerResolver } from './pointer.js';
import type { JsonValue, PropertyModel, SchemaCommon, SchemaModel } from './types.js';

const COMPONENT_SCHEMA = /^#\/components\/schemas\/([^/]+)$/;

/** Keywords that only describe a schema; they never make a part of a composition on their own. */
const DESCRIPTIVE = new Set([
  'type',
  'nullable',
  'discriminator',
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'example',
  'examples',
  'xml',
  'externalDocs',
  '$ref',
  '$id',
  '$schema',
  '$anchor',
  '$dynamicAnchor',
  '$defs',
  '$comment',
  'definitions',
  'allOf',
  'oneOf',
  'anyOf',
]);

const ENUM_BASE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/** Converts the schemas of one document. */
export class SchemaBuilder {
  /**
   * Constraints of the spec the model leaves out (a `not` it cannot read), each located by the
   * pointer of its keyword and reported once: every emitter reads the schema without them.
   */
  readonly warnings: { pointer: string; message: string; rule?: 'emit-degraded' }[] = [];
  private readonly warned = new Set<string>();
  private readonly memo = new Map<string, SchemaModel>();
  /** How many `$ref`s reached each memoised target (by pointer). */
  private readonly uses = new Map<string, number>();
  private readonly inProgress = new Set<string>();
  private readonly componentNames: ReadonlySet<string>;
  private readonly resolver: PointerResolver;
  /**
   * OpenAPI 3.0: the siblings of a `$ref` are ignored (kept as annotations only); in 3.1 they
   * compose. `nullable: true` is a 3.0 keyword that real 3.1 specs carry too (with a type,
   * without one, beside a `$ref`): it is read as "also null" in both, as openapi-typescript does
   * (and as the fixtures' ajv copy of the document does, see `emit/fixtures/openapi30.ts`).
   */
  private readonly openapi30: boolean;

  constructor({
    resolver,
    componentNames,
    openapi,
  }: {
    resolver: PointerResolver;
    componentNames: ReadonlySet<string>;
    openapi: string;
  }) {
    this.resolver = resolver;
    this.componentNames = componentNames;
    this.openapi30 = openapi.startsWith('3.0');
  }

  /**
   * The model of the schema `node` found at `pointer`. `typeHint` is the type stated by the
   * schema whose `allOf`/`oneOf`/`anyOf` member this is: a member that only adds keywords
   * (`{type: string, allOf: [{minLength: 1}]}`) is read as that type.
   */
  build({
    node,
    pointer,
    typeHint,
  }: {
    node: unknown;
    pointer: string;
    typeHint?: string[];
  }): SchemaModel {
    if (node === true || node === undefined) return { kind: 'unknown', nullable: false };
    if (node === false) return { kind: 'never', nullable: false };
    if (!isNode(node)) return { kind: 'unknown', nullable: false };

    const { part, nullable, inherited } = this.compose({ node, pointer, typeHint });
    const own = annotations(node);
    const becomesNullable = (nullable || part.kind === 'null') && !part.nullable;
    // A bare `$ref` to a converted schema returns it as is: memoised targets stay shared.
    if (!becomesNullable && isEmpty(inherited) && isEmpty(own)) return part;
    const annotated: SchemaModel = { ...part, ...inherited, ...own };
    if (becomesNullable) annotated.nullable = true;
    return annotated;
  }

  /**
   * The structure of `node` without its own annotations: its `$ref`, `allOf` members, own typed
   * keywords and `oneOf`/`anyOf` unions, as one part or an intersection of several. Parts that
   * constrain nothing (`allOf: [{$ref: X}, {description: ...}]`, `{nullable: true}`,
   * `{type: object}`) are folded into the result: their annotations are `inherited` (the
   * node's own win). Their `nullable` is not: the other parts still reject null.
   */
  private compose({
    node,
    pointer,
    typeHint,
  }: {
    node: Node;
    pointer: string;
    typeHint: string[] | undefined;
  }): { part: SchemaModel; nullable: boolean; inherited: Omit<SchemaCommon, 'nullable'> } {
    const isRef = typeof node.$ref === 'string';
    // OpenAPI's `nullable: true` means "also null" wherever it stands (see the class comment).
    let nullable = node.nullable === true && !(this.openapi30 && isRef);
    // JSON Schema's own ways of admitting null (`type: [.., "null"]`, a null member of `oneOf`/
    // `anyOf`) constrain like any other sibling of a `$ref`: a value must also match the
    // reference, so null is valid only where the referenced schema admits it, which printing
    // the reference already says. `{$ref: Id, type: [string, "null"]}` is `Id`, as ajv reads it.
    const siblingsAdmitNull = !isRef;
    const types = declaredTypes({ node, typeHint });
    const readType = node.type === undefined ? undefined : typeKeyword(node.type);
    if (
      node.type !== undefined &&
      (readType === undefined || (Array.isArray(node.type) && readType.length !== node.type.length))
    )
      this.warn(
        joinPointer({ pointer, keys: ['type'] }),
        `this \`type\` is ${readType === undefined ? 'neither a type name nor a list of them: read as no type (any value)' : 'a list with items that are not type names: they are left out'}, by the types, zod validators, fixtures and mock alike (the OpenAPI meta-schema checks \`type\` only where it knows a schema stands; a \`$ref\` can reach others)`,
        'emit-degraded',
      );
    const memberHint = types.length > 0 ? types.filter((type) => type !== 'null') : undefined;
    const parts: SchemaModel[] = [];

    if (isRef) parts.push(this.reference({ ref: node.$ref as string }));
    const ownStructure = !(this.openapi30 && isRef) && hasOwnStructure(node);

    // `not: {enum|const}`, the node's own or an `allOf` member's: values taken out of a sibling enum.
    const exclusions: { values: JsonValue[]; pointer: string }[] = [];
    const ownExcluded = this.openapi30 && isRef ? undefined : excludedValues(node.not);
    if (ownExcluded)
      exclusions.push({ values: ownExcluded, pointer: joinPointer({ pointer, keys: ['not'] }) });
    else if (!(this.openapi30 && isRef) && !readableNot(node))
      this.warn(
        joinPointer({ pointer, keys: ['not'] }),
        'this `not` is not enforced: the types, zod validators, fixtures and mock read the schema without it (zapgen reads `not: {}` and `not: {enum: [...]}` or `not: {const: ...}` beside an enum)',
      );

    if (Array.isArray(node.allOf)) {
      node.allOf.forEach((member, index) => {
        const values = excludingMember(member);
        if (values) {
          const at = joinPointer({ pointer, keys: ['allOf', index, 'not'] });
          exclusions.push({ values, pointer: at });
          return;
        }
        parts.push(
          this.build({
            node: member,
            pointer: joinPointer({ pointer, keys: ['allOf', index] }),
            typeHint: memberHint,
          }),
        );
      });
    }

    const unions: SchemaModel[] = [];
    for (const mode of ['oneOf', 'anyOf'] as const) {
      const members = node[mode];
      if (!Array.isArray(members)) continue;
      const union = this.union({ node, pointer, mode, members, typeHint: memberHint });
      nullable ||= union.nullable && siblingsAdmitNull;
      unions.push(union.part);
    }

    const own = this.own({ node, pointer, declared: types });
    nullable ||= own.nullable && siblingsAdmitNull;
    const ownMatters =
      (ownStructure && own.part.kind !== 'unknown') || (parts.length === 0 && unions.length === 0);
    if (ownMatters) parts.push(own.part);
    parts.push(...unions);
    for (const exclusion of exclusions) this.exclude({ parts, ...exclusion });

    let inherited: Omit<SchemaCommon, 'nullable'> = {};
    let kept = parts;
    if (parts.length > 1 || !ownMatters) {
      kept = parts.filter((part) => !isVacuous(part));
      // A bare `{type: object}` part rejects null: beside a part that may admit null
      // (`allOf: [{$ref: NullableThing}, {type: object}]`) it is what rejects it, so it stays.
      if (kept.some((part) => this.mayAdmitNull(part)))
        kept = parts.filter(
          (part) => !isVacuous(part) || (part.kind === 'object' && !part.nullable),
        );
      // Nothing but annotations and bare types: the stated type is the best reading.
      if (kept.length === 0)
        kept = [
          own.part.kind !== 'unknown'
            ? own.part
            : (parts.find((part) => part.kind === 'object') ?? parts[0] ?? own.part),
        ];
      for (const part of parts) {
        if (kept.includes(part)) continue;
        inherited = { ...annotationsOf(part), ...inherited };
      }
    }
    const [first] = kept;
    if (kept.length === 1 && first) return { part: first, nullable, inherited };
    return { part: { kind: 'intersection', parts: kept, nullable: false }, nullable, inherited };
  }

  /**
   * The targets of `$ref`s into the inside of a schema (`#/components/schemas/A/properties/b`,
   * as json-schema-ref-parser's `bundle` writes them) that two or more references reach, by
   * their pointer in document order. Each is one shared node of the model: an emitter that
   * printed it at every use would print a tree, and nested sharing grows that exponentially,
   * so emitters name it once instead.
   */
  sharedTargets(): Map<SchemaModel, string> {
    const shared = new Map<SchemaModel, string>();
    for (const [pointer, node] of this.memo)
      if ((this.uses.get(pointer) ?? 0) > 1 && !shared.has(node)) shared.set(node, pointer);
    return shared;
  }

  /**
   * `values` taken out of the enum among `parts` (in place), a referenced component's followed;
   * without one the exclusion is reported as not enforced.
   */
  private exclude({
    parts,
    values,
    pointer,
  }: {
    parts: SchemaModel[];
    values: JsonValue[];
    pointer: string;
  }): void {
    const narrowed = withoutValues({
      parts,
      excluded: values,
      enumOf: (part) => this.enumOf(part),
    });
    if (narrowed.reduced) {
      parts.splice(0, parts.length, ...narrowed.parts);
      return;
    }
    this.warn(
      pointer,
      `this \`not\` is not enforced: no enum beside it to take ${values.map((value) => JSON.stringify(value)).join(', ')} out of, so the types, zod validators, fixtures and mock accept ${values.length === 1 ? 'it' : 'them'}`,
    );
  }

  /** `part` as an enum or const, a reference followed to its component; else undefined. */
  private enumOf(part: SchemaModel): SchemaModel | undefined {
    let current = part;
    let nullable = false;
    const seen = new Set<string>();
    while (current.kind === 'ref' && !seen.has(current.name)) {
      seen.add(current.name);
      nullable ||= current.nullable;
      const pointer = `#/components/schemas/${escapeSegment(current.name)}`;
      const target = this.resolver.resolve(pointer);
      // Only a schema that states an enum or a const, or refers on, is built again here (the
      // components are built once by `buildModel`; this keeps counted uses of inner targets).
      if (
        !target ||
        !isNode(target.node) ||
        !('enum' in target.node || 'const' in target.node || '$ref' in target.node)
      )
        return undefined;
      current = this.build({ node: target.node, pointer: target.pointer });
    }
    if (current.kind !== 'enum' && current.kind !== 'const') return undefined;
    return nullable && !current.nullable ? { ...current, nullable } : current;
  }

  private warn(pointer: string, message: string, rule?: 'emit-degraded'): void {
    if (this.warned.has(pointer)) return;
    this.warned.add(pointer);
    this.warnings.push({ pointer, message, ...(rule && { rule }) });
  }

  /** True when `part` may admit null: nullable, or a reference to a schema that says it is. */
  private mayAdmitNull(part: SchemaModel): boolean {
    if (part.nullable) return true;
    if (part.kind !== 'ref') return false;
    const target = this.resolver.resolve(`#/components/schemas/${escapeSegment(part.name)}`)?.node;
    return isNode(target) && statesNull(target);
  }

  /** A `$ref`: a `ref` node for a component schema, else the target converted in place. */
  private reference({ ref }: { ref: string }): SchemaModel {
    const target = this.resolver.resolve(ref);
    if (!target) return { kind: 'unknown', nullable: false };
    const component = COMPONENT_SCHEMA.exec(target.pointer)?.[1];
    if (component !== undefined) {
      const name = unescapeSegment(component);
      if (this.componentNames.has(name)) return { kind: 'ref', name, nullable: false };
    }
    this.uses.set(target.pointer, (this.uses.get(target.pointer) ?? 0) + 1);
    const cached = this.memo.get(target.pointer);
    if (cached) return cached;
    // A cycle through schemas that are not components cannot be named: cut it.
    if (this.inProgress.has(target.pointer)) return { kind: 'unknown', nullable: false };
    this.inProgress.add(target.pointer);
    const built = this.build(target);
    this.inProgress.delete(target.pointer);
    this.memo.set(target.pointer, built);
    return built;
  }

  /** `oneOf`/`anyOf` with null members taken out (they make the result nullable). */
  private union({
    node,
    pointer,
    mode,
    members,
    typeHint,
  }: {
    node: Node;
    pointer: string;
    mode: 'oneOf' | 'anyOf';
    members: unknown[];
    typeHint: string[] | undefined;
  }): { part: SchemaModel; nullable: boolean } {
    const all = members.map((member, index) =>
      this.build({
        node: member,
        pointer: joinPointer({ pointer, keys: [mode, index] }),
        typeHint,
      }),
    );
    const variants = all.filter((variant) => variant.kind !== 'null');
    const nullable = variants.length < all.length;
    const [only] = variants;
    if (variants.length === 0) return { part: { kind: 'null', nullable: true }, nullable };
    if (variants.length === 1 && only) return { part: only, nullable };
    const discriminator = discriminatorOf({ node, variants });
    return {
      part: {
        kind: 'union',
        mode,
        variants,
        ...(discriminator && { discriminator }),
        nullable: false,
      },
      nullable,
    };
  }

  /** The schema's own typed keywords (`type`, `enum`, `const`, `properties`, `items`, ...). */
  private own({ node, pointer, declared }: { node: Node; pointer: string; declared: string[] }): {
    part: SchemaModel;
    nullable: boolean;
  } {
    const types = declared.filter((type) => type !== 'null');
    let nullable = types.length < declared.length;

    if (Array.isArray(node.enum)) {
      const values = node.enum.filter((value) => value !== null).map((value) => toJson(value));
      nullable ||= values.length < node.enum.length;
      // `enum: []` accepts nothing; `enum: [null]` accepts null only.
      if (node.enum.length === 0)
        return { part: { kind: 'never', nullable: false }, nullable: false };
      if (values.length === 0) return { part: { kind: 'null', nullable: true }, nullable: true };
      const [baseType] = types;
      const typed = types.length === 1 && baseType !== undefined && ENUM_BASE_TYPES.has(baseType);
      return {
        part: {
          kind: 'enum',
          values,
          ...(typed && { baseType: baseType as 'string' | 'number' | 'integer' | 'boolean' }),
          nullable: false,
        },
        nullable,
      };
    }
    if ('const' in node) {
      if (node.const === null) return { part: { kind: 'null', nullable: true }, nullable: true };
      return { part: { kind: 'const', value: toJson(node.const), nullable: false }, nullable };
    }
    if (isNode(node.not) && Object.keys(node.not).length === 0)
      return { part: { kind: 'never', nullable: false }, nullable };

    if (types.length === 0) {
      if (declared.length > 0) return { part: { kind: 'null', nullable: true }, nullable: true };
      const inferred = inferType(node);
      return {
        part: inferred
          ? this.typed({ node, pointer, type: inferred })
          : { kind: 'unknown', nullable: false },
        nullable,
      };
    }
    const [single] = types;
    if (types.length === 1 && single !== undefined)
      return { part: this.typed({ node, pointer, type: single }), nullable };
    const variants = types.map((type) => this.typed({ node, pointer, type }));
    return { part: { kind: 'union', mode: 'types', variants, nullable: false }, nullable };
  }

  /** The keywords of `node` that apply to one JSON type. */
  private typed({
    node,
    pointer,
    type,
  }: {
    node: Node;
    pointer: string;
    type: string;
  }): SchemaModel {
    switch (type) {
      case 'string':
        return stringSchema(node);
      case 'number':
      case 'integer':
        return numberSchema({ node, integer: type === 'integer' });
      case 'boolean':
        return { kind: 'boolean', nullable: false };
      case 'null':
        return { kind: 'null', nullable: true };
      case 'array':
        return this.array({ node, pointer });
      case 'object':
        return this.object({ node, pointer });
      default:
        return { kind: 'unknown', nullable: false };
    }
  }

  private array({ node, pointer }: { node: Node; pointer: string }): SchemaModel {
    const child = (keys: (string | number)[], value: unknown) =>
      this.build({ node: value, pointer: joinPointer({ pointer, keys }) });
    let prefixItems: SchemaModel[] | undefined;
    let items: SchemaModel;
    if (Array.isArray(node.items)) {
      // Draft 4 tuple form: `items` is the prefix and `additionalItems` the rest.
      prefixItems = node.items.map((item, index) => child(['items', index], item));
      items = child(['additionalItems'], node.additionalItems);
    } else {
      items = child(['items'], node.items);
      if (Array.isArray(node.prefixItems))
        prefixItems = node.prefixItems.map((item, index) => child(['prefixItems', index], item));
    }
    return {
      kind: 'array',
      items,
      ...(prefixItems && { prefixItems }),
      ...defined({
        minItems: numberOf(node.minItems),
        maxItems: numberOf(node.maxItems),
        uniqueItems: booleanOf(node.uniqueItems),
      }),
      nullable: false,
    };
  }

  private object({ node, pointer }: { node: Node; pointer: string }): SchemaModel {
    const required = new Set(stringsOf(node.required) ?? []);
    const properties: PropertyModel[] = isNode(node.properties)
      ? Object.entries(node.properties).map(([name, value]) => ({
          name,
          required: required.has(name),
          schema: this.build({
            node: value,
            pointer: joinPointer({ pointer, keys: ['properties', name] }),
          }),
        }))
      : [];
    // A required name without a property schema (`allOf: [{$ref: Base}, {required: [id]}]`)
    // still has to be present, with any value.
    const declared = new Set(properties.map((property) => property.name));
    for (const name of required) {
      if (!declared.has(name))
        properties.push({
          name,
          required: true,
          undeclared: true,
          schema: { kind: 'unknown', nullable: false },
        });
    }
    const patternProperties = isNode(node.patternProperties)
      ? Object.entries(node.patternProperties).map(([pattern, value]) => ({
          pattern,
          schema: this.build({
            node: value,
            pointer: joinPointer({ pointer, keys: ['patternProperties', pattern] }),
          }),
        }))
      : undefined;
    const propertyNames =
      node.propertyNames === undefined
        ? undefined
        : this.build({
            node: node.propertyNames,
            pointer: joinPointer({ pointer, keys: ['propertyNames'] }),
            typeHint: ['string'],
          });
    const additionalProperties = this.additionalProperties({ node, pointer });
    const extraKeysDeclared =
      additionalProperties === true &&
      (node.additionalProperties === true || isNode(node.additionalProperties));
    return {
      kind: 'object',
      properties,
      additionalProperties,
      ...(extraKeysDeclared && { extraKeysDeclared: true as const }),
      ...(patternProperties && { patternProperties }),
      ...(propertyNames && { propertyNames }),
      ...defined({
        minProperties: numberOf(node.minProperties),
        maxProperties: numberOf(node.maxProperties),
      }),
      nullable: false,
    };
  }

  /** Absent, `true` and `{}` all mean open; `false` and `not: {}` mean closed. */
  private additionalProperties({
    node,
    pointer,
  }: {
    node: Node;
    pointer: string;
  }): boolean | SchemaModel {
    const value = node.additionalProperties;
    if (value === undefined || value === true) return true;
    if (value === false) return false;
    const schema = this.build({
      node: value,
      pointer: joinPointer({ pointer, keys: ['additionalProperties'] }),
    });
    if (schema.kind === 'never') return false;
    if (schema.kind === 'unknown' && !schema.nullable && Object.keys(schema).length === 2)
      return true;
    return schema;
  }
}

function isEmpty(value: object): boolean {
  for (const _key in value) return false;
  return true;
}

/** True when `node` itself says it admits null (`nullable`, a null type, a null union member). */
function statesNull(node: Node): boolean {
  const isNull = (member: unknown) =>
    isNode(member) &&
    (member.type === 'null' || (Array.isArray(member.type) && member.type.includes('null')));
  return (
    node.nullable === true ||
    isNull(node) ||
    [node.oneOf, node.anyOf].some((members) => Array.isArray(members) && members.some(isNull))
  );
}

/** True for a part of an intersection that accepts any value (or any object). */
function isVacuous(schema: SchemaModel): boolean {
  if (schema.kind === 'unknown') return true;
  return (
    schema.kind === 'object' &&
    schema.properties.length === 0 &&
    schema.additionalProperties === true &&
    !schema.patternProperties &&
    !schema.propertyNames &&
    schema.minProperties === undefined &&
    schema.maxProperties === undefined
  );
}

/** The annotations of a converted schema. */
function annotationsOf(schema: SchemaModel): Omit<SchemaCommon, 'nullable'> {
  const {
    title,
    description,
    default: fallback,
    deprecated,
    readOnly,
    writeOnly,
    examples,
  } = schema;
  return defined({
    title,
    description,
    default: fallback,
    deprecated,
    readOnly,
    writeOnly,
    examples,
  });
}

/** The `type` of `node` as a list; a member without one that adds keywords takes `typeHint`. */
function declaredTypes({
  node,
  typeHint,
}: {
  node: Node;
  typeHint: string[] | undefined;
}): string[] {
  if (node.type !== undefined) {
    const type = typeKeyword(node.type);
    return type === undefined ? [] : typeof type === 'string' ? [type] : type;
  }
  const composed =
    node.$ref !== undefined ||
    node.allOf !== undefined ||
    node.oneOf !== undefined ||
    node.anyOf !== undefined;
  return typeHint && !composed && hasOwnStructure(node) ? typeHint : [];
}

/** True when `node` has keywords beyond type, annotations and composition. */
function hasOwnStructure(node: Node): boolean {
  return Object.keys(node).some((key) => !DESCRIPTIVE.has(key) && !key.startsWith('x-'));
}

/**
 * The JSON type read into a schema without `type` from its object keywords (as openapi-typescript
 * reads them), else none. `items` alone implies nothing: it constrains arrays and lets every other
 * value through, so `{items: X}` accepts `"a"` as well as `[x]` and is `unknown` (as
 * openapi-typescript writes it; ajv agrees); Swagger 2.0's tuple form `items: [A, B]` likewise.
 */
function inferType(node: Node): 'object' | undefined {
  if (
    'properties' in node ||
    'required' in node ||
    'additionalProperties' in node ||
    'patternProperties' in node ||
    'propertyNames' in node
  )
    return 'object';
  return undefined;
}

function stringSchema(node: Node): SchemaModel {
  return {
    kind: 'string',
    ...defined({
      format: stringOf(node.format),
      minLength: numberOf(node.minLength),
      maxLength: numberOf(node.maxLength),
      pattern: stringOf(node.pattern),
      contentEncoding: stringOf(node.contentEncoding),
      contentMediaType: stringOf(node.contentMediaType),
    }),
    nullable: false,
  };
}

/** Numbers, with the 3.0 boolean `exclusiveMinimum`/`exclusiveMaximum` turned into bounds. */
function numberSchema({ node, integer }: { node: Node; integer: boolean }): SchemaModel {
  let minimum = numberOf(node.minimum);
  let maximum = numberOf(node.maximum);
  let exclusiveMinimum = numberOf(node.exclusiveMinimum);
  let exclusiveMaximum = numberOf(node.exclusiveMaximum);
  if (node.exclusiveMinimum === true && minimum !== undefined)
    [exclusiveMinimum, minimum] = [minimum, undefined];
  if (node.exclusiveMaximum === true && maximum !== undefined)
    [exclusiveMaximum, maximum] = [maximum, undefined];
  return {
    kind: 'number',
    integer,
    ...defined({
      format: stringOf(node.format),
      minimum,
      maximum,
      exclusiveMinimum,
      exclusiveMaximum,
      multipleOf: numberOf(node.multipleOf),
    }),
    nullable: false,
  };
}

/**
 * The discriminator of a union. Mapping values that are refs become component names, and each
 * component variant not named by the mapping is added under its own name (the implicit mapping).
 */
function discriminatorOf({
  node,
  variants,
}: {
  node: Node;
  variants: SchemaModel[];
}): { propertyName: string; mapping: Record<string, string> } | undefined {
  const discriminator = node.discriminator;
  if (!isNode(discriminator) || typeof discriminator.propertyName !== 'string') return undefined;
  const mapping: Record<string, string> = {};
  if (isNode(discriminator.mapping)) {
    for (const [value, target] of Object.entries(discriminator.mapping)) {
      if (typeof target !== 'string') continue;
      const component = COMPONENT_SCHEMA.exec(target)?.[1];
      setOwn(mapping, value, component === undefined ? target : decodeName(component));
    }
  }
  const named = new Set(Object.values(mapping));
  for (const variant of variants) {
    if (variant.kind === 'ref' && !named.has(variant.name) && !Object.hasOwn(mapping, variant.name))
      setOwn(mapping, variant.name, variant.name);
  }
  return { propertyName: discriminator.propertyName, mapping };
}

/** A component name from the last segment of a `#/components/schemas/...` ref. */
function decodeName(segment: string): string {
  let raw = segment;
  try {
    raw = decodeURIComponent(segment);
  } catch {
    // Not percent-encoded after all: keep it as written.
  }
  return unescapeSegment(raw);
}

/** The annotations (`SchemaCommon` minus `nullable`) that `node` states. */
function annotations(node: Node): Omit<SchemaCommon, 'nullable'> {
  const result: Omit<SchemaCommon, 'nullable'> = {};
  if (typeof node.title === 'string') result.title = node.title;
  if (typeof node.description === 'string') result.description = node.description;
  if (node.default !== undefined) result.default = { value: toJson(node.default) };
  if (node.deprecated === true) result.deprecated = true;
  if (node.readOnly === true) result.readOnly = true;
  if (node.writeOnly === true) result.writeOnly = true;
  const examples: JsonValue[] = [];
  if (node.example !== undefined) examples.push(toJson(node.example));
  if (Array.isArray(node.examples))
    for (const example of node.examples) examples.push(toJson(example));
  if (examples.length > 0) result.examples = examples;
  return result;
}

/** `values` without its undefined members, so optional fields are absent rather than undefined. */
function defined<T extends Record<string, unknown>>(
  values: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const result: Record<string, unknown> = {};
  for (const key in values) if (values[key] !== undefined) result[key] = values[key];
  return result as { [K in keyof T]?: Exclude<T[K], undefined> };
}
