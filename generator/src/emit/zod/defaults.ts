import type { JsonValue, SchemaModel } from '../../model/types.js';
import type { ZodContext } from './context.js';
import { valueFits } from '../../model/fits.js';

/**
 * The default a schema is printed with: the spec's default when the value fits the schema.
 * A default that does not fit (e.g. `"10"` on an integer, common in real specs, or a value out of
 * the schema's bounds) is dropped: printed, it might not type-check, and zod would hand out a
 * value the schema itself rejects.
 */
export function effectiveDefault(
  schema: SchemaModel,
  context: Pick<ZodContext, 'lookup'>,
): { value: JsonValue } | undefined {
  if (!schema.default) return undefined;
  return valueFits({ schema, value: schema.default.value, lookup: context.lookup })
    ? schema.default
    : undefined;
}

/**
 * The variants of a union as zod prints them: without their own defaults. A default is an
 * annotation of its branch, but zod applies it to an absent value, so a required property whose
 * `oneOf` has a defaulted member (OpenAI's `input: oneOf [{type: string, default: ""}, …]`) would
 * accept being left out, which the types and ajv refuse. A reference's default stays (see
 * `defaultedThroughReference`): it belongs to the component's own const.
 */
export function unionVariants(schema: Extract<SchemaModel, { kind: 'union' }>): SchemaModel[] {
  return schema.variants.map((variant) =>
    variant.default ? { ...variant, default: undefined } : variant,
  );
}
