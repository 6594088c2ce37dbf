/**
 * Compares two schemas of the model in one direction (request, response, or a component no
 * operation uses). The model already reads 3.0 `nullable`, 3.1 `type` arrays and `null` union
 * members as one `nullable` flag; here `$ref`s are followed (a schema moved into a component is
 * the same schema) and `allOf` members are merged (an object split into `allOf` parts is the
 * same object). Each pair of component versions is compared once per direction.
 */
import { jsonEqual } from '../json/value.js';
import { mergeObjects } from '../model/all-of.js';
import { compareCodePoints } from '../model/order.js';
import type {
  JsonValue,
  NamedSchema,
  ObjectSchema,
  PropertyModel,
  SchemaModel,
  UnionSchema,
} from '../model/types.js';
import { checksStringFormat } from '../emit/zod/formats.js';
import type { ChangeCollector } from './changes.js';
import type { Locator } from './locate.js';
import type { Direction } from './rules.js';
import type { TransformersConfig } from '../config/types.js';

/** One version of the spec, as the comparer reads it. */
export interface SchemaSide {
  components: ReadonlyMap<string, NamedSchema>;
  locator: Locator;
}

/** Where a comparison stands: what is compared, where in each document, for whom, which way. */
export interface At {
  /** How messages name the node: `Pet.owner`, `createPet request body`. */
  subject: string;
  base: string;
  revision: string;
  /** The operation or component pair the changes found here belong to. */
  owner: string;
  direction: Direction;
}

/** A property after `allOf` merging: `origin` names the component it was declared in. */
type MergedProperty = PropertyModel & { origin?: string };

/** Bound on alias hops (`A: {$ref: B}`) followed when resolving a component. */
const MAX_ALIAS_HOPS = 32;

type Kind = SchemaModel['kind'];
type Of<K extends Kind> = Extract<SchemaModel, { kind: K }>;

