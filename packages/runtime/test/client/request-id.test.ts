import { describe, expect, it } from 'vitest';
import { requestIdOf } from '../../src/client/errors-from-response.js';

const cases: [
  string,
  { given: { headers: Record<string, string>; declared?: string }; want: string | undefined },
][] = [
  ['no request id header', { given: { headers: { 'content-type': 'a/b' } }, want: undefined }],
  ['no header at all', { given: { headers: {} }, want: undefined }],
  ['a usual one', { given: { headers: { 'x-trace-id': 't1', date: 'd' } }, want: 't1' }],
  [
    'two usual ones: the first in the usual order, not in the response’s',
    { given: { headers: { 'x-trace-id': 't1', 'request-id': 'r1' } }, want: 'r1' },
  ],
  [
    'a usual one with an empty value: the next one',
    { given: { headers: { 'x-request-id': '', 'x-correlation-id': 'c1' } }, want: 'c1' },
  ],
  ['only an empty value', { given: { headers: { 'x-request-id': '' } }, want: undefined }],
  ['names in any case', { given: { headers: { 'X-Amzn-RequestId': 'amz' } }, want: 'amz' }],
  [
    'the spec’s own header first',
    {
      given: {
        headers: { 'x-request-id': 'usual', 'x-github-request-id': 'GH' },
        declared: 'x-github-request-id',
      },
      want: 'GH',
    },
  ],
  [
    'the spec’s own header absent: the usual ones',
    {
      given: { headers: { 'x-request-id': 'usual' }, declared: 'x-github-request-id' },
      want: 'usual',
    },
  ],
];

describe('requestIdOf', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(requestIdOf(new Headers(given.headers), given.declared)).toBe(want);
  });
});
