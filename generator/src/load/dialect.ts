/**
 * Keywords of the other OpenAPI version, read leniently: a 3.0 document written with 3.1's
 * JSON Schema keywords (numeric `exclusiveMinimum`, `type` arrays, `const`, `examples`), or a 3.1
 * document with 3.0's (`nullable`, boolean `exclusiveMinimum`). The bundled document is rewritten
 * once, on the way in, into its own version's form, so that every reader (validation, the model,
 * the types, zod, fixtures and ajv, the mock) reads the same thing; each rewrite is reported as a
 * warning at the keyword.
 */
import { isObject, toPointer } from '../json/pointer.js';
import { eventDataAsContent } from './event-data.js';
import { isDataKey } from './keywords.js';

/** One keyword rewritten: where (a JSON pointer into the bundle) and how. */
export interface DialectNote {
  pointer: string;
  message: string;
  /** The rule the warning is reported under (default `other-version-keyword`). */
  rule?: string;
}

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'contentSchema',
]);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
/** Keywords whose value is a map of names to schemas. */
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
]);

/** Annotations that stay on a schema wrapped into `anyOf`. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'xml',
]);

/** Rewrites `document` (in place) into the form of its own OpenAPI version; what changed, and where. */
export function normalizeDialect(document: Record<string, unknown>): DialectNote[] {
  const version = document.openapi;
  if (typeof version !== 'string') return [];
  const openapi30 = version.startsWith('3.0');
  // OpenAPI 3.2 is read as 3.1 (see `validate-schema.ts`).
  if (!openapi30 && !/^3\.[12]/.test(version)) return [];
  const notes: DialectNote[] = [];
  const visited = new WeakSet<object>();

  const schema = (node: unknown, segments: string[]): void => {
    if (!isObject(node) || visited.has(node)) return;
    visited.add(node);
    const note = (keyword: string, message: string) =>
      notes.push({ pointer: toPointer([...segments, keyword]), message });
    if (openapi30) to30(node, note);
    else to31(node, note);
    for (const [key, value] of Object.entries(node)) {
      if (SCHEMA_KEYWORDS.has(key) && isObject(value)) schema(value, [...segments, key]);
      else if (SCHEMA_LISTS.has(key) && Array.isArray(value))
        value.forEach((item, index) => schema(item, [...segments, key, String(index)]));
      else if (SCHEMA_MAPS.has(key) && isObject(value))
        for (const [name, child] of Object.entries(value)) schema(child, [...segments, key, name]);
    }
  };

  // Outside schemas: every `schema` keyword, and the components' schemas.
  const other = (node: unknown, segments: string[], parentKey: string | undefined): void => {
    if (typeof node !== 'object' || node === null || visited.has(node)) return;
    visited.add(node);
    const entries = Array.isArray(node)
      ? node.map((value, index) => [String(index), value] as const)
      : Object.entries(node);
    for (const [key, value] of entries) {
      if (typeof value !== 'object' || value === null) continue;
      if (!Array.isArray(node) && isDataKey({ key, parentKey, value })) continue;
      const isSchema =
        (key === 'schema' && parentKey !== 'properties') ||
        (parentKey === 'schemas' && segments.length === 2 && segments[0] === 'components');
      if (isSchema) schema(value, [...segments, key]);
      else other(value, [...segments, key], Array.isArray(node) ? parentKey : key);
    }
  };
  other(document, [], undefined);
  upperCaseStatusRanges(document, notes);
  if (version.startsWith('3.2')) withoutOpenApi32Fields(document, notes);
  if (!openapi30) eventDataAsContent(document);
  return notes;
}

type Note = (keyword: string, message: string) => void;

