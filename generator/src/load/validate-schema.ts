/**
 * Validation against the official OpenAPI 3.0 / 3.1 JSON Schemas, with the validator of
 * `@apidevtools/swagger-parser`. Its schema step is called directly on the bundled document:
 * `SwaggerParser.validate()` would dereference first, which costs time and memory on large
 * `$ref` graphs and adds nothing (references are checked by the `resolvable-refs` rule).
 */
import { createRequire } from 'node:module';
import { isObject, parsePointer } from './pointer.js';

const require = createRequire(import.meta.url);

/** One schema violation: where (JSON pointer) and what. */
export interface SchemaViolation {
  pointer: string;
  message: string;
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

type ValidateSchema = (api: unknown) => void;

/** At most this many violations are reported: past that, the document is not OpenAPI at all. */
const LIMIT = 50;

/** Validates `document` (not modified) against the schema of its `openapi` version. */
export function validateOpenApiSchema(document: Record<string, unknown>): SchemaViolation[] {
  const version = document.openapi;
  if (typeof version !== 'string' || !/^3\.[01]\.\d+/.test(version)) {
    const found = typeof version === 'string' ? `"${version}"` : 'missing';
    return [{ pointer: '/openapi', message: `openapi must be a 3.0.x or 3.1.x version (found ${found})` }];
  }
  const validateSchema = require('@apidevtools/swagger-parser/lib/validators/schema.js') as ValidateSchema;
  try {
    // The validator reads only; a shallow copy keeps it from seeing anything we add later.
    validateSchema({ ...document });
    return [];
  } catch (error) {
    const details = (error as { details?: AjvError[] }).details;
    if (!Array.isArray(details)) throw error;
    return summarize(details, document);
  }
}

/**
 * Ajv reports every failed branch of every `oneOf`. Keep the deepest errors (the others are
 * their consequences), one message per place.
 */
function summarize(errors: AjvError[], document: Record<string, unknown>): SchemaViolation[] {
  errors = errors.slice(0, 2000);
  const paths = new Set(errors.map((error) => error.instancePath));
  const byPointer = new Map<string, string>();
  for (const error of errors) {
    const pointer = error.instancePath;
    const deeper = [...paths].some((other) => other !== pointer && other.startsWith(`${pointer}/`));
    if (deeper || byPointer.has(pointer)) continue;
    byPointer.set(pointer, describe(error, document));
  }
  return [...byPointer]
    .slice(0, LIMIT)
    .map(([pointer, message]) => ({ pointer, message }));
}

function describe(error: AjvError, document: Record<string, unknown>): string {
  const where = placeName(error.instancePath);
  const params = error.params ?? {};
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return `unexpected property "${params.additionalProperty}" in ${where}`;
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

/** `/paths/~1a/get/parameters/0` → `parameters[0]`; `` → `the document`. */
function placeName(pointer: string): string {
  const segments = parsePointer(pointer);
  const last = segments.at(-1);
  if (last === undefined) return 'the document';
  const parent = segments.at(-2);
  return /^\d+$/.test(last) && parent !== undefined ? `${parent}[${last}]` : last;
}

function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const segment of parsePointer(pointer)) node = (node as Record<string, unknown> | undefined)?.[segment];
  return node;
}
