import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/index.js';
import type { ApiModel } from '../../src/model/index.js';
import { document } from './support.js';

describe('servers', () => {
  const cases: [string, { given: unknown; want: ApiModel['servers'] }][] = [
    ['absent → /', { given: undefined, want: [{ url: '/', variables: [] }] }],
    ['empty → /', { given: [], want: [{ url: '/', variables: [] }] }],
    [
      'variables with defaults, enums and descriptions',
      {
        given: [
          {
            url: 'https://{host}:{port}/v1',
            description: 'Prod',
            variables: {
              host: { default: 'api.example.com', enum: ['api.example.com'], description: 'Host' },
              port: { default: 443 },
            },
          },
        ],
        want: [
          {
            url: 'https://{host}:{port}/v1',
            description: 'Prod',
            variables: [
              {
                name: 'host',
                default: 'api.example.com',
                enum: ['api.example.com'],
                description: 'Host',
              },
              { name: 'port', default: '443' },
            ],
          },
        ],
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(buildModel(document(given === undefined ? {} : { servers: given })).servers).toEqual(
      want,
    );
  });
});

describe('security schemes', () => {
  it('every type, in spec order; unusable ones skipped', () => {
    const model = buildModel(
      document({
        components: {
          securitySchemes: {
            key: { type: 'apiKey', in: 'header', name: 'X-Key', description: 'Key' },
            bearer: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
            oauth: {
              type: 'oauth2',
              flows: {
                clientCredentials: { tokenUrl: 'https://t', scopes: { read: 'Read' } },
                implicit: { authorizationUrl: 'https://a', scopes: {} },
              },
            },
            oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://o' },
            mtls: { type: 'mutualTLS' },
            referenced: { $ref: '#/components/securitySchemes/key' },
            broken: { type: 'apiKey', in: 'body', name: 'x' },
          },
        },
      }),
    );
    expect(model.securitySchemes).toEqual([
      { name: 'key', type: 'apiKey', in: 'header', paramName: 'X-Key', description: 'Key' },
      { name: 'bearer', type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      {
        name: 'oauth',
        type: 'oauth2',
        flows: {
          implicit: { authorizationUrl: 'https://a', scopes: {} },
          clientCredentials: { tokenUrl: 'https://t', scopes: { read: 'Read' } },
        },
      },
      { name: 'oidc', type: 'openIdConnect', openIdConnectUrl: 'https://o' },
      { name: 'mtls', type: 'mutualTLS' },
      { name: 'referenced', type: 'apiKey', in: 'header', paramName: 'X-Key', description: 'Key' },
    ]);
  });
});

describe('document', () => {
  it('info and version', () => {
    const model = buildModel({
      openapi: '3.0.3',
      info: { title: 'T', version: '2', description: 'D' },
      paths: {},
    });
    expect([model.openapi, model.info]).toEqual([
      '3.0.3',
      { title: 'T', version: '2', description: 'D' },
    ]);
  });

  it('is deterministic: same input, same model', () => {
    const given = () =>
      document({
        paths: {
          '/b': { get: { responses: {} } },
          '/a/{id}': { get: { responses: {} }, post: { responses: {} } },
        },
        components: {
          schemas: {
            Z: { type: 'string' },
            A: { oneOf: [{ $ref: '#/components/schemas/Z' }, { type: 'null' }] },
          },
        },
      });
    const { document: _first, ...first } = buildModel(given());
    const { document: _second, ...second } = buildModel(given());
    expect(JSON.stringify(first)).toBe(JSON.stringify(second));
  });
});

describe('malformed documents', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['no info, no paths', { openapi: '3.1.0' }],
    ['paths is not an object', { openapi: '3.1.0', paths: 'x' }],
    [
      'operation and parameters of the wrong types',
      {
        openapi: '3.0.0',
        paths: {
          '/a': {
            parameters: 'x',
            get: 'y',
            post: { parameters: [null, 1, { in: 'query' }], responses: [] },
          },
        },
      },
    ],
    [
      'schemas of the wrong types',
      {
        openapi: '3.1.0',
        components: {
          schemas: {
            A: 1,
            B: null,
            C: { type: 7, properties: [], items: 'x', required: 'a', enum: 'b', allOf: {} },
          },
        },
      },
    ],
    [
      'security and servers of the wrong types',
      {
        openapi: '3.1.0',
        security: {},
        servers: [1, { url: 2 }],
        components: { securitySchemes: { s: 'x', t: { type: 'oauth2', flows: 1 } } },
      },
    ],
    [
      'a $ref to itself',
      {
        openapi: '3.1.0',
        components: { schemas: { A: { $ref: '#/components/schemas/A/items' } } },
      },
    ],
  ];

  it.each(cases)('%s: builds without throwing', (_name, given) => {
    expect(() => buildModel(given)).not.toThrow();
  });
});