/** `name` as it appears after a dot in a subject: plain when it reads as an identifier. */
export function member(name: string): string {
  return /^[A-Za-z_$][\w$-]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

export class SchemaComparer {
  readonly #base: SchemaSide;
  readonly #revision: SchemaSide;
  readonly #changes: ChangeCollector;
  readonly #compared = new Set<string>();
  readonly #transformers: TransformersConfig | undefined;

  constructor({
    base,
    revision,
    changes,
    transformers,
  }: {
    base: SchemaSide;
    revision: SchemaSide;
    changes: ChangeCollector;
    /** The package's `transformers`: a format that turns a value into a Date or bigint is a type. */
    transformers?: TransformersConfig | undefined;
  }) {
    this.#base = base;
    this.#revision = revision;
    this.#changes = changes;
    this.#transformers = transformers;
  }

  /**
   * Under `transformers`, gaining or losing `date-time`/`date` (dates) or `int64` (bigint)
   * changes the value users get from a string or number to a `Date` or `bigint` or back.
   */
  #converted({
    at,
    base,
    revision,
    option,
    formats,
    type,
  }: {
    at: At;
    base: string | undefined;
    revision: string | undefined;
    option: keyof TransformersConfig;
    formats: readonly string[];
    type: [wire: string, converted: string];
  }): void {
    if (!this.#transformers?.[option]) return;
    const was = base !== undefined && formats.includes(base);
    const is = revision !== undefined && formats.includes(revision);
    if (was === is) return;
    this.#add(
      at,
      'type-changed',
      `${was ? type[1] : type[0]} → ${is ? type[1] : type[0]} (format ${base ?? 'none'} → ${revision ?? 'none'}, transformers.${option})`,
      this.#keyword(at, 'format'),
    );
  }

  /** The owner key of a pair of component versions compared in `direction`. */
  static pairOwner({
    direction,
    base,
    revision,
  }: {
    direction: Direction;
    base: string;
    revision: string;
  }): string {
    return `schema:${direction}:${base}\u0000${revision}`;
  }

  /** True when the pair has been compared in `direction` (so the component is used that way). */
  compared({
    direction,
    base,
    revision,
  }: {
    direction: Direction;
    base: string;
    revision: string;
  }): boolean {
    return this.#compared.has(SchemaComparer.pairOwner({ direction, base, revision }));
  }

  compare(base: SchemaModel, revision: SchemaModel, at: At): void {
    if (base.kind === 'ref' && revision.kind === 'ref') {
      this.#flags(base, revision, at);
      this.comparePair({ base: base.name, revision: revision.name, from: at });
      return;
    }
    if (base.kind === 'ref' || revision.kind === 'ref') {
      const left = this.#resolve(base, this.#base);
      const right = this.#resolve(revision, this.#revision);
      this.compare(left.schema, right.schema, {
        ...at,
        base: left.pointer ?? at.base,
        revision: right.pointer ?? at.revision,
      });
      return;
    }
    const left = this.#flatten(base, this.#base, new Set());
    const right = this.#flatten(revision, this.#revision, new Set());
    this.#flags(left, right, at);
    this.#structure(left, right, at);
  }

  /** Compares two component schemas (once per direction) and links them to `from.owner`. */
  comparePair({
    base,
    revision,
    from,
  }: {
    base: string;
    revision: string;
    from: Pick<At, 'owner' | 'direction'>;
  }): void {
    const owner = SchemaComparer.pairOwner({ direction: from.direction, base, revision });
    this.#changes.link({ from: from.owner, to: owner });
    if (this.#compared.has(owner)) return;
    this.#compared.add(owner);
    const left = this.#base.components.get(base);
    const right = this.#revision.components.get(revision);
    if (!left || !right) return;
    this.compare(left.schema, right.schema, {
      subject: revision,
      base: left.pointer,
      revision: right.pointer,
      owner,
      direction: from.direction,
    });
  }

  /** Where keyword `key` of the node at `at` is written in the revision (the node itself when it is not). */
  #keyword(at: At, ...keys: string[]): string {
    for (const key of keys) {
      const found = this.#revision.locator.child({ pointer: at.revision, keys: [key] });
      if (found !== at.revision) return found;
    }
    return at.revision;
  }

  #add(at: At, kind: string, message: string, pointer = at.revision): void {
    const schema = at.owner.startsWith('schema:')
      ? at.owner.slice(at.owner.lastIndexOf('\u0000') + 1)
      : undefined;
    this.#changes.add({
      owner: at.owner,
      rule: `${at.direction}-${kind}`,
      message: `${at.subject}: ${message}`,
      pointer,
      ...(schema !== undefined && { schema }),
    });
  }

  /** A `ref` node as the schema it names, with the annotations written beside the `$ref`. */
  #resolve(schema: SchemaModel, side: SchemaSide): { schema: SchemaModel; pointer?: string } {
    let current = schema;
    let pointer: string | undefined;
    for (let hops = 0; current.kind === 'ref' && hops < MAX_ALIAS_HOPS; hops += 1) {
      const target = side.components.get(current.name);
      if (!target) return { schema: { kind: 'unknown', nullable: current.nullable } };
      const { kind: _kind, name: _name, ...site } = current;
      current = {
        ...target.schema,
        ...definedOnly(site),
        nullable: target.schema.nullable || current.nullable,
      } as SchemaModel;
      pointer = target.pointer;
    }
    return current.kind === 'ref'
      ? { schema: { kind: 'unknown', nullable: current.nullable } }
      : { schema: current, ...(pointer !== undefined && { pointer }) };
  }

  /**
   * An `allOf` as one schema where its parts agree on a type: objects merge their properties,
   * strings their bounds. Other intersections stay as they are (and are compared part by part).
   */
  #flatten(schema: SchemaModel, side: SchemaSide, seen: ReadonlySet<string>): SchemaModel {
    if (schema.kind !== 'intersection') return schema;
    const parts = schema.parts.map((part) => {
      if (part.kind !== 'ref') return this.#flatten(part, side, seen);
      if (seen.has(part.name)) return { kind: 'unknown', nullable: false } as SchemaModel;
      const resolved = this.#resolve(part, side).schema;
      const flattened = this.#flatten(resolved, side, new Set([...seen, part.name]));
      return flattened.kind === 'object'
        ? {
            ...flattened,
            properties: flattened.properties.map((property: MergedProperty) => ({
              ...property,
              origin: property.origin ?? part.name,
            })),
          }
        : flattened;
    });
    const merged = mergeParts(parts);
    if (!merged) return schema;
    const { kind: _kind, parts: _parts, ...annotations } = schema;
    return {
      ...merged,
      ...definedOnly(annotations),
      nullable: schema.nullable || parts.every((part) => part.nullable),
    } as SchemaModel;
  }

  /** Nullability, default, deprecation and documentation of one node. */
  #flags(base: SchemaModel, revision: SchemaModel, at: At): void {
    if (base.nullable !== revision.nullable)
      this.#add(
        at,
        revision.nullable ? 'became-nullable' : 'became-not-nullable',
        revision.nullable ? 'null is now allowed' : 'null is no longer allowed',
        this.#keyword(at, 'nullable', 'type'),
      );
    if (base.default && revision.default) {
      if (!jsonEqual(base.default.value, revision.default.value))
        this.#add(
          at,
          'default-changed',
          `default ${json(base.default.value)} → ${json(revision.default.value)}`,
          this.#keyword(at, 'default'),
        );
    } else if (base.default) {
      this.#add(at, 'default-changed', `default ${json(base.default.value)} removed`);
    } else if (revision.default) {
      this.#add(
        at,
        'default-added',
        `default ${json(revision.default.value)} added`,
        this.#keyword(at, 'default'),
      );
    }
    if (Boolean(base.deprecated) !== Boolean(revision.deprecated)) {
      this.#changes.add({
        owner: at.owner,
        rule: 'deprecated',
        message: `${at.subject}: ${revision.deprecated ? 'deprecated' : 'no longer deprecated'}`,
        pointer: at.revision,
      });
    }
    const documentation = (
      ['title', 'description', 'examples', 'readOnly', 'writeOnly'] as const
    ).filter((key) => !jsonEqual(base[key] ?? null, revision[key] ?? null));
    if (documentation.length) {
      this.#changes.add({
        owner: at.owner,
        rule: 'documentation-changed',
        message: `${at.subject}: ${documentation.join(', ')} changed`,
        pointer: at.revision,
      });
    }
  }

  #structure(base: SchemaModel, revision: SchemaModel, at: At): void {
    if (base.kind === 'union' || revision.kind === 'union') {
      this.#union(base, revision, at);
      return;
    }
    if (base.kind !== revision.kind) {
      this.#kindChange(base, revision, at);
      return;
    }
    switch (base.kind) {
      case 'string':
        this.#string(base, revision as Of<'string'>, at);
        return;
      case 'number':
        this.#number(base, revision as Of<'number'>, at);
        return;
      case 'enum':
      case 'const':
        this.#values({ base: valuesOf(base)!, revision: valuesOf(revision)!, at });
        return;
      case 'array':
        this.#array(base, revision as Of<'array'>, at);
        return;
      case 'object':
        this.#object(base, revision as Of<'object'>, at);
        return;
      case 'intersection':
        this.#intersection(base, revision as Of<'intersection'>, at);
        return;
      default:
        return;
    }
  }

  /** Two different kinds: a narrowing, a widening or an unrelated type. */
  #kindChange(base: SchemaModel, revision: SchemaModel, at: At): void {
    const baseValues = valuesOf(base);
    const revisionValues = valuesOf(revision);
    if (baseValues && revisionValues)
      this.#values({ base: baseValues, revision: revisionValues, at });
    else if (revision.kind === 'unknown' || base.kind === 'never')
      this.#add(at, 'type-widened', `${describe(base)} → ${describe(revision)}`);
    else if (base.kind === 'unknown' || revision.kind === 'never')
      this.#add(at, 'type-narrowed', `${describe(base)} → ${describe(revision)}`);
    else if (revisionValues && accepts(base, revisionValues))
      this.#add(at, 'type-narrowed', `${describe(base)} → ${describe(revision)}`);
    else if (baseValues && accepts(revision, baseValues))
      this.#add(at, 'type-widened', `${describe(base)} → ${describe(revision)}`);
    else if (base.kind === 'null')
      this.#add(at, 'type-widened', `${describe(base)} → ${describe(revision)}`);
    else if (revision.kind === 'null')
      this.#add(at, 'type-narrowed', `${describe(base)} → ${describe(revision)}`);
    else this.#add(at, 'type-changed', `${describe(base)} → ${describe(revision)}`);
  }

  #values({ base, revision, at }: { base: JsonValue[]; revision: JsonValue[]; at: At }): void {
    const before = new Map(base.map((value) => [canonical(value), value]));
    const after = new Map(revision.map((value) => [canonical(value), value]));
    const removed = [...before].filter(([key]) => !after.has(key)).map(([, value]) => json(value));
    const added = [...after].filter(([key]) => !before.has(key)).map(([, value]) => json(value));
    if (removed.length)
      this.#add(
        at,
        'enum-value-removed',
        `${plural(removed.length, 'value')} removed: ${removed.join(', ')}`,
        this.#keyword(at, 'enum', 'const'),
      );
    if (added.length)
      this.#add(
        at,
        'enum-value-added',
        `${plural(added.length, 'value')} added: ${added.join(', ')}`,
        this.#keyword(at, 'enum', 'const'),
      );
  }

  #string(base: Of<'string'>, revision: Of<'string'>, at: At): void {
    this.#converted({
      at,
      base: base.format,
      revision: revision.format,
      option: 'dates',
      formats: ['date-time', 'date'],
      type: ['string', 'Date'],
    });
    this.#bound({
      at,
      key: 'minLength',
      base: base.minLength,
      revision: revision.minLength,
      lower: true,
    });
    this.#bound({
      at,
      key: 'maxLength',
      base: base.maxLength,
      revision: revision.maxLength,
      lower: false,
    });
    for (const key of ['pattern', 'contentEncoding', 'contentMediaType'] as const) {
      this.#exact({ at, key, base: base[key], revision: revision[key] });
    }
    this.#format({ at, base: base.format, revision: revision.format, checked: checksStringFormat });
  }

  /**
   * A format the generated validators check is a constraint; any other is an annotation (as in
   * JSON Schema), so changing it only changes documentation.
   */
  #format({
    at,
    base,
    revision,
    checked,
  }: {
    at: At;
    base: string | undefined;
    revision: string | undefined;
    checked: (format: string) => boolean;
  }): void {
    if (base === revision) return;
    if ((base === undefined || !checked(base)) && (revision === undefined || !checked(revision))) {
      this.#changes.add({
        owner: at.owner,
        rule: 'documentation-changed',
        message: `${at.subject}: format ${base ?? 'none'} → ${revision ?? 'none'} (not checked)`,
        pointer: this.#keyword(at, 'format'),
      });
      return;
    }
    this.#exact({ at, key: 'format', base, revision });
  }

  #number(base: Of<'number'>, revision: Of<'number'>, at: At): void {
    this.#converted({
      at,
      base: base.integer ? base.format : undefined,
      revision: revision.integer ? revision.format : undefined,
      option: 'bigint',
      formats: ['int64'],
      type: ['number', 'bigint'],
    });
    if (base.integer && !revision.integer) this.#add(at, 'type-widened', 'integer → number');
    if (!base.integer && revision.integer) this.#add(at, 'type-narrowed', 'number → integer');
    const widerFormat = NUMBER_FORMATS_WIDER[`${base.format}>${revision.format}`];
    if (widerFormat !== undefined)
      this.#add(
        at,
        widerFormat ? 'constraint-widened' : 'constraint-narrowed',
        `format ${base.format} → ${revision.format}`,
      );
    else
      this.#format({
        at,
        base: base.format,
        revision: revision.format,
        checked: (format) => format === 'int32',
      });
    this.#numberBound({ at, base, revision, lower: true });
    this.#numberBound({ at, base, revision, lower: false });
    const [before, after] = [base.multipleOf, revision.multipleOf];
    if (before !== after) {
      const widened = after === undefined || (before !== undefined && isMultiple(before, after));
      this.#add(
        at,
        widened ? 'constraint-widened' : 'constraint-narrowed',
        `multipleOf ${before ?? 'none'} → ${after ?? 'none'}`,
      );
    }
  }

  #array(base: Of<'array'>, revision: Of<'array'>, at: At): void {
    this.#bound({
      at,
      key: 'minItems',
      base: base.minItems,
      revision: revision.minItems,
      lower: true,
    });
    this.#bound({
      at,
      key: 'maxItems',
      base: base.maxItems,
      revision: revision.maxItems,
      lower: false,
    });
    if (Boolean(base.uniqueItems) !== Boolean(revision.uniqueItems)) {
      this.#add(
        at,
        revision.uniqueItems ? 'constraint-narrowed' : 'constraint-widened',
        revision.uniqueItems ? 'items must now be unique' : 'items no longer need to be unique',
      );
    }
    const basePrefix = base.prefixItems ?? [];
    const revisionPrefix = revision.prefixItems ?? [];
    for (let index = 0; index < Math.min(basePrefix.length, revisionPrefix.length); index += 1) {
      this.compare(
        basePrefix[index]!,
        revisionPrefix[index]!,
        this.#child(at, `[${index}]`, ['prefixItems', index]),
      );
    }
    if (basePrefix.length !== revisionPrefix.length) {
      this.#add(
        at,
        'type-changed',
        `tuple of ${basePrefix.length} → ${revisionPrefix.length} leading items`,
      );
    }
    this.compare(base.items, revision.items, this.#child(at, '[]', ['items']));
  }

  #object(base: ObjectSchema, revision: ObjectSchema, at: At): void {
    const before = new Map<string, MergedProperty>(
      base.properties.map((property) => [property.name, property]),
    );
    const after = new Map<string, MergedProperty>(
      revision.properties.map((property) => [property.name, property]),
    );
    for (const [name, property] of before) {
      if (after.has(name)) continue;
      const owner = this.#propertyOwner(at, property);
      this.#add(owner, 'property-removed', `property ${quote(name)} removed`);
    }
    for (const [name, property] of after) {
      const previous = before.get(name);
      const owner = this.#propertyOwner(at, property);
      const pointer = this.#revision.locator.child({
        pointer: owner.revision,
        keys: ['properties', name],
      });
      if (!previous) {
        this.#add(
          owner,
          property.required ? 'required-property-added' : 'optional-property-added',
          `${property.required ? 'required' : 'optional'} property ${quote(name)} added`,
          pointer,
        );
        continue;
      }
      if (previous.required !== property.required) {
        this.#add(
          owner,
          property.required ? 'property-became-required' : 'property-became-optional',
          `property ${quote(name)} became ${property.required ? 'required' : 'optional'}`,
          pointer,
        );
      }
      this.compare(previous.schema, property.schema, {
        ...owner,
        subject: `${owner.subject}${member(name)}`,
        base: this.#base.locator.child({
          pointer: this.#propertyOwner(at, previous).base,
          keys: ['properties', name],
        }),
        revision: pointer,
      });
    }
    this.#additionalProperties(base.additionalProperties, revision.additionalProperties, at);
    this.#bound({
      at,
      key: 'minProperties',
      base: base.minProperties,
      revision: revision.minProperties,
      lower: true,
    });
    this.#bound({
      at,
      key: 'maxProperties',
      base: base.maxProperties,
      revision: revision.maxProperties,
      lower: false,
    });
    for (const key of ['patternProperties', 'propertyNames'] as const) {
      const [left, right] = [base[key], revision[key]];
      if (left === undefined && right === undefined) continue;
      if (left !== undefined && right !== undefined && jsonEqual(stripped(left), stripped(right)))
        continue;
      this.#add(
        at,
        right === undefined ? 'constraint-widened' : 'constraint-narrowed',
        `${key} ${left === undefined ? 'added' : right === undefined ? 'removed' : 'changed'}`,
      );
    }
  }

  /** A property merged from a component's `allOf` part is named after that component. */
  #propertyOwner(at: At, property: MergedProperty): At {
    if (property.origin === undefined || property.origin === at.subject) return at;
    const side =
      this.#revision.components.get(property.origin) ?? this.#base.components.get(property.origin);
    return { ...at, subject: property.origin, revision: side?.pointer ?? at.revision };
  }

  #additionalProperties(
    base: boolean | SchemaModel,
    revision: boolean | SchemaModel,
    at: At,
  ): void {
    if (typeof base !== 'boolean' && typeof revision !== 'boolean') {
      this.compare(base, revision, this.#child(at, '[*]', ['additionalProperties']));
      return;
    }
    if (base === revision) return;
    // Open (true) accepts the most, a schema less, closed (false) the least.
    const rank = (value: boolean | SchemaModel) => (value === true ? 2 : value === false ? 0 : 1);
    const describeExtra = (value: boolean | SchemaModel) =>
      value === true
        ? 'any other property'
        : value === false
          ? 'no other property'
          : 'other properties of one schema';
    this.#add(
      at,
      rank(revision) > rank(base) ? 'constraint-widened' : 'constraint-narrowed',
      `${describeExtra(base)} → ${describeExtra(revision)}`,
    );
  }

  #intersection(base: Of<'intersection'>, revision: Of<'intersection'>, at: At): void {
    const shared = Math.min(base.parts.length, revision.parts.length);
    for (let index = 0; index < shared; index += 1) {
      this.compare(
        base.parts[index]!,
        revision.parts[index]!,
        this.#child(at, ` (allOf #${index + 1})`, ['allOf', index]),
      );
    }
    if (revision.parts.length > shared)
      this.#add(
        at,
        'constraint-narrowed',
        `${plural(revision.parts.length - shared, 'allOf member')} added`,
      );
    if (base.parts.length > shared)
      this.#add(
        at,
        'constraint-widened',
        `${plural(base.parts.length - shared, 'allOf member')} removed`,
      );
  }

  /** Unions (and a single type against a union): variants matched by component name, then by kind. */
  #union(base: SchemaModel, revision: SchemaModel, at: At): void {
    const baseUnion = base.kind === 'union' ? base : undefined;
    const revisionUnion = revision.kind === 'union' ? revision : undefined;
    if (baseUnion && revisionUnion) this.#unionMode(baseUnion, revisionUnion, at);
    this.#discriminator(baseUnion?.discriminator, revisionUnion?.discriminator, at);
    const before = baseUnion ? baseUnion.variants : [base];
    const after = revisionUnion ? revisionUnion.variants : [revision];
    const unmatchedAfter = new Set(after.keys());
    const pairs: [number, number][] = [];
    const unmatchedBefore: number[] = [];
    before.forEach((variant, index) => {
      const key = variantKey(variant);
      const match = [...unmatchedAfter].find((candidate) => variantKey(after[candidate]!) === key);
      if (match === undefined) {
        unmatchedBefore.push(index);
        return;
      }
      unmatchedAfter.delete(match);
      pairs.push([index, match]);
    });
    // One variant changed its type: compare them rather than report a removal and an addition.
    if (unmatchedBefore.length === 1 && unmatchedAfter.size === 1) {
      pairs.push([unmatchedBefore.pop()!, [...unmatchedAfter][0]!]);
      unmatchedAfter.clear();
    }
    const mode = revisionUnion?.mode ?? baseUnion?.mode ?? 'oneOf';
    for (const [left, right] of pairs) {
      const label = before.length > 1 || after.length > 1 ? ` (variant ${right + 1})` : '';
      this.compare(
        before[left]!,
        after[right]!,
        this.#child(at, label, [mode, right], [baseUnion?.mode ?? mode, left]),
      );
    }
    const removed = unmatchedBefore.map((index) => describe(before[index]!));
    const added = [...unmatchedAfter].sort((a, b) => a - b).map((index) => describe(after[index]!));
    if (removed.length)
      this.#add(
        at,
        'type-narrowed',
        `${plural(removed.length, 'variant')} removed: ${removed.join(', ')}`,
      );
    if (added.length)
      this.#add(
        at,
        'type-widened',
        `${plural(added.length, 'variant')} added: ${added.join(', ')}`,
      );
  }

  #unionMode(base: UnionSchema, revision: UnionSchema, at: At): void {
    if (base.mode === revision.mode || base.mode === 'types' || revision.mode === 'types') return;
    this.#add(
      at,
      revision.mode === 'anyOf' ? 'constraint-widened' : 'constraint-narrowed',
      `${base.mode} → ${revision.mode}`,
    );
  }

  #discriminator(
    base: UnionSchema['discriminator'],
    revision: UnionSchema['discriminator'],
    at: At,
  ): void {
    if (!base && !revision) return;
    if (!base || !revision) {
      this.#add(
        at,
        'discriminator-changed',
        `discriminator ${base ? `${quote(base.propertyName)} removed` : `${quote(revision!.propertyName)} added`}`,
      );
      return;
    }
    if (base.propertyName !== revision.propertyName) {
      this.#add(
        at,
        'discriminator-changed',
        `discriminator ${quote(base.propertyName)} → ${quote(revision.propertyName)}`,
      );
      return;
    }
    const remapped = Object.keys(base.mapping)
      .filter(
        (value) => value in revision.mapping && base.mapping[value] !== revision.mapping[value],
      )
      .sort(compareCodePoints);
    if (remapped.length)
      this.#add(
        at,
        'discriminator-changed',
        `discriminator value ${remapped.map((value) => quote(value)).join(', ')} maps to another schema`,
      );
  }

  #bound({
    at,
    key,
    base,
    revision,
    lower,
  }: {
    at: At;
    key: string;
    base: number | undefined;
    revision: number | undefined;
    lower: boolean;
  }): void {
    if (base === revision) return;
    // A higher lower bound or a lower upper bound accepts fewer values; adding one too.
    const narrowed =
      base === undefined || (revision !== undefined && (lower ? revision > base : revision < base));
    this.#add(
      at,
      narrowed ? 'constraint-narrowed' : 'constraint-widened',
      `${key} ${base ?? 'none'} → ${revision ?? 'none'}`,
      this.#keyword(at, key),
    );
  }

  #numberBound({
    at,
    base,
    revision,
    lower,
  }: {
    at: At;
    base: Of<'number'>;
    revision: Of<'number'>;
    lower: boolean;
  }): void {
    const left = numberBound(base, lower);
    const right = numberBound(revision, lower);
    if (left?.value === right?.value && left?.exclusive === right?.exclusive) return;
    const tighter = (
      a: { value: number; exclusive: boolean },
      b: { value: number; exclusive: boolean },
    ) =>
      (lower ? a.value > b.value : a.value < b.value) ||
      (a.value === b.value && a.exclusive && !b.exclusive);
    const narrowed = left === undefined || (right !== undefined && tighter(right, left));
    this.#add(
      at,
      narrowed ? 'constraint-narrowed' : 'constraint-widened',
      `${showBound(left, lower)} → ${showBound(right, lower)}`,
      this.#keyword(
        at,
        ...(lower ? ['minimum', 'exclusiveMinimum'] : ['maximum', 'exclusiveMaximum']),
      ),
    );
  }

  #exact({
    at,
    key,
    base,
    revision,
  }: {
    at: At;
    key: string;
    base: string | undefined;
    revision: string | undefined;
  }): void {
    if (base === revision) return;
    // A new or different pattern/format may reject values the old one accepted.
    this.#add(
      at,
      revision === undefined ? 'constraint-widened' : 'constraint-narrowed',
      `${key} ${base === undefined ? 'none' : JSON.stringify(base)} → ${revision === undefined ? 'none' : JSON.stringify(revision)}`,
      this.#keyword(at, key),
    );
  }

  /** The position one level down: `suffix` added to the subject, `keys` looked up in each document. */
  #child(
    at: At,
    suffix: string,
    keys: (string | number)[],
    baseKeys: (string | number)[] = keys,
  ): At {
    return {
      ...at,
      subject: `${at.subject}${suffix}`,
      base: this.#base.locator.child({ pointer: at.base, keys: baseKeys }),
      revision: this.#revision.locator.child({ pointer: at.revision, keys }),
    };
  }
}

