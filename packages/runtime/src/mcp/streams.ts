/**
 * Streaming tools: a streamed response (server-sent events, NDJSON / JSON Lines, json-seq) is read
 * item by item, each item sent to the caller as a progress notification when it asked for them
 * (a `progressToken`), and the items collected, up to a limit, for the tool's structured result.
 * The runtime's stream has validated every item already; the request's signal ends the reading.
 */
import { scrubValue } from '../redact.js';
import { ResponseStream } from '../streaming/response-stream.js';

/** Items a streaming tool collects for its result by default; it stops reading after them. */
export const DEFAULT_STREAM_ITEM_LIMIT = 100;

/** Sends one item as a progress notification: `progress` is the count so far, `message` the item's JSON. */
export type ProgressSender = (progress: number, message: string) => Promise<void>;

/** What a streaming tool answers: what the generated output schema of such a tool describes. */
export interface StreamedItems {
  [key: string]: unknown;
  items: unknown[];
  count: number;
  truncated: boolean;
}

/** Whether a call's result is a stream to read rather than a body. */
export function isResponseStream(body: unknown): body is ResponseStream<unknown> {
  return body instanceof ResponseStream;
}

/** A stream's failure, with how many items came before it. */
export class StreamReadError extends Error {
  constructor(
    readonly failure: unknown,
    readonly received: number,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
    this.name = 'StreamReadError';
  }
}

/**
 * Reads `stream` to its end or to `limit` items (then closes it), sending each item through
 * `progress`, scrubbed of `secrets`. Throws a `StreamReadError` when the stream fails midway.
 */
export async function collectStream(
  stream: ResponseStream<unknown>,
  options: { limit: number; secrets: readonly string[]; progress?: ProgressSender },
): Promise<StreamedItems> {
  const items: unknown[] = [];
  let truncated = false;
  try {
    for await (const item of stream) {
      if (items.length === options.limit) {
        truncated = true;
        break;
      }
      // As JSON carries it: an event's absent `id` or `retry` is left out, not `undefined`.
      const text = JSON.stringify(scrubValue(item, options.secrets));
      items.push(text === undefined ? null : JSON.parse(text));
      await options.progress?.(items.length, text ?? 'null');
    }
  } catch (error) {
    throw new StreamReadError(error, items.length);
  } finally {
    await stream.close();
  }
  return { items, count: items.length, truncated };
}

/** The note a truncated stream's result carries. */
export function truncationNote(result: StreamedItems, limit: number): string | undefined {
  return result.truncated
    ? `The stream sent more than ${limit} items; the tool stopped reading after the first ${result.count} (the server's maxStreamItems option sets the limit).`
    : undefined;
}
