import type { Emitter } from '../emitter.js';

// PLACEHOLDER while the mock emitter is being written in parallel; replaced by its owner.
export const mockEmitter: Emitter = {
  name: 'mock',
  emit: () => [],
};
