/**
 * Specs made on the fly for the battery (`test/contract/battery.test.ts`) and the sweep
 * (`scripts/pathological.ts`): each the smallest document that shows one failure class of
 * issue 20, sized by a parameter so that the test runs a small one and the sweep the full size.
 */
import { MAX_SCHEMA_DEPTH, MAX_VALUE_DEPTH } from '../../generator/src/load/lint/schema-depth.js';

type Json = Record<string, unknown>;

const INFO = (title: string) => ({ title, version: '1.0.0' });

/** An operation that sends and returns `schema`, public. */
function echo(operationId: string, schema: Json): Json {
  return {
    post: {
      operationId,
      security: [],
      requestBody: { content: { 'application/json': { schema } } },
      responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
    },
  };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * `operations` public GET operations, each with `responses` JSON responses (200, 201, ...) of
 * the media type `mediaType` (default `application/json`).
 */
export function manyOperations({
  operations,
  responses = 1,
  mediaType = 'application/json',
}: {
  operations: number;
  responses?: number;
  mediaType?: string;
}): Json {
  const paths: Json = {};
  for (let index = 0; index < operations; index += 1)
    paths[`/items${index}/{id}`] = {
      get: {
        operationId: `getItem${index}`,
        security: [],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: Object.fromEntries(
          Array.from({ length: responses }, (_, offset) => [
            String(200 + offset),
            { description: 'ok', content: { [mediaType]: { schema: ref('Item') } } },
          ]),
        ),
      },
    };
  return {
    openapi: '3.1.0',
    info: INFO('many operations'),
    paths,
    components: {
      schemas: {
        Item: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer' }, name: { type: 'string', minLength: 1 } },
        },
      },
    },
  };
}

/**
 * Operation fixtures whose one inferred type, written out, exceeds what tsc serializes into a
 * declaration (TS7056, about a million characters), in the fewest bytes: GitHub-sized specs get
 * there with 3,000 operations; 5 operations with 60 responses each of a 3,600-character media
 * type get there too, in about a twentieth of the time.
 */
export function largeFixtureTypes(): Json {
  return manyOperations({
    operations: 5,
    responses: 60,
    mediaType: `application/vnd.${'x'.repeat(3_600)}+json`,
  });
}

/**
 * Cycles of bare references: `A: {$ref: B}, B: {$ref: A}` (TS2456 in zod.ts before), and one
 * through unions (`C: oneOf [D, string]`, `D: anyOf [C, integer]`, which sent the fixtures'
 * validator into endless recursion, exit 70), used by an ordinary recursive schema.
 */
export function aliasCycles(): Json {
  return {
    openapi: '3.1.0',
    info: INFO('alias cycles'),
    paths: {
      '/cycle-holder': echo('echoCycleHolder', ref('CycleHolder')),
      '/cycle-a': echo('echoCycleA', ref('CycleA')),
    },
    components: {
      schemas: {
        CycleA: ref('CycleB'),
        CycleB: ref('CycleA'),
        UnionC: { oneOf: [ref('UnionD'), { type: 'string' }] },
        UnionD: { anyOf: [ref('UnionC'), { type: 'integer' }] },
        CycleHolder: {
          type: 'object',
          properties: {
            a: ref('CycleA'),
            c: ref('UnionC'),
            next: ref('CycleHolder'),
            name: { type: 'string' },
          },
        },
      },
    },
  };
}

/** A value of `depth` levels of alternating objects and arrays. */
function nestedValue(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

/**
 * Schemas nested `depth` levels of inline schemas in three shapes (objects; arrays of unions of
 * objects, three levels per step; allOf, two per step) and values nested `valueDepth` levels.
 * At the limits (the defaults) the package builds; one level more is refused, located.
 */
export function deepSchemas({
  depth = MAX_SCHEMA_DEPTH,
  valueDepth = MAX_VALUE_DEPTH,
}: { depth?: number; valueDepth?: number } = {}): Json {
  const value = nestedValue(valueDepth);
  let objects: Json = { const: value, default: value, example: value };
  for (let level = 0; level < depth; level += 1)
    objects = {
      type: 'object',
      properties: { p: objects, q: { type: 'string', default: 'x' } },
    };
  let arrays: Json = { type: 'string' };
  for (let level = 3; level <= depth; level += 3)
    arrays = {
      type: 'array',
      items: {
        oneOf: [
          { type: 'object', required: ['p'], properties: { p: arrays } },
          { type: 'integer' },
        ],
      },
    };
  let all: Json = { type: 'object', properties: { leaf: { type: 'string' } } };
  for (let level = 3; level <= depth; level += 2)
    all = {
      allOf: [
        { type: 'object', properties: { [`p${level}`]: { type: 'string' } } },
        { type: 'object', required: ['q'], properties: { q: all } },
      ],
    };
  return {
    openapi: '3.1.0',
    info: INFO('deep schemas'),
    paths: {
      '/deep-objects': echo('echoDeepObjects', ref('DeepObjects')),
      '/deep-arrays': echo('echoDeepArrays', ref('DeepArrays')),
      '/deep-all': echo('echoDeepAll', ref('DeepAll')),
    },
    components: { schemas: { DeepObjects: objects, DeepArrays: arrays, DeepAll: all } },
  };
}

/**
 * Documents merged into one (paths and component schemas; the first's other parts kept), so that
 * one generate, one build and one consumer check cover them all.
 */
export function merged(first: Json, ...rest: Json[]): Json {
  const result = structuredClone(first);
  const components = ((result.components as Json | undefined) ?? {}) as Json;
  result.components = components;
  const schemas = ((components.schemas as Json | undefined) ?? {}) as Json;
  components.schemas = schemas;
  result.paths = { ...(result.paths as Json) };
  for (const part of rest) {
    for (const [key, value] of Object.entries(part.paths as Json)) {
      if (key in (result.paths as Json)) throw new Error(`two specs declare the path ${key}`);
      (result.paths as Json)[key] = value;
    }
    for (const [name, schema] of Object.entries((part.components as { schemas: Json }).schemas)) {
      if (name in schemas) throw new Error(`two specs declare the schema ${name}`);
      schemas[name] = schema;
    }
  }
  return result;
}

/** Every pathological construct that must build, in one document. */
export function pathologicalSpec(): Json {
  return merged(largeFixtureTypes(), aliasCycles(), deepSchemas());
}
