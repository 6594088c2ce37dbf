import type { Emitter } from './emitter.js';
import { bundleEmitter } from './bundle/index.js';
import { clientEmitter } from './client/index.js';
import { definitionsEmitter } from './definitions/index.js';
import { fetchEmitter } from './fetch/index.js';
import { reactQueryEmitter } from './react-query/index.js';
import { swrEmitter } from './swr/index.js';
import { tanstackQueryEmitter } from './tanstack-query/index.js';
import { fixturesEmitter } from './fixtures/index.js';
import { mcpEmitter } from './mcp/index.js';
import { mockEmitter } from './mock/index.js';
import { packageEmitter } from './package/index.js';
import { typescriptTypesEmitter } from './typescript-types/index.js';
import { zodEmitter } from './zod/index.js';
import { webhooksEmitter } from './webhooks/index.js';

export type { EmitContext, EmittedFile, Emitter } from './emitter.js';
export { ModuleRegistry, type ModuleDeclaration } from './registry.js';

/** Every output kind, in the order they run. Each reads the model and returns its files. */
export const emitters: readonly Emitter[] = [
  bundleEmitter,
  typescriptTypesEmitter,
  zodEmitter,
  fixturesEmitter,
  definitionsEmitter,
  clientEmitter,
  fetchEmitter,
  tanstackQueryEmitter,
  reactQueryEmitter,
  swrEmitter,
  mockEmitter,
  mcpEmitter,
  webhooksEmitter,
  packageEmitter,
];
