/**
 * Who is calling: the operation's security requirements (OR across, AND within) checked against
 * the mock's credentials table and the tokens it issued. 401 when no requirement is met by valid
 * credentials, 403 when valid credentials lack a required scope.
 */
import type { ApiDefinition, OperationDefinition, SecurityRequirement } from '../definition.js';
import { MockProblem } from './answer.js';
import type { IssuedToken, MockState } from './state.js';
import { ownValue } from '../own.js';

/** An accepted API key (any apiKey scheme, or `user:password` for http basic) and who it stands for. */
export interface ApiKeyEntry {
  /** Caller attributes over the default caller's (`user`, `app`, ...). */
  caller?: Record<string, unknown>;
  /** Scopes (roles) the key grants, when the requirement lists some; default: every scope. */
  scopes?: string[];
}

/** A registered OAuth client. */
export interface ClientEntry {
  /** Allowed `redirect_uri` values; default: any http(s) URL on a loopback host. */
  redirectUris?: string[];
  /** Caller attributes of tokens issued to this client. */
  caller?: Record<string, unknown>;
}

/** The credentials the mock accepts besides the tokens it issues. */
export interface CredentialsTable {
  apiKeys: Record<string, ApiKeyEntry>;
  tokens: Record<string, IssuedToken>;
  clients: Record<string, ClientEntry>;
}

/** The parts of a request that carry credentials. */
export interface PresentedCredentials {
  headers: Headers;
  query: URLSearchParams;
}

type Outcome =
  | { met: true; caller: Record<string, unknown> }
  | { met: false; reason: 'missing' | 'invalid' | 'scope'; scheme: string; scopes: string[] };

function cookie(headers: Headers, name: string): string | undefined {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

function bearer(headers: Headers): string | undefined {
  const match = /^bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '');
  return match?.[1];
}

/** The token's entry when it is known and not expired. */
export function activeToken(options: {
  token: string;
  table: CredentialsTable;
  state: MockState;
  now: number;
}): IssuedToken | undefined {
  const entry = Object.hasOwn(options.state.tokens, options.token)
    ? options.state.tokens[options.token]
    : Object.hasOwn(options.table.tokens, options.token)
      ? options.table.tokens[options.token]
      : undefined;
  if (entry === undefined || (entry.expiresAt !== undefined && entry.expiresAt <= options.now))
    return undefined;
  return entry;
}

function covers(granted: readonly string[] | undefined, required: readonly string[]): boolean {
  return granted === undefined || required.every((scope) => granted.includes(scope));
}

function checkScheme(options: {
  api: ApiDefinition;
  scheme: string;
  scopes: string[];
  presented: PresentedCredentials;
  table: CredentialsTable;
  state: MockState;
  now: number;
}): Outcome {
  const { scheme: name, scopes, presented, table } = options;
  const scheme = ownValue(options.api.securitySchemes, name);
  const fail = (reason: 'missing' | 'invalid' | 'scope'): Outcome => ({
    met: false,
    reason,
    scheme: name,
    scopes,
  });
  if (scheme === undefined) return fail('invalid');
  const key = (value: string | null | undefined): Outcome => {
    if (!value) return fail('missing');
    const entry = Object.hasOwn(table.apiKeys, value) ? table.apiKeys[value] : undefined;
    if (entry === undefined) return fail('invalid');
    return covers(entry.scopes, scopes) ? { met: true, caller: entry.caller ?? {} } : fail('scope');
  };
  switch (scheme.type) {
    case 'apiKey':
      if (scheme.in === 'header') return key(presented.headers.get(scheme.name));
      if (scheme.in === 'query') return key(presented.query.get(scheme.name));
      return key(cookie(presented.headers, scheme.name));
    case 'http': {
      const authorization = presented.headers.get('authorization') ?? '';
      if (scheme.scheme.toLowerCase() === 'basic') {
        const match = /^basic\s+(\S+)$/i.exec(authorization);
        if (!match) return fail('missing');
        let decoded: string;
        try {
          decoded = atob(match[1] ?? '');
        } catch {
          return fail('invalid');
        }
        return key(decoded);
      }
      if (scheme.scheme.toLowerCase() !== 'bearer') {
        const prefix = `${scheme.scheme.toLowerCase()} `;
        return key(
          authorization.toLowerCase().startsWith(prefix)
            ? authorization.slice(prefix.length).trim()
            : undefined,
        );
      }
      break;
    }
    case 'mutualTLS':
      return { met: true, caller: {} };
    case 'oauth2':
    case 'openIdConnect':
      break;
  }
  const token = bearer(presented.headers);
  if (token === undefined) return fail('missing');
  const entry = activeToken({ token, table, state: options.state, now: options.now });
  if (entry === undefined) return fail('invalid');
  return covers(entry.scopes, scopes) ? { met: true, caller: entry.caller } : fail('scope');
}

function requirementOutcome(
  requirement: SecurityRequirement,
  check: (scheme: string, scopes: string[]) => Outcome,
): Outcome {
  let caller: Record<string, unknown> = {};
  for (const { scheme, scopes } of requirement) {
    const outcome = check(scheme, scopes);
    if (!outcome.met) return outcome;
    caller = { ...caller, ...outcome.caller };
  }
  return { met: true, caller };
}

const RANK = { missing: 0, invalid: 1, scope: 2 } as const;

/**
 * The caller's attributes (over `defaults`) when one requirement is met; otherwise throws the
 * 401 or 403 of the closest requirement: a valid credential lacking a scope (403) beats an invalid
 * credential (401 `invalid_token`), which beats a missing one (401 `unauthorized`).
 */
export function authorize(options: {
  api: ApiDefinition;
  operation: OperationDefinition;
  presented: PresentedCredentials;
  table: CredentialsTable;
  state: MockState;
  now: number;
  defaults: Record<string, unknown>;
}): Record<string, unknown> {
  const { operation } = options;
  if (operation.security.length === 0) return { ...options.defaults };
  let closest: Extract<Outcome, { met: false }> | undefined;
  for (const requirement of operation.security) {
    const outcome = requirementOutcome(requirement, (scheme, scopes) =>
      checkScheme({ ...options, scheme, scopes }),
    );
    if (outcome.met) return { ...options.defaults, ...outcome.caller };
    if (closest === undefined || RANK[outcome.reason] > RANK[closest.reason]) closest = outcome;
  }
  const failure = closest ?? { reason: 'missing' as const, scheme: '', scopes: [] };
  const alternatives = operation.security
    .map((requirement) => requirement.map(({ scheme }) => scheme).join(' and '))
    .join(', or ');
  if (failure.reason === 'scope') {
    const scope = failure.scopes.join(' ');
    throw new MockProblem({
      status: 403,
      code: 'insufficient_scope',
      message: `${operation.operationId} needs the scopes ${scope} (${failure.scheme}); the credentials do not have them.`,
      headers: { 'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
    });
  }
  if (failure.reason === 'invalid') {
    throw new MockProblem({
      status: 401,
      code: 'invalid_credentials',
      message: `${operation.operationId}: the ${failure.scheme} credentials are not valid (unknown, revoked or expired).`,
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    });
  }
  throw new MockProblem({
    status: 401,
    code: 'unauthorized',
    message: `${operation.operationId} needs credentials: ${alternatives}.`,
    headers: { 'www-authenticate': 'Bearer' },
  });
}
