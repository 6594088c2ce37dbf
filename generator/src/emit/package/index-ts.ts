import type { EmitContext } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';
import { ModuleBuilder } from '../shared/module.js';

/** The package's entry point (`.`). */
export const INDEX_MODULE: ModuleDeclaration = { id: 'index', file: 'src/index.ts', exports: [] };

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

/**
 * `src/index.ts`: the client with its argument and result types, the definitions the runtime is
 * given (`api`, `operationDefinitions`, `oauthFlows`), the spec types and the errors.
 */
export function indexTs(context: EmitContext): string {
  const module = new ModuleBuilder({ modules: context.modules, id: INDEX_MODULE.id });
  const types = ['components', 'operations', 'paths'];
  return module
    .reexportAll(module.specifier('client'))
    .reexportAll(module.specifier('definitions'))
    .reexport(module.specifier('types', types), types, { type: true })
    .reexport(context.runtimePackage, RUNTIME_ERRORS)
    .reexport(
      context.runtimePackage,
      [
        'CallOptions',
        'CallResult',
        'ClientOptions',
        'PaginateOptions',
        'PollOptions',
        'ResponseValidationReport',
      ],
      { type: true },
    )
    .text([]);
}
