import type { MediaTypeModel, OperationModel, ResponseModel } from '../../model/types.js';

/** `application/json`, `application/problem+json`, `application/json; charset=utf-8`. */
export function isJsonMediaType(mediaType: string): boolean {
  return /^application\/(?:[^;\s]*\+)?json\s*(?:;.*)?$/i.test(mediaType.trim());
}

/** The first JSON media type of a content map (the one zod validates), if any. */
export function firstJson(content: readonly MediaTypeModel[]): MediaTypeModel | undefined {
  return content.find((media) => isJsonMediaType(media.mediaType));
}

/** The media type a request body is typed (and sent) as: the first JSON one, else the first. */
export function requestMediaType(operation: OperationModel): MediaTypeModel | undefined {
  const content = operation.requestBody?.content ?? [];
  return firstJson(content) ?? content[0];
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
