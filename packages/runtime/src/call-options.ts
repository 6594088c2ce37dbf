/**
 * The options of one call, of `paginate()` and of `poll()`: what the client, pagination, polling
 * and the query integrations all accept. Below `client/` so that those modules, which the client
 * loads on demand, never import the client back.
 */
import type { StreamOptions } from './streaming/response-stream.js';

/** How the drop-in client reads a 2xx body (openapi-fetch's `parseAs`). */
export type ParseAs = 'json' | 'text' | 'blob' | 'arrayBuffer' | 'stream';

/** Options of one call. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** `false` disables retries; an object overrides the client's policy for this call. */
  retry?: boolean | { maxRetries?: number; retryNonIdempotent?: boolean };
  /**
   * The idempotency key of an operation that takes one (default: one made per call, the same on
   * every retry). Ignored by operations without an idempotency header.
   */
  idempotencyKey?: string;
  /**
   * How a 2xx body is read (a download, chosen per call): `stream` hands over the body unread (a
   * `ReadableStream`, never held in memory; the timeout covers the response's head only), `blob`,
   * `arrayBuffer`, `text`, `json`. Default: by its content type (JSON, text, else a `Blob`).
   */
  parseAs?: ParseAs;
  /** Streaming operations (server-sent events): how a dropped stream is resumed. */
  stream?: StreamOptions;
}

/** Options of `paginate()`. */
export interface PaginateOptions extends CallOptions {
  /** Stop after this many items. */
  maxItems?: number;
  /** Items per request (the size or limit parameter). */
  pageSize?: number;
}

/** Options of `poll()`. */
export interface PollOptions extends CallOptions {
  /** Default: the operation's `polling.intervalMs`. */
  intervalMs?: number;
  /** Give up after this long (a `TimeoutError`). Default 60 000 ms. */
  deadlineMs?: number;
}
