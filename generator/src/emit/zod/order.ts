import { childSchemas } from '../../model/children.js';
import { stronglyConnected } from '../../model/cycles.js';
import type { NamedSchema, SchemaModel } from '../../model/types.js';

/** The component names a schema refers to, in order of appearance (duplicates kept). */
export function references(schema: SchemaModel): string[] {
  const found: string[] = [];
  const visit = (node: SchemaModel): void => {
    if (node.kind === 'ref') found.push(node.name);
    else childSchemas(node).forEach(visit);
  };
  visit(schema);
  return found;
}

/** Component schemas in declaration order, and those that take part in a reference cycle. */
export interface SchemaOrder {
  ordered: NamedSchema[];
  recursive: Set<string>;
}

/**
 * Orders component schemas so that every schema comes after the schemas it refers to (Tarjan's
 * strongly connected components, which come out dependencies first). Members of one cycle are
 * sorted by name; references among them are deferred with `z.lazy`. Deterministic: the model's
 * order (by name) and each schema's reference order decide everything.
 */
export function orderSchemas(schemas: readonly NamedSchema[]): SchemaOrder {
  const byName = new Map(schemas.map((entry) => [entry.name, entry]));
  const edges = new Map(
    schemas.map((entry) => [
      entry.name,
      [...new Set(references(entry.schema))].filter((name) => byName.has(name)),
    ]),
  );
  const ordered: NamedSchema[] = [];
  const recursive = new Set<string>();
  // Iterative: specs nest deeply enough (stripe, GitHub) to overflow a recursive search.
  for (const component of stronglyConnected(
    schemas.map((entry) => entry.name),
    edges,
  )) {
    component.sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
    if (component.length > 1 || edges.get(component[0]!)!.includes(component[0]!))
      component.forEach((name) => recursive.add(name));
    ordered.push(...component.map((name) => byName.get(name)!));
  }
  return { ordered, recursive };
}
