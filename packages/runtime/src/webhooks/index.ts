/**
 * `@zapgen/runtime/webhooks`: receiving an API's webhooks and callbacks, verified (Standard
 * Webhooks, or an HMAC-SHA256 of the body in one header), validated and dispatched to typed handlers; and sending signed ones (the mock's side).
 */
export { WebhookError, WebhookSignatureError } from './errors.js';
export type { WebhookErrorReason, WebhookSignatureErrorReason } from './errors.js';
export {
  checkTimestamp,
  DEFAULT_TOLERANCE_SECONDS,
  generateWebhookSecret,
  signWebhook,
  verifyWebhookSignature,
  type SignedContent,
  type SignatureInput,
  type VerifyOptions,
} from './signature.js';
export {
  DEFAULT_MAX_BODY_BYTES,
  readWebhook,
  type NodeRequestLike,
  type RawWebhook,
  type WebhookHeaders,
  type WebhookInput,
} from './input.js';
export {
  createWebhookHandler,
  type ReceiveOptions,
  type WebhookDefinition,
  type WebhookEvent,
  type WebhookEventHeader,
  type WebhookHandler,
  type WebhookHandlers,
  type WebhookOptions,
  type WebhookSignatureDefinition,
} from './handler.js';
export { signHmacBody, verifyHmacSignature, type HmacSignatureDefinition } from './hmac.js';
export { webhookFetchHandler, webhookNodeHandler, type NodeResponseLike } from './respond.js';
export { sendDefinedWebhook, sendWebhook, type SendWebhookOptions } from './send.js';
