/**
 * Idempotency keys: an operation that names an idempotency header gets one key per logical call,
 * made before the first attempt, so that every retry (and every reconnection of an event stream)
 * sends the same key and the server can answer a repeated request with its first answer. A key
 * the caller gives (`callOptions.idempotencyKey`, the header parameter, or the header itself in
 * `callOptions.headers`) is kept as it is.
 */
import type { OperationArgs, OperationDefinition } from '../definition.js';
import { mergeHeaders, type HeadersOptions } from './headers.js';
import type { CallOptions } from './options.js';
import type { WireOptions } from './prepare.js';

function newKey(): string {
  return `zapgen-${globalThis.crypto.randomUUID()}`;
}

function hasHeader(headers: Record<string, unknown> | undefined, name: string): boolean {
  const lower = name.toLowerCase();
  return (
    headers !== undefined &&
    Object.keys(headers).some((key) => key.toLowerCase() === lower && headers[key] != null)
  );
}

/** The call with its idempotency key in place: `args` and `callOptions` copied, never changed. */
export function withIdempotencyKey(
  operation: OperationDefinition,
  args: OperationArgs,
  callOptions: CallOptions,
): { args: OperationArgs; callOptions: CallOptions } {
  const name = operation.idempotencyHeader;
  if (name === undefined) return { args, callOptions };
  if (hasHeader(args.header, name) || hasHeader(callOptions.headers, name))
    return { args, callOptions };
  const key = callOptions.idempotencyKey ?? newKey();
  const declared = operation.parameters.find(
    (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === name.toLowerCase(),
  );
  if (declared !== undefined)
    return { args: { ...args, header: { ...args.header, [declared.name]: key } }, callOptions };
  return {
    args,
    callOptions: { ...callOptions, headers: { ...callOptions.headers, [name]: key } },
  };
}

/**
 * The same for the drop-in client, whose headers travel as openapi-fetch's (`wire.headers`, and
 * the client's `headers`): the key goes in the header parameter when the spec declares one, else
 * in the call's headers.
 */
export function withIdempotencyKeyOnTheWire(
  operation: OperationDefinition,
  args: OperationArgs,
  callOptions: CallOptions,
  wire: WireOptions,
  clientHeaders: HeadersOptions | undefined,
): { args: OperationArgs; wire: WireOptions } {
  const name = operation.idempotencyHeader;
  if (name === undefined) return { args, wire };
  const given = mergeHeaders(clientHeaders, wire.headers);
  if (hasHeader(args.header, name) || given[name.toLowerCase()] !== undefined)
    return { args, wire };
  const key = callOptions.idempotencyKey ?? newKey();
  const declared = operation.parameters.find(
    (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === name.toLowerCase(),
  );
  if (declared !== undefined)
    return { args: { ...args, header: { ...args.header, [declared.name]: key } }, wire };
  return { args, wire: { ...wire, headers: mergeHeaders(wire.headers, { [name]: key }) } };
}
