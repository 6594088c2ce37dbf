import type { Emitter } from '../emitter.js';

// PLACEHOLDER while the package emitter is being written in parallel; replaced by its owner.
export const packageEmitter: Emitter = {
  name: 'package',
  emit: () => [],
};
