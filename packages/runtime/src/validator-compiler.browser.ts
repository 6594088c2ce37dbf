/**
 * What a browser bundle loads for `#validator-compiler` (the `browser` condition of package.json
 * `imports`): nothing is compiled, and zod's compiler (about 10 kB gzipped) stays out of the
 * application's chunks.
 */
import type { Validator } from './definition.js';

export function compileValidator(validator: Validator): Validator {
  return validator;
}
