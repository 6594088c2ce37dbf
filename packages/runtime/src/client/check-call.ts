/**
 * What is checked before anything is sent, whatever `validation.request` says: the shape of the
 * arguments (an object of the groups `path`, `query`, `header`, `cookie` and `body`, each group
 * holding parameters the operation declares), the numeric options, and a base URL that `fetch`
 * can use. A mistake here would otherwise send a request without the parameters the caller
 * meant (a misspelled group or name is dropped by the parameter schemas), or fail later as a
 * "network failure" that does not say why.
 */
import type { OperationArgs, OperationDefinition, ParameterLocation } from '../definition.js';
import { RequestValidationError, ZapgenError, type ValidationIssue } from '../errors.js';
import type { CallOptions, ClientOptions } from './options.js';

const GROUPS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];
const ARGUMENT_KEYS = [...GROUPS, 'body'];

/** Throws `RequestValidationError` (arguments, options) or `ZapgenError` (base URL); nothing is sent. */
export function checkCall({
  apiName,
  baseUrl,
  client,
  operation,
  args,
  callOptions,
}: {
  apiName: string;
  baseUrl: string;
  client: ClientOptions;
  operation: OperationDefinition;
  args: unknown;
  callOptions: CallOptions | undefined;
}): void {
  const issues: ValidationIssue[] = [];
  argumentIssues(operation, args, issues);
  optionIssues(callOptions, 'options', issues);
  parseAsIssues(callOptions?.parseAs, issues);
  optionIssues(client, 'client options', issues);
  if (issues.length > 0)
    throw new RequestValidationError({ operationId: operation.operationId, issues });
  const problem =
    client.fetch !== undefined || 'location' in globalThis
      ? undefined
      : baseUrlProblem({ apiName, baseUrl });
  if (problem) throw new ZapgenError(`${operation.operationId}: ${problem}`, operation);
}

/** The names of an operation's parameters in each location, computed once per definition. */
const declaredCache = new WeakMap<OperationDefinition, Map<ParameterLocation, string[]>>();

function declaredIn(operation: OperationDefinition, location: ParameterLocation): string[] {
  let declared = declaredCache.get(operation);
  if (declared === undefined) {
    declared = new Map(GROUPS.map((group) => [group, []]));
    for (const parameter of operation.parameters) declared.get(parameter.in)?.push(parameter.name);
    declaredCache.set(operation, declared);
  }
  return declared.get(location)!;
}

function isDeclared(declared: readonly string[], location: ParameterLocation, name: string) {
  if (location !== 'header') return declared.includes(name);
  const lower = name.toLowerCase();
  return declared.some((candidate) => candidate.toLowerCase() === lower);
}

function argumentIssues(
  operation: OperationDefinition,
  args: unknown,
  issues: ValidationIssue[],
): void {
  if (args === undefined) return;
  if (!isPlainObject(args)) {
    issues.push(
      issue(
        '(arguments)',
        'arguments',
        `must be an object of ${ARGUMENT_KEYS.join(', ')}, not ${describe(args)}`,
      ),
    );
    return;
  }
  for (const key in args as OperationArgs) {
    if (!Object.hasOwn(args as object, key)) continue;
    const value = (args as Record<string, unknown>)[key];
    if (key === 'body') {
      if (value !== undefined && operation.requestBody === undefined)
        issues.push(issue('body', 'body', `${operation.operationId} takes no request body`));
      continue;
    }
    if (!(GROUPS as readonly string[]).includes(key)) {
      issues.push(
        issue(
          key,
          'arguments',
          `is not an argument group${suggestion(key, ARGUMENT_KEYS)}; the groups are ${ARGUMENT_KEYS.join(', ')}`,
        ),
      );
      continue;
    }
    if (value === undefined) continue;
    const location = key as ParameterLocation;
    if (!isPlainObject(value)) {
      issues.push(
        issue(
          location,
          location,
          `must be an object of ${location} parameters, not ${describe(value)}`,
        ),
      );
      continue;
    }
    const declared = declaredIn(operation, location);
    for (const name in value as Record<string, unknown>) {
      if (!Object.hasOwn(value as object, name)) continue;
      const given = (value as Record<string, unknown>)[name];
      if (given === undefined || isDeclared(declared, location, name)) continue;
      issues.push(
        issue(
          name,
          location,
          declared.length === 0
            ? `is not a parameter: ${operation.operationId} has no ${location} parameters`
            : `is not a ${location} parameter of ${operation.operationId}${suggestion(name, declared)}; its ${location} parameters are ${declared.join(', ')}`,
        ),
      );
    }
  }
}

const PARSE_AS = ['json', 'text', 'blob', 'arrayBuffer', 'stream'];

/** `parseAs` names a way to read a body, or the call would fail after the request was sent. */
function parseAsIssues(parseAs: unknown, issues: ValidationIssue[]): void {
  if (parseAs === undefined || PARSE_AS.includes(parseAs as string)) return;
  issues.push(
    issue('parseAs', 'options', `must be one of ${PARSE_AS.join(', ')}, not ${describe(parseAs)}`),
  );
}

const NUMERIC_OPTIONS = ['timeoutMs', 'maxRedirects'] as const;

/** The numeric options: a timeout or a redirect count that is not a number would be ignored or misread. */
function optionIssues(
  options: Pick<ClientOptions, 'timeoutMs' | 'maxRedirects'> | undefined,
  where: string,
  issues: ValidationIssue[],
): void {
  if (options === undefined) return;
  for (const name of NUMERIC_OPTIONS) {
    const value: unknown = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      issues.push(
        issue(
          name,
          where,
          `must be a number of ${name === 'timeoutMs' ? 'milliseconds' : 'redirects'} >= 0 (0 = ${name === 'timeoutMs' ? 'no timeout' : 'none'}), not ${describe(value)}`,
        ),
      );
  }
}

/**
 * Why `fetch` cannot use the base URL, or undefined. Only the platform's own `fetch` outside a
 * browser is known to need an absolute URL (the caller checks that first): a page resolves a
 * relative one against itself, and a custom `fetch` (the mock's) may accept it.
 */
function baseUrlProblem({ apiName, baseUrl }: { apiName: string; baseUrl: string }) {
  if (baseUrl === '')
    return `the client has no base URL: ${apiName}'s spec declares no servers. Pass baseUrl to createClient (e.g. 'https://api.example.com'), or a fetch that takes paths, such as a mock's fetch`;
  if (!isAbsoluteUrl(`${baseUrl}/`))
    return `baseUrl ${JSON.stringify(baseUrl)} is not an absolute URL: give its scheme and host (e.g. 'https://api.example.com')`;
  return undefined;
}

/** The last base URL found absolute: a client's calls all check the same one. */
let lastAbsoluteUrl: string | undefined;

function isAbsoluteUrl(url: string): boolean {
  if (url === lastAbsoluteUrl) return true;
  try {
    new URL(url);
    lastAbsoluteUrl = url;
    return true;
  } catch {
    return false;
  }
}

function issue(parameter: string, where: string, message: string): ValidationIssue {
  return {
    parameter,
    in: where,
    path: where === 'arguments' ? [parameter] : [where, parameter],
    message,
  };
}

function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
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
