/** The media types whose bodies arrive as a sequence of items, and how each is framed. */
import { mediaTypeEssence } from '../media-type.js';

/** Server-sent events, newline-delimited JSON (NDJSON, JSON Lines), RFC 7464 JSON text sequences. */
export type StreamKind = 'sse' | 'ndjson' | 'json-seq';

const KINDS: Readonly<Record<string, StreamKind>> = {
  'text/event-stream': 'sse',
  'application/x-ndjson': 'ndjson',
  'application/ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
  'application/x-jsonl': 'ndjson',
  'application/jsonlines': 'ndjson',
  'application/x-jsonlines': 'ndjson',
  'application/json-seq': 'json-seq',
};

/** The stream kind of a media type or `Content-Type` value (parameters ignored), if it is one. */
export function streamKindOf(mediaType: string | null | undefined): StreamKind | undefined {
  const essence = mediaTypeEssence(mediaType);
  return Object.hasOwn(KINDS, essence) ? KINDS[essence] : undefined;
}
