import type { ApiDefinition } from '../definition.js';
import { ownValue } from '../own.js';

/**
 * The base URL of a client: `baseUrl` when given, else the first server of the API with its
 * `{variables}` filled from `serverVariables` or their defaults. Never ends with `/`.
 */
export function resolveBaseUrl(options: {
  api: ApiDefinition;
  baseUrl?: string;
  serverVariables?: Record<string, string>;
}): string {
  if (options.baseUrl !== undefined) return options.baseUrl.replace(/\/+$/, '');
  const server = options.api.servers[0];
  if (server === undefined) return '';
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    return (
      ownValue(options.serverVariables, name) ?? ownValue(server.variables, name)?.default ?? whole
    );
  });
  return url.replace(/\/+$/, '');
}
