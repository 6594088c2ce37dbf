/**
 * Which media types the emitters treat as structured bodies. One rule for all of them, so that
 * the body a client sends is the one zod validates and the fixtures fill.
 */
import type { MediaTypeModel } from '../../model/types.js';

/** The media type without parameters, lower case: `application/json; charset=utf-8` → `application/json`. */
export function essence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** `application/json` and any `+json` type (`application/problem+json`). */
export function isJsonMediaType(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === 'application/json' || type.endsWith('+json');
}

/** The two form encodings, whose bodies are objects built from a schema too. */
export function isFormMediaType(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
}

/** True for the media types whose bodies are validated and generated: JSON and forms. */
export function isStructuredMediaType(mediaType: string): boolean {
  return isJsonMediaType(mediaType) || isFormMediaType(mediaType);
}

/** The first JSON media type of a content map (responses are validated in this one). */
export function firstJson(content: readonly MediaTypeModel[]): MediaTypeModel | undefined {
  return content.find((media) => isJsonMediaType(media.mediaType));
}

/** The request body media type that is typed, validated and sent: the first JSON or form one. */
export function structuredRequestMedia(content: readonly MediaTypeModel[]): MediaTypeModel | undefined {
  return content.find((media) => isStructuredMediaType(media.mediaType));
}
