/**
 * Receiving the webhooks (and 3.0 callbacks) of an API: read the request raw, verify its signature,
 * parse and validate the payload, tell which webhook it is, and call that webhook's handler. The
 * generated package hands `createWebhookHandler` one definition per webhook (name, validator,
 * signature scheme, the payload property that names it); this module knows no API.
 */
import type { Validator } from '../definition.js';
import { WebhookError, WebhookSignatureError } from './errors.js';
import { readWebhook, type ReadWebhook, type WebhookInput } from './input.js';
import { verifyHmacSignature, type HmacSignatureDefinition } from './hmac.js';
import { checkTimestamp, DEFAULT_TOLERANCE_SECONDS, verifyWebhookSignature } from './signature.js';

/**
 * How a webhook is signed: Standard Webhooks (the default), or an HMAC-SHA256 of the body in one
 * header (GitHub's `X-Hub-Signature-256: sha256=<hex>`, Shopify's base64 one).
 */
export type WebhookSignatureDefinition =
  | {
      scheme: 'standard-webhooks';
      /** Seconds the timestamp may be off from now, either way (default 300). */
      toleranceSeconds?: number;
    }
  | HmacSignatureDefinition;

/** One webhook of the spec, as the generated package describes it. */
export interface WebhookDefinition {
  /** The webhook's name: its key under `webhooks`, or `<operationId>.<callback>` for a callback. */
  name: string;
  /** Validator of the JSON payload (absent: any JSON is accepted). */
  payload?: Validator;
  /** `application/x-www-form-urlencoded` when the payload is a form (its fields are text); JSON otherwise. */
  mediaType?: 'application/x-www-form-urlencoded';
  /** Declared by the spec: a request without a valid signature is refused. */
  signature?: WebhookSignatureDefinition;
  /** A payload property whose constant value names this webhook (`type: "order.created"`). */
  match?: { property: string; value: string | number | boolean };
  /** A request header whose value names this webhook (GitHub's `X-GitHub-Event: push`): the values that do. */
  event?: WebhookEventHeader;
}

/** The header that names a webhook, and the values of it that name this one. */
export interface WebhookEventHeader {
  header: string;
  values: readonly string[];
}

/** Options of a receiver. */
export interface WebhookOptions {
  /**
   * The signing secret(s) (`whsec_…`): several while one rotates. When given, every webhook is
   * verified, whether or not the spec declares its signature.
   */
  secret?: string | readonly string[];
  /**
   * How requests are signed, for every webhook: what the spec declares otherwise (each signed
   * webhook's scheme; Standard Webhooks when it declares none).
   */
  signature?: WebhookSignatureDefinition;
  /** Seconds a timestamp may be off from now, either way, for every webhook (default: each webhook's declared tolerance, else 300). */
  toleranceSeconds?: number;
  /** Bodies larger than this are refused before they are read whole (default 1 MiB). */
  maxBodyBytes?: number;
  /** The clock, in milliseconds since the epoch (tests). */
  now?: () => number;
}

/** A webhook received and checked: narrowing on `name` types `payload`. */
export type WebhookEvent<Payloads> = {
  [Name in keyof Payloads & string]: {
    name: Name;
    payload: Payloads[Name];
    /** `webhook-id` (the key to drop a redelivered message), when sent. */
    id: string | undefined;
    /** `webhook-timestamp`, when sent. */
    timestamp: Date | undefined;
    /** True when the signature was checked and matched a secret. */
    verified: boolean;
  };
}[keyof Payloads & string];

/** One handler per webhook, each typed by its payload; a webhook without one is refused. */
export type WebhookHandlers<Payloads, Result = unknown> = {
  // Homomorphic (`in keyof Payloads`), so that `handle` infers `Result` from the handlers.
  [Name in keyof Payloads]?: (
    payload: Payloads[Name],
    event: Extract<WebhookEvent<Payloads>, { name: Name }>,
  ) => Result | Promise<Result>;
};

/** What `parse` and `handle` take besides the request. */
export interface ReceiveOptions<Name extends string = string> {
  /** The webhook, when the route tells it (`POST /hooks/:name`); otherwise found from the event header the spec declares, and the payload. */
  name?: Name;
}

/** The receiver of an API's webhooks (see `createWebhookHandler`). */
export interface WebhookHandler<Payloads> {
  /** Verifies, parses and validates a webhook; rejects with a `WebhookError`. */
  parse(
    input: WebhookInput,
    options?: ReceiveOptions<keyof Payloads & string>,
  ): Promise<WebhookEvent<Payloads>>;
  /** `parse`, then the handler of that webhook; resolves with what the handler returns. */
  handle<Result>(
    input: WebhookInput,
    handlers: WebhookHandlers<Payloads, Result>,
    options?: ReceiveOptions<keyof Payloads & string>,
  ): Promise<Result>;
}

