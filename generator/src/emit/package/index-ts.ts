import type { EmitContext } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';

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
  const runtime = JSON.stringify(context.runtimePackage);
  // Specifiers come from declared paths, never from the spec: quoted as they are.
  const from = (to: string, names: string[] = []) =>
    `'${context.modules.specifier({ from: INDEX_MODULE.id, to, names })}'`;
  return [
    `export * from ${from('client')};`,
    `export * from ${from('definitions')};`,
    `export type { components, operations, paths } from ${from('types', ['components', 'operations', 'paths'])};`,
    // From `/client`, as the client imports the runtime: the root would bring code loaded on demand.
    `export { ${RUNTIME_ERRORS.join(', ')} } from ${JSON.stringify(`${context.runtimePackage}/client`)};`,
    `export type { CallOptions, CallResult, ClientOptions, PaginateOptions, PollOptions, ResponseValidationReport } from ${runtime};`,
    '',
  ].join('\n');
}
