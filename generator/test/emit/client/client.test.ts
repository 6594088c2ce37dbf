import { describe, expect, test } from 'vitest';
import type { ApiModel, OperationModel } from '../../../src/model/types.js';
import { clientSource } from '../../../src/emit/client/index.js';
import {
  definitionsSource,
  routesSource,
  validatedModules,
} from '../../../src/emit/definitions/index.js';
import { typescriptTypesEmitter } from '../../../src/emit/typescript-types/index.js';
import { typeCheck, zodStub } from './compile.js';
import {
  boolean,
  context,
  integer,
  jsonResponse,
  model,
  operation,
  parameter,
  string,
} from './model.js';

const HOSTILE_TEXT =
  'Ends */ early, `ticks`, ${injection}, "quotes", \'single\', line\u2028separator </script>';

/** Emits types, client and definitions of `given` and type-checks them with `usage` (a file calling the client). */
async function emitAndCheck(
  given: ApiModel,
  usage = '',
): Promise<{ client: string; definitions: string; errors: string[] }> {
  const client = clientSource(given, context);
  const routes = routesSource(given, context);
  // What the runtime is handed: the routes and the definitions built on them.
  const definitions = `${routes}\n${definitionsSource(given, context)}`;
  const [types] = await typescriptTypesEmitter.emit(given, context);
  const errors = typeCheck({
    'src/client.ts': client,
    'src/definitions.ts': definitionsSource(given, context),
    'src/routes.ts': routes,
    'src/types.ts': types!.contents,
    'src/validators.ts': zodStub(given.operations),
    ...Object.fromEntries(
      validatedModules(given, context).map((module) => [module.path, module.contents]),
    ),
    ...(usage
      ? {
          'src/usage.ts': `import { createClient } from './client.js';\nconst client = createClient();\n${usage}\n`,
        }
      : {}),
  });
  return { client, definitions, errors };
}

const listApps = operation({
  operationId: 'list_apps',
  method: 'get',
  path: '/apps/{app}',
  summary: 'List apps',
  parameters: [
    parameter({ name: 'app', in: 'path' }),
    parameter({ name: 'page', in: 'query', schema: integer }),
    parameter({ name: 'X-Trace', in: 'header' }),
  ],
  responses: [
    jsonResponse('200', { kind: 'array', nullable: false, items: string }),
    jsonResponse('404', string, 'No such app'),
  ],
});

const health = operation({
  operationId: 'health',
  method: 'get',
  path: '/health',
  responses: [{ status: '204', description: 'Up', content: [], headers: [] }],
});

describe('client emitter: typed calls compile, wrong calls do not', () => {
  const cases: [string, { given: ApiModel; usage: string; want: RegExp | null }][] = [
    [
      'required path group',
      {
        given: model({ operations: [listApps] }),
        usage: `void client.listApps({ path: { app: 'slack' } });`,
        want: null,
      },
    ],
    [
      'missing required path group',
      {
        given: model({ operations: [listApps] }),
        usage: `void client.listApps({ query: { page: 2 } });`,
        want: /path/,
      },
    ],
    [
      'wrong parameter type',
      {
        given: model({ operations: [listApps] }),
        usage: `void client.listApps({ path: { app: 'a' }, query: { page: 'two' } });`,
        want: /number/,
      },
    ],
    [
      'header group is optional',
      {
        given: model({ operations: [listApps] }),
        usage: `void client.listApps({ path: { app: 'a' }, header: { 'X-Trace': 't' } });`,
        want: null,
      },
    ],
    [
      'argument optional when nothing is required',
      {
        given: model({ operations: [health] }),
        usage: `const result: undefined = await client.health();`,
        want: null,
      },
    ],
    [
      'result type is the 2xx body',
      {
        given: model({ operations: [listApps] }),
        usage: `const apps: string[] = await client.listApps({ path: { app: 'a' } });`,
        want: null,
      },
    ],
    [
      'result type is not any',
      {
        given: model({ operations: [listApps] }),
        usage: `const apps: number = await client.listApps({ path: { app: 'a' } });`,
        want: /not assignable/,
      },
    ],
    [
      'required body',
      {
        given: model({
          operations: [
            operation({
              operationId: 'execute',
              method: 'post',
              path: '/execute',
              requestBody: {
                required: true,
                content: [
                  {
                    mediaType: 'application/json',
                    schema: {
                      kind: 'object',
                      nullable: false,
                      properties: [{ name: 'instructions', required: true, schema: string }],
                      additionalProperties: true,
                    },
                    pointer: '#',
                    examples: [],
                  },
                ],
              },
            }),
          ],
        }),
        usage: `void client.execute({});`,
        want: /body/,
      },
    ],
    [
      'enum parameter rejects other values',
      {
        given: model({
          operations: [
            operation({
              operationId: 'search',
              method: 'get',
              path: '/search',
              parameters: [
                parameter({
                  name: 'type',
                  in: 'query',
                  schema: {
                    kind: 'enum',
                    nullable: false,
                    values: ['read', 'write'],
                    baseType: 'string',
                  },
                }),
              ],
            }),
          ],
        }),
        usage: `void client.search({ query: { type: 'delete' } });`,
        want: /"delete"/,
      },
    ],
  ];
  test.each(cases)('%s', async (_name, { given, usage, want }) => {
    const { errors } = await emitAndCheck(given, usage);
    if (want) expect(errors.filter((error) => !error.startsWith('src/usage.ts'))).toEqual([]);
    if (want)
      expect(errors.filter((error) => error.startsWith('src/usage.ts')).join('\n')).toMatch(want);
    else expect(errors).toEqual([]);
  });
});

