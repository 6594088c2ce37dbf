import type { MediaTypeModel, OperationModel, ResponseModel } from '../../model/types.js';
import { isStructuredMediaType, structuredRequestMedia } from '../shared/media.js';

export { firstJson, isJsonMediaType } from '../shared/media.js';

/** True when `operationSchemas[id].body` validates this request media type. */
export const hasBodyValidator = isStructuredMediaType;

/**
 * The media type a request body is typed (and sent) as: the first JSON or form one (the one the
 * zod emitter validates), else the first.
 */
export function requestMediaType(operation: OperationModel): MediaTypeModel | undefined {
  const content = operation.requestBody?.content ?? [];
  return structuredRequestMedia(content) ?? content[0];
}

/** True for `200`..`299` and `2XX`. */
export function isSuccess(status: string): boolean {
  return /^2(?:\d\d|XX)$/i.test(status);
}

/**
 * The responses whose bodies a successful call resolves with: every 2xx response, or `default`
 * when the spec lists no 2xx response at all.
 */
export function successResponses(operation: OperationModel): ResponseModel[] {
  const success = operation.responses.filter((response) => isSuccess(response.status));
  if (success.length) return success;
  return operation.responses.filter((response) => response.status === 'default');
}
