import type { EmitContext } from '../emitter.js';

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
  return [
    "export * from './client.js';",
    "export * from './definitions.js';",
    "export type { components, operations, paths } from './types.js';",
    `export { ${RUNTIME_ERRORS.join(', ')} } from ${runtime};`,
    `export type { CallOptions, CallResult, ClientOptions, PaginateOptions, PollOptions, ResponseValidationReport } from ${runtime};`,
    '',
  ].join('\n');
}