/** Number formats where one holds every value of the other (true: the change widens). */
const NUMBER_FORMATS_WIDER: Record<string, boolean> = {
  'int32>int64': true,
  'int64>int32': false,
  'float>double': true,
  'double>float': false,
  'int32>undefined': true,
  'int64>undefined': true,
  'float>undefined': true,
  'double>undefined': true,
  'undefined>int32': false,
  'undefined>int64': false,
  'undefined>float': false,
  'undefined>double': false,
};

/** The parts of an `allOf` merged into one schema, when they agree on a type. */
function mergeParts(parts: SchemaModel[]): SchemaModel | undefined {
  const kinds = new Set(parts.map((part) => part.kind));
  if (kinds.size !== 1) return undefined;
  const [first] = parts;
  if (!first) return undefined;
  if (first.kind === 'object') return { ...mergeObjects(parts as ObjectSchema[]), nullable: false };
  if (first.kind === 'string') {
    const strings = parts as Of<'string'>[];
    return definedOnly({
      kind: 'string',
      nullable: false,
      format: strings.find((part) => part.format)?.format,
      pattern: strings.find((part) => part.pattern)?.pattern,
      minLength: extreme(
        strings.map((part) => part.minLength),
        Math.max,
      ),
      maxLength: extreme(
        strings.map((part) => part.maxLength),
        Math.min,
      ),
    }) as SchemaModel;
  }
  return undefined;
}

