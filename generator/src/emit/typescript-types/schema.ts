/**
 * One schema of the model → its TypeScript type, in openapi-typescript's reading (see
 * README "types.ts and openapi-typescript" for where zapgen deliberately differs).
 *
 * One printer per schema kind, in a handler map keyed on the node's kind (as kubb's printers
 * are): adding a kind to the model fails to compile here until it is printed. The text of a node
 * depends only on the node, the `Where` it is printed in and the discriminators of the components
 * it names, so it can be cached by content (`printSchema` memoises per node object).
 */
import type { JsonValue, NamedSchema, PropertyModel, SchemaModel } from '../../model/types.js';
import { propertyKey, stringLiteral } from '../shared/identifiers.js';
import { docComment, schemaDoc } from './jsdoc.js';
import { sharedReadings, sharedSchemaNames } from '../shared/shared-schemas.js';
import { narrowedIntersections, omittedDiscriminator } from '../shared/omitted-discriminators.js';

/** Where a schema is printed: what openapi-typescript's optionality rules depend on. */
export interface Where {
  /**
   * A property with a `default` is required (openapi-typescript's `defaultNonNullable`): in
   * component schemas and responses, where a server fills the default in, not in parameters and
   * request bodies, where a caller may leave it out.
   */
  defaultsRequired: boolean;
}

/** The components a printed schema refers to, and the budget that bounds its depth. */
export interface SchemaPrinter {
  print(node: SchemaModel, where: Where): string;
  /**
   * `type Name = …;` for each shared schema (`ApiModel.sharedSchemas`) that the printed types
   * named, in the order first named: module-local aliases beside `components`, never exported.
   */
  sharedDeclarations(): string[];
}

/** Deeper than this, a schema is printed `unknown` (a document that nests further is pathological). */
export const MAX_DEPTH = 200;

type Kind = SchemaModel['kind'];
type NodeOf<K extends Kind> = Extract<SchemaModel, { kind: K }>;
type Print = (node: SchemaModel, depth: number) => string;
type Handlers = {
  [K in Kind]: (node: NodeOf<K>, context: { where: Where; print: Print; depth: number }) => string;
};

/** `components["schemas"]["Name"]`: how every emitter names a component schema's type. */
export function componentType(kind: string, name: string): string {
  return `components[${stringLiteral(kind)}][${stringLiteral(name)}]`;
}

/** A JSON value as a literal type (objects as type literals, as openapi-typescript writes them). */
export function literalType(value: JsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'number';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value.length ? `[${value.map(literalType).join(', ')}]` : 'never[]';
  const entries = Object.entries(value);
  if (!entries.length) return 'Record<string, never>';
  return `{ ${entries.map(([key, item]) => `${propertyKey(key)}: ${literalType(item)};`).join(' ')} }`;
}

/** `type` in parentheses where an array suffix or an operator would bind to a part of it. */
function operand(type: string, node: SchemaModel): string {
  const compound =
    node.nullable ||
    node.kind === 'union' ||
    node.kind === 'intersection' ||
    (node.kind === 'enum' && node.values.length > 1) ||
    (node.kind === 'object' && type.includes('} & {'));
  return compound ? `(${type})` : type;
}

function union(types: string[]): string {
  const unique = [...new Set(types)];
  if (unique.length === 0) return 'never';
  return unique.join(' | ');
}

const handlers: Handlers = {
  ref: (node) => componentType('schemas', node.name),
  string: () => 'string',
  number: () => 'number',
  boolean: () => 'boolean',
  null: () => 'null',
  unknown: () => 'unknown',
  never: () => 'never',
  enum: (node) => union(node.values.map(literalType)),
  const: (node) => literalType(node.value),
  array: (node, { print, depth }) => {
    if (node.prefixItems) {
      const prefix = node.prefixItems.map((item) => print(item, depth + 1));
      const rest = node.items.kind === 'unknown' || node.items.kind === 'never';
      return `[${[...prefix, ...(rest ? [] : [`...${operand(print(node.items, depth + 1), node.items)}[]`])].join(', ')}]`;
    }
    return `${operand(print(node.items, depth + 1), node.items)}[]`;
  },
  object: (node, context) => objectType(node, context),
  union: (node, { print, depth }) =>
    union(node.variants.map((variant) => operand(print(variant, depth + 1), variant))),
  intersection: (node, { print, depth }) =>
    node.parts.map((part) => operand(print(part, depth + 1), part)).join(' & '),
};

