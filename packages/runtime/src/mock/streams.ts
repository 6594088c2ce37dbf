/**
 * The mock's streamed answers: the items of a streaming operation (its fixture item, or what a
 * handler returns) written as server-sent events, NDJSON or json-seq, one every `intervalMs`.
 * An event stream numbers its events (`id: 1`, `2`, ...) and resumes after `Last-Event-ID`.
 */
import type { StreamDefinition } from '../definition.js';
import { streamKindOf } from '../streaming/kinds.js';

/** A streamed answer: the media type, and the text of each item as sent. */
export interface StreamedAnswer {
  mediaType: string;
  chunks: string[];
  intervalMs: number;
}

function sseData(data: unknown, text: boolean): string {
  const value = text && typeof data === 'string' ? data : JSON.stringify(data ?? null);
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
}

/**
 * One server-sent event: a whole event (`{ event, data, retry }`) or the data of one. Its id is its
 * number, whatever the item says, so that a reconnection resumes where the stream dropped.
 */
function sseChunk(item: unknown, index: number, stream: StreamDefinition | undefined): string {
  const text = stream?.data === 'text';
  if (stream?.envelope && typeof item === 'object' && item !== null) {
    const event = item as Record<string, unknown>;
    const name = typeof event.event === 'string' ? `event: ${event.event}\n` : '';
    const retry = typeof event.retry === 'number' ? `retry: ${event.retry}\n` : '';
    return `${name}id: ${index + 1}\n${retry}${sseData(event.data, text)}\n`;
  }
  return `id: ${index + 1}\n${sseData(item, text)}\n`;
}

/**
 * The streamed answer of `items` in `mediaType`. Events after `lastEventId` only, when it is the
 * number of one the mock sent (the mock numbers events from 1).
 */
export function streamedAnswer(options: {
  mediaType: string;
  items: readonly unknown[];
  stream: StreamDefinition | undefined;
  lastEventId: string | null;
  intervalMs: number;
}): StreamedAnswer {
  const { mediaType, items, stream } = options;
  const kind = streamKindOf(mediaType);
  const resumeAt = /^\d+$/.test(options.lastEventId ?? '') ? Number(options.lastEventId) : 0;
  const chunks = items.flatMap((item, index) => {
    if (kind === 'sse') return index < resumeAt ? [] : [sseChunk(item, index, stream)];
    const json = JSON.stringify(item ?? null);
    return [kind === 'json-seq' ? `\x1e${json}\n` : `${json}\n`];
  });
  return { mediaType, chunks, intervalMs: options.intervalMs };
}

/** The body of a streamed answer: each chunk after the interval, the first one at once. */
export function streamBody(answer: StreamedAnswer): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index >= answer.chunks.length) return controller.close();
      const chunk = encoder.encode(answer.chunks[index]!);
      const wait = index === 0 ? 0 : answer.intervalMs;
      index += 1;
      if (wait <= 0) return controller.enqueue(chunk);
      return new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          controller.enqueue(chunk);
          resolve();
        }, wait);
      });
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
    },
  });
}
