/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the sender signs
 * `${webhook-id}.${webhook-timestamp}.${body}` with HMAC-SHA256 under a secret shared with the
 * receiver (`whsec_` + base64 of its bytes) and sends `webhook-signature: v1,<base64>` (several,
 * space-separated, while a secret rotates). On WebCrypto only, so it runs in Node, browsers, Deno,
 * Bun and edge runtimes alike; `crypto.subtle.verify` compares the MAC in constant time.
 */
import { WebhookSignatureError } from './errors.js';

/** Seconds a timestamp may be away from now, either way: Standard Webhooks' five minutes. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** What a signature is over, and by whom it was sent. */
export interface SignedContent {
  /** `webhook-id`: the message's unique id (the receiver's key to drop duplicates). */
  id: string;
  /** `webhook-timestamp`: seconds since the epoch. */
  timestamp: number;
  /** The body exactly as sent. */
  body: Uint8Array;
}

/** The bytes of standard base64 text; `undefined` when it is not that. */
export function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!BASE64.test(text) || text.length % 4 !== 0) return undefined;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Bytes as standard base64. */
export function base64OfBytes(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The HMAC key of a secret; which secret failed is told by its position, never its text. */
async function keyOf(secret: string, position: number, usage: KeyUsage): Promise<CryptoKey> {
  const bytes = bytesOfBase64(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
  );
  if (!bytes?.length)
    throw new WebhookSignatureError(
      'invalid-secret',
      `Webhook secret #${position + 1} is not base64 (after an optional "whsec_" prefix)`,
    );
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

function signedBytes({ id, timestamp, body }: SignedContent): Uint8Array<ArrayBuffer> {
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const bytes = new Uint8Array(prefix.length + body.length);
  bytes.set(prefix);
  bytes.set(body, prefix.length);
  return bytes;
}

/** `v1,<base64>`: the signature of `content` under `secret`, as the `webhook-signature` header carries it. */
export async function signWebhook(secret: string, content: SignedContent): Promise<string> {
  const key = await keyOf(secret, 0, 'sign');
  const mac = await crypto.subtle.sign('HMAC', key, signedBytes(content));
  return `v1,${base64OfBytes(new Uint8Array(mac))}`;
}

/** A fresh `whsec_` secret of 32 random bytes (for tests and for a sender's setup). */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${base64OfBytes(crypto.getRandomValues(new Uint8Array(32)))}`;
}

/** What `verifyWebhookSignature` reads of a request. */
export interface SignatureInput {
  /** A request header by its (case-insensitive) name. */
  header: (name: string) => string | undefined;
  body: Uint8Array;
}

export interface VerifyOptions {
  /** The secrets the sender may sign with: more than one while a secret rotates. */
  secrets: readonly string[];
  /** Seconds the timestamp may be off from now, either way (default 300). */
  toleranceSeconds?: number;
  /** The clock, in milliseconds since the epoch (tests). */
  now?: () => number;
  /** The webhook, for messages. */
  webhook?: string;
}

/**
 * Refuses a signed `timestamp` (seconds) more than `toleranceSeconds` away from now, either way:
 * an old one is a replay or a delivery retried too late, a future one a forged or skewed clock.
 */
export function checkTimestamp(
  timestamp: number,
  {
    toleranceSeconds,
    now = Date.now,
    webhook,
    webhookId,
  }: { toleranceSeconds: number; now?: () => number; webhook?: string; webhookId?: string },
): void {
  const skew = Math.floor(now() / 1000) - timestamp;
  const about = { webhook, webhookId };
  if (skew > toleranceSeconds)
    throw new WebhookSignatureError(
      'timestamp-too-old',
      `webhook-timestamp is ${skew} s old (tolerance ${toleranceSeconds} s)`,
      about,
    );
  if (-skew > toleranceSeconds)
    throw new WebhookSignatureError(
      'timestamp-too-new',
      `webhook-timestamp is ${-skew} s ahead (tolerance ${toleranceSeconds} s)`,
      about,
    );
}

/**
 * Checks the Standard Webhooks headers of a request against any of `secrets`; resolves with the
 * signed id and timestamp, or rejects with a `WebhookSignatureError`.
 */
export async function verifyWebhookSignature(
  input: SignatureInput,
  { secrets, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = Date.now, webhook }: VerifyOptions,
): Promise<{ id: string; timestamp: Date }> {
  const id = input.header('webhook-id');
  const about = { webhook, webhookId: id };
  const fail = (reason: WebhookSignatureError['reason'], message: string) =>
    new WebhookSignatureError(reason, message, about);
  if (!secrets.length) throw fail('no-secret', 'The webhook is signed and no secret is configured');
  const timestampText = input.header('webhook-timestamp');
  const signatures = input.header('webhook-signature');
  const missing = [
    id === undefined && 'webhook-id',
    timestampText === undefined && 'webhook-timestamp',
    signatures === undefined && 'webhook-signature',
  ].filter(Boolean);
  if (id === undefined || timestampText === undefined || signatures === undefined)
    throw fail('missing-header', `Webhook header missing: ${missing.join(', ')}`);
  if (!/^\d{1,15}$/.test(timestampText.trim()))
    throw fail('invalid-timestamp', 'webhook-timestamp is not seconds since the epoch');
  const timestamp = Number(timestampText.trim());
  checkTimestamp(timestamp, { toleranceSeconds, now, webhook, webhookId: id });

  const macs = signatures.split(' ').flatMap((entry) => {
    const [version, value] = entry.split(',', 2);
    const bytes = version === 'v1' && value ? bytesOfBase64(value) : undefined;
    return bytes ? [bytes] : [];
  });
  const data = signedBytes({ id, timestamp, body: input.body });
  const keys = await Promise.all(
    secrets.map((secret, position) => keyOf(secret, position, 'verify')),
  );
  for (const key of keys)
    for (const mac of macs)
      // `verify` compares the MACs in constant time (Node: CRYPTO_memcmp), never byte by byte in JS.
      if (await crypto.subtle.verify('HMAC', key, mac, data))
        return { id, timestamp: new Date(timestamp * 1000) };
  throw fail('bad-signature', 'No webhook-signature matches the configured secrets');
}
