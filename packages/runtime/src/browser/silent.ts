import { buildImplicitAuthorizationUrl, parseImplicitRedirect } from '../auth/implicit.js';
import type { ImplicitAuthorizationOptions, ImplicitToken } from '../auth/implicit.js';
import { TimeoutError } from '../errors.js';
import { waitForRedirect } from './message.js';

/** Options of `authorizeSilently`. */
export interface SilentOptions extends Omit<
  ImplicitAuthorizationOptions,
  'state' | 'approvalPrompt'
> {
  /** Give up after this long. Default 10 000 ms. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Re-runs the implicit grant in a hidden frame with `approval_prompt=auto`: when the user already
 * granted access, the authorize endpoint redirects straight back and the redirect page
 * (`completeAuthorizationRedirect`) posts the new token to this window. Use it after a 401.
 */
export function authorizeSilently(options: SilentOptions): Promise<ImplicitToken> {
  const { url, state } = buildImplicitAuthorizationUrl({ ...options, approvalPrompt: 'auto' });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(
    () => controller.abort(new TimeoutError({ timeoutMs, what: 'no silent authorization' })),
    timeoutMs,
  );
  const redirect = waitForRedirect({
    source: () => frame.contentWindow,
    origin: new URL(options.redirectUri).origin,
    signal: controller.signal,
  });
  frame.src = url;
  document.body.appendChild(frame);
  return redirect
    .then((redirectUrl) => parseImplicitRedirect({ url: redirectUrl, expectedState: state }))
    .finally(() => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
      frame.remove();
    });
}
