/**
 * The validation a client's calls run, loaded with the first validated operation's validators
 * (`./validated.ts`). A call that passes needs no words; zod's English messages load with the
 * first failure (`wordsReady()`), and the pipeline checks the failing value again with them, so
 * the error a caller sees is worded as `@zapgen/runtime/validation` words it.
 */
import type { OperationArgs, OperationDefinition, ParseOptions, Validator } from '../definition.js';
import type { ResponseValidationReport, ValidationIssue } from '../errors.js';
import { checkRequest, checkResponse, type ResponseCheck } from '../validation-checks.js';
import { localeConfigured, parseWorded } from '../worded-parse.js';
import { onDemand } from './on-demand.js';

// A route gets its validators with this module, and a bundle whose calls never validate carries neither.
export { withValidators } from '../with-validators.js';

let english: ParseOptions | undefined;

const loadEnglish = onDemand(() =>
  import('zod/v4/locales/en.js').then((module) => {
    english = { error: module.default().localeError };
  }),
);

/** Nothing when a failure would be worded now; else a promise that resolves once it would be. */
export function wordsReady(): Promise<void> | undefined {
  return english !== undefined || localeConfigured() ? undefined : loadEnglish();
}

function parse<T>(validator: Validator<T>, value: unknown) {
  return parseWorded(validator, value, english);
}

/**
 * The issues of a call's arguments; a promise of them, worded, when the first failure waits for
 * zod's English messages (a failed load leaves zod/mini's own words).
 */
export function requestIssues(
  operation: OperationDefinition,
  args: OperationArgs,
): ValidationIssue[] | Promise<ValidationIssue[]> {
  const issues = checkRequest(operation, args, parse);
  const ready = issues.length === 0 ? undefined : wordsReady();
  if (ready === undefined) return issues;
  return ready.then(
    () => checkRequest(operation, args, parse),
    () => issues,
  );
}

/**
 * A response body's report, `undefined` when it conforms; a promise of it, worded, when the first
 * failure waits for zod's English messages. `atOnce` (a streamed item): in the words loaded.
 */
export function responseReport(
  check: ResponseCheck,
  atOnce?: boolean,
): ResponseValidationReport | undefined | Promise<ResponseValidationReport> {
  const report = checkResponse(check, parse);
  const ready = report === undefined || atOnce ? undefined : wordsReady();
  if (ready === undefined) return report;
  return ready.then(
    () => checkResponse(check, parse) ?? report!,
    () => report!,
  );
}
