/**
 * Which media types and responses the emitters treat as what: the decisions every emitter must
 * take the same way, taken here once, so that the body a client sends is the one zod validates
 * and the fixtures fill, and the response a call resolves with is the one the mock answers.
 */
import { mediaTypeEssence, streamKindOf, type StreamKind } from '@zapgen/runtime/streaming';
import type {
  MediaTypeModel,
  NamedSchema,
  OperationModel,
  RequestBodyModel,
  ResponseModel,
  SchemaModel,
} from './types.js';

export type { StreamKind };

/** The media type without parameters, lower case: `application/json; charset=utf-8` → `application/json`. */
export function essence(mediaType: string): string {
  return mediaTypeEssence(mediaType);
}

/** `application/json` and any `+json` type (`application/problem+json`). */
export function isJsonMediaType(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === 'application/json' || type.endsWith('+json');
}

/** `multipart/form-data`, whose binary fields may be Blobs. */
export function isMultipartMediaType(mediaType: string): boolean {
  return essence(mediaType) === 'multipart/form-data';
}

/** The two form encodings, whose bodies are objects built from a schema too. */
export function isFormMediaType(mediaType: string): boolean {
  return (
    essence(mediaType) === 'application/x-www-form-urlencoded' || isMultipartMediaType(mediaType)
  );
}

/** True for the media types whose bodies are validated and generated: JSON and forms. */
export function isStructuredMediaType(mediaType: string): boolean {
  return isJsonMediaType(mediaType) || isFormMediaType(mediaType);
}

/** The first JSON media type of a content map (responses are validated in this one). */
export function firstJson(content: readonly MediaTypeModel[]): MediaTypeModel | undefined {
  return content.find((media) => isJsonMediaType(media.mediaType));
}

/** The request body media type that is validated and has fixtures: the first JSON or form one. */
export function structuredRequestMedia(
  body: RequestBodyModel | undefined,
): MediaTypeModel | undefined {
  return body?.content.find((media) => isStructuredMediaType(media.mediaType));
}

/** The media type a request body is typed and sent as: the structured one, else the first. */
export function requestMediaType(operation: OperationModel): MediaTypeModel | undefined {
  return structuredRequestMedia(operation.requestBody) ?? operation.requestBody?.content[0];
}

/** True for `200`..`299` and `2XX`. */
export function isSuccess(status: string): boolean {
  return /^2(?:\d\d|XX)$/i.test(status);
}

/**
 * The responses whose bodies a successful call resolves with: every 2xx response, or `default`
 * when the spec lists no 2xx response at all.
 */
export function successResponses(operation: OperationModel): ResponseModel[] {
  const success = operation.responses.filter((response) => isSuccess(response.status));
  if (success.length) return success;
  return operation.responses.filter((response) => response.status === 'default');
}

/**
 * A file's media type (`application/octet-stream`, `image/png`, `application/pdf`, ...): a body the
 * client resolves with as a `Blob` (or as the caller's `parseAs` chooses), as `readBody` reads any
 * content type that is not JSON, text, XML, a form or a stream. `*\/*` may be anything.
 */
export function isBinaryMediaType(mediaType: string): boolean {
  const type = essence(mediaType);
  return (
    type.includes('/') &&
    !type.includes('*') &&
    !isJsonMediaType(type) &&
    !/^text\/|xml|json|form-urlencoded|^multipart\//.test(type) &&
    streamKind(type) === undefined
  );
}

/** Server-sent events, NDJSON / JSON Lines or json-seq: a body read as a sequence of items. */
export function streamKind(mediaType: string): StreamKind | undefined {
  return streamKindOf(mediaType);
}

/** The first streamed media type of a content map: its schema (or 3.2 `itemSchema`) is one item's. */
export function streamedMedia(content: readonly MediaTypeModel[]): MediaTypeModel | undefined {
  return content.find((media) => streamKind(media.mediaType) !== undefined);
}

/** How the items of a streamed response are read: what `StreamDefinition` tells the runtime. */
export interface StreamShape {
  kind: StreamKind;
  /** Server-sent events whose schema describes the whole event (`{ event, data, id, retry }`). */
  envelope: boolean;
  /** Server-sent events: `data` is text (its schema a plain string) or JSON. */
  data: 'json' | 'text';
}

const EVENT_FIELDS = ['event', 'id', 'retry'];

function resolved(schema: SchemaModel, schemas: readonly NamedSchema[], depth = 0): SchemaModel {
  if (schema.kind !== 'ref' || depth > 32) return schema;
  const target = schemas.find((named) => named.name === schema.name);
  return target ? resolved(target.schema, schemas, depth + 1) : schema;
}

/** The `data` property schemas of an event object (or of each member of a union of them). */
function eventDataSchemas(
  schema: SchemaModel,
  schemas: readonly NamedSchema[],
): SchemaModel[] | undefined {
  const node = resolved(schema, schemas);
  if (node.kind === 'union' && node.variants.length > 0) {
    const members = node.variants.map((variant) => eventDataSchemas(variant, schemas));
    return members.every((member) => member !== undefined) ? members.flat() : undefined;
  }
  if (node.kind !== 'object') return undefined;
  const data = node.properties.find((property) => property.name === 'data');
  const named = node.properties.some((property) => EVENT_FIELDS.includes(property.name));
  return data && named ? [data.schema] : undefined;
}

function isText(schema: SchemaModel, schemas: readonly NamedSchema[]): boolean {
  const node = resolved(schema, schemas);
  if (node.kind === 'string') return !/json/i.test(node.contentMediaType ?? '');
  if (node.kind === 'enum') return node.values.every((value) => typeof value === 'string');
  if (node.kind === 'const') return typeof node.value === 'string';
  return false;
}

/**
 * The shape of a streamed media type's items. For server-sent events, a schema that is an object
 * with `data` and one of `event`, `id`, `retry` (or a `oneOf` of such objects, typically one per
 * event name) describes whole events; any other schema describes the `data` of every event.
 */
export function streamShape(
  media: MediaTypeModel,
  schemas: readonly NamedSchema[],
): StreamShape | undefined {
  const kind = streamKind(media.mediaType);
  if (kind === undefined) return undefined;
  if (kind !== 'sse' || media.schemaless) return { kind, envelope: false, data: 'json' };
  const data = eventDataSchemas(media.schema, schemas);
  if (data !== undefined)
    return {
      kind,
      envelope: true,
      data: data.every((schema) => isText(schema, schemas)) ? 'text' : 'json',
    };
  return { kind, envelope: false, data: isText(media.schema, schemas) ? 'text' : 'json' };
}
