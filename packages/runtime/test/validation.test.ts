import { describe, expect, it } from 'vitest';
import type { OperationDefinition } from '../src/definition.js';
import { checkRules, isSet, responseFor } from '../src/validation.js';

describe('isSet (spec/README: present and not null, false, "", [] or {})', () => {
  it.each([
    [undefined, false],
    [null, false],
    [false, false],
    ['', false],
    [[], false],
    [{}, false],
    [0, true],
    [true, true],
    ['x', true],
    [[1], true],
    [{ a: 1 }, true],
  ])('%j is set: %s', (value, want) => {
    expect(isSet(value)).toBe(want);
  });
});

describe('checkRules', () => {
  const shrink = [
    { kind: 'requiredWith' as const, if: { in: 'query' as const, name: 'app' }, then: [{ in: 'query' as const, name: 'action' }] },
    { kind: 'requiredWith' as const, if: { in: 'query' as const, name: 'action' }, then: [{ in: 'query' as const, name: 'action_type' }] },
  ];
  const exclusive = [
    {
      kind: 'mutuallyExclusive' as const,
      parameters: [
        { in: 'query' as const, name: 'a' },
        { in: 'query' as const, name: 'b' },
      ],
    },
  ];

  const cases: [string, { rules: typeof shrink | typeof exclusive; query: Record<string, unknown>; want: string[] }][] = [
    ['requiredWith satisfied', { rules: shrink, query: { app: 'x', action: 'y', action_type: 'write' }, want: [] }],
    ['requiredWith chain broken', { rules: shrink, query: { app: 'x', action: 'y' }, want: ['action_type is required when action is set'] }],
    ['requiredWith trigger unset', { rules: shrink, query: { action_type: 'write' }, want: [] }],
    ['mutually exclusive both set', { rules: exclusive, query: { a: true, b: 1 }, want: ['a, b are mutually exclusive: set at most one of them'] }],
    ['mutually exclusive, one false', { rules: exclusive, query: { a: true, b: false }, want: [] }],
  ];

  it.each(cases)('%s', (_name, { rules, query, want }) => {
    expect(checkRules(rules, { query }).map((issue) => issue.message)).toEqual(want);
  });
});

describe('responseFor', () => {
  const operation = {
    responses: [
      { status: '200', mediaTypes: [] },
      { status: '4XX', mediaTypes: [] },
      { status: 'default', mediaTypes: [] },
    ],
  } as unknown as OperationDefinition;

  it.each([
    [200, '200'],
    [404, '4XX'],
    [503, 'default'],
  ])('status %i uses %s', (status, want) => {
    expect(responseFor(operation, status)?.status).toBe(want);
  });
});
