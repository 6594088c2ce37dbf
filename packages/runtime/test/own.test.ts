import { describe, expect, it } from 'vitest';
import { setOwn } from '../src/own.js';

/** Builds the record a case starts from (a fresh one each time). */
type Given = { record: () => Record<string, unknown>; key: string };

const cases: [string, { given: Given; want: { keys: string[] } }][] = [
  [
    'a new name on a plain object',
    {
      given: { record: () => ({ a: 1 }), key: 'b' },
      want: { keys: ['a', 'b'] },
    },
  ],
  [
    '__proto__ is a property, not the prototype',
    {
      given: { record: () => ({}), key: '__proto__' },
      want: { keys: ['__proto__'] },
    },
  ],
  [
    'a name Object.prototype has (toString) is an own property',
    {
      given: { record: () => ({}), key: 'toString' },
      want: { keys: ['toString'] },
    },
  ],
  [
    'an own property that was not enumerable becomes enumerable',
    {
      given: {
        record: () => Object.defineProperty({}, 'hidden', { value: 0, configurable: true }),
        key: 'hidden',
      },
      want: { keys: ['hidden'] },
    },
  ],
  [
    'a name behind a setter of the prototype does not call it',
    {
      given: {
        record: () =>
          Object.create(
            Object.defineProperty({}, 'trap', {
              set() {
                throw new Error('the setter ran');
              },
            }),
          ) as Record<string, unknown>,
        key: 'trap',
      },
      want: { keys: ['trap'] },
    },
  ],
  [
    'a record without a prototype',
    {
      given: { record: () => Object.create(null) as Record<string, unknown>, key: '__proto__' },
      want: { keys: ['__proto__'] },
    },
  ],
];

describe('setOwn', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    const record = given.record();
    const prototype = Object.getPrototypeOf(record) as object | null;
    setOwn(record, given.key, 'value');
    expect(Object.keys(record)).toEqual(want.keys);
    expect(Object.getOwnPropertyDescriptor(record, given.key)).toEqual({
      value: 'value',
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect(Object.getPrototypeOf(record)).toBe(prototype);
  });
});
