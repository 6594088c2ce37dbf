/**
 * zod's schema compiler, for `compiled-validators.ts` (which loads it on demand). A validator that
 * is not a zod schema of this zod's minor version (a user's own validator, a schema of another
 * zod copy whose internals may differ) is used as it is; so is a schema the compiler refuses
 * (recursion, async refinements): `compile` hands it back unchanged.
 */
import { compile, validate, version, type $ZodType } from 'zod/v4/core';
import type { Validator } from './definition.js';

export function compileValidator(validator: Validator): Validator {
  const schema = validator as Validator & Partial<$ZodType>;
  const made = schema._zod?.version;
  if (made?.major !== version.major || made.minor !== version.minor) return validator;
  const compiled = compile(schema as $ZodType);
  if (compiled === schema) return validator;
  const parser = compiled as unknown as Validator;
  return {
    // zod's `validate` checks a value without building the parsed copy (`compile`'s assert-only
    // code): validation only asks whether a value conforms, and what issues it has when it does
    // not, so a conforming value is answered as it is, with no copy made. A value that fails is
    // parsed for its issues, by the compiled schema, which hands it to the original's parser.
    safeParse: (value, options) =>
      validate(compiled, value) ? { success: true, data: value } : parser.safeParse(value, options),
  };
}
