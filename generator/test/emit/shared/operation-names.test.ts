import { describe, expect, test } from 'vitest';
import type { SecuritySchemeModel } from '../../../src/model/types.js';
import {
  apiKeyOptions,
  CLIENT_MEMBERS,
  operationNames,
  RUNTIME_CLIENT_MEMBERS,
} from '../../../src/emit/shared/operation-names.js';
import { model, operation } from '../client/model.js';

const apiKey = (name: string, paramName: string): SecuritySchemeModel => ({
  name,
  type: 'apiKey',
  in: 'header',
  paramName,
});

describe('apiKeyOptions', () => {
  const cases: [string, { given: SecuritySchemeModel[]; want: Record<string, string> }][] = [
    [
      'x- prefix dropped',
      {
        given: [apiKey('AccessPointApiKeyHeader', 'x-api-key')],
        want: { AccessPointApiKeyHeader: 'apiKey' },
      },
    ],
    ['snake case', { given: [apiKey('ClientId', 'client_id')], want: { ClientId: 'clientId' } }],
    [
      'collision with another scheme falls back to the scheme name',
      { given: [apiKey('A', 'x-key'), apiKey('Other', 'key')], want: { A: 'key', Other: 'other' } },
    ],
    [
      'collision with a runtime option falls back to the scheme name',
      { given: [apiKey('TokenHeader', 'headers')], want: { TokenHeader: 'tokenHeader' } },
    ],
    [
      'non-apiKey schemes have no option',
      { given: [{ name: 'Bearer', type: 'http', scheme: 'bearer' }], want: {} },
    ],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(Object.fromEntries(apiKeyOptions(given))).toEqual(want);
  });
});

describe('operationNames', () => {
  const cases: [string, { given: string[]; want: Record<string, string> }][] = [
    [
      'camelCase of the operationId',
      {
        given: ['search_apps', 'Get App'],
        want: { search_apps: 'searchApps', 'Get App': 'getApp' },
      },
    ],
    [
      'collisions numbered in order',
      { given: ['get-app', 'get_app'], want: { 'get-app': 'getApp', get_app: 'getApp2' } },
    ],
    [
      'client members are not shadowed',
      {
        given: ['use', 'paginate', 'request'],
        want: { use: 'useOperation', paginate: 'paginateOperation', request: 'requestOperation' },
      },
    ],
    ['reserved words made safe', { given: ['delete'], want: { delete: 'delete_' } }],
    [
      'names the package exports beside the functions are not taken',
      {
        given: ['createClient', 'createBaseClient', 'api'],
        want: {
          createClient: 'createClientOperation',
          createBaseClient: 'createBaseClientOperation',
          api: 'apiOperation',
        },
      },
    ],
    // One row per generated scope (`OPERATION_SCOPES`): an operationId whose derived names meet
    // a name of that scope's own.
    [
      "createClient's body: a method calls its function, not `createClient`'s `options` (apidapp.com's `OPTIONS /`)",
      {
        given: ['options', 'runtime', 'callOptions', 'args'],
        want: {
          options: 'optionsOperation',
          runtime: 'runtimeOperation',
          callOptions: 'callOptionsOperation',
          args: 'argsOperation',
        },
      },
    ],
    [
      "client.ts: a function is not named like the module's imports",
      {
        given: ['createRuntime', 'routes', 'paths', 'operations', 'z'],
        want: {
          createRuntime: 'createRuntimeOperation',
          routes: 'routesOperation',
          paths: 'pathsOperation',
          operations: 'operationsOperation',
          z: 'zOperation',
        },
      },
    ],
    [
      'index.ts: a function is not named like what the index re-exports (types, oauthFlows)',
      {
        given: ['components', 'oauthFlows', 'call_result_'],
        want: {
          components: 'componentsOperation',
          oauthFlows: 'oauthFlowsOperation',
          call_result_: 'callResult',
        },
      },
    ],
    [
      'tanstack-query.ts: `<fn>QueryKey` is not the runtime import `operationQueryKey` nor `resourceQueryKey`',
      {
        given: ['operation', 'resource'],
        want: { operation: 'operationOperation', resource: 'resourceOperation' },
      },
    ],
    [
      'swr.ts: `use<Type>` is not the runtime import `useOperationMutation`',
      { given: ['OperationMutation'], want: { OperationMutation: 'operationMutationOperation' } },
    ],
    [
      'a name of one scope is free in the others: `createServer` (imported by mcp.ts only) names a function',
      { given: ['create server'], want: { 'create server': 'createServer' } },
    ],
    [
      "a derived name is not another operation's (`fooInfiniteQueryOptions`)",
      { given: ['foo', 'fooInfinite'], want: { foo: 'foo', fooInfinite: 'fooInfinite2' } },
    ],
    [
      "a function is never named like another operation's definition",
      { given: ['find', 'findOperation'], want: { find: 'find', findOperation: 'findOperation2' } },
    ],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    const names = operationNames(
      model({
        operations: given.map((operationId, index) =>
          operation({ operationId, method: 'get', path: `/p${index}` }),
        ),
      }),
    );
    expect(Object.fromEntries([...names].map(([id, n]) => [id, n.fn]))).toEqual(want);
  });

  test.each([...CLIENT_MEMBERS])(
    'an operation named %s does not shadow that client member',
    (id) => {
      const names = operationNames(
        model({ operations: [operation({ operationId: id, method: 'get', path: '/x' })] }),
      );
      expect(names.get(id)!.fn).not.toBe(id);
    },
  );

  test('every member the client hands on from the runtime is reserved', () => {
    for (const { name } of RUNTIME_CLIENT_MEMBERS) expect(CLIENT_MEMBERS).toContain(name);
    expect(RUNTIME_CLIENT_MEMBERS.map(({ name }) => name)).toContain('send');
  });

  test('types and consts drop the safety underscore', () => {
    const names = operationNames(
      model({ operations: [operation({ operationId: 'delete', method: 'delete', path: '/x' })] }),
    );
    expect(names.get('delete')).toEqual({
      fn: 'delete_',
      type: 'Delete',
      definition: 'deleteOperation',
    });
  });

  test('asked again, it answers for the operations as they are now, whatever a caller did to an earlier answer', () => {
    const operations = [
      operation({ operationId: 'getApp', method: 'get', path: '/a' }),
      operation({ operationId: 'listApps', method: 'get', path: '/b' }),
    ];
    const api = model({ operations });
    const fns = () => Object.fromEntries([...operationNames(api)].map(([id, n]) => [id, n.fn]));
    const first = operationNames(api);
    first.get('getApp')!.fn = 'changedByACaller';
    first.delete('listApps');
    expect(fns()).toEqual({ getApp: 'getApp', listApps: 'listApps' });
    // A config's name given to the same model in place, as `applySurface` does.
    operations[1]!.functionName = 'getApp';
    expect(fns()).toEqual({ getApp: 'getApp', listApps: 'getApp2' });
    operations.reverse();
    expect(fns()).toEqual({ listApps: 'getApp', getApp: 'getApp2' });
  });
});
