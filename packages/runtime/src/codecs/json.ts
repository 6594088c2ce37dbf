/**
 * JSON that keeps integers beyond 2^53 exact, for packages generated with `bigint: true`.
 *
 * `JSON.parse` turns 9223372036854775807 into 9223372036854775808 before any schema sees it, and
 * `JSON.stringify` throws on a `bigint`.
 *
 * Reading: a text without a run of 16 digits holds no integer beyond 2^53 (9007199254740991 has
 * 16), so `JSON.parse` reads it exactly, at full speed: the common case. Otherwise lossless-json
 * (MIT, maintained, no dependencies) parses it, giving each number's source text to
 * `parseNumber`. Node 21+ could do that natively (the `JSON.parse` reviver's `context.source`),
 * but measured on Node 24.21 the reviver took 114 ms CPU for a 2.1 MB array of objects where
 * lossless-json took 43 ms (and Node 20, which zapgen supports, has no source access at all).
 *
 * Writing: `JSON.stringify` with a replacer that writes a `bigint` as `JSON.rawJSON` of its
 * digits where the platform has it (Node 21+, current browsers: 18 ms for the same array on
 * Node 24, lossless-json 23 ms); lossless-json's `stringify` elsewhere.
 *
 * Either way an integer literal beyond `Number.MAX_SAFE_INTEGER` becomes a `bigint`, every other
 * number stays a number, and a `bigint` is written as its digits.
 */
import {
  isInteger,
  isSafeNumber,
  parse as parseLossless,
  stringify as stringifyLossless,
} from 'lossless-json';

const rawJSON = (JSON as unknown as { rawJSON?: (text: string) => unknown }).rawJSON;

let nativeWrite: boolean = typeof rawJSON === 'function';

/** Whether `JSON.rawJSON` writes bigints; `false` forces lossless-json (tests of the fallback). */
export function useNativeJson(value?: boolean): boolean {
  if (value !== undefined) nativeWrite = value && typeof rawJSON === 'function';
  return nativeWrite;
}

/** A run of 16 digits: the text may hold an integer beyond 2^53 (or a long string of digits). */
const LONG_DIGITS = /\d{16}/;

/** `JSON.parse`, with integers beyond 2^53 as exact `bigint`s. */
export function parseJson(text: string): unknown {
  if (!LONG_DIGITS.test(text)) return JSON.parse(text);
  return parseLossless(text, undefined, (source) =>
    isInteger(source) && !isSafeNumber(source) ? BigInt(source) : Number(source),
  );
}

/** `JSON.stringify` (no indentation), writing a `bigint` as its digits. */
export function stringifyJson(value: unknown): string | undefined {
  if (nativeWrite)
    return JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'bigint' ? rawJSON!(item.toString()) : item,
    );
  return stringifyLossless(value);
}
