/**
 * `OperationDefinition.codecs` of packages generated with `transformers`: the operation's
 * validators are zod codecs (`date-time` ⇄ `Date`, `int64` ⇄ `bigint`), so the arguments are
 * encoded and a 2xx body decoded by them, with zod's own `safeEncode`/`safeDecode`.
 *
 * Arguments are the user's values or the wire's: a group (the parameters, the body) that does
 * not encode is sent as given, and the request validation that follows reports what is wrong
 * with it as a wire value. A body that does not decode (the server broke its schema: the
 * response validation reports it) is handed out as it arrived. So neither direction throws.
 */
import { safeDecode, safeEncode, type ZodMiniType } from 'zod/mini';
import type {
  OperationArgs,
  OperationCodecs,
  OperationDefinition,
  ParameterLocation,
  Validator,
} from '../definition.js';
import { responseFor } from '../responses.js';
import { parseJson, stringifyJson } from './json.js';

const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** `convert(validator, value)`'s data, or `value` when it fails or the validator cannot run that way. */
type Convert = (
  schema: ZodMiniType,
  value: never,
) => { success: true; data: unknown } | { success: false };

function converted(convert: Convert, validator: Validator | undefined, value: unknown): unknown {
  if (validator === undefined || value === undefined) return value;
  try {
    const result = convert(validator as unknown as ZodMiniType, value as never);
    return result.success ? result.data : value;
  } catch {
    // A one-way transform of the schema (a preprocess) cannot encode: the value goes as given.
    return value;
  }
}

function encodeArgs(operation: OperationDefinition, args: OperationArgs): OperationArgs {
  const encoded: OperationArgs = { ...args };
  const groups = Object.fromEntries(
    LOCATIONS.filter((location) =>
      operation.parameters.some((parameter) => parameter.in === location),
    ).map((location) => [location, args[location] ?? {}]),
  );
  if (operation.parameterValidator && Object.keys(groups).length) {
    const wire = converted(
      safeEncode as Convert,
      operation.parameterValidator,
      groups,
    ) as typeof groups;
    if (wire !== groups)
      for (const location of Object.keys(groups) as ParameterLocation[])
        if (args[location] !== undefined) encoded[location] = wire[location]!;
  }
  if (args.body !== undefined)
    encoded.body = converted(safeEncode as Convert, operation.requestBody?.validator, args.body);
  return encoded;
}

function decodeBody(operation: OperationDefinition, status: number, body: unknown): unknown {
  return converted(safeDecode as Convert, responseFor(operation, status)?.body, body);
}

function decodeItem(operation: OperationDefinition, status: number, item: unknown): unknown {
  return converted(safeDecode as Convert, responseFor(operation, status)?.stream?.items, item);
}

/** What generated definitions set as `codecs` on each operation. */
export const operationCodecs: OperationCodecs = {
  encodeArgs,
  encodeValue: (validator, value) => converted(safeEncode as Convert, validator, value),
  decodeBody,
  decodeItem,
  parseJson,
  stringifyJson,
};