/** An operation the client polls until `is_loading` is false. */
const polledChoices = operation({
  operationId: 'choices',
  method: 'post',
  path: '/choices',
  extensions: { rules: [], polling: { whileField: 'is_loading', intervalMs: 1000 } },
});

describe('client emitter: emitted code', () => {
  /** Fragments each file must contain (`client`, `definitions`) or must not (`clientLacks`, `definitionsLack`). */
  type Want = {
    client?: string[];
    definitions?: string[];
    clientLacks?: string[];
    definitionsLack?: string[];
  };
  const cases: [string, { given: ApiModel; want: Want }][] = [
    [
      'named types per operation',
      {
        given: model({ operations: [listApps] }),
        want: {
          client: [
            'export type ListAppsArgs = {',
            'path: NonNullable<operations["list_apps"]["parameters"]["path"]>;',
            'query?: NonNullable<',
            'export type ListAppsResult =',
          ],
        },
      },
    ],
    [
      'deprecated operations say so',
      {
        given: model({
          operations: [
            operation({ operationId: 'old', method: 'get', path: '/old', deprecated: true }),
          ],
        }),
        want: { client: ['@deprecated'] },
      },
    ],
    [
      'client.ts holds what a user reads; the wiring is in routes.ts (validators load per operation)',
      {
        given: model({ operations: [listApps] }),
        want: {
          client: [
            'import { apiBase, listAppsRoute, routes } from "./routes.js";',
            'const runtime = createRuntime<paths>(routes, options);',
            '...runtime.pathMethods,',
            'return listApps(runtime, args, callOptions);',
          ],
          clientLacks: [
            'OperationDefinition',
            'validatorOf',
            'securitySchemes',
            'style:',
            'operationDefinitions',
          ],
          definitions: [
            'export const operationDefinitions = {',
            'list_apps: listAppsOperation,',
            'withOperations({ api: apiBase, operations: operationDefinitions })',
            'parameters: validatorOf({ schemas: listAppsSchemas, member: "parameters" })',
          ],
          definitionsLack: ['operationSchemas'],
        },
      },
    ],
    [
      'each operation is also a function of its own, on a client without the others',
      {
        given: model({ operations: [listApps] }),
        want: {
          client: [
            'export function createBaseClient(options: TestApiClientOptions = {}): TestApiBaseClient {',
            'createRuntime<paths>(apiBase, options);',
            'export function listApps(client: TestApiBaseClient, args: ListAppsArgs, callOptions?: CallOptions): Promise<ListAppsResult> {',
            'return client.call<ListAppsResult>(listAppsRoute, args, callOptions);',
          ],
          definitions: [
            'import { listAppsSchemas } from "./validators.js";',
            'export const listAppsOperation: OperationDefinition = /* @__PURE__ */ withValidators(listAppsRoute, {',
            'export const apiBase: ApiDefinition = {',
            '/* @__NO_SIDE_EFFECTS__ */',
          ],
        },
      },
    ],
    [
      'error responses become @throws of the class the runtime throws',
      {
        given: model({
          operations: [
            operation({
              ...listApps,
              responses: ['200', '400', '401', '403', '404', '409', '429', '503', '5XX'].map(
                (status) => jsonResponse(status, string, `Status ${status}`),
              ),
            }),
          ],
        }),
        want: {
          client: [
            '@throws {RequestValidationError}',
            '@throws {ClientError} 400: Status 400',
            '@throws {UnauthorizedError} 401: Status 401',
            '@throws {ForbiddenError} 403: Status 403',
            '@throws {NotFoundError} 404: Status 404',
            '@throws {ClientError} 409: Status 409',
            '@throws {RateLimitError} 429, once retries are spent: Status 429',
            '@throws {ServerError} 503, once retries are spent: Status 503',
            '@throws {ServerError} 5XX, once retries are spent: Status 5XX',
            '@throws {ApiError} Any other non-2xx status.',
            '@throws {NetworkError | TimeoutError | RedirectError}',
          ],
        },
      },
    ],
    [
      'an API without operations imports nothing it does not use',
      {
        given: model({ operations: [] }),
        want: {
          client: ['...runtime.pathMethods,'],
          clientLacks: ['CallOptions', 'operationDefinitions', '{ operations'],
          definitionsLack: ['validatorOf', 'operationSchemas', 'Validator', './zod.js'],
        },
      },
    ],
    [
      'a documented default response is the ApiError line',
      {
        given: model({
          operations: [
            operation({
              ...listApps,
              responses: [
                jsonResponse('200', string),
                jsonResponse('default', string, 'Anything else'),
              ],
            }),
          ],
        }),
        want: {
          client: ['@throws {ApiError} default: Anything else'],
          clientLacks: ['Any other non-2xx status'],
        },
      },
    ],
    [
      'cross-parameter rules live in the zod validator only: no rules in the definitions',
      {
        given: model({
          operations: [
            operation({
              ...listApps,
              extensions: {
                rules: [
                  {
                    kind: 'mutuallyExclusive',
                    parameters: [
                      { in: 'query', name: 'page' },
                      { in: 'header', name: 'X-Trace' },
                    ],
                  },
                ],
              },
            }),
          ],
        }),
        want: { definitionsLack: ['rules', 'mutuallyExclusive'] },
      },
    ],
    [
      'stability and cache notes',
      {
        given: model({
          operations: [
            operation({
              operationId: 'shrink',
              method: 'post',
              path: '/shrink',
              parameters: [parameter({ name: 'force_refresh', in: 'query', schema: boolean })],
              extensions: {
                rules: [],
                stability: { level: 'unofficial', note: 'May be removed.' },
                cache: {
                  ttlSeconds: 86400,
                  scope: ['user', 'app'],
                  refreshParameter: { in: 'query', name: 'force_refresh' },
                },
              },
            }),
          ],
        }),
        want: {
          client: [
            'Stability: unofficial. May be removed.',
            '@experimental',
            'caches the result for 86400 seconds per user, app',
            'query parameter `force_refresh`',
          ],
          definitions: ['stability: {'],
        },
      },
    ],
    [
      'apiKey options and oauth flows',
      {
        given: model({
          operations: [health],
          securitySchemes: [
            { name: 'Key', type: 'apiKey', in: 'header', paramName: 'x-api-key' },
            { name: 'Client', type: 'apiKey', in: 'query', paramName: 'client_id' },
            {
              name: 'OAuth',
              type: 'oauth2',
              flows: {
                implicit: {
                  authorizationUrl: 'https://example.com/oauth/authorize',
                  scopes: { zap: 'Read Zaps' },
                },
              },
            },
          ],
        }),
        want: {
          client: ['apiKey?: string;', 'clientId?: string;'],
          definitions: [
            'option: "apiKey"',
            'option: "clientId"',
            'export const oauthFlows',
            'flows: oauthFlows["OAuth"]',
          ],
        },
      },
    ],
    [
      // client.d.ts then names the interface instead of spelling out the object's inferred type.
      'createClient returns a named interface declaring each member, as the object has it',
      {
        given: model({
          operations: [listApps, health, polledChoices],
        }),
        want: {
          client: [
            'export function createClient(options: TestApiClientOptions = {}): TestApiClient {',
            'export interface TestApiClient extends PathMethods<paths> {',
            'use: Runtime<paths>["use"];',
            'listApps(args: ListAppsArgs, callOptions?: CallOptions): Promise<ListAppsResult>;',
            'health(args?: HealthArgs, callOptions?: CallOptions): Promise<HealthResult>;',
            'choices(args?: ChoicesArgs, callOptions?: PollOptions): Promise<ChoicesResult>;\n};\n}',
          ],
          clientLacks: ['ReturnType<typeof createClient>'],
        },
      },
    ],
    [
      'pagination and polling helpers',
      {
        given: model({
          operations: [
            operation({
              ...listApps,
              extensions: {
                rules: [],
                pagination: { kind: 'page', pageParameter: 'page', itemsField: '', firstPage: 1 },
              },
            }),
            polledChoices,
          ],
        }),
        want: {
          client: [
            'paginate: {',
            'AsyncIterableIterator<ListAppsItem>',
            'poll: {',
            'runtime.poll<ChoicesResult>(choicesRoute',
            'every 1000 ms while `is_loading`',
          ],
          definitions: ['polling: {', 'pagination: {'],
        },
      },
    ],
    [
      'parameter wire format',
      {
        given: model({
          operations: [
            operation({
              operationId: 'zaps',
              method: 'get',
              path: '/zaps',
              parameters: [
                parameter({
                  name: 'params',
                  in: 'query',
                  keyPrefix: 'params__',
                  schema: {
                    kind: 'object',
                    nullable: false,
                    properties: [],
                    additionalProperties: string,
                  },
                }),
              ],
            }),
          ],
        }),
        want: {
          definitions: [
            'keyPrefix: "params__"',
            'style: "form"',
            'explode: true',
            'parameters: validatorOf({ schemas: zapsSchemas, member: "parameters" })',
          ],
        },
      },
    ],
  ];
  test.each(cases)('%s', async (_name, { given, want }) => {
    const { client, definitions, errors } = await emitAndCheck(given);
    expect(errors).toEqual([]);
    for (const fragment of want.client ?? []) expect(client).toContain(fragment);
    for (const fragment of want.definitions ?? []) expect(definitions).toContain(fragment);
    for (const fragment of want.clientLacks ?? []) expect(client).not.toContain(fragment);
    for (const fragment of want.definitionsLack ?? []) expect(definitions).not.toContain(fragment);
  });
});

