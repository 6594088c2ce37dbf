/**
 * The media-type and response decisions every emitter shares: which request body is sent,
 * validated and filled, which response body is validated, which responses a call resolves with.
 */
import { describe, expect, test } from 'vitest';
import {
  firstJson,
  isStructuredMediaType,
  requestMediaType,
  streamShape,
  structuredRequestMedia,
  successResponses,
} from '../../src/model/media-types.js';
import { onlyOperation } from './support.js';
import type {
  MediaTypeModel,
  NamedSchema,
  OperationModel,
  ResponseModel,
  SchemaModel,
} from '../../src/model/types.js';

const media = (mediaType: string): MediaTypeModel => ({
  mediaType,
  schema: { kind: 'unknown', nullable: false },
  pointer: '#',
  examples: [],
});
const response = (status: string, ...types: string[]): ResponseModel => ({
  status,
  description: '',
  content: types.map(media),
  headers: [],
});
const operation = ({
  body,
  responses = [],
}: {
  body?: string[];
  responses?: ResponseModel[];
}): OperationModel => ({
  operationId: 'op',
  operationIdDerived: false,
  method: 'post',
  path: '/',
  tags: [],
  deprecated: false,
  parameters: [],
  ...(body && { requestBody: { required: true, content: body.map(media) } }),
  responses,
  security: [],
  extensions: { rules: [] },
});

describe('isStructuredMediaType', () => {
  test.each([
    ['application/json', true],
    ['Application/JSON; charset=utf-8', true],
    ['application/problem+json', true],
    ['application/x-www-form-urlencoded', true],
    ['multipart/form-data; boundary=x', true],
    ['text/plain', false],
    ['application/octet-stream', false],
    ['application/jsonl', false],
  ])('%s → %s', (given, want) => expect(isStructuredMediaType(given)).toBe(want));
});

describe('request body', () => {
  test.each([
    [
      'JSON after text: JSON is sent and validated',
      {
        given: ['text/plain', 'application/json'],
        sent: 'application/json',
        structured: 'application/json',
      },
    ],
    [
      'form only',
      {
        given: ['multipart/form-data'],
        sent: 'multipart/form-data',
        structured: 'multipart/form-data',
      },
    ],
    [
      'binary only: sent as is, nothing validated',
      {
        given: ['application/octet-stream'],
        sent: 'application/octet-stream',
        structured: undefined,
      },
    ],
    ['no body', { given: undefined, sent: undefined, structured: undefined }],
  ])('%s', (_name, { given, sent, structured }) => {
    const op = operation({ ...(given && { body: given }) });
    expect(requestMediaType(op)?.mediaType).toBe(sent);
    expect(structuredRequestMedia(op.requestBody)?.mediaType).toBe(structured);
  });
});

describe('responses', () => {
  test.each([
    [
      'every 2xx',
      {
        given: [response('200'), response('2XX'), response('404'), response('default')],
        want: ['200', '2XX'],
      },
    ],
    [
      'default when there is no 2xx',
      { given: [response('404'), response('default')], want: ['default'] },
    ],
    ['none', { given: [response('500')], want: [] }],
  ])('a call resolves with: %s', (_name, { given, want }) => {
    expect(successResponses(operation({ responses: given })).map((entry) => entry.status)).toEqual(
      want,
    );
  });

  test('the first JSON media type is the validated one', () => {
    expect(
      firstJson(response('200', 'text/plain', 'application/hal+json', 'application/json').content)
        ?.mediaType,
    ).toBe('application/hal+json');
  });
});