/** 3.1 keywords in a 3.0 schema, rewritten as 3.0 says them. */
function to30(node: Record<string, unknown>, note: Note): void {
  for (const [bound, exclusive] of BOUNDS) {
    const value = node[exclusive];
    if (typeof value !== 'number') continue;
    const inclusive = node[bound];
    if (
      typeof inclusive === 'number' &&
      (exclusive === 'exclusiveMinimum' ? inclusive > value : inclusive < value)
    ) {
      delete node[exclusive];
    } else {
      node[bound] = value;
      node[exclusive] = true;
    }
    note(
      exclusive,
      `numeric ${exclusive} is OpenAPI 3.1; this 3.0 document is read as ${bound}: ${value} with ${exclusive}: true`,
    );
  }
  if (Array.isArray(node.type)) {
    const types = node.type.filter((type): type is string => typeof type === 'string');
    const nonNull = [...new Set(types.filter((type) => type !== 'null'))];
    const hasNull = types.includes('null');
    delete node.type;
    if (nonNull.length === 1) node.type = nonNull[0];
    else if (nonNull.length > 1)
      addAnyOf(
        node,
        nonNull.map((type) => ({ type })),
      );
    if (hasNull) {
      node.nullable = true;
      if (nonNull.length === 0 && !Array.isArray(node.enum)) node.enum = [null];
      if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
    }
    note(
      'type',
      `a list of types is OpenAPI 3.1; this 3.0 document is read as ${describe30(nonNull, hasNull)}`,
    );
  } else if (node.type === 'null') {
    delete node.type;
    node.nullable = true;
    node.enum = [null];
    note(
      'type',
      'type "null" is OpenAPI 3.1; this 3.0 document is read as nullable: true, enum: [null]',
    );
  }
  if (Object.hasOwn(node, 'const')) {
    if (!Array.isArray(node.enum)) node.enum = [node.const];
    delete node.const;
    note('const', '`const` is OpenAPI 3.1; this 3.0 document is read as a one-value `enum`');
  }
  if (Array.isArray(node.examples)) {
    if (!Object.hasOwn(node, 'example') && node.examples.length) node.example = node.examples[0];
    delete node.examples;
    note(
      'examples',
      "a schema's `examples` list is OpenAPI 3.1; this 3.0 document is read with its first item as `example`",
    );
  }
}

/** 3.0 keywords in a 3.1 schema, rewritten as 3.1 says them. */
function to31(node: Record<string, unknown>, note: Note): void {
  for (const [bound, exclusive] of BOUNDS) {
    const value = node[exclusive];
    if (typeof value !== 'boolean') continue;
    if (value && typeof node[bound] === 'number') {
      node[exclusive] = node[bound];
      delete node[bound];
    } else delete node[exclusive];
    note(
      exclusive,
      `boolean ${exclusive} is OpenAPI 3.0; this 3.1 document is read with the numeric form`,
    );
  }
  if (typeof node.nullable !== 'boolean') return;
  const isNullable = node.nullable;
  delete node.nullable;
  if (!isNullable) {
    note('nullable', '`nullable` is OpenAPI 3.0 and means nothing in 3.1: ignored');
    return;
  }
  if (typeof node.type === 'string' || Array.isArray(node.type)) {
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (!types.includes('null')) node.type = [...types, 'null'];
    if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
  } else {
    const inner: Record<string, unknown> = {};
    for (const key of Object.keys(node)) {
      if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
      inner[key] = node[key];
      delete node[key];
    }
    node.anyOf = [inner, { type: 'null' }];
  }
  note(
    'nullable',
    '`nullable` is OpenAPI 3.0; this 3.1 document is read with "null" among its types',
  );
}

const BOUNDS = [
  ['minimum', 'exclusiveMinimum'],
  ['maximum', 'exclusiveMaximum'],
] as const;

function addAnyOf(node: Record<string, unknown>, variants: Record<string, unknown>[]): void {
  if (Array.isArray(node.anyOf)) {
    const allOf = Array.isArray(node.allOf) ? node.allOf : [];
    node.allOf = [...allOf, { anyOf: variants }];
  } else node.anyOf = variants;
}

function describe30(types: readonly string[], hasNull: boolean): string {
  const base =
    types.length === 1
      ? `type: ${types[0]}`
      : types.length
        ? `anyOf the types ${types.join(', ')}`
        : 'enum: [null]';
  return hasNull ? `${base}, nullable: true` : base;
}

/**
 * `2xx` response keys (OpenAPI writes the ranges `1XX` to `5XX`): every tool reads them as the
 * range, so zapgen does, as `2XX`, with a warning. Operations of paths, webhooks and callbacks.
 */
