/**
 * Streamable HTTP: the SDK's transport behind the SDK's Express app, which checks the `Host`
 * header against the names the server answers to (DNS rebinding protection). The server listens
 * on loopback unless told otherwise, and then only with the host names it must accept. Each
 * client session gets a server of its own; all share the toolset (one client, one mock).
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { serverOf } from './server.js';
import type { Toolset } from './toolset.js';

/** The environment variable `<package> mcp --http` reads the token of its endpoint from. */
export const TOKEN_VARIABLE = 'ZAPGEN_MCP_TOKEN';

/** Host names of the loopback interface, as `Host` headers and URLs carry them. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

export interface HttpOptions {
  /** Interface to listen on. Default `127.0.0.1`. Another one needs `allowedHosts`. */
  host?: string;
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** Host names (without port) that requests may name, besides the loopback ones. */
  allowedHosts?: readonly string[];
  /** Path of the endpoint. Default `/mcp`. */
  path?: string;
  /**
   * A secret every request must carry (`Authorization: Bearer <token>`). Required to listen beyond
   * loopback: the tools spend the server's credentials, so who may call them must be known.
   */
  token?: string;
}

export interface HttpServing {
  /** The endpoint's URL, for the host's configuration. */
  url: string;
  /** Ends every session and stops listening. */
  close(): Promise<void>;
}

/** Whether `host` is a loopback interface. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.includes(host) || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** Serves `toolset` over Streamable HTTP; resolves once listening. */
export async function serveHttp(toolset: Toolset, options: HttpOptions = {}): Promise<HttpServing> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const extra = [...(options.allowedHosts ?? [])];
  if (!isLoopback(host) && (!extra.length || !options.token))
    throw new TypeError(
      `listening on ${host} exposes the tools (and the credentials behind them) beyond this machine: give the host names clients use (allowedHosts, --allowed-host), which are then the only ones accepted, and a token clients must send (token, the ${TOKEN_VARIABLE} environment variable)`,
    );
  const allowed = [...LOOPBACK, ...extra.map((name) => name.toLowerCase())];
  const app = createMcpExpressApp({ host, allowedHosts: allowed });
  // A browser page of another site must not reach the tools: its Origin must be one of ours too.
  app.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const origin = request.headers.origin;
    if (origin === undefined || allowed.includes(hostnameOf(origin))) return next();
    reject(response, 403, `Origin not allowed: ${origin}`);
  });
  const token = options.token;
  if (token)
    app.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
      if (hasBearer(request.headers.authorization, token)) return next();
      response.setHeader('www-authenticate', 'Bearer');
      reject(response, 401, 'A bearer token is required');
    });

  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const handle = async (
    request: IncomingMessage & { body?: unknown },
    response: ServerResponse,
  ) => {
    const id = request.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (transport === undefined) {
      if (id !== undefined || request.method !== 'POST' || !isInitializeRequest(request.body))
        return reject(response, id === undefined ? 400 : 404, 'No such session: initialize first');
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, created),
      });
      created.onclose = () => {
        if (created.sessionId) sessions.delete(created.sessionId);
      };
      await serverOf(toolset).connect(created);
      transport = created;
    }
    await transport.handleRequest(request, response, request.body);
  };
  app.post(path, handle);
  app.get(path, handle);
  app.delete(path, handle);

  const server: HttpServer = await new Promise((resolve, reject) => {
    const listening: HttpServer = app.listen(options.port ?? 3000, host, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
    listening.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}${path}`,
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      sessions.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function hasBearer(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (given === undefined) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

function hostnameOf(origin: string): string {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return '';
  }
}

function reject(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
