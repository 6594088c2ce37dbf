import type { ApiDefinition } from '../definition.js';
import { ZapgenError } from '../errors.js';
import { ownValue } from '../own.js';
import { redactUserInfo } from '../redact.js';

/**
 * The base URL of a client: `baseUrl` when given, else the first server of the API with its
 * `{variables}` filled from `serverVariables` or their defaults. Never ends with `/`.
 *
 * A URL with user information (`https://user:password@host`) is refused: `fetch` refuses to
 * send one, and a password there would end up in every URL an error shows. The message says
 * where credentials go instead, with the user information redacted.
 */
export function resolveBaseUrl(options: {
  api: ApiDefinition;
  baseUrl?: string;
  serverVariables?: Record<string, string>;
}): string {
  if (options.baseUrl !== undefined) {
    if (typeof options.baseUrl !== 'string')
      throw new ZapgenError(`baseUrl must be a string URL, not ${typeof options.baseUrl}`);
    return withoutUserInfo(options.baseUrl, 'baseUrl').replace(/\/+$/, '');
  }
  const server = options.api.servers[0];
  if (server === undefined) return '';
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    return (
      ownValue(options.serverVariables, name) ?? ownValue(server.variables, name)?.default ?? whole
    );
  });
  return withoutUserInfo(url, `the server URL of ${options.api.name}`).replace(/\/+$/, '');
}

function withoutUserInfo(url: string, what: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url)) return url;
  throw new ZapgenError(
    `${what} must not hold credentials (${redactUserInfo(url)}): fetch does not send a URL with a user name or password. Give them as credentials (credentials.<scheme> for http basic) or in headers.authorization, and set baseUrl to the URL without them`,
  );
}
