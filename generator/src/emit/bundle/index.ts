import type { Emitter } from '../emitter.js';

/**
 * `openapi.json`: the bundled document, exported by the package as `./openapi.json` so that users
 * (and tools such as API explorers) get exactly the contract the package was generated from.
 * The write phase adds `"x-generated-by"` as the first key.
 */
export const bundleEmitter: Emitter = {
  name: 'bundle',
  provides: [{ id: 'bundle', file: 'openapi.json', subpath: './openapi.json', exports: [] }],
  needs: [],
  emit: (model) => [
    { path: 'openapi.json', contents: `${JSON.stringify(model.document, null, 2)}\n` },
  ],
};
