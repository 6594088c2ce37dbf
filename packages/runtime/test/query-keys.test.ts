/**
 * The cache keys TanStack Query and SWR share: built at run time from the route, they keep the
 * shape users invalidate by (`[{ api, resource, operationId, args? }]`).
 */
import { describe, expect, test } from 'vitest';
import type { OperationDefinition } from '../src/definition.js';
import { operationKey, operationScope, resourceOf } from '../src/query-keys.js';

function route(path: string, operationId: string): OperationDefinition {
  return { operationId, method: 'get', path, parameters: [] } as unknown as OperationDefinition;
}

describe('resourceOf', () => {
  const cases: [string, { given: string; want: string }][] = [
    ['a collection is its own resource', { given: '/v1/zaps', want: '/v1/zaps' }],
    ['an item belongs to its collection', { given: '/v1/zaps/{id}/', want: '/v1/zaps' }],
    ['nested parameters all go', { given: '/v1/a/{x}/{y}', want: '/v1/a' }],
    [
      'a parameter inside the path stays',
      { given: '/v1/apps/{app}/auths', want: '/v1/apps/{app}/auths' },
    ],
    ['the root', { given: '/{id}', want: '/' }],
  ];
  test.each(cases)('%s', (_, { given, want }) => expect(resourceOf(given)).toBe(want));
});

describe('operation keys', () => {
  const cases: [string, { given: () => unknown; want: unknown }][] = [
    [
      'a query: API, resource, operationId and arguments',
      {
        given: () =>
          operationKey(operationScope('@zapgen/a', route('/v1/zaps/{id}/', 'getZap')), {
            path: { id: 'z1' },
          }),
        want: [
          {
            api: '@zapgen/a',
            resource: '/v1/zaps',
            operationId: 'getZap',
            args: { path: { id: 'z1' } },
          },
        ],
      },
    ],
    [
      'arguments without any value are no arguments',
      {
        given: () =>
          operationKey(operationScope('@zapgen/a', route('/v1/zaps', 'listZaps')), {
            query: undefined,
          }),
        want: [{ api: '@zapgen/a', resource: '/v1/zaps', operationId: 'listZaps' }],
      },
    ],
    [
      'an infinite query says so',
      {
        given: () =>
          operationKey(
            operationScope('@zapgen/a', route('/v1/zaps', 'listZaps')),
            {},
            { infinite: true },
          ),
        want: [{ api: '@zapgen/a', resource: '/v1/zaps', operationId: 'listZaps', infinite: true }],
      },
    ],
  ];
  test.each(cases)('%s', (_, { given, want }) => expect(given()).toStrictEqual(want));

  test('one route in two APIs keeps each its own API', () => {
    const shared = route('/v1/zaps', 'listZaps');
    expect(operationScope('@zapgen/a', shared).api).toBe('@zapgen/a');
    expect(operationScope('@zapgen/b', shared).api).toBe('@zapgen/b');
  });
});
