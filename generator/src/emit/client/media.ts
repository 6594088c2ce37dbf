import type { MediaTypeModel, OperationModel, ResponseModel } from '../../model/types.js';

/** The media type without parameters, lower case: `application/json; charset=utf-8` → `application/json`. */
function essence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** `application/json` and any `+json` type (`application/problem+json`), as the zod emitter reads them. */
export function isJsonMediaType(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === 'application/json' || type.endsWith('+json');
}

/** The two form encodings, whose bodies zod also validates (as objects). */
export function isFormMediaType(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
}

/** True when `operationSchemas[id].body` validates this request media type. */
export function hasBodyValidator(mediaType: string): boolean {
  return isJsonMediaType(mediaType) || isFormMediaType(mediaType);
}

/** The first JSON media type of a content map (the one zod validates), if any. */
export function firstJson(content: readonly MediaTypeModel[]): MediaTypeModel | undefined {
  return content.find((media) => isJsonMediaType(media.mediaType));
}

/**
 * The media type a request body is typed (and sent) as: the first JSON or form one (the one the
 * zod emitter validates), else the first.
 */
export function requestMediaType(operation: OperationModel): MediaTypeModel | undefined {
  const content = operation.requestBody?.content ?? [];
  return content.find((media) => hasBodyValidator(media.mediaType)) ?? content[0];
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
