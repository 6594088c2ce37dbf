/**
 * The client's validators compiled by zod (`compile`, zod ≥ 4.6), where that pays: a compiled
 * schema checks a value in straight-line generated code, several times faster than zod/mini's
 * interpreted parse, and answers a value it refuses through the original parser, so the issues
 * (paths, messages) are the same. The compiler is a large module (about 10 kB gzipped), so it
 * loads on its own, in the background, with the first validation: the calls before it arrives
 * validate as before. A browser bundle gets `validator-compiler.browser.js` instead (the `browser`
 * condition of `#validator-compiler` in package.json `imports`), which compiles nothing: there
 * the bytes cost more than the microseconds.
 */
import type { Validator } from './definition.js';

type Compile = (validator: Validator) => Validator;

/** Loaded compiler; `undefined` until it has arrived. */
let compile: Compile | undefined;
let loading = false;
const compiled = new WeakMap<Validator, Validator>();

/** `validator`, compiled once the compiler is loaded; until then (and when it cannot load) itself. */
export function compiledValidator(validator: Validator): Validator {
  if (compile === undefined) {
    if (!loading) {
      loading = true;
      void import('#validator-compiler').then(
        (module) => {
          compile = module.compileValidator;
        },
        // A chunk that could not load (offline) is tried again with a later validation.
        () => {
          loading = false;
        },
      );
    }
    return validator;
  }
  let found = compiled.get(validator);
  if (found === undefined) {
    found = compile(validator);
    compiled.set(validator, found);
  }
  return found;
}
