/**
 * The helpers generated `fixtures.ts` modules call to write an invalid value as the valid one
 * changed in one place: the result is that value, a new copy each time, whatever the key's name.
 * `invalidFixtures` builds a schema's `invalid` list from those changes, one line of data each.
 */
import { describe, expect, it } from 'vitest';
import { deleteAt, invalidFixtures, setAt, type InvalidChange } from '../src/fixtures/index.js';

describe('setAt', () => {
  const cases: [string, { base: unknown; pointer: string; value: unknown; want: unknown }][] = [
    [
      'replaces a property',
      { base: { a: 1, b: 2 }, pointer: '/a', value: 'x', want: { a: 'x', b: 2 } },
    ],
    [
      'adds a property at the end',
      { base: { a: 1 }, pointer: '/extra', value: true, want: { a: 1, extra: true } },
    ],
    [
      'replaces a nested array item',
      {
        base: { list: [{ id: 1 }, { id: 2 }] },
        pointer: '/list/1/id',
        value: -1,
        want: { list: [{ id: 1 }, { id: -1 }] },
      },
    ],
    [
      'reads escaped segments',
      {
        base: { 'a/b': { '~c': 1 } },
        pointer: '/a~1b/~0c',
        value: 2,
        want: { 'a/b': { '~c': 2 } },
      },
    ],
    [
      'replaces a whole nested value',
      { base: { a: { b: [1, 2] } }, pointer: '/a/b', value: [], want: { a: { b: [] } } },
    ],
  ];
  it.each(cases)('%s', (_name, { base, pointer, value, want }) => {
    const before = structuredClone(base);
    expect(setAt(base, pointer, value)).toEqual(want);
    expect(base).toEqual(before);
  });

  it('sets `__proto__` as an own property, not the prototype', () => {
    const result = setAt({ a: 1 }, '/__proto__', { polluted: true }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.hasOwn(result, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('gives a new value on each call', () => {
    const base = { a: { b: 1 } };
    const first = setAt(base, '/a/b', 2) as { a: { b: number } };
    first.a.b = 3;
    expect(setAt(base, '/a/b', 2)).toEqual({ a: { b: 2 } });
  });

  it.each([
    ['the root', '', /points at the whole value/],
    ['a missing parent', '/missing/key', /does not exist/],
    ['a parent that is not an object', '/a/b', /does not exist/],
    ['a non-index in an array', '/list/first', /array index/],
  ])('fails on %s', (_name, pointer, message) => {
    expect(() => setAt({ a: 1, list: [1] }, pointer, 0)).toThrow(message);
  });
});

describe('deleteAt', () => {
  const cases: [string, { base: unknown; pointer: string; want: unknown }][] = [
    ['removes a property', { base: { a: 1, b: 2 }, pointer: '/a', want: { b: 2 } }],
    [
      'removes a nested property',
      { base: { a: { b: 1, c: 2 } }, pointer: '/a/c', want: { a: { b: 1 } } },
    ],
    ['removes an array item', { base: [1, 2, 3], pointer: '/1', want: [1, 3] }],
    [
      // RFC 6901: "/" is the property named "" (ote-godaddy.com/orders in APIs.guru has one)
      'removes the property whose name is the empty string',
      { base: { '': 1, a: 2 }, pointer: '/', want: { a: 2 } },
    ],
    [
      'removes a nested empty-named property',
      { base: { a: { '': 1 } }, pointer: '/a/', want: { a: {} } },
    ],
  ];
  it.each(cases)('%s', (_name, { base, pointer, want }) => {
    const before = structuredClone(base);
    expect(deleteAt(base, pointer)).toEqual(want);
    expect(base).toEqual(before);
  });
});

describe('invalidFixtures', () => {
  const minimal = { id: 1, owner: { login: 'a' }, tags: ['x', 'y'] };
  const cases: [string, { change: InvalidChange; want: unknown }][] = [
    [
      '[rule, pointer] deletes',
      { change: ['required at /id', '/id'], want: { owner: { login: 'a' }, tags: ['x', 'y'] } },
    ],
    [
      '[rule, pointer, value] sets',
      {
        change: ['type at /owner/login', '/owner/login', 12345],
        want: { id: 1, owner: { login: 12345 }, tags: ['x', 'y'] },
      },
    ],
    [
      'an array item deleted',
      {
        change: ['minItems at /tags', '/tags/1'],
        want: { id: 1, owner: { login: 'a' }, tags: ['x'] },
      },
    ],
    [
      "[rule, '', value] is the value itself",
      { change: ['type', '', 'not an object'], want: 'not an object' },
    ],
    [
      'a value of null is set, not deleted',
      { change: ['type at /id', '/id', null], want: { ...minimal, id: null } },
    ],
  ];
  it.each(cases)('%s', (_name, { change, want }) => {
    const before = structuredClone(minimal);
    const [entry] = invalidFixtures(() => minimal, [change]);
    expect(entry!.rule).toBe(change[0]);
    expect(entry!.value).toEqual(want);
    expect(minimal).toEqual(before);
  });

  it('reads `minimal` when a value is read, so it may be defined after the list', () => {
    const fixture: { minimal: unknown; invalid: ReturnType<typeof invalidFixtures> } = {
      minimal: undefined,
      invalid: invalidFixtures(() => fixture.minimal, [['required at /id', '/id']]),
    };
    fixture.minimal = { id: 1, name: 'a' };
    expect(fixture.invalid[0]!.value).toEqual({ name: 'a' });
  });

  it('gives a new copy on each read, which a test may change', () => {
    const [set, root] = invalidFixtures(
      () => minimal,
      [
        ['type at /owner', '/owner', { login: 1 }],
        ['type', '', { nested: [1] }],
      ],
    );
    for (const entry of [set!, root!]) {
      const first = entry.value as Record<string, unknown>;
      expect(entry.value).not.toBe(first);
      first.changed = true;
      expect(entry.value).not.toHaveProperty('changed');
    }
  });

  it('keeps each entry an own enumerable `rule` and `value`, as an object literal has them', () => {
    const [entry] = invalidFixtures(() => minimal, [['required at /id', '/id']]);
    expect(Object.keys(entry!)).toEqual(['rule', 'value']);
    expect({ ...entry! }).toEqual({
      rule: 'required at /id',
      value: { owner: { login: 'a' }, tags: ['x', 'y'] },
    });
  });

  it('sets `__proto__` as an own property, not the prototype', () => {
    const [entry] = invalidFixtures(
      () => ({ a: 1 }),
      [['additionalProperties', '/__proto__', { polluted: true }]],
    );
    const value = entry!.value as Record<string, unknown>;
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
