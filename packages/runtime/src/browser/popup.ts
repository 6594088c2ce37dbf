import { buildImplicitAuthorizationUrl, parseImplicitRedirect } from '../auth/implicit.js';
import type { ImplicitAuthorizationOptions, ImplicitToken } from '../auth/implicit.js';
import { AuthorizationCancelledError, AuthorizationError } from '../errors.js';
import { waitForRedirect } from './message.js';

/** Options of `authorizeInPopup`. */
export interface PopupOptions extends Omit<ImplicitAuthorizationOptions, 'state'> {
  /** `window.open` features. Default a centred 500x640 window. */
  features?: string;
  signal?: AbortSignal;
  /** How often to check whether the user closed the popup. Default 500 ms. */
  closedCheckMs?: number;
}

/**
 * Implicit grant in a popup. Call it from a click handler (popups need a user gesture): it opens
 * the authorize URL with a fresh state, waits for the redirect page (`completeAuthorizationRedirect`)
 * to post back, accepts the message only from the redirect URI's origin and that popup, checks the
 * state, and resolves with the token. Closing the popup is an `AuthorizationCancelledError`.
 */
export function authorizeInPopup(options: PopupOptions): Promise<ImplicitToken> {
  const { url, state } = buildImplicitAuthorizationUrl(options);
  const popup = window.open(url, 'zapgen-oauth', options.features ?? 'popup,width=500,height=640');
  if (popup === null)
    return Promise.reject(
      new AuthorizationError({
        error: 'popup_blocked',
        message: 'The authorization popup was blocked',
      }),
    );
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  const closedWatch = setInterval(() => {
    if (popup.closed)
      controller.abort(new AuthorizationCancelledError({ description: 'the popup was closed' }));
  }, options.closedCheckMs ?? 500);
  return waitForRedirect({
    source: () => popup,
    origin: new URL(options.redirectUri).origin,
    signal: controller.signal,
  })
    .then((redirect) => parseImplicitRedirect({ url: redirect, expectedState: state }))
    .finally(() => {
      clearInterval(closedWatch);
      options.signal?.removeEventListener('abort', stop);
      if (!popup.closed) popup.close();
    });
}
