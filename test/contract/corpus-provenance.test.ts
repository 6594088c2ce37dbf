/**
 * Every third-party spec in `test/corpus/` says where it comes from and under which licence
 * (`provenance.tsv`), and every row names a spec that is there: a spec cannot be added, renamed
 * or dropped without its provenance following.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { corpusDir, corpusSpecs } from '../support/corpus.js';

const rows = readFileSync(path.join(corpusDir, 'provenance.tsv'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => line.split('\t'));
const [header, ...entries] = rows;

describe('test/corpus/provenance.tsv', () => {
  test('has the columns file, origin, license', () => {
    expect(header).toEqual(['file', 'origin', 'license']);
  });

  test.each(corpusSpecs())('%s has an origin and a licence', (spec) => {
    const row = entries.find(([file]) => file === spec);
    expect(row, `${spec} has no row in provenance.tsv`).toBeDefined();
    expect(row).toHaveLength(3);
    expect(row![1]!.trim(), 'origin').not.toBe('');
    expect(row![2]!.trim(), 'license').not.toBe('');
  });

  test('every row names a spec of the corpus, once', () => {
    const files = entries.map(([file]) => file);
    expect(files.filter((file) => !corpusSpecs().includes(file!))).toEqual([]);
    expect(new Set(files).size).toBe(files.length);
  });
});
