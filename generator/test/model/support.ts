/** Building small documents for model tests. */
import { buildModel } from '../../src/model/index.js';
import type { ApiModel, OperationModel, SchemaModel } from '../../src/model/index.js';

type Json = Record<string, unknown>;

/** A minimal document of the given OpenAPI version with `extra` merged in. */
export function document({ openapi = '3.1.0', ...extra }: Json & { openapi?: string } = {}): Json {
  return { openapi, info: { title: 'Test', version: '1.0.0' }, paths: {}, ...extra };
}

/** The model of `schema`, placed as component `Subject` next to `others`. */
export function schemaModel({
  schema,
  openapi,
  others = {},
}: {
  schema: unknown;
  openapi?: string;
  others?: Json;
}): SchemaModel {
  const model = buildModel(
    document({ openapi, components: { schemas: { ...others, Subject: schema } } }),
  );
  const found = model.schemas.find((named) => named.name === 'Subject');
  if (!found) throw new Error('Subject missing');
  return found.schema;
}

/** The only operation of a model built from `paths` (and any other top-level members). */
export function onlyOperation(extra: Json): OperationModel {
  const model: ApiModel = buildModel(document(extra));
  const [operation] = model.operations;
  if (!operation || model.operations.length !== 1)
    throw new Error(`expected one operation, got ${model.operations.length}`);
  return operation;
}
