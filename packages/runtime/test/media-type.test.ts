import { describe, expect, it } from 'vitest';
import { mediaTypeEssence } from '../src/media-type.js';

describe('mediaTypeEssence', () => {
  const cases: [string, { given: string | null | undefined; want: string }][] = [
    ['a plain media type', { given: 'application/json', want: 'application/json' }],
    [
      'parameters dropped',
      { given: 'text/event-stream; charset=utf-8', want: 'text/event-stream' },
    ],
    ['case folded', { given: 'Application/Problem+JSON', want: 'application/problem+json' }],
    [
      'spaces around it',
      { given: '  multipart/form-data ; boundary=x', want: 'multipart/form-data' },
    ],
    ['no header at all', { given: null, want: '' }],
    ['undefined', { given: undefined, want: '' }],
    ['an empty header', { given: '', want: '' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(mediaTypeEssence(given)).toBe(want);
  });
});
