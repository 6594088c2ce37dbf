/**
 * `@zapgen/runtime/codecs`: the conversions of packages generated with `dates` or `bigint`
 * (`date-time`/`date` ⇄ `Date`, `int64` ⇄ `bigint`) and the JSON that keeps int64 exact. Free
 * of zod: the generated validators wrap these in `z.codec`, in either zod flavour.
 */
export { dateCodec, dateTimeCodec, type Conversion } from './dates.js';
export { int64Codec } from './int64.js';
export { parseJson, stringifyJson, useNativeJson } from './json.js';
export { operationCodecs } from './operation.js';
