/**
 * The `x-zapgen-*` extensions of an operation (see spec/README.md), read by their schemas in
 * `extensions/`: the linter reports one that does not fit; here it is left out rather than trusted.
 */
import { OPERATION_EXTENSIONS as SCHEMAS, readWith } from '../extensions/index.js';
import type { Node } from './json.js';
import type { OperationExtensions } from './types.js';

/** The extensions of one operation object. */
export function operationExtensions(operation: Node): OperationExtensions {
  const stability = readWith(SCHEMAS['x-zapgen-stability'], operation['x-zapgen-stability']);
  const cache = readWith(SCHEMAS['x-zapgen-cache'], operation['x-zapgen-cache']);
  const pagination = readWith(SCHEMAS['x-zapgen-pagination'], operation['x-zapgen-pagination']);
  const polling = readWith(SCHEMAS['x-zapgen-polling'], operation['x-zapgen-polling']);
  const mock = readWith(SCHEMAS['x-zapgen-mock'], operation['x-zapgen-mock']);
  const idempotencyHeader = readWith(
    SCHEMAS['x-zapgen-idempotency'],
    operation['x-zapgen-idempotency'],
  );
  const webhookSignature = readWith(
    SCHEMAS['x-zapgen-webhook-signature'],
    operation['x-zapgen-webhook-signature'],
  );
  const webhookEvent = readWith(
    SCHEMAS['x-zapgen-webhook-event'],
    operation['x-zapgen-webhook-event'],
  );
  return {
    rules: readWith(SCHEMAS['x-zapgen-rules'], operation['x-zapgen-rules']) ?? [],
    ...(stability && { stability }),
    ...(cache && { cache }),
    ...(pagination && { pagination }),
    ...(polling && { polling }),
    ...(mock && { mock }),
    ...(idempotencyHeader && { idempotency: { header: idempotencyHeader } }),
    ...(webhookSignature && { webhookSignature }),
    ...(webhookEvent && { webhookEvent }),
  };
}
