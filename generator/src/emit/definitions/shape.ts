import type { ValueShape } from '@zapgen/runtime';
import { jsonEqual } from '../../json/value.js';
import type { JsonValue, NamedSchema, SchemaModel } from '../../model/types.js';

const UNKNOWN: ValueShape = { type: 'unknown' };

function shapeOfValue(value: JsonValue): ValueShape {
  if (value === null) return { type: 'null' };
  if (typeof value === 'string') return { type: 'string' };
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  return UNKNOWN;
}

/** One shape for several alternatives: their common shape, `number` for integer|number, else unknown. */
function merge(shapes: ValueShape[]): ValueShape {
  const [first, ...rest] = shapes;
  if (!first) return UNKNOWN;
  if (rest.every((shape) => jsonEqual(shape, first))) return first;
  const types = new Set(shapes.map((shape) => shape.type));
  if ([...types].every((type) => type === 'integer' || type === 'number'))
    return { type: 'number' };
  return UNKNOWN;
}

/**
 * The shape of a parameter schema, so a server can parse wire strings back into values.
 * References are followed; a cycle or anything that has no single JSON type is `unknown`.
 */
export function valueShape(
  schema: SchemaModel,
  components: readonly NamedSchema[],
  seen: ReadonlySet<string> = new Set(),
): ValueShape {
  const recurse = (child: SchemaModel) => valueShape(child, components, seen);
  switch (schema.kind) {
    case 'ref': {
      const target = components.find((component) => component.name === schema.name);
      if (!target || seen.has(schema.name)) return UNKNOWN;
      return valueShape(target.schema, components, new Set([...seen, schema.name]));
    }
    case 'string':
    case 'boolean':
    case 'null':
      return { type: schema.kind };
    case 'number':
      return { type: schema.integer ? 'integer' : 'number' };
    case 'array':
      return { type: 'array', items: recurse(schema.items) };
    case 'object': {
      const properties: Record<string, ValueShape> = {};
      for (const property of schema.properties)
        properties[property.name] = recurse(property.schema);
      const additional =
        typeof schema.additionalProperties === 'object'
          ? recurse(schema.additionalProperties)
          : UNKNOWN;
      return { type: 'object', properties, additional };
    }
    case 'enum':
      if (schema.baseType) return { type: schema.baseType };
      return merge(schema.values.map(shapeOfValue));
    case 'const':
      return shapeOfValue(schema.value);
    case 'union':
      return merge(schema.variants.filter((variant) => variant.kind !== 'null').map(recurse));
    case 'intersection': {
      const parts = schema.parts.map(recurse).filter((shape) => shape.type !== 'unknown');
      const objects = parts.filter((shape) => shape.type === 'object');
      // allOf of objects: one object with the properties of all parts.
      if (objects.length && objects.length === parts.length) {
        return {
          type: 'object',
          properties: Object.assign({}, ...objects.map((shape) => shape.properties)),
          additional:
            objects.find((shape) => shape.additional.type !== 'unknown')?.additional ?? UNKNOWN,
        };
      }
      return merge(parts);
    }
    default:
      return UNKNOWN;
  }
}
