import { afterAll, describe, expect, it } from 'vitest';
import type { SchemaModel } from '../../../src/model/types.js';
import { apiModel, importZod, s, removeScratchDirs } from './support.js';

interface Case {
  given: SchemaModel;
  /** Other component schemas `given` refers to. */
  others?: Record<string, SchemaModel>;
  want: {
    accepts?: unknown[];
    rejects?: unknown[];
    /** `[input, parsed output]` pairs. */
    outputs?: [unknown, unknown][];
  };
}

const str = s({ kind: 'string' });
const int = s({ kind: 'number', integer: true });
const prop = (name: string, schema: SchemaModel, required = true) => ({ name, schema, required });
const object = (
  properties: ReturnType<typeof prop>[],
  additionalProperties: boolean | SchemaModel = true,
  extra = {},
) => s({ kind: 'object', properties, additionalProperties, ...extra });
const ref = (name: string, extra = {}) => s({ kind: 'ref', name, ...extra });

const cases: [string, Case][] = [
  [
    'nullable string',
    {
      given: s({ kind: 'string', nullable: true }),
      want: { accepts: ['a', null], rejects: [1, undefined] },
    },
  ],
  [
    'null only',
    { given: s({ kind: 'null', nullable: true }), want: { accepts: [null], rejects: ['null', 0] } },
  ],
  [
    'nullable reference',
    {
      given: ref('Name', { nullable: true }),
      others: { Name: str },
      want: { accepts: ['a', null], rejects: [2] },
    },
  ],
  [
    'open object keeps unknown keys',
    {
      given: object([prop('id', int)]),
      want: {
        rejects: [{}, { id: 'x' }, null],
        outputs: [
          [
            { id: 1, extra: 'kept' },
            { id: 1, extra: 'kept' },
          ],
        ],
      },
    },
  ],
  [
    'closed object rejects unknown keys',
    {
      given: object([prop('id', int)], false),
      want: { accepts: [{ id: 1 }], rejects: [{ id: 1, extra: 1 }] },
    },
  ],
  [
    'optional properties',
    {
      given: object([prop('id', int), prop('tag', str, false)], false),
      want: {
        accepts: [{ id: 1 }, { id: 1, tag: 't' }],
        rejects: [{ tag: 't' }, { id: 1, tag: null }],
      },
    },
  ],
  [
    'record of typed values',
    { given: object([], int), want: { accepts: [{}, { a: 1, b: 2 }], rejects: [{ a: 'x' }] } },
  ],
  [
    'properties with typed catchall',
    {
      given: object([prop('name', str)], int),
      want: { accepts: [{ name: 'n', a: 1 }], rejects: [{ name: 'n', a: 'x' }, { a: 1 }] },
    },
  ],
  [
    'property count and names',
    {
      given: object([], true, {
        minProperties: 1,
        maxProperties: 2,
        propertyNames: s({ kind: 'string', pattern: '^x-' }),
      }),
      want: {
        accepts: [{ 'x-a': 1 }, { 'x-a': 1, 'x-b': 2 }],
        rejects: [{}, { 'x-a': 1, 'x-b': 2, 'x-c': 3 }, { y: 1 }],
      },
    },
  ],
  [
    'patternProperties with closed additional properties',
    {
      given: object([prop('id', int, false)], false, {
        patternProperties: [{ pattern: '^n_', schema: int }],
      }),
      want: { accepts: [{ id: 1, n_a: 2 }, {}], rejects: [{ n_a: 'x' }, { other: 1 }] },
    },
  ],
  [
    'anyOf union',
    {
      given: s({ kind: 'union', mode: 'anyOf', variants: [str, int] }),
      want: { accepts: ['a', 1], rejects: [true, null] },
    },
  ],
  [
    'type array union',
    {
      given: s({ kind: 'union', mode: 'types', variants: [str, s({ kind: 'boolean' })] }),
      want: { accepts: ['a', false], rejects: [1] },
    },
  ],
  [
    'oneOf: exactly one variant',
    {
      given: s({
        kind: 'union',
        mode: 'oneOf',
        variants: [object([prop('a', int)]), object([prop('b', int)])],
      }),
      want: { accepts: [{ a: 1 }, { b: 1 }], rejects: [{ a: 1, b: 1 }, {}] },
    },
  ],
  [
    'oneOf with discriminator',
    {
      given: s({
        kind: 'union',
        mode: 'oneOf',
        variants: [ref('Cat'), ref('Dog')],
        discriminator: { propertyName: 'kind', mapping: {} },
      }),
      others: {
        Cat: object([
          prop('kind', s({ kind: 'const', value: 'cat' })),
          prop('meows', s({ kind: 'boolean' }), false),
        ]),
        Dog: object([
          prop('kind', s({ kind: 'enum', values: ['dog'] })),
          prop('barks', s({ kind: 'boolean' }), false),
        ]),
      },
      want: {
        accepts: [{ kind: 'cat', meows: true }, { kind: 'dog' }],
        rejects: [{ kind: 'cow' }, { meows: true }],
      },
    },
  ],
  [
    'oneOf with discriminator but duplicate values falls back to exactly-one',
    {
      given: s({
        kind: 'union',
        mode: 'oneOf',
        variants: [ref('A'), ref('B')],
        discriminator: { propertyName: 'kind', mapping: {} },
      }),
      others: {
        A: object([prop('kind', s({ kind: 'const', value: 'x' })), prop('a', int)]),
        B: object([prop('kind', s({ kind: 'const', value: 'x' })), prop('b', int)]),
      },
      want: { accepts: [{ kind: 'x', a: 1 }], rejects: [{ kind: 'x', a: 1, b: 1 }] },
    },
  ],
  [
    'allOf of open objects',
    {
      given: s({
        kind: 'intersection',
        parts: [object([prop('a', int)]), object([prop('b', str)])],
      }),
      want: {
        rejects: [{ a: 1 }, { b: 'x' }],
        outputs: [
          [
            { a: 1, b: 'x', c: true },
            { a: 1, b: 'x', c: true },
          ],
        ],
      },
    },
  ],
  [
    'allOf of closed parts accepts their properties together, and no others',
    {
      given: s({
        kind: 'intersection',
        parts: [object([prop('a', int)], false), object([prop('b', str, false)], false)],
      }),
      want: { accepts: [{ a: 1 }, { a: 1, b: 'x' }], rejects: [{ a: 1, c: 1 }, { b: 'x' }] },
    },
  ],
  [
    'allOf of a closed part and an open one: the properties of both, and no others (zod alone would accept any key)',
    {
      given: s({
        kind: 'intersection',
        parts: [object([prop('a', int)], false), object([prop('b', str, false)])],
      }),
      want: {
        accepts: [{ a: 1 }, { a: 1, b: 'x' }],
        rejects: [{ a: 1, c: 1 }, { a: 1, b: 'x', c: 1 }, { b: 'x' }],
      },
    },
  ],
  [
    "allOf with a part's typed extra values (appcenter): its catchall checks only the keys no part names, inline or through a reference",
    {
      given: s({
        kind: 'intersection',
        parts: [
          ref('Config'),
          object([prop('id', int)]),
          object([prop('count', int, false)], object([prop('name', str)])),
        ],
      }),
      others: {
        Config: object(
          [prop('enabled', s({ kind: 'boolean' }), false)],
          object([prop('name', str)]),
        ),
      },
      want: {
        accepts: [{ id: 5 }, { id: 5, count: 2, other: { name: 'n' } }],
        rejects: [{ id: 'x' }, { id: 5, count: 'x' }, { id: 5, other: 3 }, { id: 5, other: {} }],
      },
    },
  ],
  [
    'a closed object with an anyOf of required lists (apideck): no other keys',
    {
      given: s({
        kind: 'intersection',
        parts: [
          object([prop('id', str, false), prop('name', str, false)], false),
          s({
            kind: 'union',
            mode: 'anyOf',
            variants: [
              object([prop('id', s({ kind: 'unknown' }))]),
              object([prop('name', s({ kind: 'unknown' }))]),
            ],
          }),
        ],
      }),
      want: { accepts: [{ id: 'x' }, { name: 'n' }], rejects: [{}, { id: 'x', other: 1 }] },
    },
  ],
  [
    'allOf of an allOf with a closed part (epilot): the keys of the whole tree, and no others',
    {
      given: s({
        kind: 'intersection',
        parts: [ref('Item'), object([prop('total', int, false)])],
      }),
      others: {
        Item: s({
          kind: 'intersection',
          parts: [object([prop('_id', str, false)]), ref('Activity')],
        }),
        Activity: object([prop('title', str)], false),
      },
      want: {
        accepts: [{ title: 't' }, { title: 't', _id: 'i', total: 1 }],
        rejects: [{ title: 't', other: 1 }, { _id: 'i' }],
      },
    },
  ],
  [
    'keys matching a pattern of a part are known',
    {
      given: s({
        kind: 'intersection',
        parts: [
          object([prop('a', int)], false, { patternProperties: [{ pattern: '^x-', schema: str }] }),
          object([]),
        ],
      }),
      want: { accepts: [{ a: 1, 'x-b': 'y' }], rejects: [{ a: 1, other: 'y' }] },
    },
  ],
  [
    'allOf parts with different defaults (mistral): the most specific one applies, no unmergeable intersection',
    {
      given: s({
        kind: 'intersection',
        parts: [
          ref('Request'),
          object([
            prop(
              'stream',
              s({ kind: 'enum', values: [true], baseType: 'boolean', default: { value: true } }),
              false,
            ),
          ]),
        ],
      }),
      others: {
        Request: object(
          [
            prop('input', str),
            prop('stream', s({ kind: 'boolean', default: { value: false } }), false),
          ],
          false,
        ),
      },
      want: {
        outputs: [
          [{ input: 'x' }, { input: 'x', stream: true }],
          [
            { input: 'x', stream: true },
            { input: 'x', stream: true },
          ],
        ],
        rejects: [{ input: 'x', stream: false }, { stream: true }, { input: 'x', other: 1 }],
      },
    },
  ],
  [
    'a default through a reference that another part contradicts: the one every part accepts',
    {
      given: s({
        kind: 'intersection',
        parts: [
          object([
            prop('mode', s({ kind: 'enum', values: ['a'], default: { value: 'a' } }), false),
          ]),
          object([prop('mode', ref('Mode'), false)]),
        ],
      }),
      others: { Mode: s({ kind: 'enum', values: ['a', 'b'], default: { value: 'b' } }) },
      want: { outputs: [[{}, { mode: 'a' }]], rejects: [{ mode: 'b' }] },
    },
  ],
  [
    'different defaults inside an object property both parts describe (pagerduty): filled in where the object is',
    {
      given: s({
        kind: 'intersection',
        parts: [
          object([
            prop(
              'path',
              object([prop('type', s({ kind: 'string', default: { value: 'service' } }), false)]),
              false,
            ),
          ]),
          object([
            prop(
              'path',
              object([prop('type', s({ kind: 'string', default: { value: 'global' } }), false)]),
              false,
            ),
          ]),
        ],
      }),
      want: {
        outputs: [
          [{}, {}],
          [{ path: {} }, { path: { type: 'global' } }],
          [{ path: { type: 'x' } }, { path: { type: 'x' } }],
        ],
        rejects: [{ path: 'x' }],
      },
    },
  ],
  [
    'defaults of which no part accepts the others (motaword): none applied, absent stays absent',
    {
      given: s({
        kind: 'intersection',
        parts: [
          ref('OperationStatus'),
          object([
            prop(
              'status',
              s({
                kind: 'enum',
                values: ['already_confirmed'],
                default: { value: 'already_confirmed' },
              }),
              false,
            ),
          ]),
        ],
      }),
      others: {
        OperationStatus: object([prop('status', ref('OperationStatusEnum'), false)]),
        OperationStatusEnum: s({
          kind: 'enum',
          values: ['success', 'error'],
          default: { value: 'success' },
        }),
      },
      want: {
        outputs: [
          [{}, {}],
          [{ other: 1 }, { other: 1 }],
        ],
        rejects: [{ status: 'success' }, { status: 'already_confirmed' }, { status: 1 }],
      },
    },
  ],
  [
    'a property one part requires gets no default filled in',
    {
      given: s({
        kind: 'intersection',
        parts: [
          object([prop('n', s({ kind: 'number', integer: false, default: { value: 1 } }), false)]),
          object([prop('n', s({ kind: 'number', integer: false, default: { value: 2 } }), false)]),
          object([prop('n', s({ kind: 'number', integer: false }))]),
        ],
      }),
      want: { accepts: [{ n: 3 }], rejects: [{}, { n: 'x' }] },
    },
  ],
  [
    'an integer is a safe integer',
    {
      given: int,
      want: { accepts: [0, -3, Number.MAX_SAFE_INTEGER], rejects: [1.5, 2 ** 63, 'x'] },
    },
  ],
  [
    'an integer whose bounds or default go beyond 2^53 (digitalocean: 2^63 - 1) takes any integral number, as ajv',
    {
      given: s({
        kind: 'number',
        integer: true,
        format: 'int64',
        minimum: 1,
        maximum: 2 ** 63, // 2^63 - 1 as JSON.parse reads it
        default: { value: 2 ** 63 },
      }),
      want: {
        accepts: [1, 2 ** 63, Number.MAX_SAFE_INTEGER + 1],
        rejects: [0, 1.5, 2 ** 64, 'x'],
        outputs: [[undefined, 2 ** 63]],
      },
    },
  ],
  [
    'uuid accepts any version, as ajv does',
    {
      given: s({ kind: 'string', format: 'uuid' }),
      want: {
        accepts: [
          '123e4567-e89b-12d3-a456-426614174000',
          '00000000-0000-0000-0000-000000000000',
          'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
        ],
        rejects: ['123e4567e89b12d3a456426614174000', 'x'],
      },
    },
  ],
  [
    'date-time needs an offset',
    {
      given: s({ kind: 'string', format: 'date-time' }),
      want: {
        accepts: ['2024-01-15T14:30:00Z', '2024-01-15T14:30:00.5+02:00'],
        rejects: ['2024-01-15T14:30:00', '2024-01-15'],
      },
    },
  ],
  [
    // What real servers write and ajv accepts: an offset without its colon, a space, lower case.
    'date-time as ajv reads RFC 3339',
    {
      given: s({ kind: 'string', format: 'date-time' }),
      want: {
        accepts: [
          '2015-02-10T17:12:23-0700',
          '2015-02-10T17:12:23-07',
          '2015-02-10 17:12:23Z',
          '2016-02-29t00:00:00z',
        ],
        rejects: ['2015-02-29T00:00:00Z', '2015-02-10T24:00:00Z', '2015-02-10T17:12:23+2400'],
      },
    },
  ],
  [
    'date',
    {
      given: s({ kind: 'string', format: 'date' }),
      want: { accepts: ['2024-02-29'], rejects: ['2024-02-30T00:00:00Z', '24-1-1'] },
    },
  ],
  [
    'time needs an offset, as ajv',
    {
      given: s({ kind: 'string', format: 'time' }),
      want: { accepts: ['14:30:00Z', '14:30:00.25+02:00'], rejects: ['14:30', '25:00:00Z'] },
    },
  ],
  [
    'email',
    {
      given: s({ kind: 'string', format: 'email' }),
      want: { accepts: ['a.b@example.com'], rejects: ['a@', 'example.com'] },
    },
  ],
  [
    'uri',
    {
      given: s({ kind: 'string', format: 'uri' }),
      want: {
        accepts: ['https://example.com/a?b=c', 'urn:isbn:0451450523'],
        rejects: ['/relative', 'no scheme'],
      },
    },
  ],
  [
    'unknown format is a plain string',
    {
      given: s({ kind: 'string', format: 'x-custom' }),
      want: { accepts: ['anything'], rejects: [1] },
    },
  ],
  [
    'int32 range',
    {
      given: s({ kind: 'number', integer: true, format: 'int32' }),
      want: { accepts: [2147483647], rejects: [2147483648, 1.5] },
    },
  ],
  [
    'int64 is a safe integer',
    {
      given: s({ kind: 'number', integer: true, format: 'int64' }),
      want: { accepts: [9007199254740991], rejects: [2 ** 60, 0.5] },
    },
  ],
  [
    'string enum with ""',
    {
      given: s({ kind: 'enum', values: ['', 'a'] }),
      want: { accepts: ['', 'a'], rejects: ['b', null] },
    },
  ],
  [
    'nullable enum',
    {
      given: s({ kind: 'enum', values: ['a'], nullable: true }),
      want: { accepts: ['a', null], rejects: ['b'] },
    },
  ],
  [
    'mixed enum',
    {
      given: s({ kind: 'enum', values: [1, 'one', true] }),
      want: { accepts: [1, 'one', true], rejects: ['1', false] },
    },
  ],
  [
    'object enum',
    {
      given: s({ kind: 'enum', values: [{ a: 1, b: [2] }] }),
      want: { accepts: [{ b: [2], a: 1 }], rejects: [{ a: 1 }] },
    },
  ],
  ['const', { given: s({ kind: 'const', value: 3 }), want: { accepts: [3], rejects: [4, '3'] } }],
  [
    'empty enum accepts nothing',
    { given: s({ kind: 'enum', values: [] }), want: { rejects: ['', null] } },
  ],
  [
    'string lengths and pattern',
    {
      given: s({ kind: 'string', minLength: 2, maxLength: 4, pattern: '^[a-z]+$' }),
      want: { accepts: ['ab', 'abcd'], rejects: ['a', 'abcde', 'AB'] },
    },
  ],
  [
    'unicode pattern',
    {
      given: s({ kind: 'string', pattern: '^\\p{Lu}' }),
      want: { accepts: ['Édith'], rejects: ['édith'] },
    },
  ],
  [
    'pattern JavaScript cannot compile is skipped',
    { given: s({ kind: 'string', pattern: '(?<!a' }), want: { accepts: ['anything'] } },
  ],
  [
    'number ranges and multipleOf',
    {
      given: s({
        kind: 'number',
        integer: false,
        minimum: 0,
        exclusiveMaximum: 10,
        multipleOf: 0.5,
      }),
      want: { accepts: [0, 9.5], rejects: [-0.5, 10, 1.25] },
    },
  ],
  [
    'exclusive minimum',
    {
      given: s({ kind: 'number', integer: true, exclusiveMinimum: 0, maximum: 3 }),
      want: { accepts: [1, 3], rejects: [0, 4] },
    },
  ],
  [
    'array bounds',
    {
      given: s({ kind: 'array', items: int, minItems: 1, maxItems: 2 }),
      want: { accepts: [[1], [1, 2]], rejects: [[], [1, 2, 3], ['a']] },
    },
  ],
  [
    'unique items',
    {
      given: s({ kind: 'array', items: s({ kind: 'unknown' }), uniqueItems: true }),
      want: {
        accepts: [[1, '1', { a: 1 }]],
        rejects: [
          [1, 1],
          [
            { a: 1, b: 2 },
            { b: 2, a: 1 },
          ],
        ],
      },
    },
  ],
  [
    'tuple with rest items',
    {
      given: s({ kind: 'array', prefixItems: [str, int], items: s({ kind: 'boolean' }) }),
      want: {
        accepts: [
          ['a', 1],
          ['a', 1, true],
        ],
        rejects: [
          ['a', 'b'],
          ['a', 1, 2],
        ],
      },
    },
  ],
  [
    'closed tuple',
    {
      given: s({ kind: 'array', prefixItems: [str], items: s({ kind: 'never' }) }),
      want: { accepts: [['a']], rejects: [['a', 'b']] },
    },
  ],
  [
    'unknown accepts anything',
    { given: s({ kind: 'unknown' }), want: { accepts: [null, 1, {}, []] } },
  ],
  ['never accepts nothing', { given: s({ kind: 'never' }), want: { rejects: [null, 1, {}] } }],
  [
    'defaults are applied',
    {
      given: object([
        prop('limit', s({ kind: 'number', integer: true, default: { value: 10 } }), false),
        prop('tags', s({ kind: 'array', items: str, default: { value: [] } }), false),
      ]),
      want: {
        outputs: [
          [{}, { limit: 10, tags: [] }],
          [{ limit: 3 }, { limit: 3, tags: [] }],
        ],
      },
    },
  ],
  [
    'a required oneOf whose member has a default (openai input): absent is refused, not defaulted',
    {
      given: object([
        prop(
          'input',
          s({
            kind: 'union',
            mode: 'oneOf',
            variants: [
              s({ kind: 'string', default: { value: '' } }),
              s({ kind: 'array', items: int }),
            ],
          }),
        ),
      ]),
      want: {
        accepts: [{ input: 'text' }, { input: [1, 2] }],
        rejects: [{}, { input: undefined }],
        outputs: [[{ input: 'text' }, { input: 'text' }]],
      },
    },
  ],
  [
    'a default that does not fit the schema is dropped',
    {
      given: object([
        prop('limit', s({ kind: 'number', integer: true, default: { value: '10' } }), false),
      ]),
      want: { outputs: [[{}, {}]] },
    },
  ],
  [
    'nullable with a null default',
    {
      given: object([
        prop('at', s({ kind: 'string', nullable: true, default: { value: null } }), false),
      ]),
      want: { outputs: [[{}, { at: null }]] },
    },
  ],
  [
    'refers to schemas whose names sort after it (declared first)',
    {
      given: object([prop('z', ref('Zebra')), prop('y', ref('Yak'))]),
      others: { Zebra: ref('Yak'), Yak: s({ kind: 'string', minLength: 1 }) },
      want: { accepts: [{ z: 'a', y: 'b' }], rejects: [{ z: '', y: 'b' }] },
    },
  ],
  [
    'self-recursive schema',
    {
      given: ref('Node'),
      others: {
        Node: object(
          [prop('name', str), prop('children', s({ kind: 'array', items: ref('Node') }), false)],
          false,
        ),
      },
      want: {
        accepts: [{ name: 'a', children: [{ name: 'b', children: [] }] }],
        rejects: [
          { name: 'a', children: [{ children: [] }] },
          { name: 'a', children: [{ name: 'b', extra: 1 }] },
        ],
      },
    },
  ],
  [
    'mutually recursive schemas',
    {
      given: ref('Even'),
      others: {
        Even: object([prop('next', ref('Odd', { nullable: true }))], false),
        Odd: object([prop('next', ref('Even', { nullable: true }))], false),
      },
      want: {
        accepts: [{ next: { next: { next: null } } }],
        rejects: [{ next: { next: { next: 1 } } }, { next: {} }],
      },
    },
  ],
  [
    'a cycle of bare references has no value to check: any value (no type that names itself, TS2456)',
    {
      given: ref('Other'),
      others: { Other: ref('Subject') },
      want: { accepts: [1, 'a', {}, null, [true]] },
    },
  ],
  [
    'a cycle of references through unions: any value, not an endless recursion',
    {
      given: s({ kind: 'union', mode: 'oneOf', variants: [ref('Other'), str] }),
      others: { Other: s({ kind: 'union', mode: 'anyOf', variants: [ref('Subject'), int] }) },
      want: { accepts: [1, 'a', { x: 1 }, null] },
    },
  ],
  [
    'recursive union through a discriminator stays lazy',
    {
      given: ref('Expr'),
      others: {
        Expr: s({
          kind: 'union',
          mode: 'oneOf',
          variants: [ref('Lit'), ref('Not')],
          discriminator: { propertyName: 'op', mapping: {} },
        }),
        Lit: object(
          [prop('op', s({ kind: 'const', value: 'lit' })), prop('value', s({ kind: 'boolean' }))],
          false,
        ),
        Not: object(
          [prop('op', s({ kind: 'const', value: 'not' })), prop('of', ref('Expr'))],
          false,
        ),
      },
      want: {
        accepts: [{ op: 'not', of: { op: 'lit', value: true } }],
        rejects: [{ op: 'not', of: { op: 'lit' } }],
      },
    },
  ],
  [
    'string with excluded values (not: {enum} on an open string)',
    {
      given: s({ kind: 'string', minLength: 1, excluded: ['x', "it's"] }),
      want: { accepts: ['y', 'xx'], rejects: ['x', "it's", ''] },
    },
  ],
  [
    'integer with excluded values',
    {
      given: s({ kind: 'number', integer: true, excluded: [0, 1] }),
      want: { accepts: [2, -1], rejects: [0, 1, 1.5] },
    },
  ],
];

describe('zod emitter: schema mapping', () => {
  afterAll(removeScratchDirs);

  it.each(cases)('%s', async (_name, { given, others = {}, want }) => {
    const { componentSchemas } = await importZod(
      apiModel({ schemas: { ...others, Subject: given } }),
    );
    const subject = componentSchemas.Subject!;
    for (const value of want.accepts ?? [])
      expect(subject.safeParse(value), JSON.stringify(value)).toMatchObject({ success: true });
    for (const value of want.rejects ?? [])
      expect(subject.safeParse(value), JSON.stringify(value)).toMatchObject({ success: false });
    for (const [input, output] of want.outputs ?? [])
      expect(subject.safeParse(input)).toEqual({ success: true, data: output });
  });
});
