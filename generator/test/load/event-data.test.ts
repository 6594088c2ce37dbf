/** Server-sent events whose `data` holds JSON in a string (`contentMediaType` + `contentSchema`). */
import { describe, expect, test } from 'vitest';
import { eventDataAsContent } from '../../src/load/event-data.js';
import { normalizeDialect } from '../../src/load/dialect.js';
import { streamShape } from '../../src/model/media-types.js';
import { buildModel } from '../../src/model/index.js';

const Message = { type: 'object', required: ['text'], properties: { text: { type: 'string' } } };
const jsonData = (extra: Record<string, unknown> = {}) => ({
  type: 'string',
  contentMediaType: 'application/json',
  contentSchema: Message,
  ...extra,
});

/** A document whose one response streams `media` (a text/event-stream media type unless said). */
function documentWith(media: Record<string, unknown>, mediaType = 'text/event-stream', extra = {}) {
  return {
    openapi: '3.2.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/events': {
        get: { responses: { '200': { description: 'ok', content: { [mediaType]: media } } } },
      },
    },
    ...extra,
  };
}

const mediaOf = (document: ReturnType<typeof documentWith>, mediaType = 'text/event-stream') =>
  (
    document.paths['/events'].get.responses['200'].content as Record<
      string,
      Record<string, unknown>
    >
  )[mediaType]!;

describe('eventDataAsContent', () => {
  test.each<[string, { media: Record<string, unknown>; mediaType?: string; want: unknown }]>([
    [
      'an event whose data is JSON in a string: data is the contentSchema',
      {
        media: {
          schema: { type: 'object', properties: { event: { type: 'string' }, data: jsonData() } },
        },
        want: { type: 'object', properties: { event: { type: 'string' }, data: Message } },
      },
    ],
    [
      'its description kept',
      {
        media: {
          schema: { properties: { id: {}, data: jsonData({ description: 'The message.' }) } },
        },
        want: { properties: { id: {}, data: { ...Message, description: 'The message.' } } },
      },
    ],
    [
      'no contentSchema: any JSON',
      {
        media: {
          schema: {
            properties: {
              event: {},
              data: { type: 'string', contentMediaType: 'application/json' },
            },
          },
        },
        want: { properties: { event: {}, data: {} } },
      },
    ],
    [
      'a oneOf of events',
      {
        media: { schema: { oneOf: [{ properties: { event: { const: 'a' }, data: jsonData() } }] } },
        want: { oneOf: [{ properties: { event: { const: 'a' }, data: Message } }] },
      },
    ],
    ['a stream described by its data alone', { media: { schema: jsonData() }, want: Message }],
    [
      'a plain text data stays text',
      {
        media: {
          schema: {
            properties: { event: {}, data: { type: 'string', contentMediaType: 'text/plain' } },
          },
        },
        want: {
          properties: { event: {}, data: { type: 'string', contentMediaType: 'text/plain' } },
        },
      },
    ],
    [
      'not an event stream: a JSON body keeps its string',
      {
        mediaType: 'application/json',
        media: { schema: { properties: { data: jsonData() } } },
        want: { properties: { data: jsonData() } },
      },
    ],
  ])('%s', (_name, { media, mediaType, want }) => {
    const document = documentWith(media, mediaType);
    eventDataAsContent(document);
    expect(mediaOf(document, mediaType).schema).toEqual(want);
  });

  test('an event component reached by $ref is rewritten where it stands', () => {
    const document = documentWith({ schema: { $ref: '#/components/schemas/Event' } }, undefined, {
      components: {
        schemas: {
          Event: { properties: { event: {}, data: { $ref: '#/components/schemas/Raw' } } },
          Raw: jsonData(),
        },
      },
    });
    eventDataAsContent(document);
    expect(document).toMatchObject({
      components: {
        schemas: { Event: { properties: { event: {}, data: Message } }, Raw: jsonData() },
      },
    });
  });

  test('3.2 itemSchema with JSON data: the model reads whole events whose data is JSON', () => {
    const document = documentWith({
      itemSchema: {
        type: 'object',
        required: ['data'],
        properties: { event: { type: 'string' }, data: jsonData() },
      },
    });
    normalizeDialect(document);
    const model = buildModel(document);
    const media = model.operations[0]!.responses[0]!.content[0]!;
    expect(streamShape(media, model.schemas)).toEqual({
      kind: 'sse',
      envelope: true,
      data: 'json',
    });
    const schema = media.schema;
    expect(
      schema.kind === 'object' && schema.properties.find((p) => p.name === 'data')?.schema.kind,
    ).toBe('object');
  });
});
