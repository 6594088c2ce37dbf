import { describe, expect, it } from 'vitest';
import type { MockPredicate, MockValue } from '../../src/mock/index.js';
import { holds, mappedValue, pointerValues, type Scope } from '../../src/mock/values.js';

const zap = {
  id: 7,
  tags: ['a', 'b'],
  steps: [
    { app: { slug: 'crm' }, params: { list: 'leads' } },
    { app: { slug: 'slack' }, params: { channel: 'C1', thread: 't' } },
  ],
};
const scope = (query: Record<string, unknown> = {}): Scope => ({
  parameters: { query },
  body: { params: { a: { mode: 'locked', value: 1 }, b: { mode: 'ignored', value: 2 } } },
  parent: undefined,
  caller: { user: 1, app: 'crm' },
});

describe('pointerValues', () => {
  it.each([
    ['a property', { given: { value: zap, pointer: '/id' }, want: [7] }],
    [
      'every member with *',
      { given: { value: zap, pointer: '/steps/*/app/slug' }, want: ['crm', 'slack'] },
    ],
    ['an index', { given: { value: zap, pointer: '/tags/1' }, want: ['b'] }],
    ['nothing for a missing property', { given: { value: zap, pointer: '/nope/x' }, want: [] }],
    ['the whole value for ""', { given: { value: 3, pointer: '' }, want: [3] }],
    ['no prototype members', { given: { value: {}, pointer: '/constructor' }, want: [] }],
  ])('%s', (_name, { given, want }) =>
    expect(pointerValues(given.value, given.pointer)).toEqual(want),
  );
});

const cases: [
  string,
  {
    given: { predicate: MockPredicate; query?: Record<string, unknown>; flags?: string[] };
    want: boolean;
  },
][] = [
  [
    'equals a caller attribute (any member)',
    {
      given: { predicate: { field: '/steps/*/app/slug', op: 'equals', source: { caller: 'app' } } },
      want: true,
    },
  ],
  [
    'notEquals a caller attribute',
    {
      given: {
        predicate: { field: '/steps/*/app/slug', op: 'notEquals', source: { caller: 'app' } },
      },
      want: false,
    },
  ],
  [
    'an unset parameter leaves the filter out',
    {
      given: {
        predicate: {
          field: '/id',
          op: 'equals',
          source: { parameter: { in: 'query', name: 'id' } },
        },
      },
      want: true,
    },
  ],
  [
    'a query string matches the number it spells',
    {
      given: {
        predicate: {
          field: '/id',
          op: 'equals',
          source: { parameter: { in: 'query', name: 'id' } },
        },
        query: { id: '7' },
      },
      want: true,
    },
  ],
  [
    'in a list',
    { given: { predicate: { field: '/id', op: 'in', source: { value: [1, 7] } } }, want: true },
  ],
  [
    'notIn a list',
    { given: { predicate: { field: '/id', op: 'notIn', source: { value: [1, 7] } } }, want: false },
  ],
  [
    'containsAll holds when every value is there',
    {
      given: { predicate: { field: '/tags', op: 'containsAll', source: { value: ['a', 'b'] } } },
      want: false,
    },
  ],
  [
    'containsAll over members',
    {
      given: { predicate: { field: '/tags/*', op: 'containsAll', source: { value: ['a', 'b'] } } },
      want: true,
    },
  ],
  [
    'includes: an object with these keys and values',
    {
      given: {
        predicate: {
          field: '/steps/*/params',
          op: 'includes',
          source: { value: { channel: 'C1' } },
        },
      },
      want: true,
    },
  ],
  [
    'a flag present',
    { given: { predicate: { flag: 'builtIn', present: true }, flags: ['builtIn'] }, want: true },
  ],
  [
    'a flag absent',
    { given: { predicate: { flag: 'builtIn', present: false }, flags: ['builtIn'] }, want: false },
  ],
  [
    'when: inactive while the parameter is unset',
    {
      given: {
        predicate: {
          field: '/id',
          op: 'equals',
          source: { value: 1 },
          when: { in: 'query', name: 'only' },
        },
      },
      want: true,
    },
  ],
  [
    'when: active once set',
    {
      given: {
        predicate: {
          field: '/id',
          op: 'equals',
          source: { value: 1 },
          when: { in: 'query', name: 'only' },
        },
        query: { only: true },
      },
      want: false,
    },
  ],
  [
    'some: one member matches every inner predicate',
    {
      given: {
        predicate: {
          some: '/steps',
          where: [
            { field: '/app/slug', op: 'equals', source: { value: 'slack' } },
            { field: '/params', op: 'includes', source: { value: { channel: 'C1' } } },
          ],
        },
      },
      want: true,
    },
  ],
  [
    'some: no member matches both',
    {
      given: {
        predicate: {
          some: '/steps',
          where: [
            { field: '/app/slug', op: 'equals', source: { value: 'crm' } },
            { field: '/params', op: 'includes', source: { value: { channel: 'C1' } } },
          ],
        },
      },
      want: false,
    },
  ],
];

describe('holds', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(
      holds(given.predicate, { data: zap, flags: given.flags ?? [] }, scope(given.query)),
    ).toBe(want);
  });
});

describe('mappedValue', () => {
  it.each([
    ['a body pointer', { given: { body: '/params/a/value' } as MockValue, want: 1 }],
    [
      'each member picked, filtered by where',
      {
        given: {
          body: '/params',
          each: '/value',
          where: [{ field: '/mode', op: 'notEquals', source: { value: 'ignored' } }],
        } as MockValue,
        want: { a: 1 },
      },
    ],
    ['a caller attribute', { given: { caller: 'user' } as MockValue, want: 1 }],
    ['a literal', { given: { value: [1] } as MockValue, want: [1] }],
  ])('%s', (_name, { given, want }) => expect(mappedValue(given, scope())).toEqual(want));
});
