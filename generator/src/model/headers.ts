/**
 * Headers with a meaning for every call, found once for every emitter: the idempotency key an
 * operation takes, and the response header that carries the server's request id.
 */
import type { ApiModel, OperationModel } from './types.js';

const IDEMPOTENCY_HEADER = /^(x-)?idempotency-key$/i;
const REQUEST_ID_HEADER = /^(x-)?(request|correlation)[-_]?id$|^x-amzn-requestid$/i;

/**
 * The header of an operation's idempotency key: named by `x-zapgen-idempotency`, else a header
 * parameter named `Idempotency-Key` (or `X-Idempotency-Key`).
 */
export function idempotencyHeader(operation: OperationModel): string | undefined {
  return (
    operation.extensions.idempotency?.header ??
    operation.parameters.find(
      (parameter) => parameter.in === 'header' && IDEMPOTENCY_HEADER.test(parameter.name),
    )?.name
  );
}

/** The request id header the spec declares on its responses (`X-Request-Id`, `Request-Id`, ...), if any. */
export function requestIdHeader(model: ApiModel): string | undefined {
  for (const operation of model.operations)
    for (const response of operation.responses)
      for (const header of response.headers)
        if (REQUEST_ID_HEADER.test(header.name)) return header.name.toLowerCase();
  return undefined;
}