function upperCaseStatusRanges(document: Record<string, unknown>, notes: DialectNote[]): void {
  const seen = new WeakSet<object>();
  const visit = (node: unknown, segments: string[], depth: number): void => {
    if (!isObject(node) || seen.has(node) || depth > 6) return;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'responses' && isObject(value)) {
        for (const status of Object.keys(value)) {
          if (!/^[1-5]xx$/.test(status)) continue;
          const upper = status.toUpperCase();
          if (Object.hasOwn(value, upper)) continue;
          const renamed: Record<string, unknown> = {};
          for (const [name, response] of Object.entries(value))
            renamed[name === status ? upper : name] = response;
          for (const name of Object.keys(value)) delete value[name];
          Object.assign(value, renamed);
          notes.push({
            pointer: toPointer([...segments, key, status]),
            message: `response status "${status}" is written "${upper}" in OpenAPI; read as the range ${upper}`,
            rule: 'response-status-case',
          });
        }
      } else if (key.startsWith('x-') || key === 'components') continue;
      else visit(value, [...segments, key], depth + 1);
    }
  };
  for (const root of ['paths', 'webhooks'])
    if (isObject(document[root])) visit(document[root], [root], 0);
  const components = document.components;
  if (isObject(components))
    for (const kind of ['pathItems', 'callbacks'])
      if (isObject(components[kind])) visit(components[kind], ['components', kind], 0);
}

/** Fields OpenAPI 3.2 adds to objects 3.1 has, by where they sit. */
const OPENAPI_32_FIELDS: {
  at: (document: Record<string, unknown>) => unknown[];
  fields: string[];
}[] = [
  { at: (document) => [document], fields: ['$self'] },
  { at: (document) => arrayOf(document.tags), fields: ['summary', 'parent', 'kind'] },
  { at: (document) => arrayOf(document.servers), fields: ['name'] },
  { at: (document) => pathItems(document), fields: ['query', 'additionalOperations'] },
  {
    at: (document) => valuesOf(objectOf(document.components).securitySchemes),
    fields: ['deprecated', 'oauth2MetadataUrl'],
  },
];

/**
 * An OpenAPI 3.2 document is read as 3.1: the fields 3.2 adds where zapgen would have to
 * generate something for them (QUERY operations, additionalOperations) or that only document
 * (tag hierarchies, server names) are left out, with one warning naming them.
 */
function withoutOpenApi32Fields(document: Record<string, unknown>, notes: DialectNote[]): void {
  const dropped = new Set<string>();
  for (const { at, fields } of OPENAPI_32_FIELDS)
    for (const node of at(document)) {
      if (!isObject(node)) continue;
      for (const field of fields)
        if (Object.hasOwn(node, field)) {
          delete node[field];
          dropped.add(field);
        }
    }
  itemSchemasAsSchemas(document);
  if (!dropped.size) return;
  notes.push({
    pointer: '/openapi',
    rule: 'openapi-version',
    message: `fields OpenAPI 3.2 adds are left out (read as 3.1): ${[...dropped].join(', ')}`,
  });
}

/**
 * OpenAPI 3.2's `itemSchema` (one item of a sequential body: an event, a JSON line) becomes the
 * media type's `schema`, which is how 3.1 specs describe streamed bodies: zapgen types, validates
 * and fills each item with it (a media type with both keeps its `schema`, and the item schema is
 * dropped). Media types sit in `content` maps of responses, request bodies and parameters.
 */
function itemSchemasAsSchemas(node: unknown, depth = 0): void {
  if (!isObject(node) && !Array.isArray(node)) return;
  if (depth > 64) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'content' && isObject(value))
      for (const media of Object.values(value))
        if (isObject(media) && Object.hasOwn(media, 'itemSchema')) {
          if (!Object.hasOwn(media, 'schema')) media.schema = media.itemSchema;
          delete media.itemSchema;
          delete media.itemEncoding;
        }
    itemSchemasAsSchemas(value, depth + 1);
  }
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
function objectOf(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}
function valuesOf(value: unknown): unknown[] {
  return isObject(value) ? Object.values(value) : [];
}
function pathItems(document: Record<string, unknown>): unknown[] {
  return [
    ...valuesOf(document.paths),
    ...valuesOf(document.webhooks),
    ...valuesOf(objectOf(document.components).pathItems),
  ];
}