describe('streamShape: how the items of a streamed media type are read', () => {
  const string: SchemaModel = { kind: 'string', nullable: false };
  const object = (...names: string[]): SchemaModel => ({
    kind: 'object',
    nullable: false,
    additionalProperties: true,
    properties: names.map((name) => ({
      name,
      required: true,
      schema: name === 'data' ? { kind: 'ref', name: 'Delta', nullable: false } : string,
    })),
  });
  const schemas: NamedSchema[] = [
    { name: 'Delta', pointer: '#/components/schemas/Delta', schema: object('text') },
    { name: 'Event', pointer: '#/components/schemas/Event', schema: object('event', 'data') },
  ];
  const shape = (mediaType: string, schema: SchemaModel) =>
    streamShape({ mediaType, schema, pointer: '#', examples: [] }, schemas);
  const cases: [string, { mediaType: string; schema: SchemaModel; want: unknown }][] = [
    [
      'events whose schema is their data',
      {
        mediaType: 'text/event-stream',
        schema: object('text'),
        want: { kind: 'sse', envelope: false, data: 'json' },
      },
    ],
    [
      'events whose data is a plain string stay text',
      {
        mediaType: 'text/event-stream; charset=utf-8',
        schema: string,
        want: { kind: 'sse', envelope: false, data: 'text' },
      },
    ],
    [
      'an object with data and event describes whole events (through a $ref)',
      {
        mediaType: 'text/event-stream',
        schema: { kind: 'ref', name: 'Event', nullable: false },
        want: { kind: 'sse', envelope: true, data: 'json' },
      },
    ],
    [
      'a oneOf of whole events (by event name)',
      {
        mediaType: 'text/event-stream',
        schema: {
          kind: 'union',
          mode: 'oneOf',
          nullable: false,
          variants: [object('event', 'data'), object('id', 'data')],
        },
        want: { kind: 'sse', envelope: true, data: 'json' },
      },
    ],
    [
      'a oneOf with a member that is not an event describes the data',
      {
        mediaType: 'text/event-stream',
        schema: {
          kind: 'union',
          mode: 'oneOf',
          nullable: false,
          variants: [object('event', 'data'), object('text')],
        },
        want: { kind: 'sse', envelope: false, data: 'json' },
      },
    ],
    [
      'NDJSON',
      {
        mediaType: 'application/x-ndjson',
        schema: string,
        want: { kind: 'ndjson', envelope: false, data: 'json' },
      },
    ],
    [
      'JSON Lines',
      {
        mediaType: 'application/jsonl',
        schema: string,
        want: { kind: 'ndjson', envelope: false, data: 'json' },
      },
    ],
    [
      'json-seq',
      {
        mediaType: 'application/json-seq',
        schema: string,
        want: { kind: 'json-seq', envelope: false, data: 'json' },
      },
    ],
    ['JSON is not a stream', { mediaType: 'application/json', schema: string, want: undefined }],
  ];
  test.each(cases)('%s', (_name, { mediaType, schema, want }) => {
    expect(shape(mediaType, schema)).toEqual(want);
  });
});

describe('encoding of a form body', () => {
  const body = (encoding: unknown, components: Record<string, unknown> = {}) =>
    onlyOperation({
      paths: {
        '/upload': {
          post: {
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', properties: { file: {}, meta: {} } },
                  encoding,
                },
              },
            },
            responses: { '204': { description: 'ok' } },
          },
        },
      },
      components,
    }).requestBody?.content[0]?.encoding;
  test.each<[string, { encoding: unknown; components?: Record<string, unknown>; want: unknown }]>([
    ['none', { encoding: undefined, want: undefined }],
    [
      'a content type only',
      {
        encoding: { meta: { contentType: 'application/json' } },
        want: { meta: { contentType: 'application/json' } },
      },
    ],
    [
      'headers: required, a value from const, a one-value enum or default; Content-Type left out',
      {
        encoding: {
          file: {
            contentType: 'image/png',
            headers: {
              'X-Rate-Limit': { schema: { type: 'integer', default: 100 } },
              'X-Kind': { required: true, schema: { const: 'scan' } },
              'X-One': { schema: { enum: ['only'] } },
              'X-Free': { schema: { type: 'string', enum: ['a', 'b'] } },
              'Content-Type': { schema: { type: 'string' } },
            },
          },
        },
        want: {
          file: {
            contentType: 'image/png',
            headers: [
              { name: 'X-Rate-Limit', required: false, value: '100' },
              { name: 'X-Kind', required: true, value: 'scan' },
              { name: 'X-One', required: false, value: 'only' },
              { name: 'X-Free', required: false },
            ],
          },
        },
      },
    ],
    [
      'a header and its schema by $ref',
      {
        encoding: {
          file: { headers: { 'X-Checksum': { $ref: '#/components/headers/Checksum' } } },
        },
        components: {
          headers: { Checksum: { required: true, schema: { $ref: '#/components/schemas/Sum' } } },
          schemas: { Sum: { type: 'string', const: 'sha256' } },
        },
        want: { file: { headers: [{ name: 'X-Checksum', required: true, value: 'sha256' }] } },
      },
    ],
    [
      'an entry with neither is left out',
      { encoding: { file: { style: 'form' } }, want: undefined },
    ],
  ])('%s', (_name, { encoding, components, want }) => {
    expect(body(encoding, components)).toEqual(want);
  });
});
