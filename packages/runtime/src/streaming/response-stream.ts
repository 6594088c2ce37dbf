/**
 * What a call of a streaming operation resolves with: a typed async iterable of its items (server-
 * sent events, NDJSON / JSON Lines records, json-seq records), read as they arrive. Server-sent
 * events resume after a dropped connection: the call is sent again through the same pipeline with
 * `Last-Event-ID`, after the server's `retry` delay.
 */
import { NetworkError, StreamError, TimeoutError } from '../errors.js';
import type { StreamDefinition } from '../definition.js';
import type { StreamKind } from './kinds.js';
import { withIdleTimeout } from './idle.js';
import { readEvents, readJsonRecords, type RawEvent, type Read } from './readers.js';

/** One server-sent event: `data` parsed (JSON unless the spec says text) and validated. */
export interface ServerSentEvent<Data = unknown> {
  /** The event name; `message` when the server names none. */
  event: string;
  data: Data;
  id: string | undefined;
  /** The reconnection time the server set with this event, in ms. */
  retry: number | undefined;
}

/** Options of a streaming call (`callOptions.stream`). */
export interface StreamOptions {
  /** Reconnections in a row (without an event between) after a dropped event stream. Default 5; 0 = none. */
  maxReconnects?: number;
  /** Wait before reconnecting when the server sent no `retry`. Default 1000 ms. */
  reconnectDelayMs?: number;
  /**
   * Longest silence allowed while reading, in ms (any bytes count: SSE comments and keep-alives
   * too). A silent event stream is treated as dropped and resumed; past the reconnections, and for
   * other streams at once, it fails with `StreamError('idle')`. Off by default: a server may
   * legitimately say nothing for minutes (a model thinking, a quiet feed), and only its authors
   * know its keep-alive interval; set it a little above that interval.
   */
  idleTimeoutMs?: number;
}

/** What the pipeline gives a stream: the first response, and how to check items and reconnect. */
export interface StreamSource {
  operationId: string;
  kind: StreamKind;
  response: Response;
  requestId: string | undefined;
  definition: StreamDefinition | undefined;
  signal: AbortSignal | undefined;
  options: StreamOptions | undefined;
  /** Checks one item (or an event's data) against its schema: warns, or throws in strict mode. */
  check(item: unknown, response: Response): unknown;
  /** Sends the call again with `Last-Event-ID`; `undefined` when the server says to stop (204). */
  reopen(lastEventId: string | undefined): Promise<Response | undefined>;
  sleep(ms: number, signal: AbortSignal | undefined): Promise<void>;
}

/** The end of an OpenAI-style event stream: a `data` that is not JSON and ends the stream. */
const DONE = '[DONE]';

function parseData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/**
 * A typed async iterable of a response's items, iterated once (`for await`); leaving the loop
 * early, `close()` or the call's `signal` end the request.
 */
export class ResponseStream<Item> implements AsyncIterable<Item> {
  /** The response the stream began with (its body is the stream's to read). */
  readonly response: Response;
  /** The request id the server sent with the response (`x-request-id` and similar). */
  readonly requestId: string | undefined;
  readonly #source: StreamSource;
  #lastEventId: string | undefined;
  #reconnects = 0;
  #started = false;
  /** Ended by `close()`; with the call's signal, what ends the reading. */
  readonly #stop = new AbortController();
  readonly #signal: AbortSignal;

