/**
 * Where a node the differ compares sits in a bundled document. The model keeps pointers for
 * parameters, bodies and component schemas; below them, a property or `items` may come from a
 * `$ref` target or an `allOf` member, so it is looked for there as a reader would.
 */
import { isNode } from '../model/json.js';
import { joinPointer } from '../json/pointer.js';
import { PointerResolver } from '../model/pointer.js';

/** Bound on the `$ref`/composition hops followed to find one child. */
const MAX_DEPTH = 24;

export class Locator {
  readonly #resolver: PointerResolver;

  constructor(document: Record<string, unknown>) {
    this.#resolver = new PointerResolver(document);
  }

  /**
   * The pointer of `keys` below the schema at `pointer` (`['properties', 'name']`, `['items']`),
   * through `$ref`s and `allOf`/`oneOf`/`anyOf` members; `pointer` itself when not found.
   */
  child({ pointer, keys }: { pointer: string; keys: readonly (string | number)[] }): string {
    return this.#find({ pointer, keys: keys.map(String), depth: 0, seen: new Set() }) ?? pointer;
  }

  #find({
    pointer,
    keys,
    depth,
    seen,
  }: {
    pointer: string;
    keys: string[];
    depth: number;
    seen: Set<string>;
  }): string | undefined {
    if (depth > MAX_DEPTH || seen.has(pointer)) return undefined;
    seen.add(pointer);
    const found = this.#resolver.resolve(pointer);
    if (!found || !isNode(found.node)) return undefined;
    let node: unknown = found.node;
    for (const key of keys) node = isNode(node) && Object.hasOwn(node, key) ? node[key] : undefined;
    if (node !== undefined) return joinPointer({ pointer: found.pointer, keys });
    const next = { keys, depth: depth + 1, seen };
    if (typeof found.node.$ref === 'string') {
      const target = this.#find({ ...next, pointer: found.node.$ref });
      if (target) return target;
    }
    for (const composition of ['allOf', 'anyOf', 'oneOf'] as const) {
      const members = found.node[composition];
      if (!Array.isArray(members)) continue;
      for (let index = 0; index < members.length; index += 1) {
        const target = this.#find({
          ...next,
          pointer: joinPointer({ pointer: found.pointer, keys: [composition, index] }),
        });
        if (target) return target;
      }
    }
    return undefined;
  }
}
