/**
 * What one call through the pipeline is: the client's shared context, the call, and what the
 * drop-in client adds (openapi-fetch's settings). Types only, read by `send.ts` and the
 * middleware path it loads on demand.
 */
import type { ApiDefinition, OperationArgs, OperationDefinition } from '../definition.js';
import type { AuthenticationCache } from '../auth/authentication-cache.js';
import type { RetryPolicy } from '../retry.js';
import type { OpenParameters } from '../serialize/index.js';
import type * as Validation from './call-validation.js';
import type { ParseAs } from './body.js';
import type { Middleware } from './middleware.js';
import type { CallOptions, ClientOptions } from './options.js';
import type { PreparedRequest, WireOptions } from './prepare.js';

/** What the drop-in client sets once for all its calls (openapi-fetch's `createClient` options). */
export interface DropInSettings {
  /** openapi-fetch's reading of arguments the spec does not declare (`serialize/open.ts`). */
  open: OpenParameters;
  Request?: typeof Request;
  requestInitExt?: Record<string, unknown>;
  wire: WireOptions;
}

/** What every call of one client shares. */
export interface CallContext {
  api: ApiDefinition;
  client: ClientOptions;
  baseUrl: string;
  fetch: (input: string | Request, init?: RequestInit) => Promise<Response>;
  /** Operations whose response validation warning was already printed by the default handler. */
  warned: Set<string>;
  /** The client's middleware, in the order added (`use` and `eject` change it). */
  middleware: Middleware[];
  /** Present for the drop-in client: openapi-fetch's defaults (no validation, retries or timeout) and contract. */
  dropIn?: DropInSettings;
  /**
   * The validation functions (`./call-validation.js`; zod's messages load with the first
   * failure): loaded with the first validated operation's validators (`./validated.js`), never
   * when validation is off.
   */
  validation?: typeof Validation;
  /** The client's retry policy, computed on the first call without a call-level `retry`. */
  retryPolicy?: RetryPolicy;
  /** Credentials computed from option values, by operation (`../auth/authentication-cache.ts`). */
  authentications?: AuthenticationCache;
}

/** What one call of the drop-in client adds (openapi-fetch's per-request options). */
export interface DropInCall {
  baseUrl?: string;
  wire: WireOptions;
  Request?: typeof Request;
  fetch?: (input: Request) => Promise<Response>;
  middleware?: Middleware[];
  parseAs?: ParseAs;
  /** The `params` as given, for the middleware. */
  params: Record<string, unknown>;
  /** The path is not an operation of the spec: no validation, no credentials. */
  unknownOperation: boolean;
}

/** One call through the pipeline. */
export interface Call {
  operation: OperationDefinition;
  args: OperationArgs;
  callOptions: CallOptions;
  dropIn?: DropInCall;
  /** The arguments are wire values already (`operation.codecs` encoded them). */
  encoded?: boolean;
}

/** The pipeline's request, and the `Request` built from it once there is one. */
export type Built = PreparedRequest & { request?: Request };
