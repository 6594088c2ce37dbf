import type { Emitter } from '../emitter.js';

// PLACEHOLDER while the client emitter is being written in parallel; replaced by its owner.
export const clientEmitter: Emitter = {
  name: 'client',
  emit: () => [],
};
