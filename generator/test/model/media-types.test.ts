/**
 * The media-type and response decisions every emitter shares: which request body is sent,
 * validated and filled, which response body is validated, which responses a call resolves with.
 */
import { describe, expect, test } from 'vitest';
import {
  firstJson,
  isStructuredMediaType,
  requestMediaType,
  structuredRequestMedia,
  successResponses,
} from '../../src/model/media-types.js';
import type { MediaTypeModel, OperationModel, ResponseModel } from '../../src/model/types.js';

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
