/**
 * `@zapgen/runtime/rules`: what the spec's parameter rules (`x-zapgen-rules`, the mock's `when`
 * conditions) mean, in one place for everything that applies them: the generated zod validators,
 * the mock, and zapgen's own fixture generator. Free of dependencies, so that any of them can load it.
 */
export { isSet } from './is-set.js';
