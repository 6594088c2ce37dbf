import type { OperationArgs, OperationDefinition, ParameterDefinition } from '../definition.js';
import {
  serializeCookiePairs,
  serializeHeaderValue,
  serializePathValue,
  primitiveQueryPair,
  serializeQueryPairs,
} from './style.js';
import { setOwn } from '../own.js';
import { argument, missingPathParameter } from './arguments.js';

/** The path (its RFC 6570 tokens filled) and every parameter of a call, declared or not. */
export type OpenParameters = (
  operation: OperationDefinition,
  args: OperationArgs,
  missingPath: 'throw' | 'keep',
) => { path: string; parameters: readonly ParameterDefinition[] };

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
   * Also send arguments the operation does not declare, as openapi-fetch would: the drop-in
   * client's `openParameters` (`./open.js`). Without it, the spec's parameters only.
   */
  open?: OpenParameters;
  query?: QueryStyleOverride;
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
  const { path: opened, parameters } =
    options.open === undefined
      ? { path: operation.path, parameters: operation.parameters }
      : options.open(operation, args, options.missingPath ?? 'throw');
  // The operation's own template is split once; a path the drop-in already filled is one call's.
  const template = opened === operation.path ? templateOf(operation) : splitTemplate(opened);
  let filled: string[] | undefined;
  for (const parameter of parameters) {
    const value = argument(args, parameter);
    if (parameter.in === 'path') {
      const token = `{${parameter.name}}`;
      if (value === undefined || value === null) {
        if (options.missingPath === 'keep' || !template.includes(token)) continue;
        throw missingPathParameter(operation, parameter.name);
      }
      // Every occurrence of the token; a filled value is never searched for tokens again.
      let serialized: string | undefined;
      for (let index = 1; index < template.length; index += 2)
        if (template[index] === token) {
          filled ??= template.slice();
          filled[index] = serialized ??= serializePathValue(parameter, value);
        }
      continue;
    }
    // `null` (a `T | null` parameter) is left out like `undefined`: form-style parameters have no
    // spelling for null, and `name=` is an empty string that a server parsing a number rejects.
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0))
      continue;
    if (parameter.in === 'query') {
      const styled = overridden(parameter, value, options.query);
      const primitive = primitiveQueryPair(styled, value);
      if (primitive !== undefined) query.push(primitive);
      else query.push(...serializeQueryPairs(styled, value));
    } else if (parameter.in === 'cookie') cookies.push(...serializeCookiePairs(parameter, value));
    else if (!IGNORED_HEADERS.has(parameter.name.toLowerCase()))
      setOwn(headers, parameter.name, serializeHeaderValue(parameter, value));
  }
  return {
    // Nothing filled: the path as it was, with no join.
    path: filled === undefined ? opened : concatenated(filled),
    query: joined(query, '&'),
    headers,
    cookies: joined(cookies, '; '),
  };
}

/** `parts.join('')`: a few parts concatenated cost about half of `join` (V8, Node 20 to 24). */
function concatenated(parts: readonly string[]): string {
  let text = parts[0]!;
  for (let index = 1; index < parts.length; index += 1) text += parts[index]!;
  return text;
}

/** `parts.join(separator)`, without the call for none or one (most calls). */
function joined(parts: readonly string[], separator: string): string {
  return parts.length === 0 ? '' : parts.length === 1 ? parts[0]! : parts.join(separator);
}

/**
 * A path template split at its `{name}` tokens: literal text at even indexes, tokens at odd
 * ones. Filling it is one copy and one join, where replacing token by token split and joined the
 * whole path once per parameter.
 */
function splitTemplate(path: string): readonly string[] {
  return path.split(/(\{[^{}]*\})/);
}

/** The split template of an operation's path, computed once per definition. */
const templateCache = new WeakMap<OperationDefinition, readonly string[]>();

function templateOf(operation: OperationDefinition): readonly string[] {
  let template = templateCache.get(operation);
  if (template === undefined) {
    template = splitTemplate(operation.path);
    templateCache.set(operation, template);
  }
  return template;
}