function secretsOf(secret: WebhookOptions['secret']): readonly string[] {
  if (secret === undefined) return [];
  return typeof secret === 'string' ? [secret] : secret;
}

/** A form-encoded body's fields: text, a repeated field as an array. */
function parseForm(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const before = Object.hasOwn(fields, key) ? fields[key] : undefined;
    Object.defineProperty(fields, key, {
      value: before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return fields;
}

/**
 * A form payload validated: its fields are text, so a field the schema refuses as text is tried
 * again as the number or boolean it spells (`"3"`, `"true"`), that field only.
 */
function validateForm(validator: Validator, payload: unknown) {
  const first = validator.safeParse(payload);
  if (first.success || typeof payload !== 'object' || payload === null) return first;
  const fields = { ...(payload as Record<string, unknown>) };
  const typed = (text: unknown): unknown =>
    text === 'true'
      ? true
      : text === 'false'
        ? false
        : text !== '' && Number.isFinite(Number(text))
          ? Number(text)
          : text;
  let changed = false;
  for (const { path } of first.error.issues) {
    const key = path[0];
    if (typeof key !== 'string' || !Object.hasOwn(fields, key)) continue;
    const value = fields[key];
    const next = Array.isArray(value) ? value.map(typed) : typed(value);
    if (JSON.stringify(next) !== JSON.stringify(value)) {
      Object.defineProperty(fields, key, {
        value: next,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      changed = true;
    }
  }
  return changed ? validator.safeParse(fields) : first;
}

/** The payload checked by the webhook's validator (a form's fields as `validateForm` reads them). */
function validated(webhook: WebhookDefinition, validator: Validator, payload: unknown) {
  return webhook.mediaType === 'application/x-www-form-urlencoded'
    ? validateForm(validator, payload)
    : validator.safeParse(payload);
}

function parseJson(read: ReadWebhook, webhookId: string | undefined): unknown {
  const text = new TextDecoder().decode(read.body);
  if (/^application\/x-www-form-urlencoded\b/i.test(read.header('content-type') ?? ''))
    return parseForm(text);
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new WebhookError('invalid-json', 'The webhook body is not JSON', { webhookId, cause });
  }
}

/**
 * The webhooks an event header of the request names (several may share a value, as GitHub's
 * `issues.opened` and `issues.closed` share `X-GitHub-Event: issues`); all of them when the
 * request carries none of the spec's event headers. A value no webhook declares is refused,
 * naming the header.
 */
function namedByHeader(
  webhooks: readonly WebhookDefinition[],
  read: ReadWebhook,
  webhookId: string | undefined,
): readonly WebhookDefinition[] {
  // By lower-cased name, spelled as the spec declares it (for the message).
  const headers = new Map(
    webhooks.flatMap(({ event }) => (event ? [[event.header.toLowerCase(), event.header]] : [])),
  );
  for (const [header, declared] of headers) {
    const value = read.header(header)?.trim();
    if (value === undefined) continue;
    const named = webhooks.filter(
      ({ event }) => event?.header.toLowerCase() === header && event.values.includes(value),
    );
    if (!named.length)
      throw new WebhookError(
        'unknown-webhook',
        `The ${declared} header names no webhook of the spec`,
        { webhookId },
      );
    return named;
  }
  return webhooks;
}

/**
 * Which webhook `payload` is: the one named, else among those the event header names (when the
 * spec declares one): the one whose `match` property has its value, else the only one, else the
 * only one whose validator accepts it.
 */
function identify(
  webhooks: readonly WebhookDefinition[],
  payload: unknown,
  name: string | undefined,
  read: ReadWebhook,
  webhookId: string | undefined,
): WebhookDefinition {
  const unknown = (message: string) =>
    new WebhookError('unknown-webhook', message, { webhook: name, webhookId });
  if (name !== undefined) {
    const named = webhooks.find((webhook) => webhook.name === name);
    if (!named) throw unknown('The spec declares no such webhook');
    return named;
  }
  webhooks = namedByHeader(webhooks, read, webhookId);
  const record = typeof payload === 'object' && payload !== null ? payload : {};
  const matched = webhooks.filter(
    ({ match }) =>
      match &&
      Object.hasOwn(record, match.property) &&
      (record as Record<string, unknown>)[match.property] === match.value,
  );
  if (matched.length === 1) return matched[0]!;
  if (webhooks.length === 1) return webhooks[0]!;
  const accepted = webhooks.filter(
    (webhook) => !webhook.payload || validated(webhook, webhook.payload, payload).success,
  );
  if (accepted.length === 1) return accepted[0]!;
  throw unknown(
    accepted.length
      ? `The payload fits ${accepted.length} webhooks of the spec; pass \`name\``
      : 'The payload fits no webhook of the spec',
  );
}

/** The header a scheme's signature travels in. */
function signatureHeader(definition: WebhookSignatureDefinition): string {
  return definition.scheme === 'standard-webhooks' ? 'webhook-signature' : definition.header;
}

/** The schemes requests may be signed with: the configured one, else those the spec declares, else Standard Webhooks. */
function signatureSchemes(
  webhooks: readonly WebhookDefinition[],
  configured: WebhookSignatureDefinition | undefined,
): WebhookSignatureDefinition[] {
  if (configured !== undefined) return [configured];
  const declared = new Map<string, WebhookSignatureDefinition>();
  for (const { signature } of webhooks)
    if (signature !== undefined)
      declared.set(`${signature.scheme} ${signatureHeader(signature).toLowerCase()}`, signature);
  return declared.size ? [...declared.values()] : [{ scheme: 'standard-webhooks' }];
}

/** The receiver of `webhooks` (the generated package's `createWebhooks` calls it). */
export function createWebhookHandler<Payloads>(
  webhooks: readonly WebhookDefinition[],
  options: WebhookOptions = {},
): WebhookHandler<Payloads> {
  const secrets = secretsOf(options.secret);
  const toleranceOf = (webhook: WebhookDefinition | undefined) =>
    options.toleranceSeconds ??
    (webhook?.signature?.scheme === 'standard-webhooks'
      ? webhook.signature.toleranceSeconds
      : undefined) ??
    DEFAULT_TOLERANCE_SECONDS;
  const schemes = signatureSchemes(webhooks, options.signature);
  // Before the webhook is known, the widest tolerance; its own is checked once it is (`checkTimestamp`).
  const widest = Math.max(DEFAULT_TOLERANCE_SECONDS, ...webhooks.map(toleranceOf));

  /** Verifies with the scheme whose header the request carries (the first scheme when none does). */
  async function verify(
    read: ReadWebhook,
    name: string | undefined,
  ): Promise<{ id: string | undefined; timestamp: Date | undefined }> {
    const scheme =
      schemes.find((candidate) => read.header(signatureHeader(candidate)) !== undefined) ??
      schemes[0]!;
    if (scheme.scheme === 'standard-webhooks')
      return verifyWebhookSignature(read, {
        secrets,
        toleranceSeconds: widest,
        ...(options.now && { now: options.now }),
        ...(name !== undefined && { webhook: name }),
      });
    const id = read.header('webhook-id');
    await verifyHmacSignature(read, scheme, {
      secrets,
      ...(name !== undefined && { webhook: name }),
      ...(id !== undefined && { webhookId: id }),
    });
    return { id, timestamp: undefined };
  }

  async function parse(
    input: WebhookInput,
    { name }: ReceiveOptions = {},
  ): Promise<WebhookEvent<Payloads>> {
    const read = await readWebhook(input, options.maxBodyBytes);
    // Verified before anything of the body is trusted, with every secret configured.
    const signed = secrets.length ? await verify(read, name) : undefined;
    const webhookId = signed?.id ?? read.header('webhook-id');
    const payload = parseJson(read, webhookId);
    const webhook = identify(webhooks, payload, name, read, webhookId);
    if (signed?.timestamp)
      checkTimestamp(signed.timestamp.getTime() / 1000, {
        toleranceSeconds: toleranceOf(webhook),
        ...(options.now && { now: options.now }),
        webhook: webhook.name,
        webhookId,
      });
    if (webhook.signature && !signed)
      throw new WebhookSignatureError(
        'no-secret',
        'The spec declares this webhook signed and no secret is configured',
        { webhook: webhook.name, webhookId },
      );
    let value = payload;
    if (webhook.payload) {
      const result = validated(webhook, webhook.payload, payload);
      if (!result.success)
        throw new WebhookError('invalid-payload', 'The webhook payload does not fit its schema', {
          webhook: webhook.name,
          webhookId,
          issues: result.error.issues.map(({ path, message }) => ({
            parameter: 'body',
            in: 'body',
            path,
            message,
          })),
        });
      value = result.data;
    }
    const timestampText = read.header('webhook-timestamp');
    const event = {
      name: webhook.name,
      payload: value,
      id: webhookId,
      timestamp:
        signed?.timestamp ??
        (timestampText && /^\d+$/.test(timestampText)
          ? new Date(Number(timestampText) * 1000)
          : undefined),
      verified: signed !== undefined,
    };
    return event as WebhookEvent<Payloads>;
  }

  return {
    parse,
    async handle(input, handlers, receive) {
      const event = await parse(input, receive);
      const handler = (handlers as Record<string, ((...args: unknown[]) => unknown) | undefined>)[
        event.name
      ];
      if (!handler)
        throw new WebhookError('unhandled-webhook', 'No handler was given for this webhook', {
          webhook: event.name,
          webhookId: event.id,
        });
      return (await handler(event.payload, event)) as never;
    },
  };
}
