/**
 * `@zapgen/runtime/client`: what a generated client imports at run time (`createRuntime`, the
 * errors its users catch). The same classes and functions as the root, without the root's other
 * exports: a bundler that splits by file (esbuild) loads every module a loaded module imports
 * statically, used or not, when a lazy chunk needs it too; the root's `ResponseStream` would
 * bring the stream reader, which a client loads only with its first streamed response.
 */
export { createRuntime } from './create-runtime.js';
export type { Runtime } from './create-runtime.js';
export {
  ApiError,
  ClientError,
  ForbiddenError,
  MissingCredentialsError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  RedirectError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  ZapgenError,
} from '../errors.js';
