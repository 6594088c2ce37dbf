import type { SchemaModel } from '../../model/types.js';
import { resolveRef, type ZodContext } from './context.js';

/**
 * The property a union can be a `z.discriminatedUnion` on, or `undefined`. Only when the spec names
 * a discriminator and every variant is a non-nullable object (inline, or a reference to a
 * non-recursive component, whose const keeps its object type) with that property required and
 * holding one distinct literal string: zod throws on duplicates when the module loads.
 */
export function discriminatorOf(
  schema: Extract<SchemaModel, { kind: 'union' }>,
  context: ZodContext,
): string | undefined {
  const propertyName = schema.discriminator?.propertyName;
  if (propertyName === undefined) return undefined;
  const seen = new Set<string>();
  for (const variant of schema.variants) {
    if (
      variant.kind === 'ref' &&
      (context.typeName(variant.name) !== undefined || context.isDeferred(variant.name))
    )
      return undefined;
    if (variant.nullable || variant.default) return undefined;
    const object = resolveRef(variant, context);
    if (object?.kind !== 'object' || object.nullable || object.default) return undefined;
    const property = object.properties.find((candidate) => candidate.name === propertyName);
    if (!property?.required || property.schema.default) return undefined;
    const value = literalOf(property.schema);
    if (value === undefined || seen.has(value)) return undefined;
    seen.add(value);
  }
  return propertyName;
}

function literalOf(schema: SchemaModel): string | undefined {
  if (schema.nullable) return undefined;
  if (schema.kind === 'const' && typeof schema.value === 'string') return schema.value;
  if (schema.kind === 'enum' && schema.values.length === 1 && typeof schema.values[0] === 'string')
    return schema.values[0];
  return undefined;
}
