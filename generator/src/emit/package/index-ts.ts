import type { EmitContext } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';
import { ModuleBuilder } from '../shared/module.js';

/** The spec types the entry point re-exports from `types.ts`. */
export const INDEX_TYPES = ['components', 'operations', 'paths', 'webhooks'];

/** Error classes of the runtime that callers catch; re-exported so users need one import. */
export const RUNTIME_ERRORS = [
  'ZapgenError',
  'RequestValidationError',
  'MissingCredentialsError',
  'ApiError',
  'ClientError',
  'UnauthorizedError',
  'ForbiddenError',
  'NotFoundError',
  'RateLimitError',
  'ServerError',
  'RedirectError',
  'NetworkError',
  'TimeoutError',
  'ResponseValidationError',
] as const;

/** The runtime's types that callers name; re-exported beside the errors. */
const RUNTIME_TYPES = [
  'CallOptions',
  'CallResult',
  'ClientOptions',
  'PaginateOptions',
  'PollOptions',
  'ResponseValidationReport',
];

/**
 * The package's entry point (`.`), with the names it exports besides the client's and the
 * definitions' (which depend on the spec): what the codemod moves there (`migrate/`).
 */
export const INDEX_MODULE: ModuleDeclaration = {
  id: 'index',
  file: 'src/index.ts',
  subpath: '.',
  exports: [...INDEX_TYPES, ...RUNTIME_ERRORS, ...RUNTIME_TYPES],
};

/**
 * `src/index.ts`: the client with its argument and result types, the definitions the runtime is
 * given (`api`, `operationDefinitions`, `oauthFlows`), the spec types and the errors.
 */
export function indexTs(context: EmitContext): string {
  const module = new ModuleBuilder({ modules: context.modules, id: INDEX_MODULE.id });
  return (
    module
      .reexportAll(module.specifier('client'))
      .reexportAll(module.specifier('definitions'))
      .reexport(module.specifier('types', INDEX_TYPES), INDEX_TYPES, { type: true })
      // From `/client`, as the client imports the runtime: the root would bring code loaded on demand.
      .reexport(`${context.runtimePackage}/client`, RUNTIME_ERRORS)
      .reexport(context.runtimePackage, RUNTIME_TYPES, { type: true })
      .text([])
  );
}
