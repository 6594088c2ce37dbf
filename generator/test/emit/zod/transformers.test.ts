/**
 * The config's `transformers` in the zod emitter: `date-time`/`date` strings and `int64`
 * integers become codecs whose input is the wire value (checked as before) and whose output is
 * a `Date`/`bigint`; both flavours agree (`importZod` runs each value through both), encoding
 * gives the wire value back, and without the options the module is what it was.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { TransformersConfig } from '../../../src/config/types.js';
import type { SchemaModel } from '../../../src/model/types.js';
import { zodModule } from '../../../src/emit/zod/module.js';
import { CLASSIC } from '../../../src/emit/zod/flavour.js';
import { RUNTIME_PACKAGE } from '../../../src/pipeline.js';
import { apiModel, importZod, removeScratchDirs, s, typecheck } from './support.js';

afterAll(removeScratchDirs);

const INT64_MAX = 2n ** 63n - 1n;
const dateTime = s({ kind: 'string', format: 'date-time' });
const date = s({ kind: 'string', format: 'date' });
const int64 = s({ kind: 'number', integer: true, format: 'int64' });
const BOTH: TransformersConfig = { dates: true, bigint: true };

interface Case {
  given: SchemaModel;
  transformers: TransformersConfig;
  /** `[wire, decoded]`: parsing `wire` gives `decoded`, encoding `decoded` gives `wire`. */
  roundTrips?: [unknown, unknown][];
  /** `[wire, decoded]`: decoding only (the offset the server wrote is not kept). */
  decodes?: [unknown, unknown][];
  /** Parsed as they are (the option does not apply). */
  unchanged?: unknown[];
  rejects?: unknown[];
}

const cases: [string, Case][] = [
  [
    'date-time with dates',
    {
      given: dateTime,
      transformers: { dates: true },
      roundTrips: [['2024-01-01T05:00:00.000Z', new Date(Date.UTC(2024, 0, 1, 5))]],
      rejects: ['2024-01-01', 'yesterday', 1],
    },
  ],
  [
    'date-time with an offset decodes to its instant',
    {
      given: dateTime,
      transformers: { dates: true },
      decodes: [
        ['2024-01-01T00:00:00-05:00', new Date(Date.UTC(2024, 0, 1, 5))],
        ['2015-02-10 17:12:23-0700', new Date(Date.UTC(2015, 1, 11, 0, 12, 23))],
      ],
      rejects: ['2024-02-30T00:00:00Z'],
    },
  ],
  [
    'date with dates',
    {
      given: date,
      transformers: { dates: true },
      roundTrips: [['2024-02-29', new Date(Date.UTC(2024, 1, 29))]],
      rejects: ['2023-02-29', '2024-01-01T00:00:00Z'],
    },
  ],
  [
    'date-time with bigint only stays a string',
    { given: dateTime, transformers: { bigint: true }, unchanged: ['2024-01-01T00:00:00Z'] },
  ],
  [
    'int64 with bigint',
    {
      given: int64,
      transformers: { bigint: true },
      roundTrips: [
        [42, 42n],
        [INT64_MAX, INT64_MAX],
      ],
      rejects: [1.5, '42'],
    },
  ],
  [
    'int64 with dates only stays a number',
    { given: int64, transformers: { dates: true }, unchanged: [42] },
  ],
  [
    'int32 with bigint stays a number',
    {
      given: s({ kind: 'number', integer: true, format: 'int32' }),
      transformers: { bigint: true },
      unchanged: [7],
    },
  ],
  [
    'nullable date-time with a default',
    {
      given: s({
        kind: 'string',
        format: 'date-time',
        nullable: true,
        default: { value: '2024-01-01T00:00:00Z' },
      }),
      transformers: BOTH,
      roundTrips: [[null, null]],
      rejects: [3],
    },
  ],
  [
    'an object of all three, with an optional one',
    {
      given: s({
        kind: 'object',
        properties: [
          { name: 'at', schema: dateTime, required: true },
          { name: 'day', schema: date, required: false },
          { name: 'id', schema: int64, required: true },
        ],
        additionalProperties: false,
      }),
      transformers: BOTH,
      roundTrips: [
        [
          { at: '2024-01-01T00:00:00.000Z', day: '2024-01-01', id: INT64_MAX },
          {
            at: new Date(Date.UTC(2024, 0, 1)),
            day: new Date(Date.UTC(2024, 0, 1)),
            id: INT64_MAX,
          },
        ],
        [
          { at: '2024-01-01T00:00:00.000Z', id: 1 },
          { at: new Date(Date.UTC(2024, 0, 1)), id: 1n },
        ],
      ],
      rejects: [{ at: '2024-01-01T00:00:00Z', id: 'x' }],
    },
  ],
];

