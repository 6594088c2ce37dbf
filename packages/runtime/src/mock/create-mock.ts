/**
 * The mock of a generated API: one web-standard handler, `(request: Request) => Promise<Response>`,
 * used in-process as a client's `fetch`, as MSW handlers, and behind a Node HTTP server
 * (`listen()`). It routes by the spec's paths, answers CORS preflights and HEAD, refuses malformed
 * requests with 4xx JSON in the API's error schema, checks credentials and scopes per operation,
 * validates parameters and bodies with the generated zod schemas, and simulates the service: a
 * seeded in-memory store that the operations read and write (see `MockDefinition`), the OAuth
 * flows of the security schemes, caches and a clock. Everything else answers its fixture.
 */
import { safeParseWorded } from '../messages.js';
import type { ApiDefinition, OperationDefinition } from '../definition.js';
import { isSet } from '../rules/is-set.js';
import { mediaTypeEssence } from '../media-type.js';
import { errorBody, MockProblem, toResponse, type Answer, type Issue } from './answer.js';
import { formBodyValues } from './form-values.js';
import { parentRecord, runBehaviour } from './behaviours.js';
import type { MockDefinition, MockErrorShape } from './definition.js';
import { deserializeParameters, type ParameterGroups } from './deserialize.js';
import {
  fileType,
  fixtureAnswer,
  fixtureItem,
  rawAnswerOf,
  streamedAnswerOf,
} from './fixture-answers.js';
import {
  authorizeEndpoint,
  consentDecision,
  oauthEndpoints,
  signIn,
  signInPage,
  tokenEndpoint,
  type OAuthContext,
  type OAuthSettings,
} from './oauth.js';
import type {
  Mock,
  MockClock,
  MockConfig,
  MockLimits,
  MockLogger,
  MockOptions,
  MockStore,
} from './options.js';
import {
  checkEncoding,
  formOf,
  headerRecord,
  multipartPartsOf,
  parseBody,
  readBody,
  requestOf,
} from './read-request.js';
import { assertAdminCaller, assertNesting } from './guards.js';
import { compileRoutes, matchRoute } from './routes.js';
import { activeToken, authorize, type CredentialsTable } from './security.js';
import {
  assertState,
  clone,
  newKey,
  secret,
  seededState,
  type MockState,
  type StoredRecord,
} from './state.js';
import type { Scope } from './values.js';
import { ownOrCreate, ownValue, setOwn } from '../own.js';

const EMPTY_DEFINITION: MockDefinition = {
  caller: { user: 1 },
  collections: {},
  behaviours: {},
  errorShapes: {},
  operationErrors: {},
};

/** The admin routes under `/__zapgen/` (the sign-in page `login` is the OAuth flow's, not one of them). */
const ADMIN_ROUTES = new Set(['state', 'reset', 'clock', 'tokens']);

const DEFAULT_LIMITS: MockLimits = {
  bodyBytes: 1024 * 1024,
  urlBytes: 8 * 1024,
  headerBytes: 16 * 1024,
  bodyTimeoutMs: 10_000,
  depth: 256,
};

/** A clock that follows real time, plus what `advance` added. */
export function createClock(start?: number): MockClock {
  let offset = start === undefined ? 0 : start - Date.now();
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
      return Date.now() + offset;
    },
  };
}

function allScopes(api: ApiDefinition): string[] {
  const scopes = new Set<string>();
  for (const scheme of Object.values(api.securitySchemes)) {
    if (scheme.type !== 'oauth2') continue;
    for (const flow of Object.values(scheme.flows))
      for (const scope of Object.keys(flow?.scopes ?? {})) scopes.add(scope);
  }
  return [...scopes].sort();
}

/** Path prefixes of the servers (`/v2` of `https://api.example.com/v2`), longest first. */
function basePaths(api: ApiDefinition): string[] {
  const paths = new Set<string>();
  for (const server of api.servers) {
    const url = server.url.replace(
      /\{([^}]+)\}/g,
      (_match, name: string) => ownValue(server.variables, name)?.default ?? '',
    );
    try {
      const path = new URL(url, 'http://mock.invalid').pathname.replace(/\/+$/, '');
      if (path) paths.add(path);
    } catch {
      // A server URL that does not parse has no usable prefix.
    }
  }
  return [...paths].sort((a, b) => b.length - a.length);
}

