/**
 * TypeScript, loaded with `require`: imported from an ES module, Node (22 and later) first
 * compiles a CommonJS package's entry to detect whether it is an ES module, which for
 * TypeScript's 9 MB `typescript.js` is about 60-140 ms of CPU in each thread that loads it (the
 * compile cache does not cover that detection). Types come from `import type`, as `TS.X`.
 */
import { createRequire } from 'node:module';
import type TS from 'typescript';

export const ts: typeof TS = createRequire(import.meta.url)('typescript') as typeof TS;
