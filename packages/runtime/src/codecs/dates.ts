/**
 * `date-time` and `date` strings as `Date`s, both ways, for the generated zod codecs
 * (`z.codec(wire, z.date(), dateTimeCodec)`) when a package is generated with `dates: true`.
 *
 * A `date-time` is an instant: it decodes to the `Date` of that instant whatever offset the
 * server wrote (RFC 3339 as ajv reads it: `T` or a space, `+hh:mm`, `+hhmm` or `+hh`), and
 * encodes as `toISOString()` (UTC, milliseconds). The offset the server wrote is not kept.
 *
 * A `date` is a calendar day, which a `Date` (an instant) cannot hold by itself. It decodes to
 * UTC midnight of that day (as `new Date('2024-03-10')` does), so that `getUTCDate()` is the day
 * in every time zone and a decoded value encodes back to the same string. Encoding reads a `Date`
 * at UTC midnight by its UTC fields, and any other `Date` (`new Date(2024, 2, 10)`, local
 * midnight; `new Date()`, now) by its local fields: the day the user sees on their calendar.
 * Either way no day shifts, in a negative or a positive offset.
 */

/** A codec's two directions, as `z.codec` takes them. */
export interface Conversion<Wire, Value> {
  decode(wire: Wire): Value;
  encode(value: Value): Wire;
}

/** The offset of an RFC 3339 time, as `Date` parses it: `+hhmm` and `+hh` get their colon. */
function normalDateTime(text: string): string {
  return text
    .replace(/^(\d{4}-\d{2}-\d{2})[Tt ]/, '$1T')
    .replace(/[Zz]$/, 'Z')
    .replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
    .replace(/([+-]\d{2})$/, '$1:00')
    .replace(/:60(?=(?:\.\d+)?(?:Z|[+-]))/, ':59.999');
}

export const dateTimeCodec: Conversion<string, Date> = {
  decode: (wire) => new Date(normalDateTime(wire)),
  encode: (value) => value.toISOString(),
};

const pad = (value: number, width: number) => String(value).padStart(width, '0');

export const dateCodec: Conversion<string, Date> = {
  decode: (wire) => {
    const [year, month, day] = wire.split('-').map(Number) as [number, number, number];
    const value = new Date(0);
    value.setUTCFullYear(year, month - 1, day);
    return value;
  },
  encode: (value) => {
    const utc =
      value.getUTCHours() === 0 &&
      value.getUTCMinutes() === 0 &&
      value.getUTCSeconds() === 0 &&
      value.getUTCMilliseconds() === 0;
    const [year, month, day] = utc
      ? [value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate()]
      : [value.getFullYear(), value.getMonth(), value.getDate()];
    return `${pad(year, 4)}-${pad(month + 1, 2)}-${pad(day, 2)}`;
  },
};
