/**
 * Whether a response may be a redirect: all the transport looks at before it loads the code that
 * follows one (`./redirect.js`, loaded with the first redirect a client receives).
 */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Whether a response may be a redirect to follow (or a browser's opaque one, to refuse). */
export function mayRedirect(response: Response, maxRedirects: number): boolean {
  // A browser's opaque redirect has status 0.
  const { status } = response;
  return (
    (status === 0 && response.type === 'opaqueredirect') ||
    (maxRedirects !== 0 && REDIRECT_STATUSES.has(status))
  );
}
