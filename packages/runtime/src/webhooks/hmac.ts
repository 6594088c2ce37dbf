/**
 * Webhooks signed by an HMAC-SHA256 of the raw body in one header, the scheme of GitHub
 * (`X-Hub-Signature-256: sha256=<hex>`), Shopify (`X-Shopify-Hmac-Sha256: <base64>`) and many
 * others: the secret's UTF-8 bytes are the key, there is no timestamp (such senders say to check
 * a delivery id instead). On WebCrypto, as `signature.ts`; `crypto.subtle.verify` compares in
 * constant time, and every secret is tried while one rotates.
 */
import { WebhookSignatureError } from './errors.js';
import { base64OfBytes, bytesOfBase64 } from './signature.js';

/** How a body-HMAC signature is carried (`x-zapgen-webhook-signature: { scheme: hmac-sha256, ... }`). */
export interface HmacSignatureDefinition {
  scheme: 'hmac-sha256';
  /** The header that carries it: `X-Hub-Signature-256`. */
  header: string;
  /** What precedes the MAC in the header: `sha256=` (default none). */
  prefix?: string;
  /** How the MAC is written (default `hex`). */
  encoding?: 'hex' | 'base64';
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

function macBytes(text: string, encoding: 'hex' | 'base64'): Uint8Array<ArrayBuffer> | undefined {
  if (encoding === 'base64') return bytesOfBase64(text);
  if (!HEX.test(text)) return undefined;
  return Uint8Array.from(text.match(/../g)!, (pair) => parseInt(pair, 16));
}

function textOf(bytes: Uint8Array, encoding: 'hex' | 'base64'): string {
  if (encoding === 'base64') return base64OfBytes(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The HMAC key of a secret (its UTF-8 bytes); which one is bad is told by position, never its text. */
function keyOf(secret: string, position: number, usage: KeyUsage): Promise<CryptoKey> {
  if (secret === '')
    throw new WebhookSignatureError('invalid-secret', `Webhook secret #${position + 1} is empty`);
  return crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    [usage],
  );
}

/** The header value signing `body` under `secret`: `sha256=<hex>` for GitHub's definition. */
export async function signHmacBody(
  secret: string,
  body: Uint8Array<ArrayBuffer>,
  definition: HmacSignatureDefinition,
): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await keyOf(secret, 0, 'sign'), body);
  return `${definition.prefix ?? ''}${textOf(new Uint8Array(mac), definition.encoding ?? 'hex')}`;
}

/** Checks `definition.header` against the HMAC of the body under any of `secrets`; rejects with a `WebhookSignatureError`. */
export async function verifyHmacSignature(
  input: { header: (name: string) => string | undefined; body: Uint8Array },
  definition: HmacSignatureDefinition,
  options: { secrets: readonly string[]; webhook?: string; webhookId?: string },
): Promise<void> {
  const about = { webhook: options.webhook, webhookId: options.webhookId };
  if (!options.secrets.length)
    throw new WebhookSignatureError(
      'no-secret',
      'The webhook is signed and no secret is configured',
      about,
    );
  const value = input.header(definition.header)?.trim();
  if (value === undefined)
    throw new WebhookSignatureError(
      'missing-header',
      `Webhook header missing: ${definition.header}`,
      about,
    );
  const prefix = definition.prefix ?? '';
  const mac =
    value.slice(0, prefix.length).toLowerCase() === prefix.toLowerCase()
      ? macBytes(value.slice(prefix.length), definition.encoding ?? 'hex')
      : undefined;
  const keys = await Promise.all(
    options.secrets.map((secret, position) => keyOf(secret, position, 'verify')),
  );
  const body = new Uint8Array(input.body);
  if (mac !== undefined)
    for (const key of keys)
      // `verify` compares the MACs in constant time, never byte by byte in JS.
      if (await crypto.subtle.verify('HMAC', key, mac, body)) return;
  throw new WebhookSignatureError(
    'bad-signature',
    `${definition.header} matches none of the configured secrets`,
    about,
  );
}
