/** A large run collects its garbage between phases: what nothing references is freed then. */
import { setTimeout as tick } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { collectGarbage } from '../src/memory.js';

/** A reference to an object that nothing else holds. */
const unreferenced = () => new WeakRef({ large: new Array(100_000).fill('x') });

const cases: [
  string,
  { given: Parameters<typeof collectGarbage>[0]; want: 'collected' | 'kept' },
][] = [
  ['the heap is above the threshold', { given: { aboveBytes: 0 }, want: 'collected' }],
  ['the heap is below the threshold', { given: { aboveBytes: 2 ** 52 }, want: 'kept' }],
  // Between emitters: not again until the heap has grown by that much since the last collection.
  [
    'the heap has not grown enough since the last collection',
    { given: { aboveBytes: 0, grownBytes: 2 ** 52 }, want: 'kept' },
  ],
  [
    'the heap has grown enough since the last collection',
    { given: { aboveBytes: 0, grownBytes: 1 }, want: 'collected' },
  ],
];

it.each(cases)('collects what nothing references when %s', async (_name, { given, want }) => {
  collectGarbage({ aboveBytes: 0 });
  const ref = unreferenced();
  // A WeakRef's target survives the job that created it; then a full collection frees it.
  await tick(0);
  collectGarbage(given);
  expect(ref.deref() === undefined ? 'collected' : 'kept').toBe(want);
});
