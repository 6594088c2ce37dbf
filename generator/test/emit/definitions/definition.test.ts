import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ApiModel, SecuritySchemeModel } from '../../../src/model/types.js';
import {
  apiDefinition,
  operationRoute,
  operationValidators,
} from '../../../src/emit/definitions/operation.js';
import { withValidators } from '../../../../packages/runtime/src/with-validators.js';
import { routesSource, validatedModules } from '../../../src/emit/definitions/index.js';
import { apiKeyOptions } from '../../../src/emit/shared/operation-names.js';
import { context, jsonResponse, model, operation, parameter, string } from '../client/model.js';

/** Evaluates the printed `ApiDefinition` literal (plain data, with `oauthFlows` supplied). */
function definitionOf(given: ApiModel): unknown {
  const text = apiDefinition({
    model: given,
    packageName: '@zapgen/test',
    apiKeyOptions: apiKeyOptions(given.securitySchemes),
  });
  const oauthFlows = Object.fromEntries(
    given.securitySchemes.flatMap((scheme) =>
      scheme.type === 'oauth2' ? [[scheme.name, scheme.flows]] : [],
    ),
  );
  return new Function('oauthFlows', `return ${text};`)(oauthFlows);
}

describe('apiDefinition', () => {
  const cases: [string, { given: Partial<ApiModel>; want: unknown }][] = [
    [
      'server variables with defaults and enums',
      {
        given: {
          servers: [
            {
              url: '{base_url}/v1',
              variables: [
                {
                  name: 'base_url',
                  default: 'https://api.example.com',
                  enum: ['https://api.example.com', 'https://eu.example.com'],
                },
              ],
            },
          ],
        },
        want: {
          name: '@zapgen/test',
          servers: [
            {
              url: '{base_url}/v1',
              variables: {
                base_url: {
                  default: 'https://api.example.com',
                  enum: ['https://api.example.com', 'https://eu.example.com'],
                },
              },
            },
          ],
          securitySchemes: {},
        },
      },
    ],
    [
      'every security scheme type',
      {
        given: {
          servers: [],
          securitySchemes: [
            { name: 'key', type: 'apiKey', in: 'cookie', paramName: 'session' },
            { name: 'bearer', type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            {
              name: 'oauth',
              type: 'oauth2',
              flows: { clientCredentials: { tokenUrl: '/token', scopes: {} } },
            },
            {
              name: 'oidc',
              type: 'openIdConnect',
              openIdConnectUrl: 'https://example.com/.well-known/openid-configuration',
            },
            { name: 'mtls', type: 'mutualTLS' },
          ] satisfies SecuritySchemeModel[],
        },
        want: {
          name: '@zapgen/test',
          servers: [],
          securitySchemes: {
            key: { type: 'apiKey', in: 'cookie', name: 'session', option: 'session' },
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            oauth: {
              type: 'oauth2',
              flows: { clientCredentials: { tokenUrl: '/token', scopes: {} } },
            },
            oidc: {
              type: 'openIdConnect',
              openIdConnectUrl: 'https://example.com/.well-known/openid-configuration',
            },
            mtls: { type: 'mutualTLS' },
          },
        },
      },
    ],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(definitionOf({ ...model({ operations: [] }), ...given })).toEqual(want);
  });
});

