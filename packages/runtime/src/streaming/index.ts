/**
 * `@zapgen/runtime/streaming`: streamed responses (server-sent events, NDJSON / JSON Lines,
 * json-seq) and the media types that are streams, which the generator reads too.
 */
export { streamKindOf, type StreamKind } from './kinds.js';
export { mediaTypeEssence } from '../media-type.js';
export { readEvents, readJsonRecords, type RawEvent, type Read } from './readers.js';
export {
  ResponseStream,
  type ServerSentEvent,
  type StreamOptions,
  type StreamSource,
} from './response-stream.js';
