import type { Emitter } from '../emitter.js';
import { agreementModule } from './agreement.js';
import { zodModule } from './module.js';

/**
 * `src/zod.ts`: zod 4 schemas of every component schema and operation (`componentSchemas`,
 * `operationSchemas`); and `src/zod-agreement.ts`, a type-level test that their output types agree
 * with openapi-typescript's `components` in `src/types.ts` (compiled with the package, never exported).
 */
export const zodEmitter: Emitter = {
  name: 'zod',
  emit: (model) => [
    { path: 'src/zod.ts', contents: zodModule(model) },
    { path: 'src/zod-agreement.ts', contents: agreementModule(model) },
  ],
};
