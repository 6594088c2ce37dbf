import type { ImplicitAuthorizationOptions, ImplicitToken } from '../auth/implicit.js';
import { authorizeInPopup } from './popup.js';
import { authorizeSilently } from './silent.js';

/** Holds the user's implicit-grant token and renews it; plug it into `createClient`. */
export interface ImplicitTokenSource {
  /** Pass as `getAccessToken` to `createClient`. */
  getAccessToken(): string | undefined;
  /** Pass as `reauthorize`: after a 401 the client renews the token silently and sends again. */
  reauthorize(): Promise<string | undefined>;
  /** Signs in with a popup; call from a click handler. */
  signIn(): Promise<ImplicitToken>;
  /** Forgets the token. */
  signOut(): void;
}

/** A token source for one authorization server, client and redirect page. */
export function createImplicitTokenSource(
  options: Omit<ImplicitAuthorizationOptions, 'state' | 'approvalPrompt'> & {
    silentTimeoutMs?: number;
  },
): ImplicitTokenSource {
  let token: ImplicitToken | undefined;
  const { silentTimeoutMs, ...authorization } = options;
  return {
    getAccessToken: () => token?.accessToken,
    async reauthorize() {
      try {
        token = await authorizeSilently({
          ...authorization,
          ...(silentTimeoutMs === undefined ? {} : { timeoutMs: silentTimeoutMs }),
        });
      } catch {
        token = undefined;
      }
      return token?.accessToken;
    },
    async signIn() {
      token = await authorizeInPopup({ ...authorization, approvalPrompt: 'force' });
      return token;
    },
    signOut() {
      token = undefined;
    },
  };
}