describe('operationRoute and operationValidators', () => {
  /**
   * Evaluates the printed route and validators and joins them with the runtime's
   * `withValidators`, as `definitions.ts` does; validators are stand-in strings naming what was
   * looked up.
   */
  function evaluate(given: ReturnType<typeof operation>): Record<string, unknown> {
    const route = operationRoute({ model: model({ operations: [given] }), operation: given });
    const validators = operationValidators({ operation: given, schemas: 'operationSchemas' });
    const validatorOf = (input: { schemas: string; member: string; status?: string }) =>
      `${input.schemas}.${input.status ?? input.member}`;
    return withValidators(
      new Function(`return ${route};`)(),
      validators === undefined
        ? {}
        : new Function('validatorOf', 'operationSchemas', `return ${validators};`)(
            validatorOf,
            given.operationId,
          ),
    ) as unknown as Record<string, unknown>;
  }
  const media = (mediaType: string) => ({ mediaType, schema: string, pointer: '#', examples: [] });

  const cases: [string, { given: ReturnType<typeof operation>; want: Record<string, unknown> }][] =
    [
      [
        'the validated media type is sent first',
        {
          given: operation({
            operationId: 'upload',
            method: 'post',
            path: '/u',
            requestBody: {
              required: false,
              content: [media('application/octet-stream'), media('application/json')],
            },
          }),
          want: {
            requestBody: {
              required: false,
              mediaTypes: ['application/json', 'application/octet-stream'],
              validator: 'upload.body',
            },
          },
        },
      ],
      [
        'a form body is validated too, and carries its value shape for the mock',
        {
          given: operation({
            operationId: 'form',
            method: 'post',
            path: '/f',
            requestBody: { required: true, content: [media('application/x-www-form-urlencoded')] },
          }),
          want: {
            requestBody: {
              required: true,
              mediaTypes: ['application/x-www-form-urlencoded'],
              shape: { type: 'string' },
              validator: 'form.body',
            },
          },
        },
      ],
      [
        'a binary body has no validator',
        {
          given: operation({
            operationId: 'bin',
            method: 'put',
            path: '/b',
            requestBody: { required: true, content: [media('application/octet-stream')] },
          }),
          want: { requestBody: { required: true, mediaTypes: ['application/octet-stream'] } },
        },
      ],
      [
        'responses validate their JSON body only',
        {
          given: operation({
            operationId: 'get',
            method: 'get',
            path: '/g',
            responses: [
              jsonResponse('200', string),
              { status: '204', description: 'none', content: [], headers: [] },
            ],
          }),
          want: {
            responses: [
              { status: '200', mediaTypes: ['application/json'], body: 'get.200' },
              { status: '204', mediaTypes: [] },
            ],
          },
        },
      ],
      [
        'parameters carry their wire format and the group validator',
        {
          given: operation({
            operationId: 'p',
            method: 'get',
            path: '/p',
            parameters: [
              parameter({
                name: 'ids',
                in: 'query',
                style: 'form',
                explode: false,
                schema: { kind: 'array', nullable: false, items: string },
              }),
            ],
          }),
          want: {
            parameters: [
              {
                name: 'ids',
                in: 'query',
                required: false,
                style: 'form',
                explode: false,
                shape: { type: 'array', items: { type: 'string' } },
              },
            ],
            parameterValidator: 'p.parameters',
          },
        },
      ],
    ];
  test.each(cases)('%s', (_name, { given, want }) => {
    const definition = evaluate(given);
    for (const [key, value] of Object.entries(want)) expect(definition[key]).toEqual(value);
  });
});

describe('validators on demand, one module per operation', () => {
  const listApps = operation({
    operationId: 'listApps',
    method: 'get',
    path: '/v1/apps',
    parameters: [parameter({ name: 'limit', in: 'query', schema: string })],
    responses: [jsonResponse('200', string)],
  });
  // Two operation functions whose names differ only in case: one file each, on any file system.
  const getApp = operation({ operationId: 'getApp', path: '/v1/apps/{app}', method: 'get' });
  const getAPP = operation({ operationId: 'GetAPP', path: '/v2/apps/{app}', method: 'get' });
  const given = model({ operations: [listApps, getApp, getAPP] });

  test("each route loads its own operation's module; no route reads another's", () => {
    const routes = routesSource(given, context);
    expect(routes).toContain(
      "validators: () => import('./validated/listApps.js').then((module) => module.validators)",
    );
    const files = validatedModules(given, context).map((module) => module.path);
    expect(files).toHaveLength(3);
    expect(new Set(files.map((file) => file.toLowerCase())).size).toBe(3);
    for (const file of files)
      expect(routes).toContain(`import('./${file.replace(/^src\//, '').replace(/\.ts$/, '.js')}')`);
  });

  test('an operation function too long for a file name gets a short, unique, stable file', () => {
    // openapi-react-query's fixture: a path of 15 parameters gives a 250-character function name.
    const stem = 'getPathParams' + 'SimplePrimitiveSimpleObjFlat'.repeat(9);
    const long = (suffix: string) =>
      operation({ operationId: `${stem}${suffix}`, path: `/p/${suffix}`, method: 'get' });
    const given = model({ operations: [long('A'), long('B')] });
    const files = validatedModules(given, context).map((module) => module.path);
    for (const file of files) expect(path.basename(file).length).toBeLessThanOrEqual(130);
    expect(new Set(files).size).toBe(2);
    expect(validatedModules(given, context).map((module) => module.path)).toEqual(files);
    const routes = routesSource(given, context);
    for (const file of files)
      expect(routes).toContain(`import('./${file.replace(/^src\//, '').replace(/\.ts$/, '.js')}')`);
  });

  test("a module imports its own operation's validators and nothing of the routes", () => {
    const module = validatedModules(given, context).find(
      (entry) => entry.path === 'src/validated/listApps.ts',
    )!;
    expect(module.contents).toContain('import { listAppsSchemas } from "../validators.js";');
    expect(module.contents).toContain('parameters: schemas.parameters');
    expect(module.contents).toContain('"200": schemas.responses?.["200"]');
    expect(module.contents).not.toMatch(/routes|definitions/);
  });
});
