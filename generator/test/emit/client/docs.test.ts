import { describe, expect, test } from 'vitest';
import { errorClassFor } from '../../../src/emit/client/docs.js';
// The runtime is what throws: the documented class must be the one it constructs.
import { errorForStatus } from '../../../../packages/runtime/src/client/errors-from-response.js';

describe('errorClassFor documents what the runtime throws', () => {
  const cases: [string, { status: number; want: string }][] = [
    ['400', { status: 400, want: 'ClientError' }],
    ['401', { status: 401, want: 'UnauthorizedError' }],
    ['403', { status: 403, want: 'ForbiddenError' }],
    ['404', { status: 404, want: 'NotFoundError' }],
    ['409', { status: 409, want: 'ClientError' }],
    ['422', { status: 422, want: 'ClientError' }],
    ['429', { status: 429, want: 'RateLimitError' }],
    ['500', { status: 500, want: 'ServerError' }],
    ['503', { status: 503, want: 'ServerError' }],
    ['302', { status: 302, want: 'ApiError' }],
  ];
  test.each(cases)('%s', (status, { want }) => {
    const thrown = errorForStatus({
      operationId: 'op',
      method: 'get',
      url: 'https://api.example.com',
      status: Number(status),
      body: undefined,
      headers: {},
    });
    expect(thrown.constructor.name).toBe(want);
    expect(errorClassFor(status)).toBe(want);
  });

  test.each([
    ['4XX', 'ClientError'],
    ['5XX', 'ServerError'],
    ['default', 'ApiError'],
  ])('range %s', (status, want) => {
    expect(errorClassFor(status)).toBe(want);
  });
});
