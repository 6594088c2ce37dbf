import type { SchemaModel } from '../../model/types.js';
import { propertyKey } from '../shared/identifiers.js';
import type { TypeMode, ZodContext } from './context.js';
import { effectiveDefault, unionVariants } from './defaults.js';
import { isPrimitive } from '../../json/value.js';
import { OBJECT_MEMBERS, printLiteral } from '../shared/literal.js';
import { additionalOf } from './objects.js';
import { intersectionPlan } from './intersection.js';
import { codecOf } from './codecs.js';

/**
 * The TypeScript type zod infers as the output (or input) of `zodExpression(schema)`, spelled out.
 * Needed only for schemas in a reference cycle: TypeScript cannot infer a type that refers to
 * itself, so their consts are annotated `z.ZodType<Output, Input>` with these types. The two
 * differ only where a default applies: optional on input, present on output. Keep in step with
 * `expression.ts`/`objects.ts`.
 */
export function schemaType({
  schema,
  context,
  mode,
}: {
  schema: SchemaModel;
  context: ZodContext;
  mode: TypeMode;
}): string {
  // A shared schema's const is declared before the recursive schema that uses it.
  const shared = context.sharedConst?.(schema, context);
  if (shared !== undefined) return `z.${mode}<typeof ${shared}>`;
  const base = codecOf(schema, context)?.types[mode] ?? baseType(schema, context, mode);
  const nullable = schema.nullable && schema.kind !== 'null' ? `${base} | null` : base;
  return mode === 'input' && effectiveDefault(schema, context)
    ? `${nullable} | undefined`
    : nullable;
}

/** A type safe to use as an operand of `|`, `&` or `[]`. */
function operand(schema: SchemaModel, context: ZodContext, mode: TypeMode): string {
  const type = schemaType({ schema, context, mode });
  return /^[\w$.<>[\]'"]+$/.test(type) && !type.includes('|') ? type : `(${type})`;
}

function baseType(schema: SchemaModel, context: ZodContext, mode: TypeMode): string {
  switch (schema.kind) {
    case 'ref': {
      if (!context.lookup(schema.name)) return 'never';
      return (
        context.typeName(schema.name, mode) ?? `z.${mode}<typeof ${context.constName(schema.name)}>`
      );
    }
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'unknown':
      return 'unknown';
    case 'never':
      return 'never';
    case 'enum':
    case 'const': {
      const values = schema.kind === 'enum' ? schema.values : [schema.value];
      if (!values.length) return 'never';
      return values.every(isPrimitive)
        ? values.map((value) => printLiteral(value)).join(' | ')
        : 'unknown';
    }
    case 'array': {
      if (!schema.prefixItems?.length)
        return `Array<${schemaType({ schema: schema.items, context, mode })}>`;
      const items = schema.prefixItems.map((item) => schemaType({ schema: item, context, mode }));
      if (schema.items.kind !== 'never')
        items.push(`...Array<${schemaType({ schema: schema.items, context, mode })}>`);
      return `[${items.join(', ')}]`;
    }
    case 'union':
      return schema.variants.length
        ? unionVariants(schema)
            .map((variant) => operand(variant, context, mode))
            .join(' | ')
        : 'never';
    case 'intersection':
      // Defaults filled in before the parts parse (`intersection.ts`) take any input.
      if (mode === 'input' && intersectionPlan(schema, context).defaults) return 'unknown';
      return schema.parts.length
        ? schema.parts.map((part) => operand(part, context, mode)).join(' & ')
        : 'unknown';
    case 'object':
      return objectType(schema, context, mode);
  }
}

/**
 * A reference (or a chain of them) to a schema with a default: its const is a \`ZodDefault\`, so
 * zod takes the key as optional on input even where the property is required (a required
 * property's own default is dropped, \`objects.ts\`, not its reference's). A recursive schema's
 * const is annotated \`z.ZodType<…>\`, which says nothing of a default: the chain stops there.
 */
function defaultedThroughReference(schema: SchemaModel, context: ZodContext): boolean {
  let current = schema;
  for (let hops = 0; current.kind === 'ref' && hops < 64; hops += 1) {
    const target = context.lookup(current.name);
    if (!target || context.typeName(current.name)) return false;
    if (effectiveDefault(target, context)) return true;
    current = target;
  }
  return false;
}

function objectType(
  schema: Extract<SchemaModel, { kind: 'object' }>,
  context: ZodContext,
  mode: TypeMode,
): string {
  const members = schema.properties.map(({ name, required, schema: value }) => {
    // A required property's default is not applied (objects.ts).
    const defaulted = !required && effectiveDefault(value, context) !== undefined;
    const optional =
      mode === 'input'
        ? !required || defaulted || defaultedThroughReference(value, context)
        : !required && !defaulted;
    // A property read through `ownMember` (objects.ts) takes any input.
    if (mode === 'input' && OBJECT_MEMBERS.has(name)) return `${propertyKey(name)}?: unknown`;
    return `${propertyKey(name)}${optional ? '?' : ''}: ${schemaType({ schema: value, context, mode })}`;
  });
  const extra = schema.patternProperties?.length ? true : additionalOf(schema);
  if (extra === true) return `{ ${[...members, '[key: string]: unknown'].join('; ')} }`;
  if (extra === false) return members.length ? `{ ${members.join('; ')} }` : '{}';
  const index = `{ [key: string]: ${schemaType({ schema: extra, context, mode })} }`;
  return members.length ? `{ ${members.join('; ')} } & ${index}` : index;
}