function extreme(
  values: (number | undefined)[],
  pick: (...values: number[]) => number,
): number | undefined {
  const present = values.filter((value): value is number => value !== undefined);
  return present.length ? pick(...present) : undefined;
}

/** The values an enum or const accepts; undefined for other kinds. */
function valuesOf(schema: SchemaModel): JsonValue[] | undefined {
  if (schema.kind === 'enum') return schema.values;
  if (schema.kind === 'const') return [schema.value];
  return undefined;
}

/** True when every value is of the scalar type `schema` states. */
function accepts(schema: SchemaModel, values: JsonValue[]): boolean {
  switch (schema.kind) {
    case 'string':
      return values.every((value) => typeof value === 'string');
    case 'number':
      return values.every(
        (value) => typeof value === 'number' && (!schema.integer || Number.isInteger(value)),
      );
    case 'boolean':
      return values.every((value) => typeof value === 'boolean');
    default:
      return false;
  }
}

/** How unions match their variants: component variants by name, others by kind. */
function variantKey(schema: SchemaModel): string {
  if (schema.kind === 'ref') return `ref:${schema.name}`;
  if (schema.kind === 'const') return 'enum';
  return schema.kind;
}

/** A short description of a type, for messages. */
export function describe(schema: SchemaModel): string {
  switch (schema.kind) {
    case 'ref':
      return schema.name;
    case 'number':
      return schema.integer ? 'integer' : 'number';
    case 'enum':
      return `enum (${schema.values.map((value) => json(value)).join(', ')})`;
    case 'const':
      return `const ${json(schema.value)}`;
    case 'array':
      return `array of ${describe(schema.items)}`;
    case 'union':
      return schema.variants.map((variant) => describe(variant)).join(' | ');
    case 'intersection':
      return schema.parts.map((part) => describe(part)).join(' & ');
    case 'unknown':
      return 'any value';
    case 'never':
      return 'no value';
    default:
      return schema.kind;
  }
}

