import type { MediaTypeModel } from '../../model/types.js';
import { essence, structuredRequestMedia } from '../shared/media.js';

export { firstJson } from '../shared/media.js';

/** The first request body media type that is JSON or a form, and whether binaries in it may be Blobs. */
export function requestMedia(content: readonly MediaTypeModel[]): { media: MediaTypeModel; binaryAsBlob: boolean } | undefined {
  const media = structuredRequestMedia(content);
  if (!media) return undefined;
  return { media, binaryAsBlob: essence(media.mediaType) === 'multipart/form-data' };
}
