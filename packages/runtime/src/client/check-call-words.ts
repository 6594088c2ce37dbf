/**
 * What a mistake `./check-call.ts` found is called: the issue's message, with a "did you mean"
 * when a known name is close. Loaded with the first call that makes a mistake.
 */
import { RequestValidationError, ZapgenError, type ValidationIssue } from '../errors.js';
import type { OperationDefinition, ParameterLocation } from '../definition.js';

/** One mistake, as the rules of `./check-call.ts` find it. */
export type Mistake =
  | { kind: 'arguments'; value: unknown; groups: readonly string[] }
  | { kind: 'body' }
  | { kind: 'group'; key: string; groups: readonly string[] }
  | { kind: 'group-value'; location: ParameterLocation; value: unknown }
  | { kind: 'parameter'; location: ParameterLocation; name: string; declared: readonly string[] }
  | { kind: 'parseAs'; value: unknown; known: readonly string[] }
  | { kind: 'option'; name: 'timeoutMs' | 'maxRedirects'; where: string; value: unknown }
  | { kind: 'base-url'; apiName: string; baseUrl: string };

/** The error a call's mistakes are thrown as: its argument and option issues, else the base URL's. */
export function callError(operation: OperationDefinition, mistakes: readonly Mistake[]): Error {
  const issues: ValidationIssue[] = [];
  for (const mistake of mistakes) {
    if (mistake.kind === 'base-url')
      return new ZapgenError(`${operation.operationId}: ${baseUrlProblem(mistake)}`, operation);
    issues.push(issueOf(operation, mistake));
  }
  return new RequestValidationError({ operationId: operation.operationId, issues });
}

function issueOf(
  operation: OperationDefinition,
  mistake: Exclude<Mistake, { kind: 'base-url' }>,
): ValidationIssue {
  switch (mistake.kind) {
    case 'arguments':
      return issue(
        '(arguments)',
        'arguments',
        `must be an object of ${mistake.groups.join(', ')}, not ${describe(mistake.value)}`,
      );
    case 'body':
      return issue('body', 'body', `${operation.operationId} takes no request body`);
    case 'group':
      return issue(
        mistake.key,
        'arguments',
        `is not an argument group${suggestion(mistake.key, mistake.groups)}; the groups are ${mistake.groups.join(', ')}`,
      );
    case 'group-value': {
      const { location } = mistake;
      return issue(
        location,
        location,
        `must be an object of ${location} parameters, not ${describe(mistake.value)}`,
      );
    }
    case 'parameter': {
      const { location, name, declared } = mistake;
      return issue(
        name,
        location,
        declared.length === 0
          ? `is not a parameter: ${operation.operationId} has no ${location} parameters`
          : `is not a ${location} parameter of ${operation.operationId}${suggestion(name, declared)}; its ${location} parameters are ${declared.join(', ')}`,
      );
    }
    case 'parseAs':
      return issue(
        'parseAs',
        'options',
        `must be one of ${mistake.known.join(', ')}, not ${describe(mistake.value)}`,
      );
    case 'option': {
      const { name } = mistake;
      return issue(
        name,
        mistake.where,
        `must be a number of ${name === 'timeoutMs' ? 'milliseconds' : 'redirects'} >= 0 (0 = ${name === 'timeoutMs' ? 'no timeout' : 'none'}), not ${describe(mistake.value)}`,
      );
    }
  }
}

/** Why `fetch` cannot use the base URL. */
function baseUrlProblem({ apiName, baseUrl }: { apiName: string; baseUrl: string }): string {
  if (baseUrl === '')
    return `the client has no base URL: ${apiName}'s spec declares no servers. Pass baseUrl to createClient (e.g. 'https://api.example.com'), or a fetch that takes paths, such as a mock's fetch`;
  return `baseUrl ${JSON.stringify(baseUrl)} is not an absolute URL: give its scheme and host (e.g. 'https://api.example.com')`;
}

function issue(parameter: string, where: string, message: string): ValidationIssue {
  return {
    parameter,
    in: where,
    path: where === 'arguments' ? [parameter] : [where, parameter],
    message,
  };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return 'a string';
  return typeof value === 'object'
    ? `a ${value.constructor?.name ?? 'object'}`
    : `a ${typeof value}`;
}

/** ` (did you mean "query"?)` when a known name is one or two edits away. */
function suggestion(name: string, known: readonly string[]): string {
  const close = known
    .map((candidate) => ({
      candidate,
      distance: editDistance(name.toLowerCase(), candidate.toLowerCase()),
    }))
    .filter(({ distance }) => distance <= Math.min(2, Math.floor(name.length / 2)))
    .sort((a, b) => a.distance - b.distance)[0];
  return close ? ` (did you mean "${close.candidate}"?)` : '';
}

/** Levenshtein distance, with a transposition counted as one edit (`qurey` → `query`). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1)
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  return rows[a.length]![b.length]!;
}
