/** Schema questions the mock model asks: which component a body is, its properties, nullability. */
import type {
  MediaTypeModel,
  NamedSchema,
  ObjectSchema,
  OperationModel,
  SchemaModel,
} from '../types.js';
import { firstJson, isSuccess } from '../media-types.js';
import { fieldPath } from '@zapgen/runtime/json';

export type Components = ReadonlyMap<string, NamedSchema>;

export function jsonSchema(content: readonly MediaTypeModel[]): SchemaModel | undefined {
  return firstJson(content)?.schema;
}

/** The lowest 2xx response of the operation. */
export function successResponse(operation: OperationModel) {
  return operation.responses.find((response) => isSuccess(response.status));
}

/** The JSON schema of the operation's lowest 2xx response. */
export function successSchema(operation: OperationModel): SchemaModel | undefined {
  const response = successResponse(operation);
  return response && jsonSchema(response.content);
}

/** The component a schema names (`$ref`, or an `allOf` of one `$ref`). */
export function componentName(schema: SchemaModel | undefined): string | undefined {
  if (schema?.kind === 'ref') return schema.name;
  if (schema?.kind === 'intersection' && schema.parts.length === 1)
    return componentName(schema.parts[0]);
  return undefined;
}

/** Follows references to the schema itself (cycles stop). */
export function resolved(
  schema: SchemaModel | undefined,
  components: Components,
  seen = new Set<string>(),
): SchemaModel | undefined {
  if (schema?.kind !== 'ref') return schema;
  if (seen.has(schema.name)) return undefined;
  return resolved(components.get(schema.name)?.schema, components, new Set([...seen, schema.name]));
}

/** The object schema, with the properties of `allOf` parts merged. */
export function objectOf(
  schema: SchemaModel | undefined,
  components: Components,
): ObjectSchema | undefined {
  const target = resolved(schema, components);
  if (target?.kind === 'object') return target;
  if (target?.kind === 'intersection') {
    const parts = target.parts
      .map((part) => objectOf(part, components))
      .filter((part): part is ObjectSchema => part !== undefined);
    if (!parts.length) return undefined;
    return {
      kind: 'object',
      properties: parts.flatMap((part) => part.properties),
      additionalProperties: parts.every((part) => part.additionalProperties !== false),
    };
  }
  return undefined;
}

export function propertyNames(schema: SchemaModel | undefined, components: Components): string[] {
  return [
    ...new Set(objectOf(schema, components)?.properties.map((property) => property.name) ?? []),
  ];
}

export function property(
  schema: SchemaModel | undefined,
  name: string,
  components: Components,
): SchemaModel | undefined {
  return objectOf(schema, components)?.properties.find((candidate) => candidate.name === name)
    ?.schema;
}

/** The schema of the field a pagination names: a property, or a JSON Pointer (`fieldPath`). */
export function fieldSchema(
  schema: SchemaModel | undefined,
  name: string,
  components: Components,
): SchemaModel | undefined {
  return fieldPath(name).reduce<SchemaModel | undefined>(
    (outer, key) => property(outer, key, components),
    schema,
  );
}

/** Whether the schema accepts null. */
export function nullable(schema: SchemaModel | undefined, components: Components): boolean {
  if (schema === undefined) return true;
  if (schema.nullable) return true;
  const target = resolved(schema, components);
  return (
    target === undefined || target.nullable || target.kind === 'unknown' || target.kind === 'null'
  );
}

/** The kind of the key a property holds: a uuid, an integer, or any other string. */
export function keyType(
  schema: SchemaModel | undefined,
  components: Components,
): 'uuid' | 'integer' | 'string' {
  const target = resolved(schema, components);
  if (target?.kind === 'string' && target.format === 'uuid') return 'uuid';
  if (target?.kind === 'number') return 'integer';
  if (
    target?.kind === 'union' &&
    target.variants.some((variant) => resolved(variant, components)?.kind === 'number')
  )
    return 'integer';
  return 'string';
}

/** The items field of a list response holding `item` records: `""` for an array body, else the one array property of them. */
export function itemsFieldOf(
  schema: SchemaModel | undefined,
  item: string,
  components: Components,
): string | undefined {
  const target = resolved(schema, components);
  if (target?.kind === 'array' && componentName(target.items) === item) return '';
  const fields = (objectOf(schema, components)?.properties ?? []).filter((candidate) => {
    const value = resolved(candidate.schema, components);
    return value?.kind === 'array' && componentName(value.items) === item;
  });
  return fields.length === 1 ? fields[0]?.name : undefined;
}
