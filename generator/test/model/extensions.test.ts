import { describe, expect, it } from 'vitest';
import type { OperationExtensions } from '../../src/model/index.js';
import { onlyOperation } from './support.js';

function extensionsOf(given: Record<string, unknown>): OperationExtensions {
  return onlyOperation({ paths: { '/a': { get: { operationId: 'a', responses: {}, ...given } } } })
    .extensions;
}

const a = { in: 'query', name: 'a' } as const;
const b = { in: 'query', name: 'b' } as const;

describe('x-zapgen-* extensions', () => {
  const cases: [string, { given: Record<string, unknown>; want: OperationExtensions }][] = [
    ['none → no rules, nothing else', { given: {}, want: { rules: [] } }],
    [
      'rules of both kinds',
      {
        given: {
          'x-zapgen-rules': [
            { kind: 'mutuallyExclusive', parameters: [a, b], description: 'a or b' },
            { kind: 'requiredWith', if: a, then: [b] },
          ],
        },
        want: {
          rules: [
            { kind: 'mutuallyExclusive', parameters: [a, b], description: 'a or b' },
            { kind: 'requiredWith', if: a, then: [b] },
          ],
        },
      },
    ],
    [
      'rules with a malformed entry are left out whole (the linter reports the entry)',
      {
        given: {
          'x-zapgen-rules': [
            { kind: 'mutuallyExclusive', parameters: [a] },
            { kind: 'mutuallyExclusive', parameters: [a, { in: 'body', name: 'b' }] },
            { kind: 'requiredWith', if: a },
            { kind: 'other' },
            'text',
            { kind: 'requiredWith', if: a, then: [b] },
          ],
        },
        want: { rules: [] },
      },
    ],
    [
      'rules not a list → none',
      { given: { 'x-zapgen-rules': { kind: 'mutuallyExclusive' } }, want: { rules: [] } },
    ],
    [
      'stability',
      {
        given: { 'x-zapgen-stability': { level: 'beta', note: 'May change.' } },
        want: { rules: [], stability: { level: 'beta', note: 'May change.' } },
      },
    ],
    [
      'stability without level dropped',
      { given: { 'x-zapgen-stability': { note: 'x' } }, want: { rules: [] } },
    ],
    [
      'cache',
      {
        given: { 'x-zapgen-cache': { ttlSeconds: 60, scope: ['account'], refreshParameter: a } },
        want: { rules: [], cache: { ttlSeconds: 60, scope: ['account'], refreshParameter: a } },
      },
    ],
    [
      'cache with a malformed refresh parameter dropped',
      {
        given: { 'x-zapgen-cache': { ttlSeconds: 60, scope: [], refreshParameter: 'a' } },
        want: { rules: [] },
      },
    ],
    [
      'page pagination, firstPage defaults to 1',
      {
        given: {
          'x-zapgen-pagination': {
            kind: 'page',
            pageParameter: 'page',
            sizeParameter: 'size',
            itemsField: 'items',
            totalPagesField: 'pages',
          },
        },
        want: {
          rules: [],
          pagination: {
            kind: 'page',
            pageParameter: 'page',
            sizeParameter: 'size',
            itemsField: 'items',
            totalPagesField: 'pages',
            firstPage: 1,
          },
        },
      },
    ],
    [
      'offset pagination over a bare array',
      {
        given: {
          'x-zapgen-pagination': {
            kind: 'offset',
            offsetParameter: 'offset',
            limitParameter: 'limit',
            itemsField: '',
          },
        },
        want: {
          rules: [],
          pagination: {
            kind: 'offset',
            offsetParameter: 'offset',
            limitParameter: 'limit',
            itemsField: '',
          },
        },
      },
    ],
    [
      'pagination of unknown kind dropped',
      {
        given: { 'x-zapgen-pagination': { kind: 'cursor', itemsField: 'x' } },
        want: { rules: [] },
      },
    ],
    [
      'polling',
      {
        given: { 'x-zapgen-polling': { whileField: 'pending', intervalMs: 500 } },
        want: { rules: [], polling: { whileField: 'pending', intervalMs: 500 } },
      },
    ],
    [
      'polling with a string interval dropped',
      {
        given: { 'x-zapgen-polling': { whileField: 'pending', intervalMs: '500' } },
        want: { rules: [] },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(extensionsOf(given)).toEqual(want);
  });
});