  constructor(source: StreamSource) {
    this.#source = source;
    this.response = source.response;
    this.requestId = source.requestId;
    this.#signal =
      source.signal === undefined
        ? this.#stop.signal
        : AbortSignal.any([source.signal, this.#stop.signal]);
  }

  /** The id of the last server-sent event received: what a reconnection sends as `Last-Event-ID`. */
  get lastEventId(): string | undefined {
    return this.#lastEventId;
  }

  /** Times the event stream was resumed after its connection dropped. */
  get reconnects(): number {
    return this.#reconnects;
  }

  /** Stops reading and closes the connection. */
  async close(): Promise<void> {
    this.#stop.abort();
    if (!this.#started) {
      this.#started = true;
      await this.response.body?.cancel().catch(() => {});
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<Item> {
    if (this.#started)
      throw new TypeError(`${this.#source.operationId}: a response stream is iterated only once`);
    this.#started = true;
    return this.#items();
  }

  #read(response: Response): AsyncGenerator<Read<unknown>> {
    const { kind } = this.#source;
    const signal = this.#signal;
    const received = response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
    const idleMs = this.#source.options?.idleTimeoutMs;
    const body = idleMs
      ? withIdleTimeout(
          received,
          idleMs,
          () =>
            new TimeoutError({
              operationId: this.#source.operationId,
              timeoutMs: idleMs,
              what: 'no stream data',
            }),
        )
      : received;
    if (kind === 'sse') return readEvents(body, signal);
    return readJsonRecords(body, kind === 'ndjson' ? '\n' : '\x1e', signal);
  }

  async *#items(): AsyncGenerator<Item> {
    const source = this.#source;
    let response: Response | null = this.response;
    let retryMs = source.options?.reconnectDelayMs ?? 1000;
    const maxReconnects = source.kind === 'sse' ? (source.options?.maxReconnects ?? 5) : 0;
    let inARow = 0;
    let failure: unknown;
    for (;;) {
      if (response !== null) {
        const reading = this.#read(response);
        try {
          for (;;) {
            let next: IteratorResult<Read<unknown>>;
            try {
              next = await reading.next();
            } catch (error) {
              if (this.#signal.aborted) return;
              if (error instanceof SyntaxError)
                throw this.#error('invalid-item', error.message, error);
              failure = error;
              break;
            }
            // The body ended: the server's end of the stream (the caller's signal ends it so too).
            if (next.done) return;
            const read = next.value;
            if (read.kind === 'retry') retryMs = read.retryMs;
            else if (read.kind === 'id') this.#lastEventId = read.id === '' ? undefined : read.id;
            else {
              inARow = 0;
              if (source.kind !== 'sse') {
                yield source.check(read.item, response) as Item;
                continue;
              }
              const event = this.#event(read.item as RawEvent, response);
              if (event === DONE) return;
              yield event as Item;
            }
          }
        } finally {
          // Left early (a `break`, a failed check): the connection is closed, not left open.
          await reading.return(undefined);
        }
      }
      if (inARow >= maxReconnects) {
        const idle = failure instanceof TimeoutError && response !== null;
        const what = idle
          ? `no data for ${(failure as TimeoutError).timeoutMs} ms`
          : 'the connection dropped';
        throw this.#error(
          idle ? 'idle' : 'dropped',
          maxReconnects === 0
            ? idle
              ? what
              : 'the connection closed before the end of the stream'
            : `${what} and ${maxReconnects} reconnections in a row failed`,
          failure,
        );
      }
      inARow += 1;
      this.#reconnects += 1;
      try {
        await source.sleep(retryMs, this.#signal);
        if (this.#signal.aborted) return;
        const reopened = await source.reopen(this.#lastEventId);
        if (reopened === undefined) return;
        response = reopened;
      } catch (error) {
        if (this.#signal.aborted) return;
        // A reconnection that gets no response is one more drop; an answer outside 2xx is final.
        if (!(error instanceof NetworkError || error instanceof TimeoutError)) throw error;
        failure = error;
        response = null;
      }
    }
  }

  /** A server-sent event as yielded: its data parsed, the event (or its data) validated. */
  #event(
    raw: RawEvent,
    response: Response,
  ): ServerSentEvent | Record<string, unknown> | typeof DONE {
    const { definition, check } = this.#source;
    const text = definition?.data === 'text';
    if (!text && raw.data === DONE) return DONE;
    const data = text ? raw.data : parseData(raw.data);
    if (definition?.envelope) {
      const event: Record<string, unknown> = { event: raw.event, data };
      if (raw.id !== undefined) event.id = raw.id;
      if (raw.retry !== undefined) event.retry = raw.retry;
      return check(event, response) as Record<string, unknown>;
    }
    return { event: raw.event, data: check(data, response), id: raw.id, retry: raw.retry };
  }

  #error(reason: StreamError['reason'], detail: string, cause: unknown): StreamError {
    return new StreamError({
      operationId: this.#source.operationId,
      reason,
      detail,
      requestId: this.requestId,
      lastEventId: this.#lastEventId,
      cause,
    });
  }
}
