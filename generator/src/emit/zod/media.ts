import type { MediaTypeModel } from '../../model/types.js';

function essence(mediaType: string): string {
  return mediaType.split(';')[0]!.trim().toLowerCase();
}

/** `application/json`, `*\/*+json` (`application/problem+json`, ...) and `*\/*` with a JSON suffix. */
export function isJsonMediaType(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === 'application/json' || type.endsWith('+json');
}

/** Media types whose body is built from a schema'd object: JSON and the two form encodings. */
export function isFormMediaType(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
}

/** The first JSON body of a response. */
export function firstJson(content: readonly MediaTypeModel[]): MediaTypeModel | undefined {
  return content.find((media) => isJsonMediaType(media.mediaType));
}

/** The first request body media type that is JSON or a form, and whether binaries in it may be Blobs. */
export function requestMedia(content: readonly MediaTypeModel[]): { media: MediaTypeModel; binaryAsBlob: boolean } | undefined {
  const media = content.find((candidate) => isJsonMediaType(candidate.mediaType) || isFormMediaType(candidate.mediaType));
  if (!media) return undefined;
  return { media, binaryAsBlob: essence(media.mediaType) === 'multipart/form-data' };
}
