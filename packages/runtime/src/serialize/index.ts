import type { OperationArgs, OperationDefinition, ParameterDefinition } from '../definition.js';
import { RequestValidationError } from '../errors.js';
import {
  serializeCookiePairs,
  serializeHeaderValue,
  serializePathValue,
  serializeQueryPairs,
} from './style.js';
import { ownValue, setOwn } from '../own.js';

/** One request's parameters as they go on the wire. */
export interface SerializedParameters {
  /** The operation path with every path parameter filled in, e.g. `/api/v2/apps/slack/`. */
  path: string;
  /** The query string without `?` (`''` when there is none). */
  query: string;
  /** Header parameters by name. */
  headers: Record<string, string>;
  /** The `Cookie` header value for cookie parameters (`''` when there is none). */
  cookies: string;
}

/** Headers OpenAPI says are described elsewhere, and so are never sent from header parameters. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

function argument(args: OperationArgs, parameter: ParameterDefinition): unknown {
  return ownValue(args[parameter.in] as Record<string, unknown> | undefined, parameter.name);
}

/** How the query parameters of one call override their spec's style (openapi-fetch's `querySerializer` options). */
export interface QueryStyleOverride {
  array?: { style: 'form' | 'spaceDelimited' | 'pipeDelimited'; explode: boolean };
  object?: { style: 'form' | 'deepObject'; explode: boolean };
  allowReserved?: boolean;
}

/** Options of `serializeParameters` beyond the spec's own rules. */
export interface SerializeOptions {
  /** A missing path parameter: an error (default), or its `{name}` kept in the path as it is. */
  missingPath?: 'throw' | 'keep';
  /**
   * Also send arguments the operation does not declare, as openapi-fetch would (arrays `form`
   * exploded, objects `deepObject`, path templates with RFC 6570 `{.name}`, `{;name}`, `{name*}`).
   * Off by default: the spec's parameters only.
   */
  undeclared?: boolean;
  query?: QueryStyleOverride;
}

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;
/** A path template token with an RFC 6570 operator: `{.x}`, `{;x}`, `{x*}`. */
const TEMPLATE_OPERATOR = /\{[.;]|\*\}/;
const TEMPLATE_TOKEN = /\{([.;]?)([^{}*]+)(\*?)\}/g;

/** The `in name` of each declared parameter, computed once per definition. */
const declaredCache = new WeakMap<OperationDefinition, Set<string>>();

/** Definitions for what the arguments hold beyond the operation's parameters, with openapi-fetch's defaults. */
function undeclaredParameters(
  operation: OperationDefinition,
  args: OperationArgs,
): ParameterDefinition[] {
  let declared = declaredCache.get(operation);
  if (declared === undefined) {
    declared = new Set(
      operation.parameters.map((parameter) => `${parameter.in} ${parameter.name}`),
    );
    declaredCache.set(operation, declared);
  }
  const extra: ParameterDefinition[] = [];
  for (const location of LOCATIONS) {
    const group = args[location];
    if (typeof group !== 'object' || group === null) continue;
    for (const name in group) {
      if (!Object.hasOwn(group, name) || declared.has(`${location} ${name}`)) continue;
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
  parameters: ParameterDefinition[],
  args: OperationArgs,
): ParameterDefinition[] {
  const keys = Object.keys(args.query ?? {});
  if (keys.length < 2) return parameters;
  const rank = (parameter: ParameterDefinition) =>
    parameter.in === 'query' ? keys.indexOf(parameter.name) : -1;
  const query = parameters.filter((parameter) => parameter.in === 'query');
  query.sort((a, b) => rank(a) - rank(b));
  return [...parameters.filter((parameter) => parameter.in !== 'query'), ...query];
}

/** The query parameter as the caller's `querySerializer` options say to send this value. */
function overridden(
  parameter: ParameterDefinition,
  value: unknown,
  override: QueryStyleOverride | undefined,
): ParameterDefinition {
  if (
    override === undefined ||
    parameter.keyPrefix !== undefined ||
    parameter.contentType !== undefined
  )
    return parameter;
  const rule = Array.isArray(value)
    ? override.array
    : typeof value === 'object' && value !== null && !(value instanceof Date)
      ? override.object
      : undefined;
  if (rule === undefined && override.allowReserved === undefined) return parameter;
  return {
    ...parameter,
    ...(rule === undefined ? {} : { style: rule.style, explode: rule.explode }),
    ...(override.allowReserved === undefined ? {} : { allowReserved: override.allowReserved }),
  };
}

function missingPathParameter(
  operation: OperationDefinition,
  name: string,
): RequestValidationError {
  return new RequestValidationError({
    operationId: operation.operationId,
    issues: [{ parameter: name, in: 'path', path: [name], message: 'is required' }],
  });
}

/**
 * Serializes the arguments of a call by each parameter's own style, explode, allowReserved,
 * keyPrefix and content type. Absent parameters (`undefined` or `null`, empty lists, and `null`
 * properties of an object value) are left out, as RFC 6570 leaves out an empty list; a missing path
 * parameter is an error because the URL cannot be built without it (unless `missingPath: 'keep'`).
 */
export function serializeParameters(
  operation: OperationDefinition,
  args: OperationArgs = {},
  options: SerializeOptions = {},
): SerializedParameters {
  const query: string[] = [];
  const cookies: string[] = [];
  const headers: Record<string, string> = {};
  let path = operation.path;
  if (options.undeclared && TEMPLATE_OPERATOR.test(path)) {
    for (const { token, parameter } of templateParameters(path)) {
      const value = argument(args, parameter);
      if (value === undefined || value === null) {
        if (options.missingPath !== 'keep') throw missingPathParameter(operation, parameter.name);
        continue;
      }
      path = path.split(token).join(serializePathValue(parameter, value));
    }
  }
  const parameters = options.undeclared
    ? inCallersOrder([...operation.parameters, ...undeclaredParameters(operation, args)], args)
    : operation.parameters;
  for (const parameter of parameters) {
    const value = argument(args, parameter);
    if (parameter.in === 'path') {
      const token = `{${parameter.name}}`;
      if (value === undefined || value === null) {
        if (options.missingPath === 'keep' || !path.includes(token)) continue;
        throw missingPathParameter(operation, parameter.name);
      }
      path = path.split(token).join(serializePathValue(parameter, value));
      continue;
    }
    // `null` (a `T | null` parameter) is left out like `undefined`: form-style parameters have no
    // spelling for null, and `name=` is an empty string that a server parsing a number rejects.
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0))
      continue;
    if (parameter.in === 'query')
      query.push(...serializeQueryPairs(overridden(parameter, value, options.query), value));
    else if (parameter.in === 'cookie') cookies.push(...serializeCookiePairs(parameter, value));
    else if (!IGNORED_HEADERS.has(parameter.name.toLowerCase()))
      setOwn(headers, parameter.name, serializeHeaderValue(parameter, value));
  }
  return { path, query: query.join('&'), headers, cookies: cookies.join('; ') };
}
