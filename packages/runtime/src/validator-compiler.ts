/**
 * zod's schema compiler, for `compiled-validators.ts` (which loads it on demand). A validator that
 * is not a zod schema of this zod's minor version (a user's own validator, a schema of another
 * zod copy whose internals may differ) is used as it is; so is a schema the compiler refuses
 * (recursion, async refinements): `compile` hands it back unchanged.
 */
import { compile, version, type $ZodType } from 'zod/v4/core';
import type { Validator } from './definition.js';

export function compileValidator(validator: Validator): Validator {
  const schema = validator as Validator & Partial<$ZodType>;
  const made = schema._zod?.version;
  if (made?.major !== version.major || made.minor !== version.minor) return validator;
  return compile(schema as $ZodType) as unknown as Validator;
}
