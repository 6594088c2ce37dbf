/**
 * Issues worded in English whatever zod/mini carries (`./worded-parse.ts` says how and why), at
 * once: for `@zapgen/runtime/validation` and the mock, whose functions answer synchronously.
 */
import english from 'zod/v4/locales/en.js';
import type { ParseOptions, Validator } from './definition.js';
import { parseWorded } from './worded-parse.js';

let englishOptions: ParseOptions | undefined;

/** `validator.safeParse(value)`, its issues worded in English when no locale is configured. */
export function safeParseWorded<T>(
  validator: Validator<T>,
  value: unknown,
): ReturnType<Validator<T>['safeParse']> {
  return parseWorded(validator, value, (englishOptions ??= { error: english().localeError }));
}
