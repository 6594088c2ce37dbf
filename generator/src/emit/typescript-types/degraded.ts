/**
 * Component schemas that no TypeScript type can say: a schema that is, through references,
 * unions, intersections and array items alone, itself (`A: B | null`, `B: A`,
 * `Json: string | Json[]`). TypeScript resolves such a member of `components["schemas"]` eagerly
 * and reports it as circular (TS2502); an object type in between defers it and is fine
 * (`Tree: { children: Tree[] }`). Each such schema is printed `unknown`, with a warning located at
 * the schema, and every other type still compiles.
 */
import type { NamedSchema, SchemaModel } from '../../model/types.js';

/** The components `node` refers to without an object type in between. */
function eagerRefs(node: SchemaModel, into: Set<string>, seen: Set<SchemaModel>): void {
  if (seen.has(node)) return;
  seen.add(node);
  if (node.kind === 'ref') into.add(node.name);
  else if (node.kind === 'union')
    for (const variant of node.variants) eagerRefs(variant, into, seen);
  else if (node.kind === 'intersection') for (const part of node.parts) eagerRefs(part, into, seen);
  // An array of an indexed access is resolved eagerly too (`Json: string | Json[]` is TS2502).
  else if (node.kind === 'array')
    for (const item of [node.items, ...(node.prefixItems ?? [])]) eagerRefs(item, into, seen);
}

/** The names of the component schemas on an eager reference cycle, in the schemas' order. */
export function circularAliases(schemas: readonly NamedSchema[]): Set<string> {
  const edges = new Map<string, string[]>();
  for (const named of schemas) {
    const refs = new Set<string>();
    eagerRefs(named.schema, refs, new Set());
    edges.set(named.name, [...refs]);
  }
  // Tarjan's strongly connected components, iteratively (schemas can be many and deep).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const result = new Set<string>();
  let counter = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { name: string; next: number }[] = [{ name: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const targets = (edges.get(frame.name) ?? []).filter((name) => edges.has(name));
      if (frame.next < targets.length) {
        const target = targets[frame.next]!;
        frame.next += 1;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter);
          counter += 1;
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
      const members: string[] = [];
      for (;;) {
        const member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
        if (member === frame.name) break;
      }
      const selfLoop = members.length === 1 && edges.get(frame.name)!.includes(frame.name);
      if (members.length > 1 || selfLoop) for (const member of members) result.add(member);
    }
  }
  return result;
}
