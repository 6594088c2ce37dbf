import { childSchemas } from '../../model/children.js';
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
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const ordered: NamedSchema[] = [];
  const recursive = new Set<string>();
  let counter = 0;

  // Iterative Tarjan: specs nest deeply enough (stripe, GitHub) to overflow a recursive one.
  for (const root of schemas) {
    if (index.has(root.name)) continue;
    const work: { name: string; next: number }[] = [{ name: root.name, next: 0 }];
    index.set(root.name, counter);
    low.set(root.name, counter++);
    stack.push(root.name);
    onStack.add(root.name);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.name)!;
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ name: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.name, Math.min(low.get(frame.name)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.name, Math.min(low.get(parent.name)!, low.get(frame.name)!));
      if (low.get(frame.name) !== index.get(frame.name)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.name);
      component.sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
      if (component.length > 1 || edges.get(frame.name)!.includes(frame.name))
        component.forEach((name) => recursive.add(name));
      ordered.push(...component.map((name) => byName.get(name)!));
    }
  }
  return { ordered, recursive };
}
