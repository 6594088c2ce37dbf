/** openapi-fetch's path-based client: `client['/posts/{id}'].GET(init)` over a drop-in client. */
import type { Client, PathBasedClient } from 'openapi-fetch';
import type { MediaType } from 'openapi-typescript-helpers';

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

type Send = (path: string, init?: unknown) => Promise<unknown>;

/** Wraps a client: each property is a path, with one method per HTTP method (made once per path). */
export function wrapAsPathBasedClient<Paths extends {}, Media extends MediaType = MediaType>(
  client: Client<Paths, Media>,
): PathBasedClient<Paths, Media> {
  const forwarders = new Map<string, Record<string, (init?: unknown) => Promise<unknown>>>();
  const methods = client as unknown as Record<(typeof METHODS)[number], Send>;
  return new Proxy({} as PathBasedClient<Paths, Media>, {
    get(_target, path) {
      if (typeof path !== 'string') return undefined;
      let forwarder = forwarders.get(path);
      if (forwarder === undefined) {
        forwarder = Object.fromEntries(
          METHODS.map((method) => [method, (init?: unknown) => methods[method](path, init)]),
        );
        forwarders.set(path, forwarder);
      }
      return forwarder;
    },
  });
}
