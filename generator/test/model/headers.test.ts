/** The headers with a meaning for every call: an operation's idempotency key, the request id. */
import { describe, expect, test } from 'vitest';
import { idempotencyHeader, requestIdHeader } from '../../src/model/headers.js';
import type { ApiModel, OperationModel } from '../../src/model/types.js';
import { operation, parameter, jsonResponse, string } from '../emit/client/model.js';

describe('idempotencyHeader', () => {
  const cases: [string, { given: OperationModel; want: string | undefined }][] = [
    [
      'a header parameter named Idempotency-Key (any case)',
      {
        given: operation({
          operationId: 'a',
          method: 'post',
          path: '/',
          parameters: [parameter({ name: 'idempotency-key', in: 'header' })],
        }),
        want: 'idempotency-key',
      },
    ],
    [
      'X-Idempotency-Key',
      {
        given: operation({
          operationId: 'a',
          method: 'post',
          path: '/',
          parameters: [parameter({ name: 'X-Idempotency-Key', in: 'header' })],
        }),
        want: 'X-Idempotency-Key',
      },
    ],
    [
      'x-zapgen-idempotency wins and needs no parameter',
      {
        given: operation({
          operationId: 'a',
          method: 'post',
          path: '/',
          extensions: { rules: [], idempotency: { header: 'X-Request-Key' } },
        }),
        want: 'X-Request-Key',
      },
    ],
    [
      'a query parameter of that name is not a header',
      {
        given: operation({
          operationId: 'a',
          method: 'post',
          path: '/',
          parameters: [parameter({ name: 'Idempotency-Key', in: 'query' })],
        }),
        want: undefined,
      },
    ],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(idempotencyHeader(given)).toBe(want);
  });
});

describe('requestIdHeader', () => {
  const withHeader = (name: string): ApiModel =>
    ({
      operations: [
        operation({
          operationId: 'a',
          method: 'get',
          path: '/',
          responses: [
            {
              ...jsonResponse('200', string),
              headers: [{ name, required: false, schema: string }],
            },
          ],
        }),
      ],
    }) as ApiModel;
  test.each([
    ['X-Request-Id', 'x-request-id'],
    ['Request-Id', 'request-id'],
    ['X-Correlation-ID', 'x-correlation-id'],
    ['X-RateLimit-Remaining', undefined],
  ])('%s → %s', (name, want) => {
    expect(requestIdHeader(withHeader(name))).toBe(want);
  });
});
