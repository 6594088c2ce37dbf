import type { ApiModel, SecuritySchemeModel } from '../../model/types.js';
import { camelCase, uniqueNames } from './identifiers.js';

/** Members of the client object that operation functions and namespaces must not shadow. */
export const CLIENT_MEMBERS = new Set([
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
  'TRACE',
  'request',
  'call',
  'use',
  'eject',
  'paginate',
  'poll',
]);

/**
 * Names the package exports beside the operation functions (`client.ts`, `definitions.ts`, the
 * index's re-exports): an operation function must not take one over.
 */
const MODULE_NAMES = new Set([
  'createClient',
  'createBaseClient',
  'api',
  'apiBase',
  'oauthFlows',
  'operationDefinitions',
]);

/** Options of the runtime's `ClientOptions` that an apiKey option must not take over. */
const RUNTIME_OPTIONS = new Set([
  'baseUrl',
  'serverVariables',
  'accessToken',
  'getAccessToken',
  'reauthorize',
  'credentials',
  'fetch',
  'headers',
  'middleware',
  'timeoutMs',
  'retry',
  'maxRedirects',
  'validation',
  'onValidationWarning',
  // The drop-in client's (`./fetch`): openapi-fetch's options and the members of `RequestInit`.
  'Request',
  'querySerializer',
  'bodySerializer',
  'pathSerializer',
  'requestInitExt',
  'body',
  'cache',
  'duplex',
  'integrity',
  'keepalive',
  'method',
  'mode',
  'priority',
  'redirect',
  'referrer',
  'referrerPolicy',
  'signal',
  'window',
]);

/** Names the generated code gives each operation. */
export interface OperationNames {
  /** Client method and value prefix: `searchApps`. */
  fn: string;
  /** Type prefix: `SearchApps` (for `SearchAppsArgs`, `SearchAppsResult`). */
  type: string;
  /** The `OperationDefinition` const: `searchAppsOperation`. */
  definition: string;
}

/** Unique function, type and const names per operationId, in model order (sorted by operationId). */
export function operationNames(model: ApiModel): Map<string, OperationNames> {
  // The config's names (`names.functions`) where it gives one, else the operationId.
  const given = new Map(
    model.operations.map((operation) => [
      operation.operationId,
      operation.functionName ?? operation.operationId,
    ]),
  );
  const functions = uniqueNames(
    model.operations.map((operation) => operation.operationId),
    (operationId) => {
      const name = camelCase(given.get(operationId)!);
      return CLIENT_MEMBERS.has(name) || MODULE_NAMES.has(name) ? `${name}Operation` : name;
    },
  );
  const names = new Map<string, OperationNames>();
  for (const [operationId, fn] of functions) {
    // `delete_` (a reserved word made safe) reads as `DeleteArgs` and `deleteOperation`.
    const stem = fn.replace(/_$/, '');
    names.set(operationId, {
      fn,
      type: stem.charAt(0).toUpperCase() + stem.slice(1),
      definition: `${stem}Operation`,
    });
  }
  // Functions and definitions are both exported from the package's index: a function named like
  // another operation's definition (`getOperation` beside `get`) takes a suffix.
  const definitions = new Set([...names.values()].map((entry) => entry.definition));
  const taken = new Set([...names.values()].map((entry) => entry.fn));
  for (const entry of names.values()) {
    if (!definitions.has(entry.fn)) continue;
    let suffix = 2;
    while (taken.has(`${entry.fn}${suffix}`) || definitions.has(`${entry.fn}${suffix}`))
      suffix += 1;
    entry.fn = `${entry.fn}${suffix}`;
    taken.add(entry.fn);
  }
  return names;
}

/**
 * The `createClient` option of each apiKey scheme: camelCase of the key's name without a leading
 * `x-` (`x-api-key` → `apiKey`, `client_id` → `clientId`); camelCase of the scheme name when that
 * collides with a runtime option or another scheme; numbered as a last resort.
 */
export function apiKeyOptions(schemes: readonly SecuritySchemeModel[]): Map<string, string> {
  const options = new Map<string, string>();
  const taken = new Set(RUNTIME_OPTIONS);
  for (const scheme of schemes) {
    if (scheme.type !== 'apiKey') continue;
    const candidates = [camelCase(scheme.paramName.replace(/^x-/i, '')), camelCase(scheme.name)];
    let option = candidates.find((candidate) => !taken.has(candidate));
    for (let suffix = 2; !option; suffix += 1) {
      if (!taken.has(`${candidates[1]}${suffix}`)) option = `${candidates[1]}${suffix}`;
    }
    taken.add(option);
    options.set(scheme.name, option);
  }
  return options;
}
