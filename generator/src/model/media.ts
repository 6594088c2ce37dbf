/** Media type maps (`content`) of request bodies, responses and parameters, and their examples. */
import { toJson } from '../json/value.js';
import type { BuildContext } from './context.js';
import { isNode } from './json.js';
import { joinPointer } from '../json/pointer.js';
import type { JsonValue, MediaTypeModel, PartEncodingModel, PartHeaderModel } from './types.js';

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
      ...encodingOf({
        context,
        encoding: media.encoding,
        pointer: joinPointer({ pointer: mediaPointer, keys: ['encoding'] }),
      }),
    });
  }
  return result;
}

/** The `encoding` of a form body: each part's content type and headers (the spec's own strings). */
function encodingOf({
  context,
  encoding,
  pointer,
}: {
  context: BuildContext;
  encoding: unknown;
  pointer: string;
}): { encoding?: Record<string, PartEncodingModel> } {
  if (!isNode(encoding)) return {};
  const parts = Object.entries(encoding).flatMap(([name, part]) => {
    if (!isNode(part)) return [];
    const headers = partHeaders({
      context,
      headers: part.headers,
      pointer: joinPointer({ pointer, keys: [name, 'headers'] }),
    });
    const model: PartEncodingModel = {
      ...(typeof part.contentType === 'string' && { contentType: part.contentType }),
      ...(headers.length > 0 && { headers }),
    };
    return Object.keys(model).length > 0 ? [[name, model] as const] : [];
  });
  return parts.length ? { encoding: Object.fromEntries(parts) } : {};
}

/**
 * The headers an `encoding` entry declares for its part, refs followed: whether each is required,
 * and the value to send when the schema fixes or defaults one (`const`, a one-value `enum`,
 * `default`). `Content-Type` is left out: OpenAPI says it is ignored there (`contentType` says it).
 */
function partHeaders({
  context,
  headers,
  pointer,
}: {
  context: BuildContext;
  headers: unknown;
  pointer: string;
}): PartHeaderModel[] {
  if (!isNode(headers)) return [];
  const result: PartHeaderModel[] = [];
  for (const [name, entry] of Object.entries(headers)) {
    if (name.toLowerCase() === 'content-type') continue;
    const headerPointer = joinPointer({ pointer, keys: [name] });
    const header = context.resolver.follow({ node: entry, pointer: headerPointer })?.node;
    if (!isNode(header)) continue;
    const schema = context.resolver.follow({
      node: header.schema,
      pointer: joinPointer({ pointer: headerPointer, keys: ['schema'] }),
    })?.node;
    const value = isNode(schema) ? fixedValue(schema) : undefined;
    result.push({
      name,
      required: header.required === true,
      ...(value !== undefined && { value }),
    });
  }
  return result;
}

/** The value a header's schema fixes or defaults, as header text; `undefined` when it gives none. */
function fixedValue(schema: Record<string, unknown>): string | undefined {
  const scalar = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined;
  if (Object.hasOwn(schema, 'const')) return scalar(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return scalar(schema.enum[0]);
  return Object.hasOwn(schema, 'default') ? scalar(schema.default) : undefined;
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
