import { describe, expect, it } from 'vitest';
import { createCodeChallenge, createCodeVerifier, createPkcePair } from '../../src/auth/pkce.js';

describe('PKCE', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it.each([43, 64, 128])(
    'creates %i-character verifiers from the unreserved alphabet',
    (length) => {
      const verifier = createCodeVerifier(length);
      expect(verifier).toMatch(new RegExp(`^[A-Za-z0-9\\-._~]{${length}}$`));
    },
  );

  it.each([42, 129, 50.5])('refuses a verifier length of %s', (length) => {
    expect(() => createCodeVerifier(length)).toThrow(RangeError);
  });

  it('creates a different verifier each time, with its own challenge', async () => {
    const [first, second] = await Promise.all([createPkcePair(), createPkcePair()]);
    expect(first.codeVerifier).not.toBe(second.codeVerifier);
    expect(first.codeChallenge).toBe(await createCodeChallenge(first.codeVerifier));
    expect(first.codeChallengeMethod).toBe('S256');
  });
});
