import type { OperationArgs, OperationDefinition, ParameterDefinition } from '../definition.js';
import { RequestValidationError } from '../errors.js';
import { ownValue } from '../own.js';

/** The value of a parameter in a call's arguments (an own property only). */
export function argument(args: OperationArgs, parameter: ParameterDefinition): unknown {
  return ownValue(args[parameter.in] as Record<string, unknown> | undefined, parameter.name);
}

/** The error of a path parameter without a value: the URL cannot be built. */
export function missingPathParameter(
  operation: OperationDefinition,
  name: string,
): RequestValidationError {
  return new RequestValidationError({
    operationId: operation.operationId,
    issues: [{ parameter: name, in: 'path', path: [name], message: 'is required' }],
  });
}
