import type {
  ApiDefinition,
  OperationDefinition,
  SecuritySchemeDefinition,
} from '../definition.js';
import { MissingCredentialsError } from '../errors.js';
import { ownValue } from '../own.js';

/** What `getAccessToken` and `reauthorize` are told about the token they are asked for. */
export interface AccessTokenContext {
  operationId: string;
  /** The security scheme name, e.g. `AccessPointOAuth`. */
  scheme: string;
  scopes: string[];
}

/**
 * The client options credentials come from (`CredentialOptions` extends it): all the credential step
 * reads of a client, so that it needs nothing of the client's other options.
 */
export interface CredentialOptions {
  /** Bearer token for oauth2, openIdConnect and http bearer schemes. */
  accessToken?: string;
  /** Called when an operation needs a token; wins over `accessToken`. */
  getAccessToken?: (
    context: AccessTokenContext,
  ) => string | undefined | Promise<string | undefined>;
  /** Credentials by security scheme name, any scheme type (`user:password` for http basic). */
  credentials?: Record<string, string | (() => string | Promise<string>)>;
  /** apiKey values under each scheme's `option` name (`apiKey`, `clientId`, ...). */
  [apiKeyOption: string]: unknown;
}

/** What one request must carry to satisfy its operation's security. */
export interface Authentication {
  headers: Record<string, string>;
  /** Query pairs (raw, not encoded), e.g. `['client_id', 'abc']`. */
  query: [string, string][];
  /** Cookie pairs (raw). */
  cookies: [string, string][];
  /** The credential values used, so that they can be redacted from anything kept on an error. */
  secrets: string[];
  /** Query parameter names carrying a credential (their values are redacted from URLs). */
  secretQueryNames: string[];
  /** The token scheme used, when a Bearer token was sent (for re-authorization after a 401). */
  tokenScheme?: { scheme: string; scopes: string[] };
}

type Credential = {
  kind: 'header' | 'query' | 'cookie';
  name: string;
  value: string;
  token?: boolean;
  /** What else of it must be scrubbed: for http basic, `user:password` and the password. */
  secrets?: string[];
};

/** Schemes whose credential is a token sent as `Authorization: Bearer`. */
function isTokenScheme(scheme: SecuritySchemeDefinition): boolean {
  return (
    scheme.type === 'oauth2' ||
    scheme.type === 'openIdConnect' ||
    (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'bearer')
  );
}

/** How a missing credential is named in errors: the scheme and the client option that provides it. */
export function describeCredential(
  name: string,
  scheme: SecuritySchemeDefinition | undefined,
): string {
  if (scheme === undefined) return `${name} (unknown security scheme)`;
  if (scheme.type === 'apiKey') return `${scheme.option} (${name}: ${scheme.in} ${scheme.name})`;
  if (isTokenScheme(scheme)) return `an access token (${name}: accessToken or getAccessToken)`;
  if (scheme.type === 'http') return `credentials.${name} (${name}: http ${scheme.scheme})`;
  return `${name} (${scheme.type}, not supported by the runtime)`;
}

async function fromCredentials(
  options: CredentialOptions,
  name: string,
): Promise<string | undefined> {
  const entry = ownValue(options.credentials, name);
  if (entry === undefined) return undefined;
  return typeof entry === 'function' ? await entry() : entry;
}

/** Resolves the credential of one scheme, or `undefined` when the client has none. */
async function resolveScheme(options: {
  client: CredentialOptions;
  operationId: string;
  name: string;
  scheme: SecuritySchemeDefinition;
  scopes: string[];
  tokenOverride?: string;
}): Promise<Credential | undefined> {
  const { client, name, scheme } = options;
  const explicit = await fromCredentials(client, name);
  if (scheme.type === 'apiKey') {
    const option = client[scheme.option];
    const value = explicit ?? (typeof option === 'string' && option !== '' ? option : undefined);
    return value === undefined ? undefined : { kind: scheme.in, name: scheme.name, value };
  }
  if (isTokenScheme(scheme)) {
    const token =
      options.tokenOverride ??
      explicit ??
      (await client.getAccessToken?.({
        operationId: options.operationId,
        scheme: name,
        scopes: options.scopes,
      })) ??
      client.accessToken;
    return token
      ? { kind: 'header', name: 'Authorization', value: `Bearer ${token}`, token: true }
      : undefined;
  }
  if (scheme.type === 'http' && explicit !== undefined) {
    if (scheme.scheme.toLowerCase() !== 'basic')
      return { kind: 'header', name: 'Authorization', value: `${scheme.scheme} ${explicit}` };
    const password = explicit.slice(explicit.indexOf(':') + 1);
    return {
      kind: 'header',
      name: 'Authorization',
      value: `Basic ${btoa(explicit)}`,
      secrets: [explicit, ...(password === explicit ? [] : [password])],
    };
  }
  return undefined;
}

/**
 * Picks the first security requirement of the operation that the client can fully meet (OR across
 * requirements, AND within one) and returns what the request must carry; when auth is optional
 * (an empty requirement) and none can be met, nothing. Throws `MissingCredentialsError` when none
 * can be met, before anything is sent.
 */
export async function authenticate(options: {
  api: ApiDefinition;
  operation: OperationDefinition;
  client: CredentialOptions;
  /** A token to use instead of the client's (after a re-authorization). */
  tokenOverride?: string;
  /**
   * `false`: when no requirement can be met, send without credentials instead of throwing (the
   * drop-in client, whose middleware may add them).
   */
  required?: boolean;
}): Promise<Authentication> {
  const { api, operation, client } = options;
  const result: Authentication = {
    headers: {},
    query: [],
    cookies: [],
    secrets: [],
    secretQueryNames: [],
  };
  if (operation.security.length === 0) return result;
  const missing: string[][] = [];
  // An empty requirement (`{}`) makes auth optional: send credentials when some requirement can use them.
  const requirements = operation.security.filter((requirement) => requirement.length > 0);
  const optional = requirements.length < operation.security.length;
  for (const requirement of requirements) {
    const found: Credential[] = [];
    const lacking: string[] = [];
    let tokenScheme: Authentication['tokenScheme'];
    for (const { scheme: name, scopes } of requirement) {
      const scheme = ownValue(api.securitySchemes, name);
      const credential =
        scheme === undefined
          ? undefined
          : await resolveScheme({
              client,
              operationId: operation.operationId,
              name,
              scheme,
              scopes,
              tokenOverride: options.tokenOverride,
            });
      if (credential === undefined) lacking.push(describeCredential(name, scheme));
      else {
        found.push(credential);
        if (credential.token) tokenScheme = { scheme: name, scopes };
      }
    }
    if (lacking.length > 0) {
      missing.push(lacking);
      continue;
    }
    for (const credential of found) {
      result.secrets.push(
        credential.value.replace(/^(Bearer|Basic) /, ''),
        credential.value,
        ...(credential.secrets ?? []),
      );
      if (credential.kind === 'header') result.headers[credential.name] = credential.value;
      else if (credential.kind === 'query') {
        result.query.push([credential.name, credential.value]);
        result.secretQueryNames.push(credential.name);
      } else result.cookies.push([credential.name, credential.value]);
    }
    if (tokenScheme !== undefined) result.tokenScheme = tokenScheme;
    return result;
  }
  if (optional || options.required === false) return result;
  throw new MissingCredentialsError({ operationId: operation.operationId, missing });
}