describe('client emitter: hostile spec strings never break the output', () => {
  const hostileIds = [
    'get-apps.v2',
    '1st-thing',
    'class',
    '$dollar',
    'ünïcödé',
    'a*/b',
    'quote"id',
    'use',
    'send',
    'call',
    'GET',
    'with space',
    'constructor',
    'files#get_shared_link',
  ];
  const given = model({
    info: { title: HOSTILE_TEXT, version: '1.0.0' },
    operations: hostileIds.map((operationId, index) =>
      operation({
        operationId,
        method: 'post',
        path: `/p${index}/{id}`,
        summary: HOSTILE_TEXT,
        description: HOSTILE_TEXT,
        deprecated: index % 2 === 0,
        parameters: [
          parameter({ name: 'id', in: 'path' }),
          parameter({ name: 'weird-name.$*/', in: 'query' }),
        ],
        responses: [jsonResponse('200', string), jsonResponse('400', string, HOSTILE_TEXT)],
        extensions: { rules: [], stability: { level: 'beta', note: HOSTILE_TEXT } },
      }),
    ),
    securitySchemes: [
      {
        name: 'key */ name',
        type: 'apiKey',
        in: 'header',
        paramName: 'x-`key`',
        description: HOSTILE_TEXT,
      },
    ],
  });

  test('compiles, with unique identifiers and literal strings intact', async () => {
    const { client, definitions, errors } = await emitAndCheck(given);
    expect(errors).toEqual([]);
    expect(client).not.toContain('${injection}`');
    expect(definitions).not.toContain('${injection}`');
    expect(definitions).toContain('operationId: "quote\\"id"');
    expect(client).toContain('return quoteId(runtime, args, callOptions);');
    expect(client).toContain('export function class_(');
    // The methods return the functions' promises: no `async` wrapper.
    for (const name of ['class_', 'useOperation', 'sendOperation', 'callOperation']) {
      expect(client).toContain(`${name}(args`);
      expect(client).not.toContain(`async ${name}(`);
    }
  });

  test('is deterministic', async () => {
    expect(clientSource(given, context)).toBe(clientSource(structuredClone(given), context));
    expect(definitionsSource(given, context)).toBe(
      definitionsSource(structuredClone(given), context),
    );
  });
});

