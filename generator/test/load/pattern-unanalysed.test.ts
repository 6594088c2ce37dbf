/**
 * A pattern JavaScript runs but the backtracking analysis cannot read (a parser of regexes older
 * or newer than the engine): zapgen must neither call it exponential, which the analysis never
 * said, nor run it, since it is not known to be linear. The analysis is made to fail here.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

vi.mock('scslre', () => ({
  analyse: () => {
    throw new Error('unsupported syntax');
  },
}));

const { formatFinding, loadSpec, validateSpec } = await import('../../src/load/index.js');
const { backtracking, compilePattern } = await import('../../src/json/pattern.js');

const fixtures = fileURLToPath(new URL('../../../test/fixtures/bad-specs/', import.meta.url));

describe('a pattern the analysis cannot read', () => {
  it('is of unknown growth, and not run', () => {
    expect(backtracking('^[a-z]+$')).toEqual({ growth: 'unknown', character: '' });
    expect(compilePattern('^[a-z]+$')).toBeUndefined();
  });

  it('is reported as not known to be linear, not as exponential', () => {
    const lines = validateSpec(loadSpec(path.join(fixtures, 'pattern-backtracking.yaml')))
      .filter((finding) => finding.rule === 'pattern-backtracking')
      .map(formatFinding);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatch(
        /could not be analysed for backtracking, so it is not known to run in linear time/,
      );
      expect(line).not.toMatch(/exponentially|polynomially/);
    }
  });
});
