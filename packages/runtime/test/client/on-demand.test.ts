/**
 * What the runtime loads the first time a call needs it (the stream reader, the redirect
 * follower, pagination, polling): loaded once however many calls ask at the same time, and a
 * failed load (a chunk offline) fails the calls that asked and is tried again by the next.
 */
import { describe, expect, it } from 'vitest';
import { onDemand } from '../../src/client/on-demand.js';

const cases: [
  string,
  { given: { failures: number; calls: number }; want: { loads: number; failed: number } },
][] = [
  [
    'loads once for many calls, at the same time and later',
    { given: { failures: 0, calls: 4 }, want: { loads: 1, failed: 0 } },
  ],
  [
    'a failed load fails the calls waiting on it; the next call loads again',
    { given: { failures: 1, calls: 3 }, want: { loads: 2, failed: 2 } },
  ],
];

describe('onDemand', () => {
  it.each(cases)('%s', async (_name, { given, want }) => {
    let loads = 0;
    const load = onDemand(async () => {
      loads += 1;
      if (loads <= given.failures) throw new Error('chunk offline');
      return { module: 'loaded' };
    });
    // Two calls while the first load is under way, then the rest one by one.
    const outcomes = await Promise.allSettled([load(), load()]);
    for (let call = 2; call < given.calls; call += 1)
      outcomes.push(...(await Promise.allSettled([load()])));
    expect(loads).toBe(want.loads);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(want.failed);
    expect(outcomes.at(-1)).toEqual({ status: 'fulfilled', value: { module: 'loaded' } });
  });
});
