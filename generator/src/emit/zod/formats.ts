/**
 * String formats. Fixtures are checked by both zod and ajv (ajv-formats, "full" mode), so each
 * choice below accepts what ajv accepts, or a strict subset of it that fixture values stay within:
 *
 * - `uuid` → `z.guid()`: any 8-4-4-4-12 hex string, as ajv. `z.uuid()` would also demand RFC 9562
 *   version and variant bits, rejecting ids that ajv and most servers accept. (ajv additionally
 *   accepts a `urn:uuid:` prefix; zod does not.)
 * - `date-time` → `z.iso.datetime({ offset: true })`: an offset or `Z` is required, as in ajv;
 *   zod is stricter on case (`T`, `Z` upper case).
 * - `time` → a regular expression with a required offset: ajv's `time` requires one, and
 *   `z.iso.time()` rejects offsets altogether.
 * - `uri`/`url` → `z.url()` (anything WHATWG `URL` parses, so a scheme is required, like ajv's `uri`).
 * - `byte` → `z.base64()`; `binary` → a string (JSON carries it as text), or a `Blob` too where
 *   bodies are sent as multipart or raw bytes.
 * - Unknown formats (and `uri-reference`, `hostname`, `password`, ...) → a plain string: an
 *   annotation only, as in JSON Schema.
 */
const STRING_FORMATS: Record<string, string> = {
  uuid: 'z.guid()',
  'date-time': 'z.iso.datetime({ offset: true })',
  date: 'z.iso.date()',
  time: 'z.string().regex(/^(?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)(?:\\.\\d+)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):?[0-5]\\d)$/)',
  email: 'z.email()',
  uri: 'z.url()',
  url: 'z.url()',
  ipv4: 'z.ipv4()',
  ipv6: 'z.ipv6()',
  byte: 'z.base64()',
};

/** True when the generated validators check strings of `format` (others are annotations only). */
export function checksStringFormat(format: string): boolean {
  return Object.hasOwn(STRING_FORMATS, format);
}

/** The zod constructor for a string of the given format. */
export function stringBase({ format, binaryAsBlob }: { format: string | undefined; binaryAsBlob: boolean }): string {
  if (format === 'binary' && binaryAsBlob) return 'z.union([z.string(), z.instanceof(Blob)])';
  return (format !== undefined && Object.hasOwn(STRING_FORMATS, format) ? STRING_FORMATS[format] : undefined) ?? 'z.string()';
}

/**
 * The zod constructor for a number. `int32` is range-checked; every other integer is `z.int()`,
 * a safe integer: `int64` values beyond 2^53 cannot be represented by a JSON.parse'd number anyway.
 */
export function numberBase({ integer, format }: { integer: boolean; format: string | undefined }): string {
  if (!integer) return 'z.number()';
  return format === 'int32' ? 'z.int32()' : 'z.int()';
}