function objectType(
  node: NodeOf<'object'>,
  { where, print, depth }: { where: Where; print: Print; depth: number },
): string {
  const members = node.properties.map((property) =>
    propertyLine({ property, where, print, depth }),
  );
  const extra: string[] = [];
  if (typeof node.additionalProperties === 'object')
    extra.push(print(node.additionalProperties, depth + 1));
  else if (node.extraKeysDeclared) extra.push('unknown');
  for (const entry of node.patternProperties ?? []) extra.push(print(entry.schema, depth + 1));
  const index = extra.length ? `{\n[key: string]: ${union(extra)};\n}` : undefined;
  if (!members.length) {
    if (index) return index;
    return node.additionalProperties === false
      ? 'Record<string, never>'
      : 'Record<string, unknown>';
  }
  const literal = `{\n${members.join('\n')}\n}`;
  // openapi-typescript's intersection, kept so that code written against it reads the same type.
  return index ? `${literal} & ${index}` : literal;
}

function propertyLine({
  property,
  where,
  print,
  depth,
}: {
  property: PropertyModel;
  where: Where;
  print: Print;
  depth: number;
}): string {
  const { schema } = property;
  const required = property.required || (where.defaultsRequired && schema.default !== undefined);
  const readonly = schema.readOnly ? 'readonly ' : '';
  const doc = docComment(schemaDoc(schema));
  // Any JSON value, but present: `{} | null` also keeps a sibling `allOf` part's declaration of the
  // property from widening to `undefined` (`{ a?: A } & { a: {} | null }` is `{ a: A }`).
  const type = property.undeclared ? '{} | null' : print(schema, depth + 1);
  return `${doc}${readonly}${propertyKey(property.name)}${required ? '' : '?'}: ${type};`;
}

/**
 * The printer of one package's schemas. `components` gives the discriminators of the component
 * schemas: an `allOf` member that is a discriminated component leaves its discriminator property
 * out, as openapi-typescript's `Omit<>` does.
 */
export function createSchemaPrinter({
  components,
  shared = new Map(),
  onDegraded,
}: {
  components: ReadonlyMap<string, NamedSchema>;
  /** Schemas that references into other schemas share, by pointer: each is printed once, named. */
  shared?: ReadonlyMap<SchemaModel, string>;
  /** Called once per node printed `unknown` because it nests deeper than `MAX_DEPTH`. */
  onDegraded?: (reason: string) => void;
}): SchemaPrinter {
  const cache = new Map<boolean, WeakMap<SchemaModel, string>>([
    [true, new WeakMap()],
    [false, new WeakMap()],
  ]);
  const aliases = sharedReadings(sharedSchemaNames(shared, components.keys()));
  const narrowedBy = narrowedIntersections(components);
  const printWith = (where: Where): Print => {
    const memo = cache.get(where.defaultsRequired)!;
    const print: Print = (node, depth) => {
      const cached = memo.get(node);
      if (cached !== undefined) return cached;
      if (depth > MAX_DEPTH) {
        onDegraded?.(`nested deeper than ${MAX_DEPTH} schemas`);
        return 'unknown';
      }
      const context = { where, print, depth };
      const body = () => {
        let text =
          node.kind === 'intersection'
            ? intersectionWithOmit(node, context, components, narrowedBy.get(node))
            : (handlers[node.kind] as (n: SchemaModel, c: typeof context) => string)(node, context);
        if (node.nullable && node.kind !== 'unknown' && node.kind !== 'null')
          text = `${text} | null`;
        return text;
      };
      // The model cuts cycles through shared schemas, so a name's body never names itself.
      const text = aliases.name(node, body) ?? body();
      memo.set(node, text);
      return text;
    };
    return print;
  };
  return {
    print: (node, where) => printWith(where)(node, 0),
    sharedDeclarations: () =>
      aliases.declarations().map(([name, text]) => `type ${name} = ${text};`),
  };
}

/** True when no value of `node` is null (references are not followed: they may be nullable). */
function excludesNull(node: SchemaModel): boolean {
  if (node.nullable) return false;
  switch (node.kind) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'array':
    case 'object':
    case 'enum':
    case 'never':
      return true;
    case 'const':
      return node.value !== null;
    case 'union':
      return node.variants.every(excludesNull);
    case 'intersection':
      return node.parts.some(excludesNull);
    default:
      return false;
  }
}

function intersectionWithOmit(
  node: NodeOf<'intersection'>,
  { print, depth }: { print: Print; depth: number },
  components: ReadonlyMap<string, NamedSchema>,
  /** The discriminator property the enclosing component narrows, when `node` is its schema. */
  narrowed?: string,
): string {
  // `type: "null"` with parts that reject null (`{type: null, oneOf: [string, array]}`) accepts
  // nothing. Written out, `null & (string | Self[])` is a type TypeScript cannot resolve (TS2502).
  if (node.parts.some((part) => part.kind === 'null') && node.parts.some(excludesNull))
    return 'never';
  return node.parts
    .map((part) => {
      const property = omittedDiscriminator(part, components, narrowed);
      const text = print(part, depth + 1);
      return property === undefined
        ? operand(text, part)
        : `Omit<${text}, ${stringLiteral(property)}>`;
    })
    .join(' & ');
}
