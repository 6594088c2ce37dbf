import { describe, expect, it } from 'vitest';
import { jsonEqual } from '../../src/json/value.js';

describe('jsonEqual: the same JSON', () => {
  const cases: [string, { left: unknown; right: unknown; want: boolean }][] = [
    ['key order does not count', { left: { a: 1, b: [2] }, right: { b: [2], a: 1 }, want: true }],
    ['array order counts', { left: [1, 2], right: [2, 1], want: false }],
    [
      'a member that is undefined is not in the JSON',
      { left: { a: 1, b: undefined }, right: { a: 1 }, want: true },
    ],
    ['a missing key', { left: { a: 1 }, right: { b: 1 }, want: false }],
    ['an array is no object', { left: [], right: {}, want: false }],
    ['null is no object', { left: null, right: {}, want: false }],
    ['1 is not "1"', { left: 1, right: '1', want: false }],
    ['nested', { left: { a: [{ b: null }] }, right: { a: [{ b: null }] }, want: true }],
  ];
  it.each(cases)('%s', (_name, { left, right, want }) => {
    expect(jsonEqual(left, right)).toBe(want);
    expect(jsonEqual(right, left)).toBe(want);
  });
});
