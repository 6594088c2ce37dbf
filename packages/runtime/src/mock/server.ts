/**
 * A mock server for a generated API: routes by the spec's paths, checks credentials, parses and
 * validates parameters and bodies with the generated zod schemas, and answers with the generated
 * fixtures (or a handler's answer). Bad requests get 4xx JSON; nothing a client sends crashes it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiDefinition, OperationDefinition, Validator } from '../definition.js';
import { deserializeParameters, type ParameterGroups } from './deserialize.js';
import { compileRoutes, matchRoute } from './routes.js';
import { missingCredentials } from './security.js';

/** Fixtures of one operation as generated in `fixtures.ts`. */
export interface OperationFixtures {
  responses: Record<string, unknown>;
}

/** What a handler receives: the parsed, validated request. */
export interface MockRequest {
  operationId: string;
  parameters: ParameterGroups;
  body: unknown;
  headers: IncomingMessage['headers'];
}

/** What a handler returns; `body` is sent as JSON unless it is a string. */
export interface MockResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type MockHandler = (request: MockRequest) => MockResponse | Promise<MockResponse>;

export interface MockServerOptions {
  api: ApiDefinition;
  operations: Record<string, OperationDefinition>;
  fixtures: Record<string, OperationFixtures>;
  /** Answers per operationId that replace the fixture answer. */
  handlers?: Record<string, MockHandler>;
  /** Check that each request carries the credentials its operation asks for (default true). */
  checkCredentials?: boolean;
  /** Largest accepted request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
}

export interface MockServer {
  /** The underlying Node server. */
  readonly server: Server;
  /** Starts listening (loopback only by default) and resolves with the base URL. */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
}

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function issuesOf(validator: Validator | undefined, value: unknown): { path: string; message: string }[] {
  if (!validator) return [];
  const result = validator.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpProblem(413, 'payload_too_large', `Request body exceeds ${limit} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseBody(operation: OperationDefinition, contentType: string | undefined, bytes: Buffer): unknown {
  const body = operation.requestBody;
  if (!bytes.length) {
    if (body?.required) throw new HttpProblem(400, 'bad_request', `${operation.operationId} requires a request body.`);
    return undefined;
  }
  if (!body) return undefined;
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const accepted = body.mediaTypes.some((type) => type === mediaType || type === '*/*' || (type.endsWith('/*') && mediaType.startsWith(type.slice(0, -1))));
  if (!accepted) {
    throw new HttpProblem(415, 'unsupported_media_type', `Content-Type must be one of: ${body.mediaTypes.join(', ')}.`);
  }
  const text = bytes.toString('utf8');
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    try {
      return JSON.parse(text);
    } catch {
      throw new HttpProblem(400, 'bad_request', 'Request body is not valid JSON.');
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text));
  return text;
}

/** The status and body of the fixture answer: the lowest documented 2xx, else `default`. */
function fixtureAnswer(operation: OperationDefinition, fixtures: OperationFixtures | undefined): MockResponse {
  const statuses = operation.responses.map((response) => response.status);
  const success = statuses.filter((status) => /^2(\d\d|XX)$/i.test(status)).sort()[0] ?? (statuses.includes('default') ? 'default' : undefined);
  if (!success) return { status: 204 };
  const status = success === 'default' ? 200 : Number(success.replace(/X/gi, '0'));
  const response = operation.responses.find((candidate) => candidate.status === success);
  if (!response?.mediaTypes.length) return { status: status === 200 ? 204 : status };
  return { status, body: fixtures?.responses[success] ?? null };
}

function send(response: ServerResponse, answer: MockResponse, requestId: string): void {
  const headers: Record<string, string> = { 'x-request-id': requestId, ...answer.headers };
  let payload = '';
  if (answer.body !== undefined && answer.status !== 204) {
    payload = typeof answer.body === 'string' && headers['content-type'] ? answer.body : JSON.stringify(answer.body);
    headers['content-type'] ??= 'application/json';
  }
  response.writeHead(answer.status, headers);
  response.end(payload);
}

/** Creates a mock server; call `listen()` to start it. */
export function createMockServer(options: MockServerOptions): MockServer {
  const routes = compileRoutes(Object.values(options.operations));
  const limit = options.maxBodyBytes ?? 1024 * 1024;
  let counter = 0;

  async function answer(request: IncomingMessage): Promise<MockResponse> {
    const url = new URL(request.url ?? '/', 'http://mock.invalid');
    const match = matchRoute(routes, request.method ?? 'GET', url.pathname);
    if (!match) throw new HttpProblem(404, 'not_found', `No operation at ${url.pathname}.`);
    if ('allowed' in match) {
      throw new HttpProblem(405, 'method_not_allowed', `${request.method} is not allowed here.`, undefined, { allow: match.allowed.join(', ') });
    }
    const operation = match.route.operation;
    const raw = { pathValues: match.pathValues, query: url.searchParams, headers: request.headers };
    if (options.checkCredentials !== false) {
      const missing = missingCredentials(options.api, operation, raw);
      if (missing.length) {
        throw new HttpProblem(401, 'unauthorized', `${operation.operationId} needs credentials: ${missing.join(' and ')}.`);
      }
    }
    const parameters = deserializeParameters(operation, raw);
    const parameterIssues = issuesOf(operation.parameterValidator, parameters);
    if (parameterIssues.length) {
      throw new HttpProblem(400, 'invalid_parameters', `Invalid parameters for ${operation.operationId}.`, parameterIssues);
    }
    const body = parseBody(operation, request.headers['content-type'], await readBody(request, limit));
    if (body !== undefined) {
      const bodyIssues = issuesOf(operation.requestBody?.validator, body);
      if (bodyIssues.length) throw new HttpProblem(400, 'invalid_body', `Invalid request body for ${operation.operationId}.`, bodyIssues);
    }
    const handler = options.handlers?.[operation.operationId];
    if (handler) return handler({ operationId: operation.operationId, parameters, body, headers: request.headers });
    return fixtureAnswer(operation, options.fixtures[operation.operationId]);
  }

  const server = createServer((request, response) => {
    counter += 1;
    const requestId = `mock-${counter}`;
    answer(request)
      .then((result) => send(response, result, requestId))
      .catch((error: unknown) => {
        const problem = error instanceof HttpProblem ? error : new HttpProblem(500, 'internal_error', 'The mock handler failed.');
        const body = { error: problem.code, message: problem.message, ...(problem.details ? { issues: problem.details } : {}) };
        if (!response.headersSent) send(response, { status: problem.status, body, headers: problem.headers }, requestId);
        else response.destroy();
      });
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  return {
    server,
    listen({ port = 0, host = '127.0.0.1' } = {}) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address() as AddressInfo;
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve(`http://${shownHost}:${address.port}`);
        });
      });
    },
    close() {
      return new Promise((resolve, reject) => {
        server.closeAllConnections?.();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
