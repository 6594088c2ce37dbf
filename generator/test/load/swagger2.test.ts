import { describe, expect, it } from 'vitest';
import { originalSegments } from '../../src/load/swagger2.js';
import { parsePointer, toPointer } from '../../src/json/pointer.js';

/** A 2.0 document and (by hand, as swagger2openapi writes it) its 3.0 conversion. */
const original = {
  swagger: '2.0',
  host: 'api.example.com',
  parameters: { limit: { name: 'limit', in: 'query', type: 'integer' } },
  paths: {
    '/pets': {
      post: {
        parameters: [
          { $ref: '#/parameters/limit' },
          { name: 'body', in: 'body', schema: { type: 'object' } },
          { name: 'X-Id', in: 'header', type: 'string' },
        ],
        responses: {
          '200': {
            description: 'ok',
            schema: { type: 'string' },
            headers: { 'X-Total': { type: 'integer' } },
          },
        },
      },
    },
  },
};
const converted = {
  openapi: '3.0.0',
  paths: {
    '/pets': {
      post: {
        parameters: [
          { $ref: '#/components/parameters/limit' },
          { name: 'X-Id', in: 'header', schema: { type: 'string' } },
        ],
      },
    },
  },
};

describe('positions of a converted Swagger 2.0 document', () => {
  const cases: [string, { given: string; want: string }][] = [
    [
      'a schema',
      {
        given: '/components/schemas/Pet/properties/name',
        want: '/definitions/Pet/properties/name',
      },
    ],
    [
      'a shared parameter',
      { given: '/components/parameters/limit/schema/maximum', want: '/parameters/limit/maximum' },
    ],
    [
      'a security scheme',
      { given: '/components/securitySchemes/key', want: '/securityDefinitions/key' },
    ],
    ['the servers', { given: '/servers/0/url', want: '/host' }],
    [
      'a request body',
      {
        given: '/paths/~1pets/post/requestBody/content/application~1json/schema/type',
        want: '/paths/~1pets/post/parameters/1/schema/type',
      },
    ],
    [
      'a parameter after the body',
      {
        given: '/paths/~1pets/post/parameters/1/schema/type',
        want: '/paths/~1pets/post/parameters/2/type',
      },
    ],
    [
      'a response schema',
      {
        given: '/paths/~1pets/post/responses/200/content/application~1json/schema/type',
        want: '/paths/~1pets/post/responses/200/schema/type',
      },
    ],
    [
      'a response header',
      {
        given: '/paths/~1pets/post/responses/200/headers/X-Total/schema/type',
        want: '/paths/~1pets/post/responses/200/headers/X-Total/type',
      },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    expect(
      toPointer(originalSegments({ segments: parsePointer(given), original, converted })),
    ).toBe(want);
  });
});
