/**
 * How validation issues are worded. Generated clients validate with zod/mini (it keeps their
 * bundles small), which carries no messages of its own: without a locale every issue reads
 * "Invalid input". Classic zod configures English when it is imported. A value that fails is
 * parsed a second time with zod's English messages, unless the application configured a locale
 * (`z.config(...)`), which then wins as it would with classic zod. Passing the messages with
 * every parse would cost each successful parse several times over: zod leaves its fast path for a
 * parse that brings its own error map.
 *
 * The English messages are the caller's to give (`./messages.ts` imports them; a client loads
 * them with its first failure, `./client/call-validation.ts`).
 */
import { config } from 'zod/v4/core';
import type { ParseOptions, Validator } from './definition.js';

/** Whether a failure would be worded by a locale the application configured. */
export function localeConfigured(): boolean {
  return config().localeError !== undefined;
}

/** `validator.safeParse(value)`, a failure worded with `english` when no locale is configured. */
export function parseWorded<T>(
  validator: Validator<T>,
  value: unknown,
  english: ParseOptions | undefined,
): ReturnType<Validator<T>['safeParse']> {
  const result = validator.safeParse(value);
  if (result.success || english === undefined || localeConfigured()) return result;
  return validator.safeParse(value, english);
}
