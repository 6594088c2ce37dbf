import type { JsonValue, SchemaModel } from '../../model/types.js';
import type { ZodContext } from './context.js';
import { jsonEqual } from './literals.js';
import { beyondSafeIntegers } from './formats.js';

/**
 * The default a schema is printed with: the spec's default when the value fits the schema.
 * A default that does not fit (e.g. `"10"` on an integer, common in real specs) is dropped: printed,
 * it would not type-check, and zod would hand out a value the schema itself rejects.
 */
export function effectiveDefault(
  schema: SchemaModel,
  context: Pick<ZodContext, 'lookup'>,
): { value: JsonValue } | undefined {
  if (!schema.default) return undefined;
  return fits(schema, schema.default.value, context, 0) ? schema.default : undefined;
}

/** Whether `value` has the shape the schema describes (types, enums, required keys; not lengths or ranges). */
export function fitsSchema(
  schema: SchemaModel,
  value: JsonValue,
  context: Pick<ZodContext, 'lookup'>,
): boolean {
  return fits(schema, value, context, 0);
}

function fits(
  schema: SchemaModel,
  value: JsonValue,
  context: Pick<ZodContext, 'lookup'>,
  depth: number,
): boolean {
  if (depth > 32) return false;
  if (value === null)
    return (
      schema.nullable ||
      schema.kind === 'unknown' ||
      schema.kind === 'null' ||
      refFits(schema, value, context, depth)
    );
  switch (schema.kind) {
    case 'ref':
      return refFits(schema, value, context, depth);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return (
        typeof value === 'number' &&
        (!schema.integer ||
          Number.isSafeInteger(value) ||
          (Number.isInteger(value) && beyondSafeIntegers(schema)))
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
        value.every((item, index) =>
          fits(schema.prefixItems?.[index] ?? schema.items, item, context, depth + 1),
        )
      );
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      const known = new Map(schema.properties.map((property) => [property.name, property]));
      if (schema.properties.some((property) => property.required && !(property.name in value)))
        return false;
      return Object.entries(value).every(([key, item]) => {
        const property = known.get(key);
        if (property) return fits(property.schema, item, context, depth + 1);
        const extra = schema.additionalProperties;
        return typeof extra === 'boolean' ? extra : fits(extra, item, context, depth + 1);
      });
    }
    case 'union':
      return schema.variants.some((variant) => fits(variant, value, context, depth + 1));
    case 'intersection':
      return schema.parts.every((part) => fits(part, value, context, depth + 1));
  }
}

function refFits(
  schema: SchemaModel,
  value: JsonValue,
  context: Pick<ZodContext, 'lookup'>,
  depth: number,
): boolean {
  if (schema.kind !== 'ref') return false;
  const target = context.lookup(schema.name);
  return target !== undefined && fits(target, value, context, depth + 1);
}
