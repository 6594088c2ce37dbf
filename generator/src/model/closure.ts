/**
 * What a model node depends on, for the work an edit reuses (issue 24): its JSON, the component
 * schemas it names (`ref` nodes, discriminator mappings, the components its merged properties
 * came from) and the document pointers it holds. A node and every component it reaches,
 * transitively, are its *closure*: any computation that reads only the closure gives the same
 * answer for two closures with the same digest.
 */
import type { ApiModel, NamedSchema, OperationModel } from './types.js';

const COMPONENT_PREFIX = /^#\/components\/schemas\//;

export interface ModelNodeFacts {
  json: string;
  /** Component schema names the node refers to. */
  names: string[];
  /** `#…` document pointers the node holds. */
  pointers: string[];
  /**
   * The node holds a number JSON does not give back (`NaN`, `±Infinity`, `-0`): two such nodes
   * can have the same JSON and still differ, so nothing keyed on it may be reused.
   */
  exotic: boolean;
}

/** `node` as JSON, with the component names and the document pointers it holds. */
export function readModelNode(node: unknown): ModelNodeFacts {
  const names: string[] = [];
  const pointers: string[] = [];
  let exotic = false;
  const json = JSON.stringify(node ?? null, function (this: unknown, key, value: unknown) {
    if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0)))
      exotic = true;
    if (key === 'pointer' && typeof value === 'string' && value.startsWith('#'))
      pointers.push(value);
    if (key === 'name' && typeof value === 'string' && (this as { kind?: unknown }).kind === 'ref')
      names.push(value);
    // A merged property names the component it came from (a change inside it is located there).
    if (key === 'origin' && typeof value === 'string') names.push(value);
    if (key === 'mapping' && value && typeof value === 'object')
      for (const target of Object.values(value))
        if (typeof target === 'string') names.push(target.replace(COMPONENT_PREFIX, ''));
    return value;
  });
  return { json, names, pointers, exotic };
}

/** What was read of the nodes of a model that is never changed again (`keepNodeFacts`). */
interface KeptFacts {
  /** Component name → the facts of its `NamedSchema`. */
  schemas: Map<string, ModelNodeFacts>;
  operations: WeakMap<OperationModel, ModelNodeFacts>;
}

const keptFacts = new WeakMap<Pick<ApiModel, 'schemas'>, KeptFacts>();

/**
 * Keeps what `SameClosures` reads of `model`'s nodes for as long as the model lives, for a model
 * that nothing changes again: the base model of a watch session, which every run of the session
 * compares with its revision, so that each run reads only the revision's side (on GitHub's spec,
 * reading a side is the JSON of every operation and of each component it reaches).
 */
export function keepNodeFacts(model: Pick<ApiModel, 'schemas'>): void {
  if (!keptFacts.has(model))
    keptFacts.set(model, { schemas: new Map(), operations: new WeakMap() });
}

/**
 * Whether an operation or a component schema is the same in two models with everything it
 * reaches: its JSON and the JSON of every component it names, transitively, are equal on both
 * sides. False for anything that reaches an exotic number. A computation that reads only these
 * nodes gives the same answer on both sides for what is the same.
 */
export class SameClosures {
  readonly #sides: {
    base: ReadonlyMap<string, NamedSchema>;
    revision: ReadonlyMap<string, NamedSchema>;
  };
  readonly #facts: Record<'base' | 'revision', Map<string, ModelNodeFacts>>;
  readonly #baseOperations: WeakMap<OperationModel, ModelNodeFacts> | undefined;
  /** Component name → its own node is the same on both sides (not yet what it reaches). */
  readonly #sameNode = new Map<string, boolean>();
  readonly #sameSchema = new Map<string, boolean>();

  constructor({
    base,
    revision,
  }: {
    base: Pick<ApiModel, 'schemas'>;
    revision: Pick<ApiModel, 'schemas'>;
  }) {
    const byName = (model: Pick<ApiModel, 'schemas'>) =>
      new Map(model.schemas.map((named) => [named.name, named]));
    this.#sides = { base: byName(base), revision: byName(revision) };
    const kept = keptFacts.get(base);
    this.#facts = { base: kept?.schemas ?? new Map(), revision: new Map() };
    this.#baseOperations = kept?.operations;
  }

  /** `before` is an operation of the base model, `after` one of the revision. */
  operation(before: OperationModel, after: OperationModel): boolean {
    let left = this.#baseOperations?.get(before);
    if (!left) {
      left = readModelNode(before);
      this.#baseOperations?.set(before, left);
    }
    return this.#same(left, readModelNode(after));
  }

  /** Component schema `name` (its `NamedSchema`, discriminator facts included). */
  schema(name: string): boolean {
    let same = this.#sameSchema.get(name);
    if (same === undefined) {
      same = this.#same(this.#factsOf('base', name), this.#factsOf('revision', name));
      this.#sameSchema.set(name, same);
    }
    return same;
  }

  #same(left: ModelNodeFacts, right: ModelNodeFacts): boolean {
    if (left.exotic || right.exotic || left.json !== right.json) return false;
    // Equal JSON names the same components: walking one side's names walks both.
    const seen = new Set<string>();
    const pending = [...left.names];
    while (pending.length) {
      const name = pending.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      if (!this.#sameNodeOf(name)) return false;
      pending.push(...this.#factsOf('base', name).names);
    }
    return true;
  }

  #sameNodeOf(name: string): boolean {
    let same = this.#sameNode.get(name);
    if (same === undefined) {
      const left = this.#factsOf('base', name);
      const right = this.#factsOf('revision', name);
      same = !left.exotic && !right.exotic && left.json === right.json;
      this.#sameNode.set(name, same);
    }
    return same;
  }

  #factsOf(side: 'base' | 'revision', name: string): ModelNodeFacts {
    let facts = this.#facts[side].get(name);
    if (!facts) {
      // A name no component has is absent, unlike any JSON.
      const named = this.#sides[side].get(name);
      facts = named ? readModelNode(named) : { json: '-', names: [], pointers: [], exotic: false };
      this.#facts[side].set(name, facts);
    }
    return facts;
  }
}
