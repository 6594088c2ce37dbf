/** A large run collects its garbage between phases: what nothing references is freed then. */
import { setTimeout as tick } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { collectGarbage } from '../src/memory.js';

/** A reference to an object that nothing else holds. */
const unreferenced = () => new WeakRef({ large: new Array(100_000).fill('x') });

it('collects what nothing references once the heap is above the threshold', async () => {
  const ref = unreferenced();
  // A WeakRef's target survives the job that created it; then a full collection frees it.
  await tick(0);
  collectGarbage({ aboveBytes: 0 });
  expect(ref.deref()).toBeUndefined();
});
