/**
 * What is checked before anything is sent, whatever `validation.request` says: the shape of the
 * arguments (an object of the groups `path`, `query`, `header`, `cookie` and `body`, each group
 * holding parameters the operation declares), the numeric options, and a base URL that `fetch`
 * can use. A mistake here would otherwise send a request without the parameters the caller
 * meant (a misspelled group or name is dropped by the parameter schemas), or fail later as a
 * "network failure" that does not say why.
 *
 * The rules run on every call; what a mistake is called (messages, "did you mean") is loaded
 * with the first mistake (`./check-call-words.ts`), so a bundle of calls that make none leaves
 * the words out.
 */
import type { OperationArgs, OperationDefinition, ParameterLocation } from '../definition.js';
import type { CallOptions, ClientOptions } from './options.js';
import { onDemand } from './on-demand.js';
import type { Mistake } from './check-call-words.js';

const GROUPS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];
const ARGUMENT_KEYS = [...GROUPS, 'body'];
const PARSE_AS = ['json', 'text', 'blob', 'arrayBuffer', 'stream'];
const NUMERIC_OPTIONS = ['timeoutMs', 'maxRedirects'] as const;

const loadWords = onDemand(() => import('./check-call-words.js'));

/**
 * Nothing when the call may be sent; else a promise of the error to throw:
 * `RequestValidationError` (arguments, options) or `ZapgenError` (base URL). Nothing is sent.
 */
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
}): Promise<Error> | undefined {
  const mistakes: Mistake[] = [];
  argumentMistakes(operation, args, mistakes);
  optionMistakes(callOptions, 'options', mistakes);
  if (callOptions?.parseAs !== undefined && !PARSE_AS.includes(callOptions.parseAs))
    mistakes.push({ kind: 'parseAs', value: callOptions.parseAs, known: PARSE_AS });
  optionMistakes(client, 'client options', mistakes);
  if (
    mistakes.length === 0 &&
    client.fetch === undefined &&
    !('location' in globalThis) &&
    (baseUrl === '' || !isAbsoluteUrl(`${baseUrl}/`))
  )
    mistakes.push({ kind: 'base-url', apiName, baseUrl });
  if (mistakes.length === 0) return undefined;
  return loadWords().then(({ callError }) => callError(operation, mistakes));
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

function argumentMistakes(
  operation: OperationDefinition,
  args: unknown,
  mistakes: Mistake[],
): void {
  if (args === undefined) return;
  if (!isPlainObject(args)) {
    mistakes.push({ kind: 'arguments', value: args, groups: ARGUMENT_KEYS });
    return;
  }
  for (const key in args as OperationArgs) {
    if (!Object.hasOwn(args as object, key)) continue;
    const value = (args as Record<string, unknown>)[key];
    if (key === 'body') {
      if (value !== undefined && operation.requestBody === undefined)
        mistakes.push({ kind: 'body' });
      continue;
    }
    if (!(GROUPS as readonly string[]).includes(key)) {
      mistakes.push({ kind: 'group', key, groups: ARGUMENT_KEYS });
      continue;
    }
    if (value === undefined) continue;
    const location = key as ParameterLocation;
    if (!isPlainObject(value)) {
      mistakes.push({ kind: 'group-value', location, value });
      continue;
    }
    const declared = declaredIn(operation, location);
    for (const name in value as Record<string, unknown>) {
      if (!Object.hasOwn(value as object, name)) continue;
      const given = (value as Record<string, unknown>)[name];
      if (given === undefined || isDeclared(declared, location, name)) continue;
      mistakes.push({ kind: 'parameter', location, name, declared });
    }
  }
}

/** The numeric options: a timeout or a redirect count that is not a number would be ignored or misread. */
function optionMistakes(
  options: Pick<ClientOptions, 'timeoutMs' | 'maxRedirects'> | undefined,
  where: string,
  mistakes: Mistake[],
): void {
  if (options === undefined) return;
  for (const name of NUMERIC_OPTIONS) {
    const value: unknown = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      mistakes.push({ kind: 'option', name, where, value });
  }
}

/**
 * Only the platform's own `fetch` outside a browser is known to need an absolute URL (the caller
 * checks that first): a page resolves a relative one against itself, and a custom `fetch` (the
 * mock's) may accept it. The last base URL found absolute: a client's calls all check the same one.
 */
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

function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
