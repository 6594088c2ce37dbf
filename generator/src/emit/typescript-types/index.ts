import type { Emitter } from '../emitter.js';

// PLACEHOLDER while the typescript-types emitter is being written in parallel; replaced by its owner.
export const typescriptTypesEmitter: Emitter = {
  name: 'typescript-types',
  emit: () => [],
};
