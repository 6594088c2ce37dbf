import { describe, expect, it } from 'vitest';
import type { ParameterModel } from '../../src/model/index.js';
import { onlyOperation } from './support.js';

const string = { kind: 'string', nullable: false } as const;

/** The parameters of `GET /pets/{petId}` given path-level and operation-level lists. */
function parametersOf({
  pathLevel = [],
  operationLevel = [],
  components = {},
}: {
  pathLevel?: unknown[];
  operationLevel?: unknown[];
  components?: object;
}): ParameterModel[] {
  return onlyOperation({
    paths: {
      '/pets/{petId}': {
        parameters: pathLevel,
        get: { operationId: 'getPet', parameters: operationLevel, responses: {} },
      },
    },
    components,
  }).parameters;
}

type Pick = Partial<ParameterModel>;

describe('style and explode defaults', () => {
  const cases: [string, { given: object; want: Pick }][] = [
    [
      'query → form, explode',
      {
        given: { name: 'q', in: 'query', schema: { type: 'string' } },
        want: { style: 'form', explode: true },
      },
    ],
    [
      'cookie → form, explode',
      {
        given: { name: 'c', in: 'cookie', schema: { type: 'string' } },
        want: { style: 'form', explode: true },
      },
    ],
    [
      'path → simple, no explode, always required',
      {
        given: { name: 'petId', in: 'path', schema: { type: 'string' } },
        want: { style: 'simple', explode: false, required: true },
      },
    ],
    [
      'header → simple, no explode',
      {
        given: { name: 'X-Id', in: 'header', schema: { type: 'string' } },
        want: { style: 'simple', explode: false, required: false },
      },
    ],
    [
      'form with explode: false kept',
      {
        given: { name: 'ids', in: 'query', explode: false, schema: { type: 'array' } },
        want: { style: 'form', explode: false },
      },
    ],
    [
      'deepObject → explode false unless stated',
      {
        given: { name: 'f', in: 'query', style: 'deepObject', schema: { type: 'object' } },
        want: { style: 'deepObject', explode: false },
      },
    ],
    [
      'deepObject with explode: true',
      {
        given: {
          name: 'f',
          in: 'query',
          style: 'deepObject',
          explode: true,
          schema: { type: 'object' },
        },
        want: { style: 'deepObject', explode: true },
      },
    ],
    [
      'unknown style → default',
      {
        given: { name: 'q', in: 'query', style: 'weird', schema: {} },
        want: { style: 'form', explode: true },
      },
    ],
    [
      'flags and description',
      {
        given: {
          name: 'q',
          in: 'query',
          required: true,
          deprecated: true,
          allowReserved: true,
          allowEmptyValue: true,
          description: 'Q',
          schema: {},
        },
        want: {
          required: true,
          deprecated: true,
          allowReserved: true,
          allowEmptyValue: true,
          description: 'Q',
        },
      },
    ],
    [
      'example, else first examples value',
      {
        given: {
          name: 'q',
          in: 'query',
          examples: { one: { value: 'x' }, two: { value: 'y' } },
          schema: {},
        },
        want: { example: 'x' },
      },
    ],
    [
      'x-zapgen-key-prefix → keyPrefix',
      {
        given: {
          name: 'params',
          in: 'query',
          'x-zapgen-key-prefix': 'params__',
          schema: { type: 'object' },
        },
        want: { keyPrefix: 'params__' },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const [parameter] = parametersOf({ operationLevel: [given] });
    expect(parameter).toMatchObject(want);
  });
});

describe('parameter sources', () => {
  it('inline parameter: schema and pointer where it sits', () => {
    expect(
      parametersOf({ operationLevel: [{ name: 'q', in: 'query', schema: { type: 'string' } }] }),
    ).toEqual([
      {
        name: 'q',
        in: 'query',
        required: false,
        deprecated: false,
        style: 'form',
        explode: true,
        allowReserved: false,
        allowEmptyValue: false,
        schema: string,
        pointer: '#/paths/~1pets~1{petId}/get/parameters/0/schema',
      },
    ]);
  });

  it('referenced parameter: resolved, pointer into components', () => {
    const [parameter] = parametersOf({
      operationLevel: [{ $ref: '#/components/parameters/Limit' }],
      components: {
        parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } },
      },
    });
    expect(parameter).toMatchObject({
      name: 'limit',
      pointer: '#/components/parameters/Limit/schema',
      schema: { kind: 'number', integer: true },
    });
  });

  it('content-based parameter: media type and its schema', () => {
    const [parameter] = parametersOf({
      operationLevel: [
        {
          name: 'filter',
          in: 'query',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      ],
    });
    expect(parameter).toMatchObject({
      contentType: 'application/json',
      schema: { kind: 'object' },
      pointer: '#/paths/~1pets~1{petId}/get/parameters/0/content/application~1json/schema',
    });
  });

  it('parameters with a broken ref or no location are left out', () => {
    expect(
      parametersOf({
        operationLevel: [{ $ref: '#/components/parameters/Missing' }, { name: 'x', in: 'body' }],
      }),
    ).toEqual([]);
  });
});

describe('merging path-level and operation-level parameters', () => {
  const cases: [
    string,
    { given: { pathLevel: object[]; operationLevel: object[] }; want: string[] },
  ][] = [
    [
      'path-level first, then operation-level',
      {
        given: {
          pathLevel: [{ name: 'petId', in: 'path' }],
          operationLevel: [{ name: 'q', in: 'query' }],
        },
        want: ['path petId', 'query q'],
      },
    ],
    [
      'operation wins on same name and location, in place',
      {
        given: {
          pathLevel: [
            { name: 'a', in: 'query', description: 'path' },
            { name: 'b', in: 'query' },
          ],
          operationLevel: [{ name: 'a', in: 'query', description: 'operation' }],
        },
        want: ['query a operation', 'query b'],
      },
    ],
    [
      'same name, other location: both kept',
      {
        given: {
          pathLevel: [{ name: 'id', in: 'path' }],
          operationLevel: [{ name: 'id', in: 'query' }],
        },
        want: ['path id', 'query id'],
      },
    ],
    [
      'header names compare case-insensitively',
      {
        given: {
          pathLevel: [{ name: 'X-Key', in: 'header' }],
          operationLevel: [{ name: 'x-key', in: 'header' }],
        },
        want: ['header x-key'],
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const parameters = parametersOf(given);
    expect(parameters.map((p) => [p.in, p.name, p.description].filter(Boolean).join(' '))).toEqual(
      want,
    );
  });
});
