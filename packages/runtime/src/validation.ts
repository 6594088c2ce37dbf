/**
 * `@zapgen/runtime/validation`: a call's arguments and a response body checked against the
 * validators a definition carries, failures worded in English unless the application configured
 * a zod locale.
 */
import type { OperationArgs, OperationDefinition } from './definition.js';
import type { ResponseValidationReport, ValidationIssue } from './errors.js';
import { safeParseWorded } from './messages.js';
import { responseFor } from './responses.js';
import { checkRequest, checkResponse, type ResponseCheck } from './validation-checks.js';

export { responseFor };
export { withValidators } from './with-validators.js';

/**
 * Validates a call's arguments before anything is sent, with the validators the definition
 * carries: the parameter validator (schemas and the cross-parameter rules) and the body's.
 */
export function validateRequest(
  operation: OperationDefinition,
  args: OperationArgs,
): ValidationIssue[] {
  return checkRequest(operation, args, safeParseWorded);
}

/** Checks a parsed response body against its schema; `undefined` when it conforms (or has none). */
export function validateResponse(options: ResponseCheck): ResponseValidationReport | undefined {
  return checkResponse(options, safeParseWorded);
}
