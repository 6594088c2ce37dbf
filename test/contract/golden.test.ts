/**
 * The whole output of three small corpus specs is committed under `test/golden/<spec>/`: a
 * change to any emitter shows up here as a reviewable diff. The webhook example has no `paths`.
 * A fourth is swagger-petstore-v30 generated with `transformers` (dates and bigint, `GOLDEN_CONFIGS`).
 * When a change is intended, run `npx tsx scripts/update-golden.ts` and commit the result.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  generateGolden,
  GOLDEN_SPECS,
  goldenDir,
  goldenSpec,
  HEADER_PATTERN,
  readTree,
  removeRunDir,
  repoRoot,
  unifiedDiff,
} from '../support/contract-helpers.js';

afterAll(removeRunDir);
const UPDATE =
  'If the change is intended, run `npx tsx scripts/update-golden.ts` and commit test/golden/.';

describe.each(GOLDEN_SPECS)('golden output of %s', (spec) => {
  let want: Map<string, string>;
  let got: Map<string, string>;

  beforeAll(async () => {
    want = readTree({ dir: goldenDir(spec) });
    got = readTree({ dir: await generateGolden(spec) });
  }, 300_000);

  test('same file list', () => {
    expect([...got.keys()], `${path.relative(repoRoot, goldenDir(spec))}: ${UPDATE}`).toEqual([
      ...want.keys(),
    ]);
  });

  test('same bytes in every file', () => {
    const changed = [...want.keys()].filter(
      (file) => got.has(file) && got.get(file) !== want.get(file),
    );
    const diffs = changed
      .map((file) => unifiedDiff({ file, want: want.get(file)!, got: got.get(file)! }))
      .join('\n');
    expect(changed, `${diffs}\n${UPDATE}`).toEqual([]);
  });

  test('headers name the spec by a path relative to the repo, not this machine', () => {
    const labels = new Set(
      [...want.values()].map((contents) => HEADER_PATTERN.exec(contents)?.[1]).filter(Boolean),
    );
    expect([...labels]).toEqual([`test/corpus/${goldenSpec(spec)}`]);
  });
});
