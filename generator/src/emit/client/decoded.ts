/**
 * The client's types under the config's `transformers`: what a call resolves with is what the
 * zod codecs decode (`Date`, `bigint`), typed as `z.output` of the operation's schemas in
 * `zod.ts`; its arguments are either the wire values (`types.ts`, as without the option) or the
 * decoded ones, which the runtime encodes (`@zapgen/runtime/codecs`). `types.ts` itself stays
 * the wire shape, openapi-typescript's.
 */
import type { NamedSchema, OperationModel } from '../../model/types.js';
import { propertyKey, stringLiteral } from '../shared/identifiers.js';
import { isMultipartMediaType, structuredRequestMedia } from '../../model/media-types.js';
import { argsMembers, argsType, resultType } from './signatures.js';

/** `(typeof operationSchemas)["<id>"]`: the operation's schemas in `zod.ts`. */
function schemasOf(operation: OperationModel): string {
  return `(typeof operationSchemas)[${stringLiteral(operation.operationId)}]`;
}

/** The result type: JSON bodies and streamed items as their schema's `z.output`. */
export function decodedResultType(
  operation: OperationModel,
  schemas: readonly NamedSchema[],
): string {
  const member = (group: string) => (status: string) =>
    `z.output<${schemasOf(operation)}[${stringLiteral(group)}][${stringLiteral(status)}]>`;
  return resultType(operation, schemas, { body: member('responses'), item: member('items') });
}

/**
 * The arguments: the wire arguments, or the same groups with parameters and a JSON or form body
 * as their schema's `z.output` (a multipart or file body stays as sent).
 */
export function decodedArgsType(
  operation: OperationModel,
  schemas: readonly NamedSchema[],
): string {
  const wire = argsType(operation, schemas);
  const members = argsMembers(operation, schemas);
  const media = structuredRequestMedia(operation.requestBody);
  const decodable = (name: string) =>
    name !== 'body' || (media !== undefined && !isMultipartMediaType(media.mediaType));
  if (!members.some((member) => decodable(member.name))) return wire;
  const decoded = members.map(
    (member) =>
      `${propertyKey(member.name)}${member.required ? '' : '?'}: ${
        decodable(member.name)
          ? `z.output<${schemasOf(operation)}[${stringLiteral(member.name)}]>`
          : member.type
      };`,
  );
  return `(${wire}) | {\n${decoded.join('\n')}\n}`;
}
