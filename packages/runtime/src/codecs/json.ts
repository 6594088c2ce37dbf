/**
 * JSON that keeps integers beyond 2^53 exact, for packages generated with `bigint: true`.
 *
 * `JSON.parse` turns 9223372036854775807 into 9223372036854775808 before any schema sees it, and
 * `JSON.stringify` throws on a `bigint`. Where the platform has JSON.parse source text access
 * and `JSON.rawJSON` (Node 21+, Chrome 114+, Firefox 135+, Safari 18.4+), the native parser is
 * used with a reviver reading each unsafe integer's source; elsewhere (Node 20, older browsers)
 * lossless-json (MIT, maintained, no dependencies) parses and writes the same values. Either
 * way: an integer literal beyond `Number.MAX_SAFE_INTEGER` becomes a `bigint`, every other
 * number stays a number, and a `bigint` is written as its digits.
 */
import {
  isInteger,
  isSafeNumber,
  parse as parseLossless,
  stringify as stringifyLossless,
} from 'lossless-json';

interface NativeJson {
  parse(
    text: string,
    reviver: (key: string, value: unknown, context?: { source?: string }) => unknown,
  ): unknown;
  rawJSON?: (text: string) => unknown;
}

const native = JSON as unknown as NativeJson;

/** True when `JSON.parse` tells a reviver the source of a value, and `JSON.rawJSON` exists. */
function detectSourceAccess(): boolean {
  try {
    return (
      typeof native.rawJSON === 'function' &&
      native.parse('1', (_key, _value, context) => context?.source) === '1'
    );
  } catch {
    return false;
  }
}

let sourceAccess: boolean | undefined;

/** Whether the native parser is used; `false` forces lossless-json (tests of the fallback). */
export function useNativeJson(value?: boolean): boolean {
  if (value !== undefined) sourceAccess = value && detectSourceAccess();
  return (sourceAccess ??= detectSourceAccess());
}

const INTEGER = /^-?\d+$/;

/** `JSON.parse`, with integers beyond 2^53 as exact `bigint`s. */
export function parseJson(text: string): unknown {
  if (useNativeJson())
    return native.parse(text, (_key, value, context) =>
      typeof value === 'number' &&
      !Number.isSafeInteger(value) &&
      context?.source !== undefined &&
      INTEGER.test(context.source)
        ? BigInt(context.source)
        : value,
    );
  return parseLossless(text, undefined, (source) =>
    isInteger(source) && !isSafeNumber(source) ? BigInt(source) : Number(source),
  );
}

/** `JSON.stringify` (no indentation), writing a `bigint` as its digits. */
export function stringifyJson(value: unknown): string | undefined {
  if (useNativeJson()) {
    const raw = native.rawJSON!;
    return JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'bigint' ? raw(item.toString()) : item,
    );
  }
  return stringifyLossless(value);
}
