/**
 * `not` read into the model. JSON Schema's `not` has no counterpart in TypeScript or zod, so the
 * model turns the form vendors write into one every emitter already prints: a list of excluded
 * values (`not: {enum: [...]}`, `not: {const: x}`) taken out of an enum beside it, whether that
 * enum is the schema's own, an `allOf` member or a referenced component
 * (`allOf: [{$ref: Methods}, {not: {enum: [paypal]}}]`, Rebilly's form). Any other `not` is read
 * as if absent, which the builder reports as a located warning (`not: {}`, "no value", is read
 * as `never` where it stands and is not this module's concern).
 */
import { toJson } from '../json/value.js';
import { isNode, type Node } from './json.js';
import type { JsonValue, SchemaModel } from './types.js';

/** Keywords beside `enum`/`const` (or beside `not`) that change nothing in what is excluded. */
const ANNOTATIONS = new Set([
  'type',
  'title',
  'description',
  'deprecated',
  'readOnly',
  'writeOnly',
  'example',
  'examples',
  '$comment',
]);

/** The values `not` excludes when it is `{enum: [...]}` or `{const: x}`, else undefined. */
export function excludedValues(not: unknown): JsonValue[] | undefined {
  if (!isNode(not)) return undefined;
  const keys = Object.keys(not).filter((key) => !ANNOTATIONS.has(key) && !key.startsWith('x-'));
  if (keys.length !== 1) return undefined;
  if (keys[0] === 'enum' && Array.isArray(not.enum)) return not.enum.map((value) => toJson(value));
  if (keys[0] === 'const') return [toJson(not.const)];
  return undefined;
}

/**
 * The values excluded by an `allOf` member that says nothing but `not: {enum|const}` (with
 * annotations or a `type` beside it), else undefined: such a member narrows its siblings.
 */
export function excludingMember(member: unknown): JsonValue[] | undefined {
  if (!isNode(member) || !('not' in member)) return undefined;
  const others = Object.keys(member).filter(
    (key) => key !== 'not' && !ANNOTATIONS.has(key) && !key.startsWith('x-'),
  );
  return others.length === 0 ? excludedValues(member.not) : undefined;
}

/** True when `node.not` is a form the model reads (`{}`, or excluded values); false when absent. */
export function readableNot(node: Node): boolean {
  return (
    !('not' in node) ||
    (isNode(node.not) && Object.keys(node.not).length === 0) ||
    excludedValues(node.not) !== undefined
  );
}

/**
 * `parts` (of one intersection) with `excluded` taken out of the first enum or const among them,
 * a reference followed through `enumOf`; without one, the first open string or number lists the
 * values of its type as `excluded` (zod refines, fixtures avoid them, types stay the base).
 * `reduced` is false when no part is either (the exclusion is then not enforced). Values
 * compare as JSON.
 */
export function withoutValues({
  parts,
  excluded,
  enumOf,
}: {
  parts: readonly SchemaModel[];
  excluded: readonly JsonValue[];
  enumOf: (part: SchemaModel) => SchemaModel | undefined;
}): { parts: SchemaModel[]; reduced: boolean } {
  const keys = new Set(excluded.map((value) => JSON.stringify(value)));
  const index = parts.findIndex((part) => {
    const kind = enumOf(part)?.kind;
    return kind === 'enum' || kind === 'const';
  });
  const base = index < 0 ? undefined : enumOf(parts[index]!);
  if (!base) {
    // An open string or number keeps its type and lists the values it may not take.
    const open = parts.findIndex((part) => part.kind === 'string' || part.kind === 'number');
    const part = parts[open];
    if (!part || (part.kind !== 'string' && part.kind !== 'number'))
      return { parts: [...parts], reduced: false };
    const listed =
      part.kind === 'string'
        ? excludedOfType(excluded, 'string')
        : excludedOfType(excluded, 'number');
    const narrowed = { ...part, excluded: [...(part.excluded ?? []), ...listed] } as SchemaModel;
    return { parts: parts.map((each, at) => (at === open ? narrowed : each)), reduced: true };
  }
  const narrowed = narrow({ base, keys });
  return { parts: parts.map((part, at) => (at === index ? narrowed : part)), reduced: true };
}

function excludedOfType(values: readonly JsonValue[], type: 'string'): string[];
function excludedOfType(values: readonly JsonValue[], type: 'number'): number[];
function excludedOfType(values: readonly JsonValue[], type: 'string' | 'number'): JsonValue[] {
  return values.filter((value) => typeof value === type);
}

function narrow({ base, keys }: { base: SchemaModel; keys: ReadonlySet<string> }): SchemaModel {
  if (base.kind === 'const')
    return keys.has(JSON.stringify(base.value)) ? { kind: 'never', nullable: base.nullable } : base;
  if (base.kind !== 'enum') return base;
  const values = base.values.filter((value) => !keys.has(JSON.stringify(value)));
  // A nullable enum keeps null unless null itself is excluded.
  const nullable = base.nullable && !keys.has('null');
  if (values.length === 0)
    return nullable ? { kind: 'null', nullable: true } : { kind: 'never', nullable: false };
  const narrowed: SchemaModel = { ...base, values, nullable };
  if (narrowed.default && keys.has(JSON.stringify(narrowed.default.value))) delete narrowed.default;
  if (narrowed.examples) {
    const examples = narrowed.examples.filter((example) => !keys.has(JSON.stringify(example)));
    if (examples.length) narrowed.examples = examples;
    else delete narrowed.examples;
  }
  return narrowed;
}
