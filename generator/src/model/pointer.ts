/**
 * JSON pointers into the bundled document, and memoised resolution of internal `$ref`s.
 *
 * Pointers written into the model are RFC 6901 pointers in `#/a/b` form with only the `~0`/`~1`
 * escapes (`#/paths/~1pets~1{petId}/get`), which both naive resolvers and ajv understand.
 * `$ref`s read from the document may also be percent-encoded (as bundlers write them).
 */
import { isNode, type Node } from './json.js';
import { joinPointer, parsePointer } from '../json/pointer.js';

/**
 * The keys of an internal pointer (`#`, `#/a/b`), parsed as RFC 6901 says (`#/` is the property
 * named ""), or undefined when `ref` is not one.
 */
function pointerKeys(ref: string): string[] | undefined {
  return ref === '#' || ref.startsWith('#/') ? parsePointer(ref) : undefined;
}

/** `key` percent-decoded, as bundlers write keys (`#/components/schemas/A%20B`); undefined when the same or malformed. */
function percentDecoded(key: string): string | undefined {
  try {
    const decoded = decodeURIComponent(key);
    return decoded === key ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/** Bound on `$ref`s followed while resolving one pointer, so that cycles end. */
const MAX_HOPS = 64;

/** A resolved pointer: the node found and its canonical pointer (as written in the model). */
export interface Resolved {
  node: unknown;
  pointer: string;
}

/** Resolves internal pointers of one document, each distinct `$ref` string once. */
export class PointerResolver {
  private readonly cache = new Map<string, Resolved | null>();

  constructor(private readonly document: Node) {}

  /** The node a `#/...` pointer designates, or undefined when it designates nothing. */
  resolve(ref: string): Resolved | undefined {
    const cached = this.cache.get(ref);
    if (cached !== undefined) return cached ?? undefined;
    // Marked unresolvable while walking, so that a pointer that passes through itself ends.
    this.cache.set(ref, null);
    const found = this.walk(ref);
    this.cache.set(ref, found ?? null);
    return found;
  }

  private walk(ref: string): Resolved | undefined {
    const keys = pointerKeys(ref);
    if (!keys) return undefined;
    let current: Resolved | undefined = { node: this.document, pointer: '#' };
    let hops = 0;
    for (const raw of keys) {
      const decoded = percentDecoded(raw);
      let key = this.childKey(current.node, raw, decoded);
      // Bundlers write pointers that pass through a `$ref` (`#/components/schemas/A/properties/b`
      // where A is itself a `$ref`): continue from its target.
      while (
        key === undefined &&
        isNode(current.node) &&
        typeof current.node.$ref === 'string' &&
        hops < MAX_HOPS
      ) {
        hops += 1;
        current = this.resolve(current.node.$ref);
        if (!current) return undefined;
        key = this.childKey(current.node, raw, decoded);
      }
      if (key === undefined) return undefined;
      current = {
        node: (current.node as Record<string, unknown>)[key],
        pointer: joinPointer({ pointer: current.pointer, keys: [key] }),
      };
    }
    return current;
  }

  /** The key of `node` that `key` names: as written first, then percent-decoded. */
  private childKey(node: unknown, key: string, decoded: string | undefined): string | undefined {
    if (!isNode(node) && !Array.isArray(node)) return undefined;
    const has = (name: string) => Object.prototype.hasOwnProperty.call(node, name);
    if (has(key)) return key;
    if (decoded !== undefined && has(decoded)) return decoded;
    return undefined;
  }

  /**
   * Follows a chain of `$ref` objects (parameters, responses, headers, ...) to the first node
   * without one. Returns the node unchanged when it has no `$ref`, undefined on a broken or
   * cyclic chain.
   */
  follow({ node, pointer }: Resolved): Resolved | undefined {
    let current: Resolved = { node, pointer };
    const seen = new Set<string>();
    while (isNode(current.node) && typeof current.node.$ref === 'string') {
      const ref = current.node.$ref;
      if (seen.has(ref)) return undefined;
      seen.add(ref);
      const next = this.resolve(ref);
      if (!next) return undefined;
      current = next;
    }
    return current;
  }
}
