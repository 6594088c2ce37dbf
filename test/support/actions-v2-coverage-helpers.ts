/**
 * Locators and summaries for the coverage table of `spec/actions-v2`: a table row names where a fact
 * lives in the bundled spec (`given`) and the summary it should have (`want`). Summaries flatten the
 * different spellings of one fact (`type: [T, "null"]` and `oneOf: [{$ref}, {type: "null"}]` both
 * give `nullable: true`) so that rows state facts, not YAML layout.
 */
import { deref, operation, parameter, type Json } from './spec.js';

/** Where a fact lives in the bundled spec. Operations are written `METHOD /path`. */
export type Given =
  | { pointer: string }
  | { schema: string }
  | { schema: string; field: string }
  | { operation: string }
  | { operation: string; parameters: 'all' }
  | { operation: string; in: string; name: string }
  | { operation: string; requestBody: true }
  | { operation: string; response: string }
  | { operation: string; extension: string };

/** One row of a coverage table: the fact as the document states it, where it lives, what it must be. */
export type Row = [fact: string, expectation: { given: Given; want: unknown }];

/** The flattened view of a schema node that table rows compare against. */
export interface SchemaSummary {
  /** Component name when the node is a `$ref`. */
  ref?: string;
  /** The non-null type, or the list of them when several are allowed; absent for "any value". */
  type?: string | string[];
  nullable: boolean;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  uniqueItems?: boolean;
  deprecated?: boolean;
  items?: SchemaSummary;
  /** Summary of `additionalProperties` when it is a schema (maps such as `string → integer`). */
  values?: SchemaSummary;
  /** `anyOf`/`oneOf` members other than `{type: "null"}`, when more than one remains. */
  union?: { kind: 'anyOf' | 'oneOf'; members: SchemaSummary[] };
}

const copiedKeywords = [
  'format',
  'enum',
  'default',
  'minimum',
  'maximum',
  'uniqueItems',
  'deprecated',
] as const;

/** Flattens one schema node without following its top-level `$ref` (so `$ref` siblings stay visible). */
export function summarize(node: Json): SchemaSummary {
  const summary: SchemaSummary = { nullable: false };
  if (typeof node.$ref === 'string') summary.ref = node.$ref.split('/').pop();
  for (const key of copiedKeywords) if (key in node) (summary as Json)[key] = node[key];

  const unionKind = node.oneOf ? 'oneOf' : node.anyOf ? 'anyOf' : undefined;
  if (unionKind) {
    const members: Json[] = node[unionKind];
    const nonNull = members.filter((member) => member.type !== 'null');
    const nullable = nonNull.length < members.length;
    if (nonNull.length === 1) return { ...summarize(nonNull[0]!), ...summary, nullable };
    return { ...summary, nullable, union: { kind: unionKind, members: nonNull.map(summarize) } };
  }

  const types: string[] = Array.isArray(node.type)
    ? node.type
    : typeof node.type === 'string'
      ? [node.type]
      : [];
  const nonNull = types.filter((type) => type !== 'null');
  summary.nullable = nonNull.length < types.length;
  if (nonNull.length === 1) summary.type = nonNull[0];
  else if (nonNull.length > 1) summary.type = nonNull;
  if (node.items) summary.items = summarize(node.items);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    summary.values = summarize(node.additionalProperties);
  }
  return summary;
}

/** `GET /api/v2/x/` → `['get', '/api/v2/x/']`. */
function splitOperation(key: string): [method: string, path: string] {
  const [method = '', path = ''] = key.split(' ');
  return [method.toLowerCase(), path];
}

function jsonPointer(document: Json, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((value, key) => (value as Json | undefined)?.[key], document);
}

/** The summary (or raw value) at a locator of a coverage row. */
export function resolveFact({ document, given }: { document: Json; given: Given }): unknown {
  if ('pointer' in given) return jsonPointer(document, given.pointer);

  if ('schema' in given) {
    const schema = deref(document, document.components.schemas[given.schema]);
    if ('field' in given) {
      const property = schema.properties?.[given.field];
      if (!property) throw new Error(`no field ${given.field} in ${given.schema}`);
      return { ...summarize(property), required: (schema.required ?? []).includes(given.field) };
    }
    return {
      ...summarize(schema),
      required: [...(schema.required ?? [])].sort(),
      properties: Object.keys(schema.properties ?? {}).sort(),
      additionalProperties: schema.additionalProperties,
    };
  }

  const [method, path] = splitOperation(given.operation);
  const op = operation(document, method, path);

  if ('parameters' in given) {
    return (op.parameters ?? [])
      .map((p: Json) => deref(document, p))
      .map((p: Json) => `${p.in} ${p.name}`)
      .sort();
  }
  if ('name' in given) {
    const p = parameter(document, method, path, given.in, given.name);
    return {
      ...summarize(p.schema),
      required: p.required === true,
      deprecated: p.deprecated === true,
      style: p.style,
      explode: p.explode,
    };
  }
  if ('requestBody' in given) {
    const body = deref(document, op.requestBody);
    const schema: Json = body.content['application/json'].schema;
    const target = schema.$ref ? deref(document, schema) : schema;
    return { required: body.required === true, ...summarize(schema), default: target.default };
  }
  if ('response' in given) {
    const response = deref(document, op.responses[given.response]);
    const schema: Json | undefined = response.content?.['application/json']?.schema;
    return schema ? summarize(schema) : undefined;
  }
  if ('extension' in given) return op[given.extension];

  return {
    operationId: op.operationId,
    tags: op.tags,
    deprecated: op.deprecated === true,
    security: op.security,
  };
}

/** Every `METHOD /path` pair of the document, sorted. */
export function operationKeys(document: Json): string[] {
  const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  return Object.entries(document.paths as Json)
    .flatMap(([path, item]) =>
      methods.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}
