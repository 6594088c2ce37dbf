/**
 * `@zapgen/runtime`: the hand-written part shared by every zapgen-generated SDK package.
 * Generated clients describe their API with the types of `./definition.js`; the runtime does the rest.
 */
export type * from './definition.js';
// `createRuntime` and the errors a client's users catch (`@zapgen/runtime/client` has them alone).
export * from './client/index.js';
export type { CallResult } from './client/send.js';
export type {
  HttpMethod,
  PathData,
  PathInit,
  PathMethod,
  PathMethods,
  PathOperation,
  PathsWithMethod,
} from './client/path-methods.js';
export type {
  AccessTokenContext,
  CallOptions,
  ClientOptions,
  PaginateOptions,
  ParsedAs,
  PollOptions,
} from './client/options.js';
export type { RetryOptions } from './retry.js';
export { resolveBaseUrl } from './client/base-url.js';
export { getRequestId } from './client/errors-from-response.js';
export { toFile } from './client/files.js';
export type { FileData, PartFile, UploadBody, WithFiles } from './client/files.js';
export { serializeParameters } from './serialize/index.js';
export type { SerializedParameters } from './serialize/index.js';
export { authenticate } from './auth/credentials.js';
export type { Authentication } from './auth/credentials.js';
export { base64Url, createCodeChallenge, createCodeVerifier, createPkcePair } from './auth/pkce.js';
export type { PkcePair } from './auth/pkce.js';
export {
  exchangeAuthorizationCode,
  parseAuthorizationCodeRedirect,
  startAuthorizationCode,
} from './auth/authorization-code.js';
export type { AuthorizationCodeStart, TokenResult } from './auth/authorization-code.js';
export {
  buildImplicitAuthorizationUrl,
  createState,
  parseImplicitRedirect,
} from './auth/implicit.js';
export type { ImplicitAuthorizationOptions, ImplicitToken } from './auth/implicit.js';
// `validateRequest`/`validateResponse` are in `@zapgen/runtime/validation`: exported here, they
// brought zod into every bundle of a client, validating or not.
export { withValidators } from './with-validators.js';
export { backoffDelay, parseRetryAfter } from './retry.js';
export { ResponseStream } from './streaming/response-stream.js';
export type { ServerSentEvent, StreamOptions } from './streaming/response-stream.js';
export { streamKindOf } from './streaming/kinds.js';
export type { StreamKind } from './streaming/kinds.js';
export {
  AuthorizationCancelledError,
  AuthorizationError,
  StateMismatchError,
  StreamError,
  TokenExchangeError,
} from './errors.js';
export type {
  ApiErrorDetails,
  RedirectFailure,
  ResponseValidationReport,
  ValidationIssue,
} from './errors.js';