function issuesOf(result: {
  success: false;
  error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
}): Issue[] {
  return result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

function errorStatusKeys(status: number): string[] {
  return [String(status), `${String(status)[0]}XX`, 'default'];
}

/** Creates the mock of one API. Nothing listens until `listen()`. */
export function createMock(config: MockConfig & MockOptions): Mock {
  const { api } = config;
  const definition = config.definition ?? EMPTY_DEFINITION;
  const operations = Object.values(config.operations);
  const routes = compileRoutes(operations);
  const prefixes = basePaths(api);
  /** First answers by operation and idempotency key, and the key of each request being answered. */
  const replays = new Map<string, Answer>();
  const replayKeys = new WeakMap<Request, string>();
  const limits: MockLimits = { ...DEFAULT_LIMITS, ...config.limits };
  const clock = config.clock ?? createClock();
  const logger: MockLogger = config.logger ?? { error: (message) => console.error(message) };
  const seed = config.seed ?? 1;
  const endpoints = oauthEndpoints(api);
  const settings: OAuthSettings = {
    autoApprove: false,
    tokenLifetimeSeconds: 36_000,
    codeLifetimeSeconds: 600,
    ...config.oauth,
  };
  const cookieName = `zapgen_mock_${api.name.replace(/[^A-Za-z0-9]/g, '_')}`;
  const table: CredentialsTable = {
    apiKeys: config.credentials?.apiKeys ?? { 'mock-api-key': {}, 'mock-client-id': {} },
    tokens: config.credentials?.tokens ?? { 'mock-token': { scopes: allScopes(api), caller: {} } },
    clients: config.credentials?.clients ?? { 'mock-client-id': {} },
  };
  const fresh = () => seededState({ definition, seed, seedBases: config.seedBases ?? {} });
  let state: MockState = fresh();
  if (config.state !== undefined) {
    assertState(config.state, definition);
    state = clone(config.state);
  }
  let counter = 0;
  let server: { close(): Promise<void> } | undefined;
  /** Requests that came through `listen()`'s server (the admin routes check their host name). */
  const overHttp = new WeakSet<Request>();

  function shapeFor(operationId: string | undefined, status: number): MockErrorShape | undefined {
    const declared =
      operationId === undefined ? undefined : ownValue(definition.operationErrors, operationId);
    const name =
      errorStatusKeys(status)
        .map((key) => ownValue(declared, key))
        .find((found) => found !== undefined) ??
      Object.values(declared ?? {})[0] ??
      definition.defaultError;
    return name === undefined ? undefined : ownValue(definition.errorShapes, name);
  }

  function corsHeaders(request: Request): Record<string, string> {
    const origin = request.headers.get('origin');
    if (config.cors === false || origin === null) return {};
    const allowed =
      config.cors === undefined || config.cors === '*' || config.cors.includes(origin);
    if (!allowed) return {};
    return {
      'access-control-allow-origin':
        config.cors === undefined || config.cors === '*' ? '*' : origin,
      // `link`: a browser client pages by it (`nextLinkHeader`), and reads only exposed headers.
      'access-control-expose-headers':
        'x-request-id, retry-after, www-authenticate, location, link',
      vary: 'Origin',
    };
  }

  function sessionCaller(request: Request): Record<string, unknown> {
    for (const part of (request.headers.get('cookie') ?? '').split(';')) {
      const at = part.indexOf('=');
      if (at > 0 && part.slice(0, at).trim() === cookieName) {
        const session = state.sessions[part.slice(at + 1).trim()];
        if (session !== undefined) return { ...definition.caller, ...session };
      }
    }
    return { ...definition.caller };
  }

  function stripPrefix(pathname: string): string[] {
    return [
      pathname,
      ...prefixes
        .filter((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
        .map((prefix) => pathname.slice(prefix.length) || '/'),
    ];
  }

  /** Methods served at a path (operations, OAuth endpoints), for Allow and preflights. */
  function methodsAt(pathname: string): string[] {
    const methods = new Set<string>();
    for (const path of stripPrefix(pathname)) {
      const match = matchRoute(routes, '\u0000', path);
      if (match && 'allowed' in match) for (const method of match.allowed) methods.add(method);
    }
    for (const endpoint of endpoints) {
      if (endpoint.path === pathname) {
        if (endpoint.role === 'authorize') methods.add('GET').add('POST');
        else methods.add('POST');
      }
    }
    if (methods.has('GET')) methods.add('HEAD');
    if (methods.size) methods.add('OPTIONS');
    return [...methods].sort();
  }

  function oauthContext(request: Request, url: URL, form: URLSearchParams): OAuthContext {
    return {
      state,
      table,
      settings,
      now: clock.now(),
      url,
      form,
      caller: sessionCaller(request),
      cookieName,
    };
  }

  async function internalRoute(request: Request, url: URL): Promise<Answer> {
    const path = url.pathname.slice('/__zapgen/'.length);
    const method = request.method;
    if (path === 'login') {
      if (method === 'GET') return signInPage(oauthContext(request, url, new URLSearchParams()));
      if (method === 'POST')
        return signIn(oauthContext(request, url, await formOf(request)), definition.caller);
    }
    if (config.admin !== false && ADMIN_ROUTES.has(path)) {
      assertAdminCaller({ request, url, overHttp: overHttp.has(request) });
      const json = async () => {
        const parsed = JSON.parse(
          new TextDecoder().decode(await readBody(request, limits)) || '{}',
        ) as Record<string, unknown>;
        assertNesting(parsed, limits.depth);
        return parsed;
      };
      if (path === 'state' && method === 'GET') return { status: 200, body: clone(state) };
      if (path === 'state' && method === 'PUT') {
        const loaded = await json().catch(() => undefined);
        try {
          store.load(loaded);
        } catch (error) {
          throw new MockProblem({
            status: 400,
            code: 'bad_request',
            message: (error as Error).message,
          });
        }
        return { status: 204 };
      }
      if (path === 'reset' && method === 'POST') {
        store.reset();
        return { status: 204 };
      }
      if (path === 'clock' && method === 'POST') {
        const body: Record<string, unknown> = await json().catch(() => ({}));
        const advance = Number(body.advanceMs ?? 0);
        if (!Number.isFinite(advance) || advance < 0)
          throw new MockProblem({
            status: 400,
            code: 'bad_request',
            message: 'advanceMs must be a number >= 0.',
          });
        return { status: 200, body: { now: new Date(clock.advance(advance)).toISOString() } };
      }
      if (path === 'tokens' && method === 'POST') {
        const body: Record<string, unknown> = await json().catch(() => ({}));
        const scopes = Array.isArray(body.scopes) ? body.scopes.map(String) : undefined;
        const caller =
          typeof body.caller === 'object' && body.caller !== null
            ? (body.caller as Record<string, unknown>)
            : undefined;
        const token = issueToken({ ...(scopes && { scopes }), ...(caller && { caller }) });
        return {
          status: 201,
          body: {
            access_token: token,
            token_type: 'Bearer',
            scope: (scopes ?? allScopes(api)).join(' '),
          },
        };
      }
    }
    throw new MockProblem({
      status: 404,
      code: 'not_found',
      message: `No mock route at ${url.pathname}.`,
    });
  }

  async function oauthRoute(request: Request, url: URL): Promise<Answer | undefined> {
    const here = endpoints.filter((endpoint) => endpoint.path === url.pathname);
    if (!here.length || request.method === 'OPTIONS') return undefined;
    const authorizeHere = here.filter((endpoint) => endpoint.role === 'authorize');
    if (authorizeHere.length && (request.method === 'GET' || request.method === 'HEAD'))
      return authorizeEndpoint(oauthContext(request, url, new URLSearchParams()), authorizeHere);
    if (request.method === 'POST') {
      const form = await formOf(request);
      if (here.some((endpoint) => endpoint.role === 'token') && form.has('grant_type'))
        return tokenEndpoint(oauthContext(request, url, form));
      if (authorizeHere.length) return consentDecision(oauthContext(request, url, form));
    }
    throw new MockProblem({
      status: 405,
      code: 'method_not_allowed',
      message: `${request.method} is not allowed here.`,
      headers: { allow: methodsAt(url.pathname).join(', ') },
    });
  }

  function scopeKey(
    operation: OperationDefinition,
    parameters: ParameterGroups,
    caller: Record<string, unknown>,
  ): string {
    const cache = operation.cache;
    const parts = (cache?.scope ?? []).map((name) => {
      const parameter = operation.parameters.find((candidate) => candidate.name === name);
      return JSON.stringify(
        parameter === undefined
          ? (ownValue(caller, name) ?? null)
          : (parameters[parameter.in]?.[name] ?? null),
      );
    });
    return `${operation.operationId} ${parts.join(' ')}`;
  }

  /** The fixture answer of a cached operation: loading after a refresh, then ready until the TTL ends. */
  function cached(
    operation: OperationDefinition,
    parameters: ParameterGroups,
    caller: Record<string, unknown>,
    success: { status: number; body: unknown },
  ): Answer {
    const cache = operation.cache;
    if (cache === undefined) return success;
    const key = scopeKey(operation, parameters, caller);
    const now = clock.now();
    const entry = ownValue(state.cache, key);
    const loading = entry !== undefined && now < entry.readyAt;
    const expired = entry === undefined || now - entry.refreshedAt >= cache.ttlSeconds * 1000;
    const refresh =
      cache.refreshParameter !== undefined &&
      isSet(parameters[cache.refreshParameter.in]?.[cache.refreshParameter.name]);
    // A refresh asked for while one is loading joins it rather than starting over.
    const current =
      (expired || refresh) && !loading
        ? { refreshedAt: now, readyAt: now + (config.cacheLoadingMs ?? 1000) }
        : entry!;
    setOwn(state.cache, key, current);
    const body =
      typeof success.body === 'object' && success.body !== null && !Array.isArray(success.body)
        ? { ...(success.body as Record<string, unknown>) }
        : {};
    const isLoading = now < current.readyAt;
    if (operation.polling !== undefined) body[operation.polling.whileField] = isLoading;
    if (cache.ageField !== undefined) {
      if (isLoading) delete body[cache.ageField];
      else body[cache.ageField] = Math.floor((now - current.readyAt) / 1000);
    }
    return { status: success.status, body };
  }

  async function operationRoute(
    request: Request,
    url: URL,
    onOperation: (id: string, operation: OperationDefinition) => void,
  ): Promise<Answer> {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    let found: ReturnType<typeof matchRoute>;
    for (const path of stripPrefix(url.pathname)) {
      const match = matchRoute(routes, method, path);
      if (match && !('allowed' in match)) {
        found = match;
        break;
      }
      found ??= match;
    }
    if (found === undefined)
      throw new MockProblem({
        status: 404,
        code: 'not_found',
        message: `No operation at ${url.pathname}.`,
      });
    if ('allowed' in found) {
      const allow = methodsAt(url.pathname).join(', ');
      if (request.method === 'OPTIONS') return { status: 204, headers: { allow } };
      throw new MockProblem({
        status: 405,
        code: 'method_not_allowed',
        message: `${request.method} is not allowed at ${url.pathname}.`,
        headers: { allow },
      });
    }
    const operation = found.route.operation;
    onOperation(operation.operationId, operation);
    const now = clock.now();
    let caller: Record<string, unknown>;
    if (config.checkCredentials === false) {
      const token = /^bearer\s+(\S+)/i.exec(request.headers.get('authorization') ?? '')?.[1];
      const entry = token === undefined ? undefined : activeToken({ token, table, state, now });
      caller = { ...definition.caller, ...entry?.caller };
    } else {
      caller = authorize({
        api,
        operation,
        presented: { headers: request.headers, query: url.searchParams },
        table,
        state,
        now,
        defaults: definition.caller,
      });
    }
    const headers = headerRecord(request.headers);
    const raw = deserializeParameters(operation, {
      pathValues: found.pathValues,
      query: url.searchParams,
      headers,
    });
    for (const parameter of operation.parameters) raw[parameter.in] ??= {};
    let parameters: ParameterGroups = raw;
    if (operation.parameterValidator !== undefined) {
      const result = safeParseWorded(operation.parameterValidator, raw);
      if (!result.success)
        throw new MockProblem({
          status: 400,
          code: 'invalid_parameters',
          message: `Invalid parameters for ${operation.operationId}.`,
          issues: issuesOf(result),
        });
      // With codecs (`transformers`) the data is decoded: the mock keeps wire values.
      parameters = (
        operation.codecs
          ? operation.codecs.encodeValue(operation.parameterValidator, result.data)
          : result.data
      ) as ParameterGroups;
    }
    const parsed =
      operation.requestBody === undefined
        ? undefined
        : await parseBody(
            operation,
            request.headers.get('content-type'),
            await readBody(request, limits),
            limits,
          );
    const parts = multipartPartsOf(parsed);
    let body =
      operation.requestBody === undefined
        ? undefined
        : formBodyValues({
            operation,
            mediaType: mediaTypeEssence(request.headers.get('content-type')),
            body: parsed,
          });
    if (body !== undefined && operation.requestBody?.validator !== undefined) {
      const result = safeParseWorded(operation.requestBody.validator, body);
      if (!result.success)
        throw new MockProblem({
          status: 400,
          code: 'invalid_body',
          message: `Invalid request body for ${operation.operationId}.`,
          issues: issuesOf(result),
        });
      body = operation.codecs
        ? operation.codecs.encodeValue(operation.requestBody.validator, result.data)
        : result.data;
    }
    // Idempotent replays: the same key gets the first answer again (`Idempotent-Replayed: true`).
    const idempotencyKey =
      operation.idempotencyHeader === undefined
        ? null
        : request.headers.get(operation.idempotencyHeader);
    if (idempotencyKey) {
      const replayKey = `${operation.operationId} ${idempotencyKey}`;
      const first = replays.get(replayKey);
      if (first !== undefined)
        return { ...clone(first), headers: { ...first.headers, 'idempotent-replayed': 'true' } };
      replayKeys.set(request, replayKey);
    }
    const handler = ownValue(config.handlers, operation.operationId);
    const streamOf = (status: number, items: readonly unknown[], intervalMs?: number) =>
      streamedAnswerOf({
        operation,
        status,
        items,
        lastEventId: request.headers.get('last-event-id'),
        intervalMs: intervalMs ?? config.streams?.intervalMs ?? 10,
      });
    if (handler !== undefined) {
      const answer = await handler({
        operationId: operation.operationId,
        parameters,
        body,
        ...(parts === undefined ? {} : { parts }),
        headers,
        caller,
        state,
      });
      const stream =
        answer.items === undefined
          ? undefined
          : streamOf(answer.status, answer.items, answer.intervalMs);
      const raw = rawAnswerOf(operation, answer.status, answer.body);
      return {
        status: answer.status,
        ...(stream !== undefined
          ? { stream }
          : raw !== undefined
            ? { raw }
            : { body: answer.body }),
        ...(answer.headers && { headers: answer.headers }),
      };
    }
    const fixtures = ownValue(config.fixtures, operation.operationId);
    const success = fixtureAnswer(operation, fixtures);
    const file = fileType(operation, success.status);
    if (file !== undefined && ownValue(definition.behaviours, operation.operationId) === undefined)
      return {
        status: success.status,
        raw: { contentType: file, data: new Blob([`zapgen mock ${operation.operationId}\n`]) },
      };
    const item = fixtureItem(operation, success.status, fixtures);
    if (item !== undefined && ownValue(definition.behaviours, operation.operationId) === undefined)
      return {
        status: success.status,
        stream: streamOf(
          success.status,
          Array.from({ length: config.streams?.items ?? 3 }, () => clone(item.value)),
        )!,
      };
    const behaviour = ownValue(definition.behaviours, operation.operationId);
    if (behaviour === undefined) return cached(operation, parameters, caller, success);
    const linkUrl = new URL(url);
    for (const scheme of Object.values(api.securitySchemes))
      if (scheme.type === 'apiKey' && scheme.in === 'query')
        linkUrl.searchParams.delete(scheme.name);
    const scope: Scope = { parameters, body, parent: undefined, caller };
    const context = {
      operation,
      definition,
      state,
      scope,
      success,
      linkUrl,
      signInLink: (ticket: { email: string; name: string; next: string }) => {
        const id = secret('mock_login');
        state.tickets[id] = {
          kind: 'signIn',
          ...ticket,
          next: new URL(ticket.next, url).href,
          expiresAt: clock.now() + 3600_000,
        };
        return `${url.origin}/__zapgen/login?ticket=${id}`;
      },
      authorizeUrl: (scheme: string, query: Record<string, string>) => {
        const endpoint = endpoints.find(
          (candidate) =>
            candidate.scheme === scheme &&
            candidate.role === 'authorize' &&
            candidate.flow === 'authorizationCode',
        );
        const target = new URL(endpoint?.path ?? '/', url.origin);
        for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
        return target.href;
      },
    };
    scope.parent = parentRecord(behaviour, context);
    return runBehaviour(behaviour, context);
  }

  async function route(
    request: Request,
    onOperation: (id: string, operation: OperationDefinition) => void,
  ): Promise<Answer> {
    const url = new URL(request.url);
    if (url.pathname.length + url.search.length > limits.urlBytes) {
      throw new MockProblem({
        status: 414,
        code: 'uri_too_long',
        message: `The path and query exceed ${limits.urlBytes} bytes.`,
        headers: { connection: 'close' },
      });
    }
    let headerBytes = 0;
    request.headers.forEach((value, name) => {
      headerBytes += name.length + value.length + 4;
    });
    if (headerBytes > limits.headerBytes) {
      throw new MockProblem({
        status: 431,
        code: 'request_header_fields_too_large',
        message: `The request headers exceed ${limits.headerBytes} bytes.`,
        headers: { connection: 'close' },
      });
    }
    checkEncoding(url);
    if (
      request.method === 'OPTIONS' &&
      request.headers.has('origin') &&
      request.headers.has('access-control-request-method')
    ) {
      const methods = methodsAt(url.pathname);
      if (!methods.length)
        throw new MockProblem({
          status: 404,
          code: 'not_found',
          message: `No operation at ${url.pathname}.`,
        });
      return {
        status: 204,
        headers: {
          'access-control-allow-methods': methods.join(', '),
          'access-control-allow-headers':
            request.headers.get('access-control-request-headers') ?? 'authorization, content-type',
          'access-control-max-age': '600',
        },
      };
    }
    if (url.pathname.startsWith('/__zapgen/')) return internalRoute(request, url);
    return (await oauthRoute(request, url)) ?? operationRoute(request, url, onOperation);
  }

  async function delay(signal: AbortSignal): Promise<void> {
    const latency = config.latencyMs;
    if (latency === undefined) return;
    const ms =
      typeof latency === 'number'
        ? latency
        : latency.min + Math.random() * Math.max(0, latency.max - latency.min);
    if (ms <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }

  async function handle(request: Request): Promise<Response> {
    counter += 1;
    const requestId = `mock-${counter}`;
    const head = request.method === 'HEAD';
    // The admin and sign-in routes are never offered to other origins (guards.ts).
    const internal = new URL(request.url).pathname.startsWith('/__zapgen/');
    const base = { ...(internal ? {} : corsHeaders(request)), 'x-request-id': requestId };
    let operationId: string | undefined;
    // How JSON is written: exact int64 for packages generated with `transformers.bigint`.
    let stringify: ((value: unknown) => string | undefined) | undefined;
    let answer: Answer;
    try {
      answer = await route(request, (id, operation) => {
        operationId = id;
        stringify = operation.codecs?.stringifyJson;
      });
    } catch (error) {
      let problem: MockProblem;
      if (error instanceof MockProblem) problem = error;
      else {
        const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
        logger.error(
          `mock ${api.name}: ${operationId ?? 'request'} failed (${requestId} ${request.method} ${new URL(request.url).pathname}): ${detail}`,
        );
        problem = new MockProblem({
          status: 500,
          code: 'internal_error',
          message: `The mock failed to handle ${operationId ?? 'the request'} (${requestId}).`,
        });
      }
      answer = {
        status: problem.status,
        body: errorBody(problem, shapeFor(operationId, problem.status)),
        headers: problem.headers,
      };
    }
    const replayKey = replayKeys.get(request);
    if (replayKey !== undefined && answer.status < 500 && answer.stream === undefined)
      replays.set(replayKey, clone(answer));
    await delay(request.signal);
    logger.request?.({
      method: request.method,
      path: new URL(request.url).pathname,
      status: answer.status,
      ...(operationId && { operationId }),
      requestId,
    });
    return toResponse(answer, { head, headers: base, ...(stringify && { stringify }) });
  }

  function issueToken(
    options: {
      scopes?: string[];
      caller?: Record<string, unknown>;
      expiresInSeconds?: number;
    } = {},
  ): string {
    const token = secret('mock_at');
    state.tokens[token] = {
      scopes: options.scopes ?? allScopes(api),
      caller: options.caller ?? {},
      ...(options.expiresInSeconds !== undefined && {
        expiresAt: clock.now() + options.expiresInSeconds * 1000,
      }),
    };
    return token;
  }

  const store: MockStore = {
    snapshot: () => clone(state),
    load(value) {
      assertState(value, definition);
      state = clone(value);
    },
    reset() {
      state = fresh();
    },
    records: (collection) =>
      (ownValue(state.collections, collection) ?? []).map((record) => clone(record.data)),
    insert(collection, data, options = {}) {
      const collectionDefinition = ownValue(definition.collections, collection);
      if (collectionDefinition === undefined)
        throw new TypeError(
          `Unknown collection "${collection}" (known: ${Object.keys(definition.collections).join(', ') || 'none'}).`,
        );
      const record: StoredRecord = {
        data: clone(data),
        flags: options.flags ?? [],
        owner:
          options.owner ?? (collectionDefinition.private ? (definition.caller.user ?? null) : null),
      };
      record.data[collectionDefinition.key] ??= newKey({
        state,
        name: collection,
        collection: collectionDefinition,
      });
      ownOrCreate(state.collections, collection, () => []).push(record);
      return clone(record.data);
    },
  };

  return {
    handle,
    fetch: (input, init) => handle(requestOf(input, init)),
    store,
    clock,
    issueToken,
    credentials: table,
    oauthUrls(baseUrl) {
      const urls: Record<string, { authorizationUrl?: string; tokenUrl?: string }> = {};
      for (const endpoint of endpoints) {
        const entry = (urls[endpoint.scheme] ??= {});
        const href = new URL(endpoint.path, baseUrl).href;
        if (endpoint.role === 'authorize') entry.authorizationUrl = href;
        else entry.tokenUrl = href;
      }
      return urls;
    },
    async listen(options = {}) {
      if (server !== undefined) throw new Error('The mock is already listening; close() it first.');
      const { serve } = await import('./node.js');
      const started = await serve({
        handle: (request) => {
          overHttp.add(request);
          return handle(request);
        },
        host: options.host ?? '127.0.0.1',
        port: options.port ?? 0,
        errorPayload: (status, code, message) =>
          JSON.stringify(errorBody({ status, code, message }, shapeFor(undefined, status))),
      });
      server = started;
      return started.url;
    },
    async close() {
      const running = server;
      server = undefined;
      await running?.close();
    },
  };
}
