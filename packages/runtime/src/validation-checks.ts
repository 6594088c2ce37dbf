/**
 * Checks of a call's arguments and of a response body against the validators a definition
 * carries, with the parse given: `./validation.ts` words failures at once (English loaded with
 * it), a client's calls word them when one fails (`./client/call-validation.ts`).
 */
import type {
  OperationArgs,
  OperationDefinition,
  ParameterLocation,
  Validator,
} from './definition.js';
import { formatPath, type ResponseValidationReport, type ValidationIssue } from './errors.js';
import { responseFor } from './responses.js';
import { isStreamValue } from './form-fields.js';
import { compiledValidator } from './compiled-validators.js';

/** How a validator is run: `safeParse`, its failures worded (`./worded-parse.ts`). */
export type Parse = <T>(
  validator: Validator<T>,
  value: unknown,
) => ReturnType<Validator<T>['safeParse']>;

/** A response body (or one item of a streamed response) to check against its schema. */
export interface ResponseCheck {
  operation: OperationDefinition;
  status: number;
  body: unknown;
  /** Check one item of a streamed response (an event, or its data; a JSON line) instead of a body. */
  item?: boolean;
}

const LOCATIONS: ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** The parameter groups the operation has, each `{}` when the caller gave none. */
function parameterGroups(
  operation: OperationDefinition,
  args: OperationArgs,
): Record<string, Record<string, unknown>> {
  const groups: Record<string, Record<string, unknown>> = {};
  for (const location of LOCATIONS) {
    if (operation.parameters.some((parameter) => parameter.in === location))
      groups[location] = args[location] ?? {};
  }
  return groups;
}

/**
 * A multipart body with its streamed files as empty `Blob`s: a stream is a file whose bytes are
 * read only as they are sent, so its schema (a binary, a `Blob`) is checked, not its content.
 */
function streamsAsFiles(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const asFile = (value: unknown) => (isStreamValue(value) ? new Blob([]) : value);
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map(asFile) : asFile(value),
    ]),
  );
}

/**
 * Validates a call's arguments before anything is sent, with the validators the definition
 * carries: the parameter validator (schemas and the cross-parameter rules) and the body's.
 */
export function checkRequest(
  operation: OperationDefinition,
  args: OperationArgs,
  parse: Parse,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (operation.parameterValidator) {
    const result = parse(
      compiledValidator(operation.parameterValidator),
      parameterGroups(operation, args),
    );
    if (!result.success) {
      for (const found of result.error.issues) {
        const [location, name] = found.path;
        issues.push({
          parameter: name === undefined ? String(location ?? '(parameters)') : String(name),
          in: location === undefined ? 'parameters' : String(location),
          path: found.path,
          message: found.message,
        });
      }
    }
  }
  const body = operation.requestBody;
  if (body?.required && args.body === undefined) {
    issues.push({ parameter: 'body', in: 'body', path: ['body'], message: 'is required' });
  } else if (body?.validator && args.body !== undefined) {
    const result = parse(
      compiledValidator(body.validator),
      body.mediaTypes[0] === 'multipart/form-data' ? streamsAsFiles(args.body) : args.body,
    );
    if (!result.success) {
      for (const found of result.error.issues) {
        issues.push({
          // The field, as a reader of the message looks for it: `items[0].name`.
          parameter: found.path.length === 0 ? 'body' : formatPath(found.path),
          in: 'body',
          path: ['body', ...found.path],
          message: found.message,
        });
      }
    }
  }
  return issues;
}

/** Checks a parsed response body against its schema; `undefined` when it conforms (or has none). */
export function checkResponse(
  options: ResponseCheck,
  parse: Parse,
): ResponseValidationReport | undefined {
  const { operation, status } = options;
  const response = responseFor(operation, status);
  const validator = options.item ? response?.stream?.items : response?.body;
  if (validator === undefined) return undefined;
  const result = parse(compiledValidator(validator), options.body);
  if (result.success) return undefined;
  return {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    status,
    issues: result.error.issues.map((found) => ({ path: found.path, message: found.message })),
  };
}
