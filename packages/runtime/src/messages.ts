/**
 * How validation issues are worded. Generated clients validate with zod/mini (it keeps their
 * bundles small), which carries no messages of its own: without a locale every issue reads
 * "Invalid input". Classic zod configures English when it is imported. A value that fails is
 * parsed a second time with zod's English messages, unless the application configured a locale
 * (`z.config(...)`), which then wins as it would with classic zod. Passing the messages with
 * every parse would cost each successful parse several times over: zod leaves its fast path for a
 * parse that brings its own error map.
 */
import { config } from 'zod/v4/core';
import english from 'zod/v4/locales/en.js';
import type { ParseOptions, Validator } from './definition.js';

let englishOptions: ParseOptions | undefined;

/** `validator.safeParse(value)`, its issues worded in English when no locale is configured. */
export function safeParseWorded<T>(
  validator: Validator<T>,
  value: unknown,
): ReturnType<Validator<T>['safeParse']> {
  const result = validator.safeParse(value);
  if (result.success || config().localeError) return result;
  englishOptions ??= { error: english().localeError };
  return validator.safeParse(value, englishOptions);
}
