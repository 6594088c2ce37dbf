/**
 * scslre's backtracking analysis (`json/pattern.ts`), loaded by the first pattern analysed:
 * scslre, refa and regexpp are a megabyte of code, and most specs have no pattern. `require`,
 * not `import()`: the analysis is synchronous, and scslre is CommonJS.
 */
import { createRequire } from 'node:module';
import type * as Scslre from 'scslre';

let scslre: typeof Scslre | undefined;

/** scslre's `analyse`, loading scslre the first time. */
export function analyser(): typeof Scslre.analyse {
  return (scslre ??= createRequire(import.meta.url)('scslre') as typeof Scslre).analyse;
}