describe('client emitter: resource namespaces (config namespaces)', () => {
  const pets = (namespaces?: OperationModel['namespaces'], extra: Partial<OperationModel> = {}) =>
    operation({
      operationId: 'listPets',
      method: 'get',
      path: '/pets',
      responses: [jsonResponse('200', string)],
      ...(namespaces && { namespaces }),
      ...extra,
    });
  const owner = operation({
    operationId: 'getOwner',
    method: 'get',
    path: '/pets/{id}/owner',
    parameters: [parameter({ name: 'id', in: 'path' })],
    namespaces: [{ path: ['pets', 'owners'], method: 'get' }],
  });
  const cases: [string, { given: ApiModel; usage: string; want: RegExp | null }][] = [
    [
      'client.pets.list() and client.pets.owners.get() are typed calls',
      {
        given: model({ operations: [pets([{ path: ['pets'], method: 'list' }]), owner] }),
        usage: `const all: string = await client.pets.list();\nconst one: string = await client.pets.owners.get({ path: { id: '1' } });`,
        want: null,
      },
    ],
    [
      'a namespaced operation has no flat method any more',
      {
        given: model({ operations: [pets([{ path: ['pets'], method: 'list' }])] }),
        usage: `void client.listPets();`,
        want: /listPets/,
      },
    ],
    [
      'a namespaced call is checked like a flat one',
      {
        given: model({ operations: [owner] }),
        usage: `void client.pets.owners.get({ path: { id: 1 } });`,
        want: /number/,
      },
    ],
    [
      'aliases: the same operation under two names',
      {
        given: model({
          operations: [
            pets([
              { path: ['pets'], method: 'list' },
              { path: ['animals'], method: 'all' },
            ]),
          ],
        }),
        usage: `void client.pets.list();\nvoid client.animals.all();`,
        want: null,
      },
    ],
    [
      'names from a config are made safe: spaces camelCased, __proto__ a property, a clash with a runtime member numbered',
      {
        given: model({
          operations: [
            pets([{ path: ['special events', '__proto__'], method: 'delete' }]),
            operation({
              operationId: 'other',
              method: 'get',
              path: '/o',
              namespaces: [{ path: ['paginate'], method: 'x' }],
            }),
          ],
        }),
        usage: `void client.specialEvents.__proto__.delete();\nvoid client.paginate2.x();`,
        want: null,
      },
    ],
    [
      'two methods of one name in one namespace are numbered',
      {
        given: model({
          operations: [
            pets([{ path: ['pets'], method: 'list' }]),
            operation({
              operationId: 'other',
              method: 'get',
              path: '/o',
              namespaces: [{ path: ['pets'], method: 'list' }],
            }),
          ],
        }),
        usage: `void client.pets.list();\nvoid client.pets.list2();`,
        want: null,
      },
    ],
    [
      'functionName renames the function and the flat method',
      {
        given: model({ operations: [pets(undefined, { functionName: 'allPets' })] }),
        usage: `void client.allPets();`,
        want: null,
      },
    ],
  ];
  test.each(cases)('%s', async (_name, { given, usage, want }) => {
    const { client, errors } = await emitAndCheck(given, usage);
    if (want === null) expect(errors).toEqual([]);
    else expect(errors.join('\n')).toMatch(want);
    // The operation's own function stays, for tree-shaking.
    for (const operation of given.operations)
      expect(client).toMatch(
        new RegExp(`export function ${operation.functionName ?? operation.operationId}\\(`),
      );
    expect(client).not.toMatch(/^\s*__proto__:/m);
  });
});
