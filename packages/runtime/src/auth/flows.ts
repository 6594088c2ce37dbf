import type { ApiDefinition } from '../definition.js';

/** One OAuth 2.0 flow of the API's security schemes, with absolute URLs. */
export interface OAuthFlow {
  /** The security scheme name. */
  scheme: string;
  authorizationUrl: string | undefined;
  tokenUrl: string | undefined;
  /** Every scope the flow declares. */
  scopes: string[];
}

/**
 * Finds an OAuth 2.0 flow in the API definition (the named scheme, else the first scheme that has
 * the flow). Relative URLs are resolved against `baseUrl`.
 */
export function findOAuthFlow(options: {
  api: ApiDefinition;
  flow: 'implicit' | 'authorizationCode' | 'clientCredentials' | 'password';
  scheme?: string;
  baseUrl?: string;
}): OAuthFlow | undefined {
  for (const [name, scheme] of Object.entries(options.api.securitySchemes)) {
    if (options.scheme !== undefined && name !== options.scheme) continue;
    if (scheme.type !== 'oauth2') continue;
    const flow = scheme.flows[options.flow];
    if (flow === undefined) continue;
    const absolute = (url: string | undefined) => (url === undefined || options.baseUrl === undefined ? url : new URL(url, `${options.baseUrl}/`).href);
    return { scheme: name, authorizationUrl: absolute(flow.authorizationUrl), tokenUrl: absolute(flow.tokenUrl), scopes: Object.keys(flow.scopes) };
  }
  return undefined;
}
