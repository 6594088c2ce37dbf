/**
 * `int64` integers as `bigint`s, both ways, for the generated zod codecs when a package is
 * generated with `bigint: true`. On the wire an int64 is a JSON number: `parseJson` hands out
 * the ones beyond 2^53 as `bigint`s already (exact), the others as numbers. Encoding gives a
 * number where it is exact and the `bigint` otherwise, which `stringifyJson` writes as digits.
 */
import type { Conversion } from './dates.js';

export const int64Codec: Conversion<number | bigint, bigint> = {
  decode: (wire) => (typeof wire === 'bigint' ? wire : BigInt(wire)),
  encode: (value) => {
    const number = Number(value);
    return Number.isSafeInteger(number) ? number : value;
  },
};
