/**
 * Server-sent events whose `data` carries JSON in a string, as OpenAPI 3.2 writes them (valid
 * JSON Schema in 3.1 too): `data: { type: string, contentMediaType: application/json,
 * contentSchema: <the JSON's schema> }`. The runtime parses such `data` as JSON, so what a
 * client holds, and what is validated, is the `contentSchema`, not the string: the event's
 * `data` schema becomes it (any JSON when there is none). Likewise a stream whose schema is the
 * `data` alone. Schemas reached by `$ref` are rewritten where they stand, so an event component
 * describes the event as the SDK delivers it.
 */
import { fragmentToPointer, isObject, resolvePointer } from '../json/pointer.js';

const EVENT_STREAM = /^text\/event-stream\b/i;

/** A string schema whose content is JSON: what the runtime parses. */
function isJsonInString(node: Record<string, unknown>): boolean {
  return (
    typeof node.contentMediaType === 'string' &&
    /json/i.test(node.contentMediaType) &&
    (node.type === undefined || node.type === 'string')
  );
}

/** The schema the JSON of `node` has: its `contentSchema`, its annotations kept; `{}` without one. */
function contentOf(node: Record<string, unknown>): Record<string, unknown> {
  const content = isObject(node.contentSchema) ? node.contentSchema : {};
  const annotations = Object.fromEntries(
    ['description', 'title', 'deprecated'].flatMap((key) =>
      Object.hasOwn(node, key) && !Object.hasOwn(content, key) ? [[key, node[key]]] : [],
    ),
  );
  return Object.keys(annotations).length === 0 ? content : { ...content, ...annotations };
}

/** Rewrites (in place) every event-stream media type's `data` that holds JSON in a string. */
export function eventDataAsContent(document: Record<string, unknown>): void {
  const seen = new WeakSet<object>();

  const target = (node: unknown): Record<string, unknown> | undefined => {
    for (let depth = 0; isObject(node) && typeof node.$ref === 'string' && depth < 32; depth += 1) {
      const pointer = node.$ref.startsWith('#') ? fragmentToPointer(node.$ref.slice(1)) : undefined;
      node = pointer === undefined ? undefined : resolvePointer(document, pointer);
    }
    return isObject(node) ? node : undefined;
  };

  /** An event schema (or a union of them): its `data` property. */
  const event = (given: unknown): void => {
    const node = target(given);
    if (node === undefined || seen.has(node)) return;
    seen.add(node);
    for (const key of ['oneOf', 'anyOf', 'allOf'])
      if (Array.isArray(node[key])) for (const member of node[key]) event(member);
    const properties = node.properties;
    if (!isObject(properties) || !Object.hasOwn(properties, 'data')) return;
    const data = target(properties.data);
    if (data !== undefined && isJsonInString(data)) properties.data = contentOf(data);
  };

  const walk = (node: unknown, depth: number): void => {
    if ((!isObject(node) && !Array.isArray(node)) || depth > 64) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'content' && isObject(value))
        for (const [mediaType, media] of Object.entries(value)) {
          if (!EVENT_STREAM.test(mediaType) || !isObject(media)) continue;
          const schema = target(media.schema);
          if (schema !== undefined && isJsonInString(schema)) media.schema = contentOf(schema);
          else event(media.schema);
        }
      walk(value, depth + 1);
    }
  };
  walk(document, 0);
}
