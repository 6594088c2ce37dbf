/**
 * The conversions of packages generated with `dates` / `bigint`: each direction alone, round
 * trips through zod codecs in both flavours, and JSON that keeps int64 exact with the native
 * parser and with the lossless-json fallback. The process runs in a negative-offset time zone,
 * where a `date` read as local midnight would be the day before.
 */
process.env.TZ = 'America/Los_Angeles';

import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as zm from 'zod/mini';
import {
  dateCodec,
  dateTimeCodec,
  int64Codec,
  parseJson,
  stringifyJson,
  useNativeJson,
} from '../src/codecs/index.js';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

describe('the process time zone', () => {
  it('is negative (the cases below mean something)', () => {
    expect(new Date(2024, 0, 1).getTimezoneOffset()).toBeGreaterThan(0);
  });
});

describe('dateTimeCodec', () => {
  const decodes: [string, { wire: string; iso: string }][] = [
    ['UTC', { wire: '2024-03-10T00:00:00Z', iso: '2024-03-10T00:00:00.000Z' }],
    ['a negative offset', { wire: '2024-03-10T00:00:00-05:00', iso: '2024-03-10T05:00:00.000Z' }],
    [
      'an offset without colon',
      { wire: '2015-02-10T17:12:23-0700', iso: '2015-02-11T00:12:23.000Z' },
    ],
    ['an hour-only offset', { wire: '2015-02-10T17:12:23+02', iso: '2015-02-10T15:12:23.000Z' }],
    ['a space and lower case', { wire: '2015-02-10 17:12:23.5z', iso: '2015-02-10T17:12:23.500Z' }],
    ['a leap second', { wire: '2016-12-31T23:59:60Z', iso: '2016-12-31T23:59:59.999Z' }],
  ];
  it.each(decodes)('decodes %s', (_name, { wire, iso }) => {
    expect(dateTimeCodec.decode(wire).toISOString()).toBe(iso);
  });
  it('encodes as UTC with milliseconds', () => {
    expect(dateTimeCodec.encode(new Date(Date.UTC(2024, 0, 1)))).toBe('2024-01-01T00:00:00.000Z');
  });
});

describe('dateCodec', () => {
  const days = ['2024-03-10', '2024-01-01', '2024-02-29', '1999-12-31', '0001-01-01', '9999-12-31'];
  it.each(days)('%s decodes to UTC midnight and encodes back unchanged', (day) => {
    const value = dateCodec.decode(day);
    expect(value.toISOString()).toBe(`${day}T00:00:00.000Z`);
    expect(dateCodec.encode(value)).toBe(day);
  });
  const encodes: [string, { value: Date; want: string }][] = [
    ['local midnight (new Date(y, m, d))', { value: new Date(2024, 0, 1), want: '2024-01-01' }],
    ['late in the local evening', { value: new Date(2024, 0, 1, 23, 30), want: '2024-01-01' }],
    [
      'UTC midnight (new Date("2024-01-01"))',
      { value: new Date('2024-01-01'), want: '2024-01-01' },
    ],
  ];
  it.each(encodes)('encodes %s as that day', (_name, { value, want }) => {
    expect(dateCodec.encode(value)).toBe(want);
  });
});

describe('int64Codec', () => {
  const cases: [string, { wire: number | bigint; value: bigint }][] = [
    ['zero', { wire: 0, value: 0n }],
    ['2^53 - 1 (a safe number)', { wire: Number.MAX_SAFE_INTEGER, value: 2n ** 53n - 1n }],
    ['2^63 - 1 (a bigint on the wire)', { wire: INT64_MAX, value: INT64_MAX }],
    ['-2^63', { wire: INT64_MIN, value: INT64_MIN }],
  ];
  it.each(cases)('%s: decodes and encodes back', (_name, { wire, value }) => {
    expect(int64Codec.decode(wire)).toBe(value);
    expect(int64Codec.encode(value)).toBe(wire);
  });
});

describe('JSON', () => {
  afterEach(() => void useNativeJson(true));
  const text = `{"id":${INT64_MAX},"low":${INT64_MIN},"small":42,"ratio":1.5,"big":1e300,"n":[-1,${2n ** 53n + 1n}]}`;
  const value = {
    id: INT64_MAX,
    low: INT64_MIN,
    small: 42,
    ratio: 1.5,
    big: 1e300,
    n: [-1, 2n ** 53n + 1n],
  };
  const writers: [string, boolean][] = [
    ['lossless-json (Node 20, older browsers)', false],
    ['JSON.rawJSON (Node 21+)', true],
  ];
  it.each(writers)(
    'reading and writing with %s: unsafe integers are exact bigints, other numbers stay numbers',
    (_name, native) => {
      const used = useNativeJson(native);
      if (native && !used) expect(process.versions.node.split('.')[0]).toBe('20');
      expect(parseJson(text)).toEqual(value);
      expect(stringifyJson(value)).toBe(text.replace('1e300', '1e+300'));
      expect(parseJson(stringifyJson({ ...value, big: 1 })!)).toEqual({ ...value, big: 1 });
    },
  );
  const fast: [string, { text: string; want: unknown }][] = [
    [
      'no long digits: JSON.parse as is',
      { text: '{"n":[1,2.5,-3e5],"s":"x"}', want: { n: [1, 2.5, -3e5], s: 'x' } },
    ],
    ['2^53 - 1 is a number', { text: '[9007199254740991]', want: [9007199254740991] }],
    ['2^53 + 1 is a bigint', { text: '[9007199254740993]', want: [9007199254740993n] }],
    [
      'long digits in a string stay a string',
      { text: '{"id":"12345678901234567890"}', want: { id: '12345678901234567890' } },
    ],
    [
      'a long decimal fraction stays a number',
      { text: '[0.12345678901234567]', want: [Number('0.12345678901234567')] },
    ],
  ];
  it.each(fast)('%s', (_name, { text: given, want }) => {
    expect(parseJson(given)).toEqual(want);
  });
});

describe('zod codecs over the conversions', () => {
  const flavours = [
    [
      'classic',
      {
        dateTime: z.codec(z.iso.datetime({ offset: true }), z.date(), dateTimeCodec),
        date: z.codec(z.iso.date(), z.date(), dateCodec),
        int64: z.codec(z.union([z.int(), z.bigint()]), z.bigint(), int64Codec),
      },
    ],
    [
      'mini',
      {
        dateTime: zm.codec(zm.iso.datetime({ offset: true }), zm.date(), dateTimeCodec),
        date: zm.codec(zm.iso.date(), zm.date(), dateCodec),
        int64: zm.codec(zm.union([zm.int(), zm.bigint()]), zm.bigint(), int64Codec),
      },
    ],
  ] as const;
  it.each(flavours)('%s: an object round-trips through decode and encode', (_name, codecs) => {
    const schema = zm.object({
      at: codecs.dateTime,
      day: codecs.date,
      id: codecs.int64,
      note: zm.optional(zm.string()),
    });
    const wire = { at: '2024-01-01T00:00:00.000Z', day: '2024-01-01', id: INT64_MAX };
    const decoded = zm.decode(schema, wire);
    expect(decoded.at).toBeInstanceOf(Date);
    expect(decoded.day.getUTCDate()).toBe(1);
    expect(decoded.id).toBe(INT64_MAX);
    expect(zm.encode(schema, decoded)).toEqual(wire);
    expect(schema.safeParse({ ...wire, day: '2024-02-30' }).success).toBe(false);
    expect(zm.safeEncode(schema, { ...decoded, at: new Date(NaN) }).success).toBe(false);
  });
});
