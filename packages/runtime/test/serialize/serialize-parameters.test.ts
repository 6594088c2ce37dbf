import { describe, expect, it } from 'vitest';
import type {
  OperationDefinition,
  ParameterDefinition,
  ParameterStyle,
} from '../../src/definition.js';
import { RequestValidationError } from '../../src/errors.js';
import { serializeParameters } from '../../src/serialize/index.js';

const string = 'blue';
const array = ['blue', 'black', 'brown'];
const object = { R: 100, G: 200, B: 150 };

function operationWith(parameter: ParameterDefinition): OperationDefinition {
  return {
    operationId: 'op',
    method: 'get',
    path: parameter.in === 'path' ? '/things/{color}' : '/things',
    parameters: [parameter],
    responses: [],
    security: [],
  };
}

function wire(parameter: Omit<ParameterDefinition, 'required'>, value: unknown): string {
  const serialized = serializeParameters(operationWith({ required: false, ...parameter }), {
    [parameter.in]: { [parameter.name]: value },
  });
  if (parameter.in === 'path') return serialized.path.slice('/things/'.length);
  if (parameter.in === 'query') return serialized.query;
  if (parameter.in === 'header') return serialized.headers[parameter.name] ?? '';
  return serialized.cookies;
}

// The style examples of the OpenAPI specification (label per RFC 6570, as OpenAPI 3.1.1 corrected).
const styleExamples: [
  string,
  { in: 'path' | 'query'; style: ParameterStyle; explode: boolean; value: unknown; want: string },
][] = [
  [
    'matrix string',
    { in: 'path', style: 'matrix', explode: false, value: string, want: ';color=blue' },
  ],
  [
    'matrix array',
    { in: 'path', style: 'matrix', explode: false, value: array, want: ';color=blue,black,brown' },
  ],
  [
    'matrix object',
    {
      in: 'path',
      style: 'matrix',
      explode: false,
      value: object,
      want: ';color=R,100,G,200,B,150',
    },
  ],
  ['matrix* empty', { in: 'path', style: 'matrix', explode: true, value: '', want: ';color' }],
  [
    'matrix* array',
    {
      in: 'path',
      style: 'matrix',
      explode: true,
      value: array,
      want: ';color=blue;color=black;color=brown',
    },
  ],
  [
    'matrix* object',
    { in: 'path', style: 'matrix', explode: true, value: object, want: ';R=100;G=200;B=150' },
  ],
  ['label string', { in: 'path', style: 'label', explode: false, value: string, want: '.blue' }],
  [
    'label array',
    { in: 'path', style: 'label', explode: false, value: array, want: '.blue,black,brown' },
  ],
  [
    'label object',
    { in: 'path', style: 'label', explode: false, value: object, want: '.R,100,G,200,B,150' },
  ],
  [
    'label* array',
    { in: 'path', style: 'label', explode: true, value: array, want: '.blue.black.brown' },
  ],
  [
    'label* object',
    { in: 'path', style: 'label', explode: true, value: object, want: '.R=100.G=200.B=150' },
  ],
  ['simple string', { in: 'path', style: 'simple', explode: false, value: string, want: 'blue' }],
  [
    'simple array',
    { in: 'path', style: 'simple', explode: false, value: array, want: 'blue,black,brown' },
  ],
  [
    'simple object',
    { in: 'path', style: 'simple', explode: false, value: object, want: 'R,100,G,200,B,150' },
  ],
  [
    'simple* object',
    { in: 'path', style: 'simple', explode: true, value: object, want: 'R=100,G=200,B=150' },
  ],
  ['form empty', { in: 'query', style: 'form', explode: false, value: '', want: 'color=' }],
  [
    'form string',
    { in: 'query', style: 'form', explode: false, value: string, want: 'color=blue' },
  ],
  [
    'form array',
    { in: 'query', style: 'form', explode: false, value: array, want: 'color=blue,black,brown' },
  ],
  [
    'form object',
    { in: 'query', style: 'form', explode: false, value: object, want: 'color=R,100,G,200,B,150' },
  ],
  [
    'form* array',
    {
      in: 'query',
      style: 'form',
      explode: true,
      value: array,
      want: 'color=blue&color=black&color=brown',
    },
  ],
  [
    'form* object',
    { in: 'query', style: 'form', explode: true, value: object, want: 'R=100&G=200&B=150' },
  ],
  [
    'spaceDelimited array',
    {
      in: 'query',
      style: 'spaceDelimited',
      explode: false,
      value: array,
      want: 'color=blue%20black%20brown',
    },
  ],
  [
    'spaceDelimited object',
    {
      in: 'query',
      style: 'spaceDelimited',
      explode: false,
      value: object,
      want: 'color=R%20100%20G%20200%20B%20150',
    },
  ],
  [
    'pipeDelimited array',
    {
      in: 'query',
      style: 'pipeDelimited',
      explode: false,
      value: array,
      want: 'color=blue|black|brown',
    },
  ],
  [
    'pipeDelimited object',
    {
      in: 'query',
      style: 'pipeDelimited',
      explode: false,
      value: object,
      want: 'color=R|100|G|200|B|150',
    },
  ],
  [
    'deepObject object',
    {
      in: 'query',
      style: 'deepObject',
      explode: true,
      value: object,
      want: 'color[R]=100&color[G]=200&color[B]=150',
    },
  ],
];

