/**
 * `transformers` in the diff (`zapgen diff`, and the release a generation computes): a format
 * that turns a value into a `Date` or `bigint`, gained or lost, changes the client's types
 * (`type-changed`, breaking both ways); without the option it stays what it was (a constraint).
 */
import { describe, expect, test } from 'vitest';
import type { TransformersConfig } from '../../src/config/types.js';
import { diffModels } from '../../src/diff/compare.js';
import { buildModel } from '../../src/model/index.js';
import { petsSpec, type Doc } from './support.js';

function withPet(properties: Record<string, unknown>): Doc {
  const doc = petsSpec();
  Object.assign(doc.components.schemas.Pet.properties, properties);
  return doc;
}

const rulesOf = (base: Doc, revision: Doc, transformers?: TransformersConfig) => [
  ...new Set(
    diffModels({ base: buildModel(base), revision: buildModel(revision), transformers })
      .filter((change) => change.message.includes('born') || change.message.includes('id'))
      .map((change) => `${change.rule}: ${change.message.replace(/^.*?: /, '')}`),
  ),
];

describe('format changes under transformers', () => {
  const cases: [
    string,
    { base: Doc; revision: Doc; transformers?: TransformersConfig; want: string[] },
  ][] = [
    [
      'date-time added, dates on: string → Date',
      {
        base: withPet({ born: { type: 'string' } }),
        revision: withPet({ born: { type: 'string', format: 'date-time' } }),
        transformers: { dates: true },
        want: [
          'response-type-changed: string → Date (format none → date-time, transformers.dates)',
          'response-constraint-narrowed: format none → "date-time"',
        ],
      },
    ],
    [
      'date-time added, dates off: only the constraint',
      {
        base: withPet({ born: { type: 'string' } }),
        revision: withPet({ born: { type: 'string', format: 'date-time' } }),
        want: ['response-constraint-narrowed: format none → "date-time"'],
      },
    ],
    [
      'date-time → date, dates on: still a Date',
      {
        base: withPet({ born: { type: 'string', format: 'date-time' } }),
        revision: withPet({ born: { type: 'string', format: 'date' } }),
        transformers: { dates: true },
        want: ['response-constraint-narrowed: format "date-time" → "date"'],
      },
    ],
    [
      'int64 removed, bigint on: bigint → number',
      {
        base: withPet({ id: { type: 'integer', format: 'int64' } }),
        revision: withPet({ id: { type: 'integer' } }),
        transformers: { bigint: true },
        want: [
          'response-constraint-widened: format int64 → undefined',
          'response-type-changed: bigint → number (format int64 → none, transformers.bigint)',
        ],
      },
    ],
    [
      'int64 removed, bigint off: only the wider constraint',
      {
        base: withPet({ id: { type: 'integer', format: 'int64' } }),
        revision: withPet({ id: { type: 'integer' } }),
        transformers: { dates: true },
        want: ['response-constraint-widened: format int64 → undefined'],
      },
    ],
  ];
  test.each(cases)('%s', (_name, { base, revision, transformers, want }) => {
    const got = rulesOf(base, revision, transformers).filter(
      (line) => !line.startsWith('documentation-changed'),
    );
    expect(got).toEqual(want);
  });
});
