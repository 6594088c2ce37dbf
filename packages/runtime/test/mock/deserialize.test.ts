import { describe, expect, it } from 'vitest';
import type { OperationDefinition, ParameterDefinition } from '../../src/definition.js';
import { deserializeParameters } from '../../src/mock/deserialize.js';

const string = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const boolean = { type: 'boolean' } as const;
const stringArray = { type: 'array', items: string } as const;
const stringRecord = { type: 'object', properties: {}, additional: string } as const;

function operationWith(parameters: ParameterDefinition[]): OperationDefinition {
  return {
    operationId: 'op',
    method: 'get',
    path: '/x',
    parameters,
    responses: [],
    security: [],
  };
}

const query = (name: string, rest: Partial<ParameterDefinition> = {}): ParameterDefinition => ({
  name,
  in: 'query',
  required: false,
  style: 'form',
  explode: true,
  ...rest,
});

const cases: [
  string,
  {
    given: {
      parameters: ParameterDefinition[];
      url?: string;
      path?: Record<string, string>;
      headers?: Record<string, string>;
    };
    want: unknown;
  },
][] = [
  [
    'form explode=false array',
    {
      given: {
        parameters: [query('filter_action_type', { explode: false, shape: stringArray })],
        url: '?filter_action_type=write,search',
      },
      want: { query: { filter_action_type: ['write', 'search'] } },
    },
  ],
  [
    'form explode=true array',
    {
      given: {
        parameters: [query('id', { shape: { type: 'array', items: integer } })],
        url: '?id=3&id=4',
      },
      want: { query: { id: [3, 4] } },
    },
  ],
  [
    'integer and boolean coerced',
    {
      given: {
        parameters: [query('page', { shape: integer }), query('only_owned', { shape: boolean })],
        url: '?page=2&only_owned=true',
      },
      want: { query: { page: 2, only_owned: true } },
    },
  ],
  [
    'a non-number stays a string for the validator to reject',
    {
      given: { parameters: [query('page', { shape: integer })], url: '?page=two' },
      want: { query: { page: 'two' } },
    },
  ],
  [
    'prefixed keys become one object',
    {
      given: {
        parameters: [
          query('app', { shape: string }),
          query('params', { shape: stringRecord, keyPrefix: 'params__' }),
        ],
        url: '?app=slack&params__channel=C1&params__kind=dm',
      },
      want: { query: { app: 'slack', params: { channel: 'C1', kind: 'dm' } } },
    },
  ],
  [
    'deepObject',
    {
      given: {
        parameters: [query('filter', { style: 'deepObject', shape: stringRecord })],
        url: '?filter[a]=1&filter[b]=2',
      },
      want: { query: { filter: { a: '1', b: '2' } } },
    },
  ],
  [
    'pipeDelimited',
    {
      given: {
        parameters: [query('tags', { style: 'pipeDelimited', explode: false, shape: stringArray })],
        url: '?tags=a|b',
      },
      want: { query: { tags: ['a', 'b'] } },
    },
  ],
  [
    'path simple, percent-decoded',
    {
      given: {
        parameters: [
          {
            name: 'app',
            in: 'path',
            required: true,
            style: 'simple',
            explode: false,
            shape: string,
          },
        ],
        path: { app: 'a%2Fb' },
      },
      want: { path: { app: 'a/b' } },
    },
  ],
  [
    'path label array',
    {
      given: {
        parameters: [
          {
            name: 'ids',
            in: 'path',
            required: true,
            style: 'label',
            explode: false,
            shape: { type: 'array', items: integer },
          },
        ],
        path: { ids: '.1,2' },
      },
      want: { path: { ids: [1, 2] } },
    },
  ],
  [
    'path matrix exploded object',
    {
      given: {
        parameters: [
          {
            name: 'p',
            in: 'path',
            required: true,
            style: 'matrix',
            explode: true,
            shape: stringRecord,
          },
        ],
        path: { p: ';p=a=1;p=b=2' },
      },
      want: { path: { p: { a: '1', b: '2' } } },
    },
  ],
  [
    'header simple array',
    {
      given: {
        parameters: [
          {
            name: 'X-Ids',
            in: 'header',
            required: false,
            style: 'simple',
            explode: false,
            shape: stringArray,
          },
        ],
        headers: { 'x-ids': 'a,b' },
      },
      want: { header: { 'X-Ids': ['a', 'b'] } },
    },
  ],
  [
    'cookie',
    {
      given: {
        parameters: [
          {
            name: 'session',
            in: 'cookie',
            required: false,
            style: 'form',
            explode: true,
            shape: string,
          },
        ],
        headers: { cookie: 'a=1; session=xyz' },
      },
      want: { cookie: { session: 'xyz' } },
    },
  ],
  [
    'absent parameters are left out',
    { given: { parameters: [query('q', { shape: string })], url: '' }, want: {} },
  ],
];

describe('deserializeParameters', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    const url = new URL(`http://h/x${given.url ?? ''}`);
    const groups = deserializeParameters(operationWith(given.parameters), {
      pathValues: given.path ?? {},
      query: url.searchParams,
      headers: given.headers ?? {},
    });
    expect(groups).toEqual(want);
  });
});
