/**
 * Small hand-built models for the emitter tests: the model builder is written in parallel, so the
 * tests describe exactly the model they need, together with the document it came from.
 */
import { emitters, ModuleRegistry } from '../../../src/emit/index.js';
import type {
  ApiModel,
  OperationModel,
  ParameterModel,
  ResponseModel,
  SchemaModel,
} from '../../../src/model/types.js';

export const string: SchemaModel = { kind: 'string', nullable: false };
export const integer: SchemaModel = { kind: 'number', integer: true, nullable: false };
export const boolean: SchemaModel = { kind: 'boolean', nullable: false };

/** A parameter with the resolved defaults of its location. */
export function parameter(
  input: Partial<ParameterModel> & Pick<ParameterModel, 'name' | 'in'>,
): ParameterModel {
  const form = input.in === 'query' || input.in === 'cookie';
  return {
    required: input.in === 'path',
    deprecated: false,
    style: form ? 'form' : 'simple',
    explode: form,
    allowReserved: false,
    allowEmptyValue: false,
    schema: string,
    pointer: '#/x',
    ...input,
  };
}

/** A JSON response whose body is `schema`. */
export function jsonResponse(
  status: string,
  schema: SchemaModel,
  description = 'OK',
): ResponseModel {
  return {
    status,
    description,
    content: [{ mediaType: 'application/json', schema, pointer: '#/x', examples: [] }],
    headers: [],
  };
}

/** An operation with sensible defaults. */
export function operation(
  input: Partial<OperationModel> & Pick<OperationModel, 'operationId' | 'method' | 'path'>,
): OperationModel {
  return {
    operationIdDerived: false,
    tags: [],
    deprecated: false,
    parameters: [],
    responses: [jsonResponse('200', string)],
    security: [],
    extensions: { rules: [] },
    ...input,
  };
}

/** The OpenAPI schema object of a (small) schema model, enough for openapi-typescript. */
function schemaObject(schema: SchemaModel): Record<string, unknown> {
  switch (schema.kind) {
    case 'ref':
      return { $ref: `#/components/schemas/${schema.name}` };
    case 'number':
      return { type: schema.integer ? 'integer' : 'number' };
    case 'enum':
      return { type: schema.baseType ?? 'string', enum: schema.values };
    case 'array':
      return { type: 'array', items: schemaObject(schema.items) };
    case 'object':
      return {
        type: 'object',
        properties: Object.fromEntries(
          schema.properties.map((property) => [property.name, schemaObject(property.schema)]),
        ),
        required: schema.properties
          .filter((property) => property.required)
          .map((property) => property.name),
      };
    case 'string':
    case 'boolean':
      return { type: schema.kind };
    default:
      return {};
  }
}

/** The OpenAPI document matching `operations` (what `buildModel` would have read). */
export function documentOf(input: {
  operations: OperationModel[];
  schemas?: ApiModel['schemas'];
}): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of input.operations) {
    const content = (media: { mediaType: string; schema: SchemaModel }[]) =>
      Object.fromEntries(media.map((m) => [m.mediaType, { schema: schemaObject(m.schema) }]));
    (paths[op.path] ??= {})[op.method] = {
      ...(op.operationIdDerived ? {} : { operationId: op.operationId }),
      summary: op.summary,
      deprecated: op.deprecated || undefined,
      parameters: op.parameters.map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required,
        schema: schemaObject(p.schema),
      })),
      requestBody: op.requestBody && {
        required: op.requestBody.required,
        content: content(op.requestBody.content),
      },
      responses: Object.fromEntries(
        op.responses.map((r) => [
          r.status,
          {
            description: r.description,
            ...(r.content.length ? { content: content(r.content) } : {}),
          },
        ]),
      ),
    };
  }
  const schemas = Object.fromEntries(
    (input.schemas ?? []).map((named) => [named.name, schemaObject(named.schema)]),
  );
  return JSON.parse(
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Test', version: '1.0.0' },
      paths,
      components: { schemas },
    }),
  );
}

/** A whole model around `operations`. */
export function model(input: Partial<ApiModel> & { operations: OperationModel[] }): ApiModel {
  return {
    openapi: '3.1.0',
    info: { title: 'Test API', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com', variables: [] }],
    schemas: [],
    securitySchemes: [],
    document: documentOf({ operations: input.operations, schemas: input.schemas }),
    mock: {
      caller: { user: 1 },
      collections: [],
      behaviours: {},
      errorShapes: {},
      operationErrors: {},
    },
    paths: pathsOf(input.operations),
    webhooks: [],
    callbacks: [],
    components: { parameters: [], responses: [], requestBodies: [], headers: [], pathItems: [] },
    ...input,
  };
}

/** The `paths` entries of `operations`, one per path in the order they first appear. */
function pathsOf(operations: readonly OperationModel[]): ApiModel['paths'] {
  const byPath = new Map<string, ApiModel['paths'][number]>();
  for (const operation of operations) {
    const entry = byPath.get(operation.path) ?? {
      path: operation.path,
      item: { parameters: [], operations: [] },
    };
    entry.item.operations.push({ method: operation.method, operation });
    byPath.set(operation.path, entry);
  }
  return [...byPath.values()];
}

export const context = {
  apiName: 'test-api',
  packageName: '@zapgen/test-api',
  runtimePackage: '@zapgen/runtime',
  specLabel: 'spec/test-api',
  specHash: '0'.repeat(64),
  modules: ModuleRegistry.of(emitters),
  release: { version: '2.1.0', changelog: '# Changelog of @zapgen/test-api\n\n## 2.1.0\n' },
};
