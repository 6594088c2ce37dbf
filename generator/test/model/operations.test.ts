import { describe, expect, it } from 'vitest';
import { buildModel, compareStatuses } from '../../src/model/index.js';
import { document, onlyOperation } from './support.js';

const ok = { 200: { description: 'OK' } };

describe('operationIds', () => {
  const cases: [string, { given: Record<string, unknown>; want: [string, boolean][] }][] = [
    [
      'spec operationIds kept',
      {
        given: { '/pets': { get: { operationId: 'list pets', responses: ok } } },
        want: [['list pets', false]],
      },
    ],
    [
      'derived from method and path words',
      { given: { '/pets/{petId}': { get: { responses: ok } } }, want: [['getPetsPetId', true]] },
    ],
    [
      'root path → method alone',
      { given: { '/': { post: { responses: ok } } }, want: [['post', true]] },
    ],
    [
      'derived ids never take a spec id, and are unique among themselves',
      {
        given: {
          '/pets': {
            get: { operationId: 'getPets', responses: ok },
            post: { operationId: 'z', responses: ok },
          },
          '/pets/': { get: { responses: ok } },
          '/pets//': { get: { responses: ok } },
        },
        want: [
          ['getPets', false],
          ['getPets2', true],
          ['getPets3', true],
          ['z', false],
        ],
      },
    ],
    [
      'sorted by code point',
      {
        given: {
          '/b': { get: { operationId: 'b', responses: ok } },
          '/a': { get: { operationId: 'B', responses: ok } },
          '/c': { get: { operationId: 'a', responses: ok } },
        },
        want: [
          ['B', false],
          ['a', false],
          ['b', false],
        ],
      },
    ],
    [
      'only HTTP methods are operations; webhooks are ignored',
      {
        given: { '/a': { summary: 's', parameters: [], get: { responses: ok }, 'x-thing': {} } },
        want: [['getA', true]],
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const model = buildModel(
      document({ paths: given, webhooks: { ping: { post: { responses: ok } } } }),
    );
    expect(model.operations.map((op) => [op.operationId, op.operationIdDerived])).toEqual(want);
  });

  it('path items behind $ref are followed', () => {
    const model = buildModel(
      document({
        paths: { '/a': { $ref: '#/components/pathItems/A' } },
        components: {
          pathItems: {
            A: {
              get: {
                operationId: 'a',
                parameters: [{ name: 'q', in: 'query', schema: {} }],
                responses: ok,
              },
            },
          },
        },
      }),
    );
    expect(
      model.operations.map((op) => [op.operationId, op.method, op.path, op.parameters[0]?.pointer]),
    ).toEqual([['a', 'get', '/a', '#/components/pathItems/A/get/parameters/0/schema']]);
  });
});

describe('operation fields', () => {
  it('summary, description, tags, deprecated', () => {
    const op = onlyOperation({
      paths: {
        '/a': {
          get: {
            operationId: 'a',
            summary: 'S',
            description: 'D',
            tags: ['t', 1],
            deprecated: true,
            responses: ok,
          },
        },
      },
    });
    expect(op).toMatchObject({ summary: 'S', description: 'D', tags: ['t'], deprecated: true });
  });

  it('request body per media type with examples, resolved through refs', () => {
    const op = onlyOperation({
      paths: {
        '/a': {
          post: {
            operationId: 'a',
            requestBody: { $ref: '#/components/requestBodies/Body' },
            responses: ok,
          },
        },
      },
      components: {
        requestBodies: {
          Body: {
            description: 'The body',
            required: true,
            content: {
              'application/json': {
                schema: { type: 'string' },
                example: 'inline',
                examples: {
                  one: { value: 'v1' },
                  two: { $ref: '#/components/examples/Two' },
                  far: { externalValue: 'x' },
                },
              },
              'text/plain': {},
            },
          },
        },
        examples: { Two: { value: 'v2' } },
      },
    });
    expect(op.requestBody).toEqual({
      description: 'The body',
      required: true,
      // Named, so that the types write `components["requestBodies"]["Body"]`.
      component: 'Body',
      content: [
        {
          mediaType: 'application/json',
          schema: { kind: 'string', nullable: false },
          pointer: '#/components/requestBodies/Body/content/application~1json/schema',
          examples: ['inline', 'v1', 'v2'],
        },
        {
          mediaType: 'text/plain',
          schema: { kind: 'unknown', nullable: false },
          pointer: '#/components/requestBodies/Body/content/text~1plain/schema',
          examples: [],
          // No schema: anything is accepted, and no fixture is made for it.
          schemaless: true,
        },
      ],
    });
  });

  it('no request body → absent; body not required unless stated', () => {
    const model = buildModel(
      document({
        paths: {
          '/a': {
            get: { operationId: 'a', responses: ok },
            post: { operationId: 'b', requestBody: { content: {} }, responses: ok },
          },
        },
      }),
    );
    expect(model.operations.map((op) => op.requestBody)).toEqual([
      undefined,
      { required: false, content: [] },
    ]);
  });
});

describe('responses', () => {
  it('sorted: exact statuses, then ranges, then default', () => {
    const op = onlyOperation({
      paths: {
        '/a': {
          get: {
            operationId: 'a',
            responses: {
              default: { description: 'd' },
              '5XX': { description: '' },
              404: { description: '' },
              '4XX': { description: '' },
              201: { description: '' },
              200: { description: '' },
            },
          },
        },
      },
    });
    expect(op.responses.map((r) => r.status)).toEqual([
      '200',
      '201',
      '404',
      '4XX',
      '5XX',
      'default',
    ]);
  });

  const order: [string, { given: [string, string]; want: number }][] = [
    ['200 before 4XX', { given: ['200', '4XX'], want: -1 }],
    ['404 before 4xx (lower case range)', { given: ['404', '4xx'], want: -1 }],
    ['3XX before 5XX', { given: ['3XX', '5XX'], want: -1 }],
    ['default last', { given: ['default', '5XX'], want: 1 }],
  ];
  it.each(order)('compareStatuses: %s', (_name, { given, want }) => {
    expect(Math.sign(compareStatuses(...given))).toBe(want);
  });

  it('content, headers (refs resolved, Content-Type left out) and description', () => {
    const op = onlyOperation({
      paths: {
        '/a': {
          get: {
            operationId: 'a',
            responses: {
              200: { $ref: '#/components/responses/Ok' },
            },
          },
        },
      },
      components: {
        responses: {
          Ok: {
            description: 'Fine',
            headers: {
              'X-Rate': { $ref: '#/components/headers/Rate' },
              'Content-Type': { schema: { type: 'string' } },
              'X-Doc': { content: { 'text/plain': { schema: { type: 'string' } } } },
            },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
        },
        headers: { Rate: { required: true, description: 'Left', schema: { type: 'integer' } } },
        schemas: { Pet: { type: 'object' } },
      },
    });
    expect(op.responses).toEqual([
      {
        status: '200',
        description: 'Fine',
        component: 'Ok',
        content: [
          {
            mediaType: 'application/json',
            schema: { kind: 'ref', name: 'Pet', nullable: false },
            pointer: '#/components/responses/Ok/content/application~1json/schema',
            examples: [],
          },
        ],
        headers: [
          {
            name: 'X-Rate',
            required: true,
            description: 'Left',
            schema: { kind: 'number', integer: true, nullable: false },
            component: 'Rate',
          },
          { name: 'X-Doc', required: false, schema: { kind: 'string', nullable: false } },
        ],
      },
    ]);
  });
});

describe('security', () => {
  const bearer = [{ scheme: 'bearer', scopes: [] }];
  const cases: [string, { given: { document?: unknown; operation?: unknown }; want: unknown }][] = [
    [
      'document-level applies when the operation says nothing',
      { given: { document: [{ bearer: [] }] }, want: [bearer] },
    ],
    [
      'operation-level wins',
      {
        given: { document: [{ bearer: [] }], operation: [{ oauth: ['read', 'write'] }] },
        want: [[{ scheme: 'oauth', scopes: ['read', 'write'] }]],
      },
    ],
    [
      'explicit [] means no authentication',
      { given: { document: [{ bearer: [] }], operation: [] }, want: [] },
    ],
    ['absent everywhere → none', { given: {}, want: [] }],
    [
      '{} makes authentication optional',
      { given: { operation: [{ bearer: [] }, {}] }, want: [bearer, []] },
    ],
    [
      'AND within one requirement',
      {
        given: { operation: [{ key: [], bearer: [] }] },
        want: [
          [
            { scheme: 'key', scopes: [] },
            { scheme: 'bearer', scopes: [] },
          ],
        ],
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const op = onlyOperation({
      ...(given.document !== undefined && { security: given.document }),
      paths: {
        '/a': {
          get: {
            operationId: 'a',
            ...(given.operation !== undefined && { security: given.operation }),
            responses: ok,
          },
        },
      },
    });
    expect(op.security).toEqual(want);
  });
});
