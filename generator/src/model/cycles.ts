/**
 * Cycles among component schemas, for the emitters that must break them: the strongly connected
 * components of a reference graph, and the cycles no value can be built on.
 */
import type { NamedSchema, SchemaModel } from './types.js';
/**
 * Component schemas that take part in a cycle of references through unions, intersections and
 * bare `$ref`s only (`A: {$ref: B}, B: {$ref: A}`; `A: {oneOf: [B, string]}, B: {anyOf: [A]}`).
 * Such a cycle has no value to build on: a validator evaluating it recurses forever (JSON Schema
 * asks implementations to stop there), and TypeScript refuses its types (`type A = B; type B = A`:
 * TS2456), whereas a cycle through an object property or an array item is ordinary recursion.
 * The zod module writes each member as `unknown`, as `types.ts` writes their types; the fixtures
 * have none (and no value that would reach one).
 */
export function aliasCycles(schemas: readonly NamedSchema[]): Set<string> {
  return referenceCycles(schemas, { throughArrayItems: false });
}

/**
 * Component schemas on a cycle of references through unions, intersections, bare `$ref`s and,
 * with `throughArrayItems`, array items (`Json: string | Json[]`): what TypeScript resolves
 * eagerly as a member of `components["schemas"]` (TS2502), where a type alias would defer the
 * array. An object type in between breaks every such cycle.
 */
export function referenceCycles(
  schemas: readonly NamedSchema[],
  { throughArrayItems }: { throughArrayItems: boolean },
): Set<string> {
  const names = new Set(schemas.map((entry) => entry.name));
  const edges = new Map<string, string[]>();
  for (const { name, schema } of schemas) {
    const found = new Set<string>();
    const seen = new Set<SchemaModel>();
    const visit = (node: SchemaModel): void => {
      if (seen.has(node)) return;
      seen.add(node);
      if (node.kind === 'ref') {
        if (names.has(node.name)) found.add(node.name);
      } else if (node.kind === 'union') node.variants.forEach(visit);
      else if (node.kind === 'intersection') node.parts.forEach(visit);
      else if (node.kind === 'array' && throughArrayItems)
        [node.items, ...(node.prefixItems ?? [])].forEach(visit);
    };
    visit(schema);
    edges.set(name, [...found]);
  }
  const cyclic = new Set<string>();
  for (const component of stronglyConnected(
    schemas.map((entry) => entry.name),
    edges,
  ))
    if (component.length > 1 || edges.get(component[0]!)!.includes(component[0]!))
      component.forEach((name) => cyclic.add(name));
  return cyclic;
}

/** Strongly connected components of a graph (iterative Tarjan), dependencies first. */
export function stronglyConnected(
  nodes: readonly string[],
  edges: ReadonlyMap<string, readonly string[]>,
): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const open = (name: string) => {
    index.set(name, counter);
    low.set(name, counter++);
    stack.push(name);
    onStack.add(name);
  };
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { name: string; next: number }[] = [{ name: root, next: 0 }];
    open(root);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.name) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          open(target);
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
      components.push(component);
    }
  }
  return components;
}
