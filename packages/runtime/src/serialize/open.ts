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

/** The names of the declared parameters, by location, computed once per definition. */
const declaredCache = new WeakMap<OperationDefinition, Map<string, Set<string>>>();

function declaredOf(operation: OperationDefinition): Map<string, Set<string>> {
  let declared = declaredCache.get(operation);
  if (declared === undefined) {
    declared = new Map(LOCATIONS.map((location) => [location, new Set<string>()]));
    for (const parameter of operation.parameters) declared.get(parameter.in)!.add(parameter.name);
    declaredCache.set(operation, declared);
  }
  return declared;
}

/** Definitions for what the arguments hold beyond the operation's parameters, with openapi-fetch's defaults. */
function undeclaredParameters(
  operation: OperationDefinition,
  args: OperationArgs,
): ParameterDefinition[] {
  const declared = declaredOf(operation);
  const extra: ParameterDefinition[] = [];
  for (const location of LOCATIONS) {
    const group = args[location];
    if (typeof group !== 'object' || group === null) continue;
    const names = declared.get(location)!;
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

/** Path parameters of a template written with RFC 6570 operators (`{.label}`, `{;matrix*}`), as openapi-fetch reads them. */
function templateParameters(path: string): { token: string; parameter: ParameterDefinition }[] {
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
  let path = operation.path;
  if (TEMPLATE_OPERATOR.test(path)) {
    for (const { token, parameter } of templateParameters(path)) {
      const value = argument(args, parameter);
      if (value === undefined || value === null) {
        if (missingPath !== 'keep') throw missingPathParameter(operation, parameter.name);
        continue;
      }
      path = path.split(token).join(serializePathValue(parameter, value));
    }
  }
  const extra = undeclaredParameters(operation, args);
  return {
    path,
    parameters: inCallersOrder(
      extra.length === 0 ? operation.parameters : [...operation.parameters, ...extra],
      args,
    ),
  };
}
