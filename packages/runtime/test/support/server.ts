import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the server saw it on the wire. */
export interface RecordedRequest {
  method: string;
  /** Path and query exactly as sent, e.g. `/v1/apps?page=1&client_id=abc`. */
  url: string;
  path: string;
  /** The raw query string without `?`. */
  query: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** `performance.now()` when the request arrived. */
  at: number;
}

/** What the server answers. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON. */
  body?: unknown;
  /** Wait this long before answering (for timeouts). */
  delayMs?: number;
}

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1 that records every request and answers with `handle`. */
export async function startServer(
  handle: (request: RecordedRequest, index: number) => Reply | Promise<Reply>,
): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const url = incoming.url ?? '/';
      const queryAt = url.indexOf('?');
      const recorded: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url,
        path: queryAt === -1 ? url : url.slice(0, queryAt),
        query: queryAt === -1 ? '' : url.slice(queryAt + 1),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      requests.push(recorded);
      const reply = await handle(recorded, requests.length - 1);
      const send = () => {
        if (outgoing.destroyed) return;
        const isJson = reply.body !== undefined && typeof reply.body !== 'string';
        const headers = {
          ...(isJson ? { 'content-type': 'application/json' } : {}),
          ...reply.headers,
        };
        outgoing.writeHead(reply.status ?? 200, headers);
        outgoing.end(
          reply.body === undefined
            ? undefined
            : isJson
              ? JSON.stringify(reply.body)
              : (reply.body as string),
        );
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
