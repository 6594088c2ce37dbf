import type { SchemaModel } from './types.js';

/**
 * The schemas directly inside `node`, in spec order (references are not followed): array items,
 * object properties and extra-property schemas, union variants and intersection parts.
 */
export function childSchemas(node: SchemaModel): SchemaModel[] {
  switch (node.kind) {
    case 'array':
      return [...(node.prefixItems ?? []), node.items];
    case 'object':
      return [
        ...node.properties.map((property) => property.schema),
        ...(typeof node.additionalProperties === 'boolean' ? [] : [node.additionalProperties]),
        ...(node.patternProperties ?? []).map((entry) => entry.schema),
        ...(node.propertyNames ? [node.propertyNames] : []),
      ];
    case 'union':
      return node.variants;
    case 'intersection':
      return node.parts;
    default:
      return [];
  }
}
