/**
 * `src/react-query.ts`: openapi-react-query's path-style hooks (`createClient(fetchClient)`, then
 * `$api.useQuery('get', '/path', init)`) over this package's drop-in client, so that code written
 * for openapi-react-query imports them from the package it already depends on. API-agnostic: the
 * hooks are the runtime's; the package's paths come with the client it is given.
 */
import type { ApiModel } from '../../model/types.js';
import type { EmitContext, Emitter } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';
import { ModuleBuilder } from '../shared/module.js';

/** openapi-react-query's types, re-exported from the runtime under their names. */
const REACT_QUERY_TYPES = [
  'MethodResponse',
  'OpenapiQueryClient',
  'QueryKey',
  'QueryOptionsFunction',
  'UseInfiniteQueryMethod',
  'UseMutationMethod',
  'UseQueryMethod',
  'UseSuspenseQueryMethod',
];

/** The module, and every name it exports: what the codemod moves to it (`migrate/`). */
export const REACT_QUERY_MODULE: ModuleDeclaration = {
  id: 'react-query',
  file: 'src/react-query.ts',
  subpath: './react-query',
  exports: ['default', 'createClient', ...REACT_QUERY_TYPES],
};

/** The text of `src/react-query.ts`. */
export function reactQuerySource(_model: ApiModel, context: EmitContext): string {
  const runtime = `${context.runtimePackage}/react-query`;
  const module = new ModuleBuilder()
    .reexport(runtime, ['default', 'default as createClient'])
    .reexport(runtime, REACT_QUERY_TYPES, { type: true });
  return `/** openapi-react-query's \`createClient\`: \`createClient(createFetchClient({ baseUrl }))\` (\`./fetch\`'s \`createClient\`). */\n${module.text([])}`;
}

/** `src/react-query.ts`, the path-style hooks. */
export const reactQueryEmitter: Emitter = {
  name: 'react-query',
  provides: [REACT_QUERY_MODULE],
  needs: [],
  emit: (model, context) => [
    { path: REACT_QUERY_MODULE.file, contents: reactQuerySource(model, context) },
  ],
};
