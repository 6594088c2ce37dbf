import { REDIRECT_MESSAGE_TYPE } from './message.js';
import type { RedirectMessage } from './message.js';

/**
 * Runs on the `redirect_uri` page. When the page was opened by a popup (`window.opener`) or loaded
 * in a frame (`window.parent`), passes its URL, which carries the token or the error, to that
 * window with `postMessage` restricted to `targetOrigin` (default: this page's own origin, as the
 * starter normally is), removes the token from the address bar, and closes the popup.
 * Returns `false` when there is no such window (a full-page redirect: parse it yourself with
 * `parseImplicitRedirect`).
 */
export function completeAuthorizationRedirect(
  options: { targetOrigin?: string; close?: boolean } = {},
): boolean {
  const target = window.opener ?? (window.parent !== window ? window.parent : null);
  if (target === null) return false;
  const message: RedirectMessage = { type: REDIRECT_MESSAGE_TYPE, url: window.location.href };
  target.postMessage(message, options.targetOrigin ?? window.location.origin);
  window.history.replaceState(null, '', window.location.pathname);
  if (window.opener && options.close !== false) window.close();
  return true;
}
