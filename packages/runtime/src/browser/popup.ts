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
  /**
   * How long a closed popup's last message may still take to arrive before closing counts as a
   * cancellation. Default 1,000 ms.
   */
  closedGraceMs?: number;
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
  // The redirect page posts its URL and then closes itself: the opener can see `closed` before the
  // message, which crosses processes, is dispatched. So a closed popup cancels only after a grace
  // period in which that message may still arrive.
  let cancelAfterGrace: ReturnType<typeof setTimeout> | undefined;
  const closedWatch = setInterval(() => {
    if (!popup.closed) return;
    clearInterval(closedWatch);
    cancelAfterGrace = setTimeout(
      () =>
        controller.abort(new AuthorizationCancelledError({ description: 'the popup was closed' })),
      options.closedGraceMs ?? 1000,
    );
  }, options.closedCheckMs ?? 500);
  return waitForRedirect({
    source: () => popup,
    origin: new URL(options.redirectUri).origin,
    signal: controller.signal,
  })
    .then((redirect) => parseImplicitRedirect({ url: redirect, expectedState: state }))
    .finally(() => {
      clearInterval(closedWatch);
      clearTimeout(cancelAfterGrace);
      options.signal?.removeEventListener('abort', stop);
      if (!popup.closed) popup.close();
    });
}
