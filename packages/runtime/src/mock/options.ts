/**
 * The types of the mock's public API: what `createMock` takes (a generated `mock.ts`'s config and
 * the user's options) and what it returns, with the handler's request and response.
 */
import type { ApiDefinition, OperationDefinition } from '../definition.js';
import type { MockDefinition } from './definition.js';
import type { ParameterGroups } from './deserialize.js';
import type { MultipartPartInfo } from './form-bodies.js';
import type { OAuthSettings } from './oauth.js';
import type { ApiKeyEntry, ClientEntry, CredentialsTable } from './security.js';
import type { IssuedToken, MockState } from './state.js';

/** Fixtures of one operation as generated in `fixtures.ts`. */
export interface OperationFixtures {
  responses: Record<string, unknown>;
  /** One item of each streamed response, by status (what the mock streams, numbered). */
  items?: Record<string, unknown>;
}

/** What a custom handler receives: the parsed, validated request and who is calling. */
export interface MockRequest {
  operationId: string;
  parameters: ParameterGroups;
  body: unknown;
  /** A multipart body's parts in order, each with its own headers (`encoding.<part>.headers`). */
  parts?: MultipartPartInfo[];
  headers: Record<string, string>;
  caller: Record<string, unknown>;
  /** The store, to read or change from the handler. */
  state: MockState;
}

/** What a handler returns; `body` is sent as JSON, `items` streamed in the operation's streamed media type. */
export interface MockResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Items of a streaming operation (events, or their data; JSON lines), sent one by one. */
  items?: unknown[];
  /** Time between two items. Default: the mock's `streams.intervalMs`. */
  intervalMs?: number;
}

export type MockHandler = (request: MockRequest) => MockResponse | Promise<MockResponse>;

/** Time as the mock sees it (token and code expiry, caches): real time plus what `advance` added. */
export interface MockClock {
  now(): number;
  advance(ms: number): number;
}

export interface MockLogger {
  /** A handler failed (the request was answered 500). */
  error(message: string): void;
  /** One line per answered request, when given. */
  request?(line: {
    method: string;
    path: string;
    status: number;
    operationId?: string;
    requestId: string;
  }): void;
}

export interface MockLimits {
  /** Largest request body (413 beyond). Default 1 MiB. */
  bodyBytes: number;
  /** Longest path and query (414 beyond). Default 8 KiB. */
  urlBytes: number;
  /** Largest total of header names and values (431 beyond). Default 16 KiB. */
  headerBytes: number;
  /** Longest wait for a request body (408 after). Default 10 s. */
  bodyTimeoutMs: number;
  /** Deepest nesting of arrays and objects in a JSON request body (400 beyond). Default 256. */
  depth: number;
}

/** The options a user of a generated `createMock` passes. */
export interface MockOptions {
  /** Seed of the generated data and keys (same seed, same data). Default 1. */
  seed?: number;
  /** Start from this state (as saved by `state.snapshot()`) instead of the seed. */
  state?: MockState;
  /** Answers that replace the simulated one of an operation, by operationId. */
  handlers?: Record<string, MockHandler>;
  /** Check credentials and scopes (401/403). Default true. */
  checkCredentials?: boolean;
  /**
   * Accepted credentials; each table given replaces the default. Defaults: API keys `mock-api-key`
   * and `mock-client-id`, client `mock-client-id`, token `mock-token` with every scope.
   */
  credentials?: {
    apiKeys?: Record<string, ApiKeyEntry>;
    tokens?: Record<string, IssuedToken>;
    clients?: Record<string, ClientEntry>;
  };
  /** Allowed origins of browser requests (`*`, a list, or false for no CORS headers). Default `*`. */
  cors?: '*' | string[] | false;
  limits?: Partial<MockLimits>;
  /** Added before every answer: a fixed delay, or a random one between min and max. */
  latencyMs?: number | { min: number; max: number };
  oauth?: Partial<OAuthSettings>;
  /** How long a cache refresh stays loading (`x-zapgen-polling` field true). Default 1000 ms. */
  cacheLoadingMs?: number;
  /**
   * Streaming operations answered from fixtures: how many items (the fixture item, numbered) and
   * the time between two. Default 3 items, 10 ms apart.
   */
  streams?: { items?: number; intervalMs?: number };
  clock?: MockClock;
  logger?: MockLogger;
  /** Serve the `/__zapgen/` admin routes (state, reset, clock, tokens). Default true. */
  admin?: boolean;
}

/** What a generated `mock.ts` passes besides the user's options. */
export interface MockConfig {
  api: ApiDefinition;
  operations: Record<string, OperationDefinition>;
  fixtures: Record<string, OperationFixtures>;
  definition?: MockDefinition;
  /** Base values of seeded records, by collection (the item schema's full fixture). */
  seedBases?: Record<string, Record<string, unknown>>;
}

/** The store, as tests and tools see it. */
export interface MockStore {
  /** A deep copy of the whole state (JSON): save it, compare it, load it later. */
  snapshot(): MockState;
  /** Replaces the state (throws a TypeError when the value is not a state of this mock). */
  load(state: unknown): void;
  /** Back to the seeded state. */
  reset(): void;
  /** Copies of the records (data only) of a collection, in listing order. */
  records(collection: string): Record<string, unknown>[];
  /** Adds a record (its key is made when absent) and returns a copy. */
  insert(
    collection: string,
    data: Record<string, unknown>,
    options?: { flags?: string[]; owner?: unknown },
  ): Record<string, unknown>;
}

export interface Mock {
  /** The handler: any `Request` in, a `Response` out; never throws. */
  handle(request: Request): Promise<Response>;
  /** `fetch`-compatible: pass as a client's `fetch` to use the mock in-process. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  readonly store: MockStore;
  readonly clock: MockClock;
  /** A token the mock accepts, with these scopes (default every scope) and caller attributes. */
  issueToken(options?: {
    scopes?: string[];
    caller?: Record<string, unknown>;
    expiresInSeconds?: number;
  }): string;
  /** The credentials table in force (to print or to use in tests). */
  readonly credentials: CredentialsTable;
  /** The OAuth URLs of each oauth2 scheme on a mock served at `baseUrl`. */
  oauthUrls(baseUrl: string): Record<string, { authorizationUrl?: string; tokenUrl?: string }>;
  /** Serves the handler over HTTP (loopback by default); resolves with the base URL. */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  /** Stops the server started by `listen()`. */
  close(): Promise<void>;
}