function numberBound(
  schema: Of<'number'>,
  lower: boolean,
): { value: number; exclusive: boolean } | undefined {
  const inclusive = lower ? schema.minimum : schema.maximum;
  const exclusive = lower ? schema.exclusiveMinimum : schema.exclusiveMaximum;
  if (
    exclusive !== undefined &&
    (inclusive === undefined || (lower ? exclusive >= inclusive : exclusive <= inclusive))
  )
    return { value: exclusive, exclusive: true };
  return inclusive === undefined ? undefined : { value: inclusive, exclusive: false };
}

function showBound(
  bound: { value: number; exclusive: boolean } | undefined,
  lower: boolean,
): string {
  const name = lower ? 'minimum' : 'maximum';
  if (!bound) return `no ${name}`;
  return `${bound.exclusive ? `exclusive${name[0]!.toUpperCase()}${name.slice(1)}` : name} ${bound.value}`;
}

/** True when every multiple of `before` is a multiple of `after`. */
function isMultiple(before: number, after: number): boolean {
  const ratio = before / after;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9;
}

function definedOnly<T extends Record<string, unknown>>(value: T): T {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (value[key] !== undefined) result[key] = value[key];
  return result as T;
}

/** A model node as JSON without annotations, to compare shapes that are not walked further. */
function stripped(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, item: unknown) =>
      key === 'description' || key === 'title' || key === 'examples' ? undefined : item,
    ),
  );
}

/** JSON with sorted keys: equal values give equal strings. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.keys(item)
            .sort(compareCodePoints)
            .map((key) => [key, (item as Record<string, unknown>)[key]]),
        )
      : item,
  );
}

/** A value in a message, shortened when long. */
export function json(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export function quote(name: string): string {
  return `\`${name}\``;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
