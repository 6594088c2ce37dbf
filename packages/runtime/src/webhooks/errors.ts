/**
 * The errors of receiving a webhook. One class, a `reason` to branch on; the signature failures are
 * a subclass so that a server answers them 401 and the rest 400. No message or field ever holds a
 * secret or a signature: only the webhook's name, its `webhook-id`, and what was wrong.
 */
import { ZapgenError, type ValidationIssue } from '../errors.js';

/** Why a webhook was refused. */
export type WebhookErrorReason =
  /** The body is not JSON. */
  | 'invalid-json'
  /** No webhook of the spec matches the request (or the name given is not one of them). */
  | 'unknown-webhook'
  /** The webhook has no handler among those passed to `handle`. */
  | 'unhandled-webhook'
  /** The payload does not fit the webhook's schema (`issues`). */
  | 'invalid-payload'
  /** The body is larger than `maxBodyBytes`. */
  | 'body-too-large';

/** Why a webhook's signature was refused. */
export type WebhookSignatureErrorReason =
  /** `webhook-id`, `webhook-timestamp` or `webhook-signature` is missing. */
  | 'missing-header'
  /** `webhook-timestamp` is not whole seconds since the epoch. */
  | 'invalid-timestamp'
  /** The timestamp is further in the past than the tolerance (a replay, or a clock off). */
  | 'timestamp-too-old'
  /** The timestamp is further in the future than the tolerance. */
  | 'timestamp-too-new'
  /** No `v1` signature matches any of the secrets. */
  | 'bad-signature'
  /** The webhook declares a signature and no secret was configured. */
  | 'no-secret'
  /** A configured secret is not base64 (after an optional `whsec_` prefix). */
  | 'invalid-secret';

/** A webhook that was refused: bad JSON, unknown name, invalid payload, no handler. */
export class WebhookError extends ZapgenError {
  override readonly name: string = 'WebhookError';
  readonly reason: WebhookErrorReason | WebhookSignatureErrorReason;
  /** The webhook's name in the spec, once known. */
  readonly webhook: string | undefined;
  /** The sender's `webhook-id`, when sent. */
  readonly webhookId: string | undefined;
  /** What the payload's validator reported (`invalid-payload`). */
  readonly issues: readonly ValidationIssue[];

  constructor(
    reason: WebhookErrorReason | WebhookSignatureErrorReason,
    message: string,
    options: {
      webhook?: string;
      webhookId?: string;
      issues?: readonly ValidationIssue[];
      cause?: unknown;
    } = {},
  ) {
    const about = [
      options.webhook !== undefined && `webhook ${JSON.stringify(options.webhook)}`,
      options.webhookId !== undefined && `webhook-id ${JSON.stringify(options.webhookId)}`,
    ].filter(Boolean);
    super(about.length ? `${message} (${about.join(', ')})` : message, { cause: options.cause });
    this.reason = reason;
    this.webhook = options.webhook;
    this.webhookId = options.webhookId;
    this.issues = options.issues ?? [];
  }
}

/** A webhook whose signature did not verify: answer it 401 and do not act on it. */
export class WebhookSignatureError extends WebhookError {
  override readonly name: string = 'WebhookSignatureError';
  declare readonly reason: WebhookSignatureErrorReason;

  constructor(
    reason: WebhookSignatureErrorReason,
    message: string,
    options: { webhook?: string; webhookId?: string } = {},
  ) {
    super(reason, message, options);
  }
}
