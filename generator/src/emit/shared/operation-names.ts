import type { ApiModel, SecuritySchemeModel } from '../../model/types.js';
import { camelCase, uniqueNames } from './identifiers.js';

/**
 * The runtime's members that `createClient` hands on by name, with their docs: the client emitter
 * prints them from this list, so that an operation can never be named as one of them.
 */
export const RUNTIME_CLIENT_MEMBERS: readonly { name: string; doc: string }[] = [
  {
    name: 'use',
    doc: 'Adds middleware (`onRequest`, `onResponse`, `onError`) run around every later request.',
  },
  { name: 'eject', doc: 'Removes middleware added with `use` or the `middleware` option.' },
  {
    name: 'call',
    doc: "Sends any operation by its definition (what `./tanstack-query`'s options call).",
  },
  {
    name: 'send',
    doc: '`call`, resolving with the response too (`{ data, response }`): what an infinite query whose next page is in a header sends through.',
  },
];

/** Members of the client object that operation functions and namespaces must not shadow. */
export const CLIENT_MEMBERS = new Set([
  // The path-typed methods and `request` (`runtime.pathMethods`).
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
  'TRACE',
  'request',
  ...RUNTIME_CLIENT_MEMBERS.map((member) => member.name),
  // The namespaces of paginated and polled operations.
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

/** The names of an operation whose function is `fn`. */
function namesOf(fn: string): OperationNames {
  // `delete_` (a reserved word made safe) reads as `DeleteArgs` and `deleteOperation`.
  const stem = fn.replace(/_$/, '');
  return { fn, type: stem.charAt(0).toUpperCase() + stem.slice(1), definition: `${stem}Operation` };
}

/**
 * A scope of the generated code where names derived from an operation's meet names of the
 * emitter's own: the module's imports and fixed declarations, or the locals of the functions
 * that refer to an operation's names. Each emitter that derives a name from `OperationNames`
 * has its scopes here (the names it writes, as it writes them), so that one derivation keeps
 * every operation apart from every scope's own names, and from each other.
 */
interface OperationScope {
  own: readonly string[];
  derived: (names: OperationNames) => string[];
}

const route = (names: OperationNames) => names.definition.replace(/Operation$/, 'Route');
const types = ({ type }: OperationNames) => [`${type}Args`, `${type}Result`, `${type}Item`];

export const OPERATION_SCOPES: Readonly<Record<string, OperationScope>> = {
  /** The members of `createClient`'s object (`client.getApp()`). */
  'client object': { own: [...CLIENT_MEMBERS], derived: ({ fn }) => [fn] },
  /** `client.ts`: its imports, its exports, one function and its types per operation. */
  'client.ts': {
    own: [
      'createRuntime',
      'CallOptions',
      'ClientOptions',
      'PaginateOptions',
      'ParsedAs',
      'PollOptions',
      'ResponseStream',
      'Runtime',
      'ServerSentEvent',
      'UploadBody',
      'WithFiles',
      'routes',
      'apiBase',
      'operations',
      'paths',
      'z',
      'operationSchemas',
      'createBaseClient',
      'createClient',
    ],
    derived: (names) => [names.fn, route(names), ...types(names)],
  },
  /** `createClient`'s body: its methods call each operation's function by name. */
  'createClient body': {
    own: ['options', 'runtime', 'args', 'callOptions', 'Options'],
    derived: ({ fn }) => [fn],
  },
  /** The package's index: `client.ts` and `definitions.ts` re-exported, and the runtime's errors. */
  'index.ts': {
    own: [
      ...MODULE_NAMES,
      'components',
      'operations',
      'paths',
      'oauthFlows',
      'CallOptions',
      'CallResult',
      'ClientOptions',
      'PaginateOptions',
      'PollOptions',
      'ResponseValidationReport',
    ],
    derived: (names) => [names.fn, names.definition, ...types(names)],
  },
  /** `routes.ts`: one route const per operation. */
  'routes.ts': {
    own: [
      'ApiDefinition',
      'OperationDefinition',
      'SecuritySchemeDefinition',
      'OAuthFlows',
      'oauthFlows',
      'apiBase',
      'withOperations',
      'routes',
      'operationCodecs',
    ],
    derived: (names) => [route(names)],
  },
  /** `definitions.ts`: one definition per operation, from its route. */
  'definitions.ts': {
    own: [
      'ApiDefinition',
      'OperationDefinition',
      'Validator',
      'OperationValidators',
      'withValidators',
      'validatorOf',
      'api',
      'apiBase',
      'oauthFlows',
      'operationDefinitions',
      'operationCodecs',
    ],
    derived: (names) => [names.definition, route(names)],
  },
  /** `tanstack-query.ts`: a scope and the options factories of each operation. */
  'tanstack-query.ts': {
    own: [
      'operationInfiniteQueryOptions',
      'operationMutationOptions',
      'operationQueryKey',
      'operationQueryOptions',
      'resourceKey',
      'CallingClient',
      'InfiniteQueryOptionsInput',
      'InfiniteQueryOptionsResult',
      'MutationOptionsInput',
      'MutationOptionsResult',
      'OperationKey',
      'OperationQueryKey',
      'QueryOptionsInput',
      'QueryOptionsResult',
      'API',
      'apiQueryKey',
      'resourceQueryKey',
      'queries',
      'client',
      'args',
      'options',
      'TOptions',
    ],
    derived: (names) => [
      route(names),
      ...types(names),
      ...['QueryKey', 'QueryOptions', 'InfiniteQueryOptions', 'MutationOptions'].map(
        (suffix) => `${names.fn}${suffix}`,
      ),
    ],
  },
  /** `swr.ts`: the hooks of each operation. */
  'swr.ts': {
    own: [
      'matchKeysOf',
      'useOperation',
      'useOperationInfinite',
      'useOperationMutation',
      'CallingClient',
      'InfiniteConfig',
      'InfiniteResponse',
      'MutationConfig',
      'MutationResponse',
      'QueryConfig',
      'QueryResponse',
      'API',
      'matchKeys',
      'hooks',
      'client',
      'args',
      'config',
      'parts',
    ],
    derived: (names) => [
      route(names),
      ...types(names),
      `use${names.type}`,
      `use${names.type}Infinite`,
    ],
  },
  /** `mcp.ts`: one tool const per operation, from its definition. */
  'mcp.ts': {
    own: [
      'createServer',
      'runMcpCommand',
      'JsonSchema',
      'McpDefinition',
      'McpServerOptions',
      'ToolDefinition',
      'apiBase',
      'schemas',
      'mcpTools',
      'mcpDefinition',
      'createMcpServer',
      'main',
    ],
    derived: (names) => [names.definition, names.definition.replace(/Operation$/, 'Tool')],
  },
};

/** Every scope's own names and an operation's derived names, each qualified by its scope. */
const SCOPED_OWN = new Set(
  Object.entries(OPERATION_SCOPES).flatMap(([scope, { own }]) =>
    own.map((name) => `${scope}\0${name}`),
  ),
);
function scopedDerived(fn: string): string[] {
  const names = namesOf(fn);
  return Object.entries(OPERATION_SCOPES).flatMap(([scope, { derived }]) =>
    derived(names).map((name) => `${scope}\0${name}`),
  );
}

/**
 * Unique function, type and const names per operationId, in model order (sorted by operationId).
 * No derived name meets a name of the scope it is written in (`OPERATION_SCOPES`) or another
 * operation's: a function named like one of the client's members or the package's exports
 * takes the suffix `Operation` (`request` → `requestOperation`), any other collision a number.
 */
export function operationNames(model: ApiModel): Map<string, OperationNames> {
  // Every emitter of a run asks (ten times on a package), and the derivation of GitHub's 1,223
  // operations costs about 0.1 s: the last answer is kept, keyed on all the derivation reads.
  const key = JSON.stringify(
    model.operations.map((operation) => [operation.operationId, operation.functionName ?? null]),
  );
  if (lastNames?.key !== key) lastNames = { key, functions: deriveFunctions(model) };
  return new Map([...lastNames.functions].map(([operationId, fn]) => [operationId, namesOf(fn)]));
}

/** The key and the function names of the last `operationNames` call. */
let lastNames: { key: string; functions: ReadonlyMap<string, string> } | undefined;

function deriveFunctions(model: ApiModel): Map<string, string> {
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
      return scopedDerived(name).some((scoped) => SCOPED_OWN.has(scoped))
        ? `${name}Operation`
        : name;
    },
    { reserved: SCOPED_OWN, derived: scopedDerived },
  );
  return functions;
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
