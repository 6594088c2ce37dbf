/**
 * Items from a response body as they arrive, never the whole body in memory: server-sent events
 * (parsed by `eventsource-parser`, a small, dependency-free, spec-conformant parser) and JSON values
 * separated by newlines (NDJSON, JSON Lines) or by RS characters (RFC 7464 JSON text sequences).
 */
import { createParser } from 'eventsource-parser';

/** One event as sent: `event` is `message` when the server names none (as in `EventSource`). */
export interface RawEvent {
  event: string;
  data: string;
  id: string | undefined;
  retry: number | undefined;
}

/** What a reader yields besides items: the server's reconnection time, or its last event id. */
export type Read<Item> =
  { kind: 'item'; item: Item } | { kind: 'retry'; retryMs: number } | { kind: 'id'; id: string };

/** Decoded text chunks of a body; the reader is released (and the body cancelled) when left early. */
async function* textChunks(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let done = false;
  // The caller's signal ends the read even when the request's own signal no longer can.
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (signal?.aborted) throw signal.reason;
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) {
        done = true;
        const rest = decoder.decode();
        if (rest) yield rest;
        return;
      }
      yield decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** Server-sent events of a body, with the `retry` and `id` fields as they come. */
export async function* readEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<Read<RawEvent>> {
  const pending: Read<RawEvent>[] = [];
  let retry: number | undefined;
  const parser = createParser({
    onRetry: (retryMs) => {
      retry = retryMs;
      pending.push({ kind: 'retry', retryMs });
    },
    onEvent: (message) => {
      // The last event id is the id of the last event that had one (an empty id resets it).
      if (message.id !== undefined) pending.push({ kind: 'id', id: message.id });
      pending.push({
        kind: 'item',
        item: { event: message.event ?? 'message', data: message.data, id: message.id, retry },
      });
      retry = undefined;
    },
  });
  for await (const text of textChunks(body, signal)) {
    parser.feed(text);
    while (pending.length > 0) yield pending.shift()!;
  }
}

/**
 * JSON values of a body, one per line (`ndjson`) or per RS-prefixed record (`json-seq`); blank
 * records are skipped. A record that is not JSON throws a `SyntaxError` naming its position.
 */
export async function* readJsonRecords(
  body: ReadableStream<Uint8Array>,
  separator: '\n' | '\x1e',
  signal?: AbortSignal,
): AsyncGenerator<Read<unknown>> {
  let buffer = '';
  let index = 0;
  const parse = (record: string): Read<unknown>[] => {
    index += 1;
    const text = record.trim();
    if (text === '') return [];
    try {
      return [{ kind: 'item', item: JSON.parse(text) as unknown }];
    } catch (error) {
      throw new SyntaxError(
        `record ${index} of the stream is not JSON: ${(error as Error).message}`,
        { cause: error },
      );
    }
  };
  for await (const text of textChunks(body, signal)) {
    buffer += text;
    let end = buffer.indexOf(separator);
    while (end >= 0) {
      const record = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      yield* parse(record);
      end = buffer.indexOf(separator);
    }
  }
  yield* parse(buffer);
}
