/**
 * Sending a signed webhook: what the mock (and a test, or a provider's own server) uses to deliver
 * a payload to a receiver's URL with the Standard Webhooks headers (signed by its scheme, or by
 * the body-HMAC one the webhook declares).
 */
import type {
  WebhookDefinition,
  WebhookEventHeader,
  WebhookSignatureDefinition,
} from './handler.js';
import { fieldText, formEntries } from '../form-fields.js';
import { signHmacBody } from './hmac.js';
import { signWebhook } from './signature.js';

export interface SendWebhookOptions {
  /** Where to deliver it. */
  url: string | URL;
  /** The JSON payload, or the exact body text. */
  payload: unknown;
  /** Signs with this secret (`whsec_…`); unsigned without one. */
  secret?: string;
  /** `application/x-www-form-urlencoded` to send the payload's fields as a form (default JSON). */
  mediaType?: 'application/json' | 'application/x-www-form-urlencoded';
  /** How to sign (default Standard Webhooks): the webhook's declared scheme. */
  signature?: WebhookSignatureDefinition;
  /** `webhook-id` (default: a random `msg_…`). */
  id?: string;
  /** `webhook-timestamp` in seconds (default: now). */
  timestamp?: number;
  /** The header naming the webhook (`X-GitHub-Event`), sent with its first value unless `headers` has it. */
  event?: WebhookEventHeader;
  /** More headers (e.g. the event name a receiver routes on). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** POSTs `payload` to `url`, signed; resolves with the receiver's response. */
export async function sendWebhook(options: SendWebhookOptions): Promise<Response> {
  const id = options.id ?? `msg_${crypto.randomUUID().replaceAll('-', '')}`;
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const mediaType = options.mediaType ?? 'application/json';
  const text =
    typeof options.payload === 'string'
      ? options.payload
      : mediaType === 'application/json'
        ? JSON.stringify(options.payload)
        : formText(options.payload);
  const body = new TextEncoder().encode(text);
  const headers: Record<string, string> = {
    'content-type': mediaType,
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
  };
  const eventValue = options.event?.values[0];
  if (options.event && eventValue !== undefined)
    headers[options.event.header.toLowerCase()] = eventValue;
  // The caller's headers win, whatever their case.
  for (const [name, value] of Object.entries(options.headers ?? {}))
    headers[name.toLowerCase()] = value;
  const signature: WebhookSignatureDefinition = options.signature ?? {
    scheme: 'standard-webhooks',
  };
  if (options.secret !== undefined) {
    if (signature.scheme === 'standard-webhooks')
      headers['webhook-signature'] = await signWebhook(options.secret, { id, timestamp, body });
    else
      headers[signature.header.toLowerCase()] = await signHmacBody(options.secret, body, signature);
  }
  return (options.fetch ?? fetch)(options.url, {
    method: 'POST',
    headers,
    body,
    ...(options.signal && { signal: options.signal }),
  });
}

/**
 * Sends webhook `name` of an API (its `definitions`) to `options.url`: `options.payload`, else the
 * spec's example of it. Signed by the webhook's declared scheme, else as the API's other webhooks
 * are (how a receiver checks it); its media type and event header as declared. Options win.
 */
export function sendDefinedWebhook(
  definitions: readonly WebhookDefinition[],
  examples: Readonly<Partial<Record<string, unknown>>>,
  name: string,
  options: Omit<SendWebhookOptions, 'payload'> & { payload?: unknown },
): Promise<Response> {
  const payload = options.payload ?? (Object.hasOwn(examples, name) ? examples[name] : undefined);
  if (payload === undefined)
    return Promise.reject(
      new TypeError(
        `sendWebhook: the spec gives no example of ${JSON.stringify(name)}; pass \`payload\``,
      ),
    );
  const definition = definitions.find((candidate) => candidate.name === name);
  const signature =
    definition?.signature ?? definitions.find((candidate) => candidate.signature)?.signature;
  return sendWebhook({
    ...(signature && { signature }),
    ...(definition?.mediaType && { mediaType: definition.mediaType }),
    ...(definition?.event && { event: definition.event }),
    ...options,
    payload,
  });
}

/** An object's fields as a form body (as the client writes forms: arrays as repeated fields, objects as JSON). */
function formText(payload: unknown): string {
  const form = new URLSearchParams();
  for (const [key, value] of formEntries(payload)) form.append(key, fieldText(value));
  return form.toString();
}
