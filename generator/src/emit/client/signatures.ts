import type { OperationModel, ParameterLocation, ResponseModel } from '../../model/types.js';
import { propertyKey, stringLiteral } from '../shared/identifiers.js';
import { typesOperationKey } from '../typescript-types/operation-key.js';
import {
  firstJson,
  requestMediaType,
  streamedMedia,
  streamShape,
  successResponses,
} from '../../model/media-types.js';
import type { NamedSchema } from '../../model/types.js';

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
    members.push({
      name: 'body',
      type: `NonNullable<${base}["requestBody"]>["content"][${stringLiteral(media.mediaType)}]`,
      required: operation.requestBody.required,
    });
  }
  return members;
}

/** True when a call needs no argument at all. */
export function argsOptional(operation: OperationModel): boolean {
  return argsMembers(operation).every((member) => !member.required);
}

/** The `{ path: ...; query?: ... }` type literal of the arguments. */
export function argsType(operation: OperationModel): string {
  const members = argsMembers(operation);
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
): string {
  if (!response.content.length) return 'undefined';
  const content = (mediaType: string) =>
    `${operationType(operation)}["responses"][${stringLiteral(response.status)}]["content"][${stringLiteral(mediaType)}]`;
  const types: string[] = [];
  const json = firstJson(response.content);
  if (json) types.push(content(json.mediaType));
  const streamed = streamedMedia(response.content);
  if (streamed) {
    const shape = streamShape(streamed, schemas)!;
    const item = content(streamed.mediaType);
    // Server-sent events are whole events when the schema says so, else events of that data.
    types.push(
      `ResponseStream<${shape.kind === 'sse' && !shape.envelope ? `ServerSentEvent<${item}>` : item}>`,
    );
  }
  if (types.length) return types.join(' | ');
  if (response.content.every((media) => /^text\//i.test(media.mediaType))) return 'string';
  return 'unknown';
}

/** The type a successful call resolves with: the union of the success bodies. */
export function resultType(operation: OperationModel, schemas: readonly NamedSchema[]): string {
  const types = [
    ...new Set(
      successResponses(operation).map((response) => responseBodyType(operation, response, schemas)),
    ),
  ];
  return types.length ? types.join(' | ') : 'unknown';
}

/** The runtime types a result type names (`ResponseStream`, `ServerSentEvent`). */
export function resultRuntimeTypes(result: string): string[] {
  return ['ResponseStream', 'ServerSentEvent'].filter((name) => result.includes(`${name}<`));
}

/** The element type of a paginated result, read from the result type. */
export function itemType(resultTypeName: string, itemsField: string): string {
  if (!itemsField) return `${resultTypeName} extends readonly (infer Item)[] ? Item : unknown`;
  return `${resultTypeName} extends { ${propertyKey(itemsField)}?: readonly (infer Item)[] | null } ? Item : unknown`;
}
