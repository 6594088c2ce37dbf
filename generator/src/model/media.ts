/** Media type maps (`content`) of request bodies, responses and parameters, and their examples. */
import { toJson } from '../json/value.js';
import type { BuildContext } from './context.js';
import { isNode } from './json.js';
import { joinPointer } from '../json/pointer.js';
import type { JsonValue, MediaTypeModel } from './types.js';

/**
 * One entry per media type of a `content` map found at `pointer`, in spec order. A media type
 * without a schema accepts anything; its pointer still names where the schema would be.
 */
export function mediaTypes({
  context,
  content,
  pointer,
}: {
  context: BuildContext;
  content: unknown;
  pointer: string;
}): MediaTypeModel[] {
  if (!isNode(content)) return [];
  const result: MediaTypeModel[] = [];
  for (const [mediaType, media] of Object.entries(content)) {
    if (!isNode(media)) continue;
    const mediaPointer = joinPointer({ pointer, keys: [mediaType] });
    const schemaPointer = joinPointer({ pointer: mediaPointer, keys: ['schema'] });
    result.push({
      mediaType,
      schema: context.schemas.build({ node: media.schema, pointer: schemaPointer }),
      pointer: schemaPointer,
      examples: examplesOf({ context, node: media, pointer: mediaPointer }),
      ...(media.schema === undefined && { schemaless: true as const }),
    });
  }
  return result;
}

/**
 * `example` and the values of `examples` of a media type or parameter, following `$ref`s to
 * `#/components/examples`. Examples with only an `externalValue` are skipped.
 */
export function examplesOf({
  context,
  node,
  pointer,
}: {
  context: BuildContext;
  node: Record<string, unknown>;
  pointer: string;
}): JsonValue[] {
  const examples: JsonValue[] = [];
  if ('example' in node && node.example !== undefined) examples.push(toJson(node.example));
  if (!isNode(node.examples)) return examples;
  for (const name of Object.keys(node.examples)) {
    const example = context.resolver.follow({
      node: node.examples[name],
      pointer: joinPointer({ pointer, keys: ['examples', name] }),
    });
    if (
      example &&
      isNode(example.node) &&
      'value' in example.node &&
      example.node.value !== undefined
    )
      examples.push(toJson(example.node.value));
  }
  return examples;
}
