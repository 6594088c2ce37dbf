/**
 * Browser helpers of the implicit grant (`@zapgen/runtime/browser`): popup sign-in, the redirect
 * page, and silent re-authorization in a hidden frame. Imports nothing but relative modules, so
 * that the compiled files load as plain ES modules.
 */
export { authorizeInPopup } from './popup.js';
export type { PopupOptions } from './popup.js';
export { completeAuthorizationRedirect } from './redirect-page.js';
export { authorizeSilently } from './silent.js';
export type { SilentOptions } from './silent.js';
export { createImplicitTokenSource } from './token-source.js';
export type { ImplicitTokenSource } from './token-source.js';
export {
  buildImplicitAuthorizationUrl,
  createState,
  parseImplicitRedirect,
} from '../auth/implicit.js';
export type { ImplicitAuthorizationOptions, ImplicitToken } from '../auth/implicit.js';
export {
  AuthorizationCancelledError,
  AuthorizationError,
  StateMismatchError,
  TimeoutError,
  ZapgenError,
} from '../errors.js';
