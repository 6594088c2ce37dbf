/**
 * Credentials of an MCP server: one environment variable per security scheme (named at
 * generation, `<API>_<SCHEME>`), or the server's options. The server never starts an OAuth flow:
 * the host (or the user) obtains the token and hands it over. Values are never shown: messages
 * name the variables, and every secret is scrubbed from what the server answers or logs.
 */
import type { SecurityRequirement, SecuritySchemeDefinition } from '../definition.js';
import { ownValue } from '../own.js';
import type { McpDefinition } from './definition.js';

/** The environment as the server reads it. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** Credentials by scheme name: from the options first, else from each scheme's variable. */
export function credentialsOf(options: {
  definition: McpDefinition;
  environment: Environment;
  given?: Readonly<Record<string, string>>;
}): Record<string, string> {
  const credentials: Record<string, string> = {};
  for (const [scheme, variable] of Object.entries(options.definition.environment.credentials)) {
    const value = ownValue(options.given, scheme) ?? ownValue(options.environment, variable);
    if (typeof value === 'string' && value.trim() !== '')
      Object.defineProperty(credentials, scheme, { value: value.trim(), enumerable: true });
  }
  return credentials;
}

/** Every form of the credentials that must never appear in an answer: each value, and a password alone. */
export function secretsOf(credentials: Readonly<Record<string, string>>): string[] {
  return Object.values(credentials).flatMap((value) => {
    const colon = value.indexOf(':');
    return colon > 0 && colon < value.length - 1 ? [value, value.slice(colon + 1)] : [value];
  });
}

/** What the variable of a scheme must hold, in words. */
export function describeScheme(
  scheme: SecuritySchemeDefinition,
  scopes: readonly string[],
): string {
  switch (scheme.type) {
    case 'apiKey':
      return `an API key, sent ${scheme.in === 'header' ? `in the ${scheme.name} header` : scheme.in === 'query' ? `as the query parameter ${scheme.name}` : `as the cookie ${scheme.name}`}`;
    case 'http':
      return scheme.scheme.toLowerCase() === 'basic'
        ? 'user:password (HTTP basic)'
        : `a ${scheme.scheme} token`;
    case 'oauth2':
    case 'openIdConnect':
      return `an OAuth access token${scopes.length ? ` with scope${scopes.length === 1 ? '' : 's'} ${scopes.join(' ')}` : ''}, obtained by the host or the user (the server starts no authorization flow)`;
    case 'mutualTLS':
      return 'a client certificate (mutual TLS, which the server cannot send)';
  }
}

/**
 * Why a tool cannot be called with the credentials at hand, naming the variables that would make
 * each alternative requirement work; undefined when one requirement is met (or none is needed).
 */
export function missingCredentials(options: {
  definition: McpDefinition;
  security: readonly SecurityRequirement[];
  credentials: Readonly<Record<string, string>>;
  operationId: string;
}): string | undefined {
  const { definition, security, credentials } = options;
  if (security.length === 0 || security.some((requirement) => requirement.length === 0))
    return undefined;
  const alternatives: string[] = [];
  for (const requirement of security) {
    const lacking = requirement.filter(({ scheme }) => ownValue(credentials, scheme) === undefined);
    if (!lacking.length) return undefined;
    alternatives.push(
      lacking
        .map(({ scheme, scopes }) => {
          const variable = ownValue(definition.environment.credentials, scheme) ?? scheme;
          const found = ownValue(definition.api.securitySchemes, scheme);
          return `${variable} (${scheme}: ${found ? describeScheme(found, scopes) : 'an unknown security scheme'})`;
        })
        .join(' and '),
    );
  }
  return `${options.operationId} needs credentials that are not set: ${alternatives.join('; or ')}. Set the environment variable${alternatives.length > 1 || alternatives[0]!.includes(' and ') ? 's' : ''} in the server's configuration (the "env" of the MCP host's entry), then call it again.`;
}
