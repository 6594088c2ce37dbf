/**
 * String formats. Fixtures are checked by both zod and ajv (ajv-formats, "full" mode), so each
 * choice below accepts what ajv accepts, or a strict subset of it that fixture values stay within:
 *
 * - `uuid` → `z.guid()`: any 8-4-4-4-12 hex string, as ajv. `z.uuid()` would also demand RFC 9562
 *   version and variant bits, rejecting ids that ajv and most servers accept. (ajv additionally
 *   accepts a `urn:uuid:` prefix; zod does not.)
 * - `date-time` and `time` → regular expressions that read RFC 3339 as ajv does: an offset is
 *   required (`Z`, `+hh:mm`, and also `+hhmm` and `+hh`), `T` or a space between date and time,
 *   either case. Real servers (and the examples of their specs) write `2015-02-10T17:12:23-0700`;
 *   `z.iso.datetime()` rejects it, so a documented response would fail validation. The date part
 *   is zod's own (days per month, leap years); a leap second `:60` is accepted at any minute.
 *   `z.iso.time()` rejects offsets altogether.
 * - `uri`/`url` → `z.url()` (anything WHATWG `URL` parses, so a scheme is required, like ajv's `uri`).
 * - `byte` → `z.base64()`; `binary` → a string (JSON carries it as text), or a `Blob` too where
 *   bodies are sent as multipart or raw bytes.
 * - Unknown formats (and `uri-reference`, `hostname`, `password`, ...) → a plain string: an
 *   annotation only, as in JSON Schema.
 */
import type { Check, ZodFlavour } from './flavour.js';

/** RFC 3339 `full-time` (time of day with a required offset), as ajv-formats reads it. */
const FULL_TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d:(?:[0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)`;
/** RFC 3339 `full-date` with the days of each month and leap years (zod's `z.iso.date()` pattern). */
const FULL_DATE = String.raw`(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8])))`;

/** A string checked against a regular expression literal, in the flavour's spelling. */
const matching = (pattern: string) => (flavour: ZodFlavour) =>
  flavour.checked('z.string()', [{ kind: 'regex', args: pattern }]);

const STRING_FORMATS = {
  uuid: 'z.guid()',
  'date-time': matching(`/^${FULL_DATE}[Tt\\s]${FULL_TIME}$/`),
  date: 'z.iso.date()',
  time: matching(`/^${FULL_TIME}$/`),
  email: 'z.email()',
  uri: 'z.url()',
  url: 'z.url()',
  ipv4: 'z.ipv4()',
  ipv6: 'z.ipv6()',
  byte: 'z.base64()',
} satisfies Record<string, string | ((flavour: ZodFlavour) => string)>;

/** Classic zod's schema type of each constructor above (its checks return the same type). */
const STRING_FORMAT_TYPES: Record<keyof typeof STRING_FORMATS, string> = {
  uuid: 'z.ZodGUID',
  'date-time': 'z.ZodString',
  date: 'z.ZodISODate',
  time: 'z.ZodString',
  email: 'z.ZodEmail',
  uri: 'z.ZodURL',
  url: 'z.ZodURL',
  ipv4: 'z.ZodIPv4',
  ipv6: 'z.ZodIPv6',
  byte: 'z.ZodBase64',
};

/**
 * Classic zod's type of `stringBase(format)`; `undefined` for the `Blob` union, which no
 * annotation spells (`zod-type.ts`).
 */
export function stringBaseType(
  format: string | undefined,
  binaryAsBlob: boolean,
): string | undefined {
  if (format === 'binary' && binaryAsBlob) return undefined;
  return format !== undefined && Object.hasOwn(STRING_FORMAT_TYPES, format)
    ? STRING_FORMAT_TYPES[format as keyof typeof STRING_FORMATS]
    : 'z.ZodString';
}

/** True when the generated validators check strings of `format` (others are annotations only). */
export function checksStringFormat(format: string): boolean {
  return Object.hasOwn(STRING_FORMATS, format);
}

/** The zod constructor for a string of the given format. */
export function stringBase({
  format,
  binaryAsBlob,
  flavour,
}: {
  format: string | undefined;
  binaryAsBlob: boolean;
  flavour: ZodFlavour;
}): string {
  if (format === 'binary' && binaryAsBlob) return 'z.union([z.string(), z.instanceof(Blob)])';
  const base =
    format !== undefined && Object.hasOwn(STRING_FORMATS, format)
      ? STRING_FORMATS[format as keyof typeof STRING_FORMATS]
      : undefined;
  if (base === undefined) return 'z.string()';
  return typeof base === 'string' ? base : base(flavour);
}

/**
 * The zod constructor for a number, and the check that makes it an integer when the constructor
 * does not. `int32` is range-checked; every other integer is `z.int()`, a safe integer: `int64`
 * values beyond 2^53 are not exact once JSON.parse'd. But where the schema itself says values
 * go beyond 2^53 (a bound, default or example out of that range: DigitalOcean's Kafka settings
 * default to 2^63 - 1, which arrives as 9223372036854776000), `z.int()` would reject what the
 * server documents and ajv accepts: any integral number is taken (`multipleOf(1)`).
 */
export function numberBase({
  integer,
  format,
  beyondSafeIntegers,
}: {
  integer: boolean;
  format: string | undefined;
  beyondSafeIntegers: boolean;
}): { base: string; integral?: Check } {
  if (!integer) return { base: 'z.number()' };
  if (format === 'int32') return { base: 'z.int32()' };
  if (beyondSafeIntegers)
    return { base: 'z.number()', integral: { kind: 'multipleOf', args: '1' } };
  return { base: 'z.int()' };
}
