import type { OperationModel, ParameterLocation, ResponseModel } from '../../model/types.js';
import { fieldPath } from '@zapgen/runtime/json';
import { propertyKey, stringLiteral } from '../shared/identifiers.js';
import { typesOperationKey } from '../typescript-types/operation-key.js';
import {
  firstJson,
  isBinaryMediaType,
  isMultipartMediaType,
  requestMediaType,
  streamedMedia,
  streamShape,
  successResponses,
} from '../../model/media-types.js';
import type { NamedSchema, SchemaModel } from '../../model/types.js';

const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** `operations["<id>"]`: the openapi-typescript type of the operation. */
function operationType(operation: OperationModel): string {
  return `operations[${stringLiteral(typesOperationKey(operation.operationId))}]`;
}

/**
 * The members of the arguments object: one group per parameter location the operation has, and
 * `body`. A group is required when one of its parameters is; `body` when the spec requires it.
 */
export function argsMembers(
  operation: OperationModel,
  schemas: readonly NamedSchema[] = [],
): { name: string; type: string; required: boolean }[] {
  const base = operationType(operation);
  const members = LOCATIONS.flatMap(
    (location): { name: string; type: string; required: boolean }[] => {
      const parameters = operation.parameters.filter((parameter) => parameter.in === location);
      if (!parameters.length) return [];
      return [
        {
          name: location,
          type: `NonNullable<${base}["parameters"][${stringLiteral(location)}]>`,
          required: parameters.some((parameter) => parameter.required),
        },
      ];
    },
  );
  const media = requestMediaType(operation);
  if (operation.requestBody && media) {
    const declared = `NonNullable<${base}["requestBody"]>["content"][${stringLiteral(media.mediaType)}]`;
    const files = isMultipartMediaType(media.mediaType)
      ? fileProperties(media.schema, schemas)
      : [];
    members.push({
      name: 'body',
      // A file body is sent as it is; a multipart body's binary properties take Blobs and Files.
      type: isBinaryMediaType(media.mediaType)
        ? 'UploadBody'
        : files.length
          ? `WithFiles<${declared}, ${files.map(stringLiteral).join(' | ')}>`
          : declared,
      required: operation.requestBody.required,
    });
  }
  return members;
}

/** A string schema holding bytes: `format: binary`, or a `contentMediaType` of a file type. */
function isBinarySchema(schema: SchemaModel): boolean {
  return (
    schema.kind === 'string' &&
    (schema.format === 'binary' ||
      (schema.contentMediaType !== undefined && isBinaryMediaType(schema.contentMediaType)))
  );
}

/** The properties of a (multipart) object schema that hold files or arrays of files. */
export function fileProperties(schema: SchemaModel, schemas: readonly NamedSchema[]): string[] {
  let node = schema;
  for (let depth = 0; node.kind === 'ref' && depth < 32; depth += 1) {
    const name = node.name;
    const target = schemas.find((named) => named.name === name);
    if (!target) return [];
    node = target.schema;
  }
  if (node.kind !== 'object') return [];
  return node.properties
    .filter(
      ({ schema: property }) =>
        isBinarySchema(property) || (property.kind === 'array' && isBinarySchema(property.items)),
    )
    .map((property) => property.name);
}

/** The runtime types an arguments type names (`UploadBody`, `WithFiles`). */
export function argsRuntimeTypes(args: string): string[] {
  return ['UploadBody', 'WithFiles'].filter((name) => new RegExp(`\\b${name}\\b`).test(args));
}

/** True when a call needs no argument at all. */
export function argsOptional(operation: OperationModel): boolean {
  return argsMembers(operation).every((member) => !member.required);
}

/** The `{ path: ...; query?: ... }` type literal of the arguments. */
export function argsType(operation: OperationModel, schemas: readonly NamedSchema[] = []): string {
  const members = argsMembers(operation, schemas);
  if (!members.length) return 'Record<string, never>';
  return `{\n${members.map((member) => `${propertyKey(member.name)}${member.required ? '' : '?'}: ${member.type};`).join('\n')}\n}`;
}

/**
 * The body type of one response: its JSON body, `string` for text, `undefined` without a body,
 * and `unknown` for other media types (binary bodies are not parsed into a typed value).
 */
function responseBodyType(
  operation: OperationModel,
  response: ResponseModel,
  schemas: readonly NamedSchema[],
  jsonType?: BodyTypes,
): string {
  if (!response.content.length) return 'undefined';
  const content = (mediaType: string) =>
    `${operationType(operation)}["responses"][${stringLiteral(response.status)}]["content"][${stringLiteral(mediaType)}]`;
  const types: string[] = [];
  const json = firstJson(response.content);
  if (json) types.push(jsonType ? jsonType.body(response.status) : content(json.mediaType));
  const streamed = streamedMedia(response.content);
  if (streamed) {
    const shape = streamShape(streamed, schemas)!;
    const item =
      jsonType && !streamed.schemaless
        ? jsonType.item(response.status)
        : content(streamed.mediaType);
    // Server-sent events are whole events when the schema says so, else events of that data.
    types.push(
      `ResponseStream<${shape.kind === 'sse' && !shape.envelope ? `ServerSentEvent<${item}>` : item}>`,
    );
  }
  if (types.length) return types.join(' | ');
  if (response.content.every((media) => /^text\//i.test(media.mediaType))) return 'string';
  if (response.content.every((media) => isBinaryMediaType(media.mediaType))) return 'Blob';
  return 'unknown';
}

/**
 * True when a successful call may answer with a file: its result type follows the call's
 * `parseAs` (`stream`, `arrayBuffer`, `blob`, `text`), typed with the runtime's `ParsedAs`.
 */
export function isDownload(operation: OperationModel): boolean {
  return successResponses(operation).some((response) =>
    response.content.some((media) => isBinaryMediaType(media.mediaType)),
  );
}

/** The types of a JSON body and of a streamed item by status, instead of `types.ts`'s. */
export interface BodyTypes {
  body(status: string): string;
  item(status: string): string;
}

/**
 * The type a successful call resolves with: the union of the success bodies. `jsonType` types a
 * JSON body and a streamed item by status instead of `types.ts` (the decoded values of
 * `transformers`).
 */
export function resultType(
  operation: OperationModel,
  schemas: readonly NamedSchema[],
  jsonType?: BodyTypes,
): string {
  const types = [
    ...new Set(
      successResponses(operation).map((response) =>
        responseBodyType(operation, response, schemas, jsonType),
      ),
    ),
  ];
  return types.length ? types.join(' | ') : 'unknown';
}

/** The runtime types a result type names (`ResponseStream`, `ServerSentEvent`). */
export function resultRuntimeTypes(result: string): string[] {
  return ['ResponseStream', 'ServerSentEvent'].filter((name) => result.includes(`${name}<`));
}

/** The element type of a paginated result, read from the result type (`itemsField` may be a JSON Pointer). */
export function itemType(resultTypeName: string, itemsField: string): string {
  const list = fieldPath(itemsField).reduceRight(
    (inner, key) => `{ ${propertyKey(key)}?: ${inner} | null }`,
    'readonly (infer Item)[]',
  );
  return `${resultTypeName} extends ${list} ? Item : unknown`;
}
