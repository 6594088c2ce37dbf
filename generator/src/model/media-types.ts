/**
 * Which media types and responses the emitters treat as what: the decisions every emitter must
 * take the same way, taken here once, so that the body a client sends is the one zod validates
 * and the fixtures fill, and the response a call resolves with is the one the mock answers.
 */
import type { MediaTypeModel, OperationModel, RequestBodyModel, ResponseModel } from './types.js';

/** The media type without parameters, lower case: `application/json; charset=utf-8` → `application/json`. */
export function essence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** `application/json` and any `+json` type (`application/problem+json`). */
export function isJsonMediaType(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === 'application/json' || type.endsWith('+json');
}

/** `multipart/form-data`, whose binary fields may be Blobs. */
export function isMultipartMediaType(mediaType: string): boolean {
  return essence(mediaType) === 'multipart/form-data';
}

/** The two form encodings, whose bodies are objects built from a schema too. */
export function isFormMediaType(mediaType: string): boolean {
  return (
    essence(mediaType) === 'application/x-www-form-urlencoded' || isMultipartMediaType(mediaType)
  );
}

/** True for the media types whose bodies are validated and generated: JSON and forms. */
export function isStructuredMediaType(mediaType: string): boolean {
  return isJsonMediaType(mediaType) || isFormMediaType(mediaType);
}

/** The first JSON media type of a content map (responses are validated in this one). */
export function firstJson(content: readonly MediaTypeModel[]): MediaTypeModel | undefined {
  return content.find((media) => isJsonMediaType(media.mediaType));
}

/** The request body media type that is validated and has fixtures: the first JSON or form one. */
export function structuredRequestMedia(
  body: RequestBodyModel | undefined,
): MediaTypeModel | undefined {
  return body?.content.find((media) => isStructuredMediaType(media.mediaType));
}

/** The media type a request body is typed and sent as: the structured one, else the first. */
export function requestMediaType(operation: OperationModel): MediaTypeModel | undefined {
  return structuredRequestMedia(operation.requestBody) ?? operation.requestBody?.content[0];
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
