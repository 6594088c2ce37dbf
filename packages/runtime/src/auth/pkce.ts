/** PKCE (RFC 7636) with Web Crypto: works in browsers and Node alike. */

const VERIFIER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/** Base64url without padding (RFC 4648 §5), as PKCE and `state` use it. */
export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `count` characters drawn uniformly from `alphabet` (rejection sampling, no modulo bias). */
export function randomString(options: { count: number; alphabet: string }): string {
  const { count, alphabet } = options;
  const limit = 256 - (256 % alphabet.length);
  let result = '';
  while (result.length < count) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(count * 2))) {
      if (byte < limit && result.length < count) result += alphabet[byte % alphabet.length];
    }
  }
  return result;
}

/** A code verifier: `length` (43 to 128, default 64) unreserved characters. */
export function createCodeVerifier(length = 64): string {
  if (!Number.isInteger(length) || length < 43 || length > 128) {
    throw new RangeError('A PKCE code verifier has 43 to 128 characters (RFC 7636 §4.1)');
  }
  return randomString({ count: length, alphabet: VERIFIER_ALPHABET });
}

/** The S256 challenge of a verifier: `BASE64URL(SHA256(ASCII(verifier)))`. */
export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(verifier),
  );
  return base64Url(new Uint8Array(digest));
}

/** A fresh verifier and its S256 challenge. */
export interface PkcePair {
  codeVerifier: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
}

/** Creates a verifier and its challenge. Keep the verifier for the user until the code exchange. */
export async function createPkcePair(length?: number): Promise<PkcePair> {
  const codeVerifier = createCodeVerifier(length);
  return {
    codeVerifier,
    codeChallenge: await createCodeChallenge(codeVerifier),
    codeChallengeMethod: 'S256',
  };
}
