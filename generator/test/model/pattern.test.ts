import { describe, expect, it } from 'vitest';
import { unicodePattern } from '../../src/model/pattern.js';

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
