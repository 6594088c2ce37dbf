import { describe, expect, it } from 'vitest';
import type { OperationDefinition, ValueShape } from '../../src/definition.js';
import { formBodyValues } from '../../src/mock/form-values.js';

const shape: ValueShape = {
  type: 'object',
  properties: {
    count: { type: 'integer' },
    price: { type: 'number' },
    gift: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'integer' } },
    name: { type: 'string' },
  },
  additional: { type: 'unknown' },
};

function operation(codecs: boolean): OperationDefinition {
  return {
    operationId: 'addItem',
    method: 'post',
    path: '/items',
    parameters: [],
    requestBody: { required: true, mediaTypes: ['application/x-www-form-urlencoded'], shape },
    responses: [],
    security: [],
    ...(codecs && { codecs: {} as NonNullable<OperationDefinition['codecs']> }),
  };
}

const file = new Blob(['x']);
const cases: [string, { body: unknown; mediaType?: string; codecs?: boolean; want: unknown }][] = [
  [
    'numbers, booleans and strings by the schema',
    {
      body: { count: '3', price: '2.5', gift: 'true', name: '007' },
      want: { count: 3, price: 2.5, gift: true, name: '007' },
    },
  ],
  [
    'a value that does not fit stays a string',
    { body: { count: 'three' }, want: { count: 'three' } },
  ],
  ['a field sent once is a list of one', { body: { tags: '4' }, want: { tags: [4] } }],
  ['a repeated field', { body: { tags: ['4', '5'] }, want: { tags: [4, 5] } }],
  ['an undeclared field is kept as sent', { body: { extra: '1' }, want: { extra: '1' } }],
  [
    'an integer beyond 2^53 is exact with codecs (transformers.bigint)',
    { body: { count: '9223372036854775807' }, codecs: true, want: { count: 9223372036854775807n } },
  ],
  [
    'and a number without them, as JSON.parse would read it',
    { body: { count: '9223372036854775807' }, want: { count: 2 ** 63 } },
  ],
  [
    'a multipart file is left alone',
    { body: { name: file }, mediaType: 'multipart/form-data', want: { name: file } },
  ],
  [
    'a JSON body is not a form',
    { body: { count: '3' }, mediaType: 'application/json', want: { count: '3' } },
  ],
  [
    '__proto__ is just a name',
    { body: JSON.parse('{"__proto__":"1"}'), want: JSON.parse('{"__proto__":"1"}') },
  ],
];

describe('formBodyValues', () => {
  it.each(cases)('%s', (_, { body, mediaType, codecs, want }) => {
    const got = formBodyValues({
      operation: operation(codecs ?? false),
      mediaType: mediaType ?? 'application/x-www-form-urlencoded',
      body,
    });
    expect(got).toEqual(want);
  });
});
