/**
 * openapi-fetch's reading of a call's arguments, for the drop-in client: what the operation does
 * not declare is sent too (arrays `form` exploded, objects `deepObject`), path templates may use
 * RFC 6570 operators (`{.name}`, `{;name}`, `{name*}`), and query parameters keep the caller's
 * order. The throwing client sends the spec's parameters only, and its bundles leave this out.
 */
import type { OperationArgs, OperationDefinition, ParameterDefinition } from '../definition.js';
import { argument, missingPathParameter } from './arguments.js';
import { serializePathValue } from './style.js';

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;
/** A path template token with an RFC 6570 operator: `{.x}`, `{;x}`, `{x*}`. */
const TEMPLATE_OPERATOR = /\{[.;]|\*\}/;
const TEMPLATE_TOKEN = /\{([.;]?)([^{}*]+)(\*?)\}/g;

/** What a call's reading depends on of its operation alone, computed once per definition. */
interface OperationReading {
  /** The names of the declared parameters, by location. */
  declared: Map<string, Set<string>>;
  /** Each declared query parameter's place among the operation's query parameters. */
  queryRank: Map<string, number>;
  /** The path's RFC 6570 tokens, when it has any. */
  operators: readonly TemplateParameter[] | undefined;
  /** What a call that adds nothing to the operation and keeps its query order reads: shared. */
  plain: { path: string; parameters: readonly ParameterDefinition[] };
}

const readingCache = new WeakMap<OperationDefinition, OperationReading>();

function readingOf(operation: OperationDefinition): OperationReading {
  let reading = readingCache.get(operation);
  if (reading === undefined) {
    const declared = new Map(LOCATIONS.map((location) => [location, new Set<string>()]));
    const queryRank = new Map<string, number>();
    for (const parameter of operation.parameters) {
      declared.get(parameter.in)!.add(parameter.name);
      if (parameter.in === 'query' && !queryRank.has(parameter.name))
        queryRank.set(parameter.name, queryRank.size);
    }
    reading = {
      declared,
      queryRank,
      operators: TEMPLATE_OPERATOR.test(operation.path)
        ? templateParameters(operation.path)
        : undefined,
      plain: Object.freeze({ path: operation.path, parameters: operation.parameters }),
    };
    readingCache.set(operation, reading);
  }
  return reading;
}

/** Whether every own member of a group of arguments is a declared parameter. */
function allDeclared(group: unknown, names: ReadonlySet<string>): boolean {
  if (typeof group !== 'object' || group === null) return true;
  for (const name in group) if (!names.has(name) && Object.hasOwn(group, name)) return false;
  return true;
}

/**
 * Whether the call gives exactly what the operation declares, its query parameters in the
 * spec's order: then the operation's own parameter list sends what openapi-fetch would (the
 * common case, read without building anything).
 */
function addsNothing(reading: OperationReading, args: OperationArgs): boolean {
  const { query } = args;
  if (typeof query === 'object' && query !== null) {
    let lastRank = -1;
    for (const name in query) {
      const rank = reading.queryRank.get(name);
      if (rank !== undefined && rank > lastRank) lastRank = rank;
      // Undeclared, or out of the spec's order: read the long way (unless it is inherited).
      else if (Object.hasOwn(query, name)) return false;
    }
  }
  const { declared } = reading;
  return (
    allDeclared(args.path, declared.get('path')!) &&
    allDeclared(args.header, declared.get('header')!) &&
    allDeclared(args.cookie, declared.get('cookie')!)
  );
}

/** Definitions for what the arguments hold beyond the operation's parameters, with openapi-fetch's defaults. */
function undeclaredParameters(
  reading: OperationReading,
  args: OperationArgs,
): ParameterDefinition[] {
  const extra: ParameterDefinition[] = [];
  for (const location of LOCATIONS) {
    const group = args[location];
    if (typeof group !== 'object' || group === null) continue;
    const names = reading.declared.get(location)!;
    for (const name in group) {
      if (names.has(name) || !Object.hasOwn(group, name)) continue;
      const value = (group as Record<string, unknown>)[name];
      const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
      const style =
        location === 'query'
          ? isObject
            ? 'deepObject'
            : 'form'
          : location === 'cookie'
            ? 'form'
            : 'simple';
      extra.push({ name, in: location, required: false, style, explode: location === 'query' });
    }
  }
  return extra;
}

/** A path token with an RFC 6570 operator and the parameter it stands for. */
interface TemplateParameter {
  token: string;
  parameter: ParameterDefinition;
}

/** Path parameters of a template written with RFC 6570 operators (`{.label}`, `{;matrix*}`), as openapi-fetch reads them. */
function templateParameters(path: string): TemplateParameter[] {
  return [...path.matchAll(TEMPLATE_TOKEN)]
    .filter(([, operator, , star]) => operator !== '' || star !== '')
    .map(([token, operator, name, star]) => ({
      token,
      parameter: {
        name: name!,
        in: 'path' as const,
        required: true,
        style:
          operator === '.'
            ? ('label' as const)
            : operator === ';'
              ? ('matrix' as const)
              : ('simple' as const),
        explode: star === '*',
      },
    }));
}

/**
 * Query parameters in the order of the caller's object, as openapi-fetch sends them (the spec's
 * order otherwise); the other locations keep theirs.
 */
function inCallersOrder(
  parameters: readonly ParameterDefinition[],
  args: OperationArgs,
): readonly ParameterDefinition[] {
  const given = args.query;
  if (given === undefined || given === null) return parameters;
  const keys = Object.keys(given);
  if (keys.length < 2) return parameters;
  const rank = (parameter: ParameterDefinition) =>
    parameter.in === 'query' ? keys.indexOf(parameter.name) : -1;
  const query = parameters.filter((parameter) => parameter.in === 'query');
  query.sort((a, b) => rank(a) - rank(b));
  return [...parameters.filter((parameter) => parameter.in !== 'query'), ...query];
}

/** The path, its RFC 6570 tokens filled, and every parameter of the call, declared or not. */
export function openParameters(
  operation: OperationDefinition,
  args: OperationArgs,
  missingPath: 'throw' | 'keep',
): { path: string; parameters: readonly ParameterDefinition[] } {
  const reading = readingOf(operation);
  let path = operation.path;
  if (reading.operators !== undefined) {
    for (const { token, parameter } of reading.operators) {
      const value = argument(args, parameter);
      if (value === undefined || value === null) {
        if (missingPath !== 'keep') throw missingPathParameter(operation, parameter.name);
        continue;
      }
      path = path.split(token).join(serializePathValue(parameter, value));
    }
  }
  if (addsNothing(reading, args))
    return path === operation.path ? reading.plain : { path, parameters: operation.parameters };
  const extra = undeclaredParameters(reading, args);
  return {
    path,
    parameters: inCallersOrder(
      extra.length === 0 ? operation.parameters : [...operation.parameters, ...extra],
      args,
    ),
  };
}
