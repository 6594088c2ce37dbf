import type { ApiDefinition, OperationDefinition } from '../definition.js';
import type { RawParameters } from './deserialize.js';
import { ownValue } from '../own.js';

function header(raw: RawParameters, name: string): string | undefined {
  const value = raw.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function hasCookie(raw: RawParameters, name: string): boolean {
  return (header(raw, 'cookie') ?? '').split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/** Whether the request carries a non-empty credential for the scheme (the mock checks presence, not validity). */
function presents(api: ApiDefinition, schemeName: string, raw: RawParameters): boolean {
  const scheme = ownValue(api.securitySchemes, schemeName);
  if (!scheme) return false;
  const authorization = header(raw, 'authorization') ?? '';
  switch (scheme.type) {
    case 'apiKey':
      if (scheme.in === 'header') return Boolean(header(raw, scheme.name));
      if (scheme.in === 'query') return Boolean(raw.query.get(scheme.name));
      return hasCookie(raw, scheme.name);
    case 'http':
      return authorization.toLowerCase().startsWith(`${scheme.scheme.toLowerCase()} `) && authorization.length > scheme.scheme.length + 1;
    case 'oauth2':
    case 'openIdConnect':
      return /^bearer \S+/i.test(authorization);
    case 'mutualTLS':
      return true;
  }
}

/**
 * The schemes missing for the closest requirement, or `[]` when one requirement (AND within,
 * OR across) is met. An operation without requirements, or with an empty one, is always met.
 */
export function missingCredentials(api: ApiDefinition, operation: OperationDefinition, raw: RawParameters): string[] {
  if (!operation.security.length) return [];
  let closest: string[] | undefined;
  for (const requirement of operation.security) {
    const missing = requirement.filter(({ scheme }) => !presents(api, scheme, raw)).map(({ scheme }) => scheme);
    if (!missing.length) return [];
    if (!closest || missing.length < closest.length) closest = missing;
  }
  return closest ?? [];
}
