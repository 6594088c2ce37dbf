import type { OperationArgs, OperationDefinition, ParameterLocation, ParameterRef, ParameterRule, ResponseDefinition } from './definition.js';
import type { ResponseValidationReport, ValidationIssue } from './errors.js';

const LOCATIONS: ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** "Set" as the spec README defines it: present and not `null`, `false`, `""`, `[]` or `{}`. */
export function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && !(value instanceof Date)) return Object.keys(value).length > 0;
  return true;
}

function valueOf(args: OperationArgs, ref: ParameterRef): unknown {
  return args[ref.in]?.[ref.name];
}

function issue(ref: ParameterRef, message: string): ValidationIssue {
  return { parameter: ref.name, in: ref.in, path: [ref.in, ref.name], message };
}

/** Checks the cross-parameter rules (`x-zapgen-rules`); each issue names the parameters involved. */
export function checkRules(rules: ParameterRule[], args: OperationArgs): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const rule of rules) {
    if (rule.kind === 'mutuallyExclusive') {
      const set = rule.parameters.filter((ref) => isSet(valueOf(args, ref)));
      const [, second] = set;
      if (second !== undefined) {
        const names = set.map((ref) => ref.name).join(', ');
        issues.push(issue(second, rule.description ?? `${names} are mutually exclusive: set at most one of them`));
      }
    } else if (isSet(valueOf(args, rule.if))) {
      for (const ref of rule.then.filter((then) => !isSet(valueOf(args, then)))) {
        issues.push(issue(ref, rule.description ?? `${ref.name} is required when ${rule.if.name} is set`));
      }
    }
  }
  return issues;
}

/** The parameter groups the operation has, each `{}` when the caller gave none. */
function parameterGroups(operation: OperationDefinition, args: OperationArgs): Record<string, Record<string, unknown>> {
  const groups: Record<string, Record<string, unknown>> = {};
  for (const location of LOCATIONS) {
    if (operation.parameters.some((parameter) => parameter.in === location)) groups[location] = args[location] ?? {};
  }
  return groups;
}

/** Required parameters that are absent, used when the operation has no parameter validator. */
function missingRequired(operation: OperationDefinition, args: OperationArgs): ValidationIssue[] {
  return operation.parameters
    .filter((parameter) => parameter.required && args[parameter.in]?.[parameter.name] === undefined)
    .map((parameter) => issue(parameter, 'is required'));
}

/**
 * Validates a call's arguments before anything is sent: the operation's parameter validator
 * (schemas and rules), or its required parameters and rules when it has none, and the body.
 */
export function validateRequest(operation: OperationDefinition, args: OperationArgs): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (operation.parameterValidator) {
    const result = operation.parameterValidator.safeParse(parameterGroups(operation, args));
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
  } else {
    issues.push(...missingRequired(operation, args), ...checkRules(operation.rules, args));
  }
  const body = operation.requestBody;
  if (body?.required && args.body === undefined) {
    issues.push({ parameter: 'body', in: 'body', path: ['body'], message: 'is required' });
  } else if (body?.validator && args.body !== undefined) {
    const result = body.validator.safeParse(args.body);
    if (!result.success) {
      for (const found of result.error.issues) {
        issues.push({ parameter: 'body', in: 'body', path: ['body', ...found.path], message: found.message });
      }
    }
  }
  return issues;
}

/** The response definition for a status: exact, then `4XX`-style ranges, then `default`. */
export function responseFor(operation: OperationDefinition, status: number): ResponseDefinition | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  return (
    operation.responses.find((response) => response.status === exact) ??
    operation.responses.find((response) => response.status.toUpperCase() === range) ??
    operation.responses.find((response) => response.status === 'default')
  );
}

/** Checks a parsed response body against its schema; `undefined` when it conforms (or has none). */
export function validateResponse(options: {
  operation: OperationDefinition;
  status: number;
  body: unknown;
}): ResponseValidationReport | undefined {
  const { operation, status } = options;
  const validator = responseFor(operation, status)?.body;
  if (validator === undefined) return undefined;
  const result = validator.safeParse(options.body);
  if (result.success) return undefined;
  return {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    status,
    issues: result.error.issues.map((found) => ({ path: found.path, message: found.message })),
  };
}
