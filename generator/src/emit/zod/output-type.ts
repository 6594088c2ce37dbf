import type { SchemaModel } from '../../model/types.js';
import { propertyKey } from '../shared/identifiers.js';
import type { ZodContext } from './context.js';
import { effectiveDefault } from './defaults.js';
import { isPrimitive, jsonLiteral } from './literals.js';
import { additionalOf } from './objects.js';

/**
 * The TypeScript type zod infers as the output of `zodExpression(schema)`, spelled out. Needed only
 * for schemas in a reference cycle: TypeScript cannot infer a type that refers to itself, so their
 * consts are annotated `z.ZodType<T>` with this `T`. Keep in step with `expression.ts`/`objects.ts`.
 */
export function outputType(schema: SchemaModel, context: ZodContext): string {
  const base = baseType(schema, context);
  return schema.nullable && schema.kind !== 'null' ? `${base} | null` : base;
}

/** A type safe to use as an operand of `|`, `&` or `[]`. */
function operand(schema: SchemaModel, context: ZodContext): string {
  const type = outputType(schema, context);
  return /^[\w$.<>[\]'"]+$/.test(type) && !type.includes('|') ? type : `(${type})`;
}

function baseType(schema: SchemaModel, context: ZodContext): string {
  switch (schema.kind) {
    case 'ref': {
      if (!context.lookup(schema.name)) return 'never';
      return context.typeName(schema.name) ?? `z.output<typeof ${context.constName(schema.name)}>`;
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
      return values.every(isPrimitive) ? values.map((value) => jsonLiteral(value)).join(' | ') : 'unknown';
    }
    case 'array': {
      if (!schema.prefixItems?.length) return `Array<${outputType(schema.items, context)}>`;
      const items = schema.prefixItems.map((item) => outputType(item, context));
      if (schema.items.kind !== 'never') items.push(`...Array<${outputType(schema.items, context)}>`);
      return `[${items.join(', ')}]`;
    }
    case 'union':
      return schema.variants.length ? schema.variants.map((variant) => operand(variant, context)).join(' | ') : 'never';
    case 'intersection':
      return schema.parts.length ? schema.parts.map((part) => operand(part, context)).join(' & ') : 'unknown';
    case 'object':
      return objectType(schema, context);
  }
}

function objectType(schema: Extract<SchemaModel, { kind: 'object' }>, context: ZodContext): string {
  const members = schema.properties.map(({ name, required, schema: value }) => {
    const optional = !required && !effectiveDefault(value, context);
    return `${propertyKey(name)}${optional ? '?' : ''}: ${outputType(value, context)}`;
  });
  const extra = schema.patternProperties?.length ? true : additionalOf(schema);
  if (extra === true) return `{ ${[...members, '[key: string]: unknown'].join('; ')} }`;
  if (extra === false) return members.length ? `{ ${members.join('; ')} }` : '{}';
  const index = `{ [key: string]: ${outputType(extra, context)} }`;
  return members.length ? `{ ${members.join('; ')} } & ${index}` : index;
}
