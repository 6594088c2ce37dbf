/** The message a redirect page sends to the window that started the authorization. */
export interface RedirectMessage {
  type: 'zapgen:oauth-redirect';
  /** The redirect page's full URL (fragment included): the starter parses and checks it. */
  url: string;
}

export const REDIRECT_MESSAGE_TYPE = 'zapgen:oauth-redirect';

/** Whether a `message` event's data is a redirect message. */
export function isRedirectMessage(data: unknown): data is RedirectMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as RedirectMessage).type === REDIRECT_MESSAGE_TYPE &&
    typeof (data as RedirectMessage).url === 'string'
  );
}

/**
 * Waits for the redirect message from `source`, accepted only from `origin`; everything else
 * (other windows, other origins, other data) is ignored.
 */
export function waitForRedirect(options: {
  source: () => MessageEventSource | null;
  origin: string;
  signal: AbortSignal;
}): Promise<string> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (
        event.origin !== options.origin ||
        event.source !== options.source() ||
        !isRedirectMessage(event.data)
      )
        return;
      cleanup();
      resolve(event.data.url);
    };
    const onAbort = () => {
      cleanup();
      reject(options.signal.reason);
    };
    const cleanup = () => {
      window.removeEventListener('message', onMessage);
      options.signal.removeEventListener('abort', onAbort);
    };
    if (options.signal.aborted) return reject(options.signal.reason);
    window.addEventListener('message', onMessage);
    options.signal.addEventListener('abort', onAbort, { once: true });
  });
}
