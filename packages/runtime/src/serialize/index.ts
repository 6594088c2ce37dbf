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

/**
 * Serializes the arguments of a call by each parameter's own style, explode, allowReserved,
 * keyPrefix and content type. Absent parameters (`undefined` or `null`, and `null` properties of
 * an object value) are left out; a missing path parameter is an error because the URL cannot be
 * built without it.
 */
export function serializeParameters(
  operation: OperationDefinition,
  args: OperationArgs = {},
): SerializedParameters {
  const query: string[] = [];
  const cookies: string[] = [];
  const headers: Record<string, string> = {};
  let path = operation.path;
  for (const parameter of operation.parameters) {
    const value = argument(args, parameter);
    if (parameter.in === 'path') {
      if (value === undefined || value === null) {
        throw new RequestValidationError({
          operationId: operation.operationId,
          issues: [
            {
              parameter: parameter.name,
              in: 'path',
              path: [parameter.name],
              message: 'is required',
            },
          ],
        });
      }
      path = path.split(`{${parameter.name}}`).join(serializePathValue(parameter, value));
      continue;
    }
    // `null` (a `T | null` parameter) is left out like `undefined`: form-style parameters have no
    // spelling for null, and `name=` is an empty string that a server parsing a number rejects.
    if (value === undefined || value === null) continue;
    if (parameter.in === 'query') query.push(...serializeQueryPairs(parameter, value));
    else if (parameter.in === 'cookie') cookies.push(...serializeCookiePairs(parameter, value));
    else if (!IGNORED_HEADERS.has(parameter.name.toLowerCase()))
      setOwn(headers, parameter.name, serializeHeaderValue(parameter, value));
  }
  return { path, query: query.join('&'), headers, cookies: cookies.join('; ') };
}
