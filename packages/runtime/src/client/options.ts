import type { ResponseValidationReport } from '../errors.js';
import type { Middleware } from './middleware.js';
import type { RetryOptions } from '../retry.js';
import type { AccessTokenContext, CredentialOptions } from '../auth/credentials.js';

export type { AccessTokenContext };
export type { CallOptions, PaginateOptions, PollOptions } from '../call-options.js';

/** Options every generated `createClient` accepts (generated packages extend it with typed credential options). */
export interface ClientOptions extends CredentialOptions {
  /** Default: the first server URL with its variables filled. */
  baseUrl?: string;
  /** Values of `{base_url}`-style server variables. */
  serverVariables?: Record<string, string>;
  /**
   * Called once after a 401 on a token-authenticated call: returns a new token (e.g. from a
   * silent re-authorization), and the call is sent again with it. Return `undefined` to give up.
   * It runs as the innermost middleware: before every other `onResponse`, which see the response
   * to the request sent again.
   */
  reauthorize?: (context: AccessTokenContext) => string | undefined | Promise<string | undefined>;
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * Middleware (`onRequest`, `onResponse`, `onError`, as openapi-fetch's) run around every request
   * of the client, in this order; `client.use()` adds more, `client.eject()` removes them.
   */
  middleware?: Middleware[];
  /** Per request attempt. Default 30 000 ms; 0 = none. */
  timeoutMs?: number;
  retry?: RetryOptions;
  /**
   * Redirects followed per attempt (default 20, as fetch; 0 = none: a 3xx is an `ApiError`). A
   * redirect to another origin is followed without any credential (headers, cookies, query keys).
   */
  maxRedirects?: number;
  validation?: {
    /** Validate arguments before sending. Default true. */
    request?: boolean;
    /** What to do with a response body that breaks its schema. Default `warn`. */
    response?: 'off' | 'warn' | 'strict';
  };
  /** Receives response validation reports in `warn` mode. Default: `console.warn` once per operation. */
  onValidationWarning?: (report: ResponseValidationReport) => void;
}

/**
 * What a call resolves with when its options choose how to read the body (`parseAs`): generated
 * functions of operations that answer with a file type their result with it.
 */
export type ParsedAs<Options, Default> = Options extends { parseAs: infer As }
  ? As extends 'stream'
    ? ReadableStream<Uint8Array>
    : As extends 'arrayBuffer'
      ? ArrayBuffer
      : As extends 'blob'
        ? Blob
        : As extends 'text'
          ? string
          : Default
  : Default;