describe('zod codecs under transformers', () => {
  it.each(cases)(
    '%s',
    async (
      _name,
      { given, transformers, roundTrips = [], decodes = [], unchanged = [], rejects = [] },
    ) => {
      const { componentSchemas, classic } = await importZod(
        apiModel({ schemas: { Value: given } }),
        {
          transformers,
        },
      );
      const schema = componentSchemas.Value!;
      for (const [wire, decoded] of roundTrips) {
        expect(schema.safeParse(wire)).toMatchObject({ success: true, data: decoded });
        expect(z.encode(classic.componentSchemas.Value as unknown as z.ZodType, decoded)).toEqual(
          wire,
        );
      }
      for (const [wire, decoded] of decodes)
        expect(schema.safeParse(wire)).toMatchObject({ success: true, data: decoded });
      for (const value of unchanged)
        expect(schema.safeParse(value)).toMatchObject({ success: true, data: value });
      for (const value of rejects)
        expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    },
  );

  it('a default is the decoded wire default', async () => {
    const { componentSchemas } = await importZod(
      apiModel({
        schemas: {
          Value: s({ ...dateTime, default: { value: '2024-01-01T00:00:00Z' } } as SchemaModel),
        },
      }),
      { transformers: BOTH },
    );
    expect(componentSchemas.Value!.safeParse(undefined).data).toEqual(
      new Date(Date.UTC(2024, 0, 1)),
    );
  });

  it('without transformers (or with every one off) the module is unchanged and imports no codec', () => {
    const model = apiModel({ schemas: { A: dateTime, B: date, C: int64 } });
    const plain = zodModule({ model, runtimePackage: RUNTIME_PACKAGE, flavour: CLASSIC });
    expect(plain).not.toContain('codec');
    expect(
      zodModule({ model, runtimePackage: RUNTIME_PACKAGE, flavour: CLASSIC, transformers: {} }),
    ).toBe(plain);
    const on = zodModule({
      model,
      runtimePackage: RUNTIME_PACKAGE,
      flavour: CLASSIC,
      transformers: BOTH,
    });
    expect(on).toContain(
      'import { dateCodec, dateTimeCodec, int64Codec } from "@zapgen/runtime/codecs";',
    );
  });

  it('the output types are Date and bigint, the input types the wire, also when spelled out', () => {
    const model = apiModel({
      schemas: {
        Event: s({
          kind: 'object',
          properties: [
            { name: 'at', schema: dateTime, required: true },
            { name: 'id', schema: int64, required: true },
            { name: 'next', schema: s({ kind: 'ref', name: 'Event' }), required: false },
          ],
          additionalProperties: false,
        }),
        Day: date,
      },
    });
    const errors = typecheck([
      {
        path: 'src/zod.ts',
        contents: zodModule({
          model,
          runtimePackage: RUNTIME_PACKAGE,
          flavour: CLASSIC,
          transformers: BOTH,
        }),
      },
      {
        path: 'src/use.ts',
        contents: `import * as z from 'zod';
import { DaySchema, EventSchema, type Event, type EventInput } from './zod.js';
const event: Event = EventSchema.parse({ at: '2024-01-01T00:00:00Z', id: 1 });
const at: Date = event.at;
const id: bigint = event.id;
const later: Date | undefined = event.next?.at;
const wire: EventInput = { at: '2024-01-01T00:00:00Z', id: 9223372036854775807n };
const day: Date = DaySchema.parse('2024-01-01');
const dayWire: string = z.encode(DaySchema, day);
// @ts-expect-error: the input is the wire string, not a Date
const wrong: EventInput = { at: new Date(), id: 1 };
export { at, id, later, wire, dayWire, wrong };
`,
      },
    ]);
    expect(errors).toEqual([]);
  });
});
