import type { Emitter } from '../emitter.js';

// PLACEHOLDER while the bundle emitter is being written in parallel; replaced by its owner.
export const bundleEmitter: Emitter = {
  name: 'bundle',
  emit: () => [],
};