describe('serializeParameters', () => {
  it.each(styleExamples)('%s', (_name, { want, value, ...definition }) => {
    expect(wire({ name: 'color', ...definition }, value)).toBe(want);
  });

  const cases: [
    string,
    { given: { parameter: Omit<ParameterDefinition, 'required'>; value: unknown }; want: string },
  ][] = [
    [
      'comma-separated list keeps the separator literal',
      {
        given: {
          parameter: { name: 'filter_action_type', in: 'query', style: 'form', explode: false },
          value: ['write', 'search'],
        },
        want: 'filter_action_type=write,search',
      },
    ],
    [
      'reserved characters inside values are encoded',
      {
        given: {
          parameter: { name: 'q', in: 'query', style: 'form', explode: true },
          value: 'a b&c=d,e/f',
        },
        want: 'q=a%20b%26c%3Dd%2Ce%2Ff',
      },
    ],
    [
      'allowReserved keeps reserved characters',
      {
        given: {
          parameter: {
            name: 'next',
            in: 'query',
            style: 'form',
            explode: true,
            allowReserved: true,
          },
          value: '/a/b?c=d',
        },
        want: 'next=/a/b?c=d',
      },
    ],
    [
      'keyPrefix sends each key as its own parameter',
      {
        given: {
          parameter: {
            name: 'params',
            in: 'query',
            style: 'form',
            explode: true,
            keyPrefix: 'params__',
          },
          value: { channel: 'C1', app: 'slack' },
        },
        want: 'params__channel=C1&params__app=slack',
      },
    ],
    [
      'content-typed parameters are JSON',
      {
        given: {
          parameter: {
            name: 'filter',
            in: 'query',
            style: 'form',
            explode: true,
            contentType: 'application/json',
          },
          value: { a: 1 },
        },
        want: 'filter=%7B%22a%22%3A1%7D',
      },
    ],
    [
      'booleans and numbers as text',
      {
        given: {
          parameter: { name: 'only_owned', in: 'query', style: 'form', explode: true },
          value: false,
        },
        want: 'only_owned=false',
      },
    ],
    [
      'path values are percent-encoded',
      {
        given: {
          parameter: { name: 'color', in: 'path', style: 'simple', explode: false },
          value: 'a/b c',
        },
        want: 'a%2Fb%20c',
      },
    ],
    [
      'header simple array',
      {
        given: {
          parameter: { name: 'X-Ids', in: 'header', style: 'simple', explode: false },
          value: [1, 2],
        },
        want: '1,2',
      },
    ],
    [
      'header simple* object',
      {
        given: {
          parameter: { name: 'X-Pair', in: 'header', style: 'simple', explode: true },
          value: { a: 1, b: 2 },
        },
        want: 'a=1,b=2',
      },
    ],
    [
      'cookie form',
      {
        given: {
          parameter: { name: 'session', in: 'cookie', style: 'form', explode: false },
          value: ['a', 'b'],
        },
        want: 'session=a,b',
      },
    ],
    // `null` for a `T | null` parameter is left out, as openapi-fetch and hey-api do: `name=` would be
    // an empty string, which a server parsing an integer (`authentication_id`) rejects.
    [
      'null query value is left out',
      {
        given: {
          parameter: { name: 'authentication_id', in: 'query', style: 'form', explode: true },
          value: null,
        },
        want: '',
      },
    ],
    [
      'null in a comma list query is left out',
      {
        given: {
          parameter: { name: 'ids', in: 'query', style: 'form', explode: false },
          value: null,
        },
        want: '',
      },
    ],
    [
      'null header value is left out',
      {
        given: {
          parameter: { name: 'X-Trace', in: 'header', style: 'simple', explode: false },
          value: null,
        },
        want: '',
      },
    ],
    [
      'null cookie value is left out',
      {
        given: {
          parameter: { name: 'session', in: 'cookie', style: 'form', explode: true },
          value: null,
        },
        want: '',
      },
    ],
    [
      'null keys of a keyPrefix object are left out',
      {
        given: {
          parameter: {
            name: 'params',
            in: 'query',
            style: 'form',
            explode: true,
            keyPrefix: 'params__',
          },
          value: { channel: 'C1', user: null },
        },
        want: 'params__channel=C1',
      },
    ],
    [
      'an empty string is sent as one',
      {
        given: {
          parameter: { name: 'query', in: 'query', style: 'form', explode: true },
          value: '',
        },
        want: 'query=',
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(wire(given.parameter, given.value)).toBe(want);
  });

  it('leaves out absent parameters and joins the rest in definition order', () => {
    const operation: OperationDefinition = {
      ...operationWith({ name: 'a', in: 'query', required: false, style: 'form', explode: true }),
      parameters: ['a', 'b', 'c'].map((name) => ({
        name,
        in: 'query',
        required: false,
        style: 'form',
        explode: true,
      })),
    };
    expect(serializeParameters(operation, { query: { c: 3, a: 1 } }).query).toBe('a=1&c=3');
  });

  it('refuses to build a URL without a path parameter', () => {
    const operation = operationWith({
      name: 'color',
      in: 'path',
      required: true,
      style: 'simple',
      explode: false,
    });
    expect(() => serializeParameters(operation, {})).toThrow(RequestValidationError);
  });

  // The template is split once per operation: every occurrence is filled, tokens it does not
  // declare stay, a missing parameter is kept when asked, and a filled value is not read again.
  const pathCases: [
    string,
    { path: string; names: string[]; given: Record<string, unknown>; keep?: boolean; want: string },
  ][] = [
    [
      'fills every occurrence of a token',
      { path: '/a/{id}/b/{id}', names: ['id'], given: { id: 7 }, want: '/a/7/b/7' },
    ],
    [
      'fills tokens side by side',
      { path: '/{x}{y}.json', names: ['x', 'y'], given: { x: 'a', y: 'b' }, want: '/ab.json' },
    ],
    [
      'keeps a token it does not declare',
      { path: '/a/{id}/{other}', names: ['id'], given: { id: 1 }, want: '/a/1/{other}' },
    ],
    [
      'keeps a missing parameter when asked',
      {
        path: '/a/{id}/{to}',
        names: ['id', 'to'],
        given: { id: 1 },
        keep: true,
        want: '/a/1/{to}',
      },
    ],
    [
      'never fills a token inside a value',
      { path: '/{a}/{b}', names: ['a', 'b'], given: { a: '{b}', b: 'x' }, want: '/%7Bb%7D/x' },
    ],
  ];
  it.each(pathCases)('path: %s', (_name, { path, names, given, keep, want }) => {
    const operation: OperationDefinition = {
      ...operationWith({
        name: names[0]!,
        in: 'path',
        required: true,
        style: 'simple',
        explode: false,
      }),
      path,
      parameters: names.map((name) => ({
        name,
        in: 'path' as const,
        required: true,
        style: 'simple' as const,
        explode: false,
      })),
    };
    const options = keep ? { missingPath: 'keep' as const } : {};
    // Twice: the second call reads the cached template.
    expect(serializeParameters(operation, { path: given }, options).path).toBe(want);
    expect(serializeParameters(operation, { path: given }, options).path).toBe(want);
  });

  it('never sends Authorization, Accept or Content-Type from header parameters', () => {
    const operation = operationWith({
      name: 'Authorization',
      in: 'header',
      required: false,
      style: 'simple',
      explode: false,
    });
    expect(serializeParameters(operation, { header: { Authorization: 'x' } }).headers).toEqual({});
  });
});
