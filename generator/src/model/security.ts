/** Security schemes and security requirements. */
import { isNode, stringOf, stringsOf, type Node } from './json.js';
import { joinPointer } from '../json/pointer.js';
import { type PointerResolver } from './pointer.js';
import type {
  OAuthFlowModel,
  OAuthFlowsModel,
  SecurityRequirementModel,
  SecuritySchemeModel,
} from './types.js';
import { setOwn } from '../json/pointer.js';

const API_KEY_LOCATIONS = new Set(['query', 'header', 'cookie']);
const FLOWS = ['implicit', 'password', 'clientCredentials', 'authorizationCode'] as const;

/** The security schemes of `components.securitySchemes`, in spec order; unusable ones are skipped. */
export function securitySchemes({
  document,
  resolver,
}: {
  document: Node;
  resolver: PointerResolver;
}): SecuritySchemeModel[] {
  const components = document.components;
  if (!isNode(components) || !isNode(components.securitySchemes)) return [];
  const result: SecuritySchemeModel[] = [];
  for (const [name, entry] of Object.entries(components.securitySchemes)) {
    const found = resolver.follow({
      node: entry,
      pointer: joinPointer({ pointer: '#/components/securitySchemes', keys: [name] }),
    });
    if (!found || !isNode(found.node)) continue;
    const scheme = securityScheme({ name, node: found.node });
    if (scheme) result.push(scheme);
  }
  return result;
}

function securityScheme({
  name,
  node,
}: {
  name: string;
  node: Node;
}): SecuritySchemeModel | undefined {
  const description = stringOf(node.description);
  const described = description === undefined ? {} : { description };
  switch (node.type) {
    case 'apiKey': {
      if (
        typeof node.in !== 'string' ||
        !API_KEY_LOCATIONS.has(node.in) ||
        typeof node.name !== 'string'
      )
        return undefined;
      return {
        name,
        type: 'apiKey',
        in: node.in as 'query' | 'header' | 'cookie',
        paramName: node.name,
        ...described,
      };
    }
    case 'http': {
      if (typeof node.scheme !== 'string') return undefined;
      const bearerFormat = stringOf(node.bearerFormat);
      // HTTP auth scheme names are case-insensitive (RFC 7235): `Bearer` and `bearer` are one scheme.
      return {
        name,
        type: 'http',
        scheme: node.scheme.toLowerCase(),
        ...(bearerFormat !== undefined && { bearerFormat }),
        ...described,
      };
    }
    case 'oauth2':
      return { name, type: 'oauth2', flows: oauthFlows(node.flows), ...described };
    case 'openIdConnect':
      if (typeof node.openIdConnectUrl !== 'string') return undefined;
      return { name, type: 'openIdConnect', openIdConnectUrl: node.openIdConnectUrl, ...described };
    case 'mutualTLS':
      return { name, type: 'mutualTLS', ...described };
    default:
      return undefined;
  }
}

function oauthFlows(value: unknown): OAuthFlowsModel {
  const flows: OAuthFlowsModel = {};
  if (!isNode(value)) return flows;
  for (const kind of FLOWS) {
    const flow = value[kind];
    if (!isNode(flow)) continue;
    const model: OAuthFlowModel = { scopes: {} };
    for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
      const url = stringOf(flow[key]);
      if (url !== undefined) model[key] = url;
    }
    if (isNode(flow.scopes)) {
      for (const [scope, text] of Object.entries(flow.scopes))
        setOwn(model.scopes, scope, typeof text === 'string' ? text : '');
    }
    flows[kind] = model;
  }
  return flows;
}

/**
 * Security requirements as written (`security: [...]`): OR across entries, AND within one.
 * `{}` becomes an empty requirement (authentication optional); a non-array gives undefined.
 */
export function securityRequirements(value: unknown): SecurityRequirementModel[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isNode).map((requirement) =>
    Object.entries(requirement).map(([scheme, scopes]) => ({
      scheme,
      scopes: stringsOf(scopes) ?? [],
    })),
  );
}
