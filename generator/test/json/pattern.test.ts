import { describe, expect, it } from 'vitest';
import {
  backtracking,
  compilePattern,
  linearMatcher,
  unicodePattern,
} from '../../src/json/pattern.js';

describe('unicodePattern: a spec pattern as JavaScript reads it with the u flag', () => {
  const cases: [string, { given: string; want: string | undefined }][] = [
    ['a pattern JavaScript reads as is', { given: '^[a-z]+\\d{2}$', want: '^[a-z]+\\d{2}$' }],
    ['unicode property escapes stay', { given: '^\\p{L}+$', want: '^\\p{L}+$' }],
    [
      'an escaped colon (PCRE, and JavaScript without u) loses its backslash',
      { given: '^(http|https)\\://\\S+$', want: '^(http|https)://\\S+$' },
    ],
    [
      'an escaped hyphen outside a class',
      { given: '^ami\\-([a-f0-9]{8})$', want: '^ami-([a-f0-9]{8})$' },
    ],
    [
      'an escaped hyphen inside a class stays (valid with u)',
      { given: '^[a-z\\-\\:]+$', want: '^[a-z\\-:]+$' },
    ],
    ['escaped syntax characters stay', { given: '^\\$\\.\\(\\)\\/$', want: '^\\$\\.\\(\\)\\/$' }],
    [
      'a PCRE-only class is not read (no guess at its meaning)',
      { given: '\\p{XDigit}{8}', want: undefined },
    ],
    ['an unbalanced pattern is not read', { given: '^(a', want: undefined }],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(unicodePattern(given)).toBe(want);
    if (want !== undefined) expect(() => new RegExp(want, 'u')).not.toThrow();
  });
});

describe('backtracking: whether zapgen may run a pattern itself (compilePattern)', () => {
  const cases: [string, { given: string; want: 'exponential' | 'polynomial' | 'linear' }][] = [
    [
      "AWS Transfer's SourceFileLocation: a repeated group whose parts match the same characters",
      { given: '^\\$\\{(\\w+.)+\\w+\\}$', want: 'exponential' },
    ],
    ['nested quantifiers', { given: '^(a+)+$', want: 'exponential' }],
    [
      'two adjacent quantifiers over the same characters',
      { given: '^.+@.+\\..+$', want: 'polynomial' },
    ],
    ['a class repeated once', { given: '^[a-z][a-z0-9-]*$', want: 'linear' }],
    ['a repeated group of one character', { given: '^(.)+', want: 'linear' }],
    ['a UUID', { given: '^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$', want: 'linear' }],
    [
      'unanchored (at most quadratic: retried at each position)',
      { given: '[a-z]+x', want: 'linear' },
    ],
    ['unicode property escapes', { given: '^\\p{L}+$', want: 'linear' }],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const found = backtracking(given);
    expect(found === undefined ? 'linear' : found.growth).toBe(want);
    // zapgen runs a pattern only when it is linear.
    expect(compilePattern(given) !== undefined).toBe(want === 'linear');
  });

  it('reads a pattern JavaScript cannot compile as nothing to run', () => {
    expect(backtracking('^(a')).toBeUndefined();
    expect(compilePattern('^(a')).toBeUndefined();
  });
});

describe('linearMatcher: a pattern run by RE2, in time linear in the string', () => {
  const cases: [string, { pattern: string; value: string; want: boolean | 'unreadable' }][] = [
    ['a match', { pattern: '^(\\d+)+-\\d\\d$', value: '2024-01', want: true }],
    // 30,000 characters: JavaScript's engine would take longer than the universe has left.
    [
      'no match on the string a backtracking engine hangs on',
      { pattern: '^(a+)+$', value: `${'a'.repeat(30_000)}b`, want: false },
    ],
    [
      'an identity escape JavaScript reads with u once rewritten',
      { pattern: '^a\\:b$', value: 'a:b', want: true },
    ],
    [
      'lookahead, which RE2 does not read: no matcher',
      { pattern: '^(?=a)(a+)+$', value: 'a', want: 'unreadable' },
    ],
  ];
  it.each(cases)('%s', (_name, { pattern, value, want }) => {
    const matcher = linearMatcher(pattern);
    if (want === 'unreadable') return expect(matcher).toBeUndefined();
    expect(matcher?.(value)).toBe(want);
  });
});
