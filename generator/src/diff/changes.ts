/**
 * The changes found between two versions of a spec. A change inside a component schema is found
 * once per pair of component versions (whatever number of operations use it) and attributed to
 * every operation that reaches it, through the graph of "this operation or schema uses that pair".
 */
import { compareCodePoints } from '../model/order.js';
import type { SourceLocation } from '../load/source-map.js';
import { ruleNamed, severityOf, type Level, type Severity } from './rules.js';

/** One change, located in the revision (the newer spec). */
export interface Change {
  rule: string;
  severity: Severity;
  /** The part of the version this change bumps. */
  level: Level;
  message: string;
  /**
   * JSON pointer (`#/...`) in the revision's bundled document. For something removed, where it
   * was (the nearest node that still exists gives its location).
   */
  pointer: string;
  /** operationIds whose arguments or results the change touches (for a removed operation, its old id). */
  operations: string[];
  /** The component schema the change is in, if any. */
  schemas: string[];
}

/** A change and where the revision's source files say it is. */
export type LocatedChange = Change & SourceLocation;

const LEVEL_RANK: Record<Level, number> = { major: 0, minor: 1, patch: 2 };

/** Breaking first, then additions, then the rest; in each, by operation/schema and message. */
export function compareChanges(a: Change, b: Change): number {
  return (
    LEVEL_RANK[a.level] - LEVEL_RANK[b.level] ||
    compareCodePoints(a.pointer, b.pointer) ||
    compareCodePoints(a.rule, b.rule) ||
    compareCodePoints(a.message, b.message)
  );
}

interface Entry extends Change {
  touched: Set<string>;
}

/** Collects changes under owners (an operation or a pair of component schemas) and links between owners. */
export class ChangeCollector {
  readonly #changes = new Map<string, Entry>();
  readonly #byOwner = new Map<string, Set<string>>();
  readonly #links = new Map<string, Set<string>>();

  /** Records a change found while comparing `owner`. The same change found twice is kept once. */
  add({
    owner,
    rule,
    message,
    pointer,
    schema,
  }: {
    owner: string;
    rule: string;
    message: string;
    pointer: string;
    schema?: string;
  }): void {
    const key = `${rule}\u0000${pointer}\u0000${message}`;
    let entry = this.#changes.get(key);
    if (!entry) {
      const { level } = ruleNamed(rule);
      entry = {
        rule,
        severity: severityOf(level),
        level,
        message,
        pointer,
        operations: [],
        schemas: [],
        touched: new Set(),
      };
      this.#changes.set(key, entry);
    }
    if (schema !== undefined && !entry.schemas.includes(schema)) entry.schemas.push(schema);
    let owned = this.#byOwner.get(owner);
    if (!owned) this.#byOwner.set(owner, (owned = new Set()));
    owned.add(key);
  }

  /** `from` uses `to`: changes under `to` touch whatever `from` touches. */
  link({ from, to }: { from: string; to: string }): void {
    if (from === to) return;
    let targets = this.#links.get(from);
    if (!targets) this.#links.set(from, (targets = new Set()));
    targets.add(to);
  }

  /** Marks every change reachable from `owner` as touching operation `operationId`. */
  attribute({ owner, operationId }: { owner: string; operationId: string }): void {
    const seen = new Set([owner]);
    const queue = [owner];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      for (const key of this.#byOwner.get(next) ?? [])
        this.#changes.get(key)!.touched.add(operationId);
      for (const target of this.#links.get(next) ?? []) {
        if (seen.has(target)) continue;
        seen.add(target);
        queue.push(target);
      }
    }
  }

  /** Every change, sorted (see `compareChanges`). */
  list(): Change[] {
    return [...this.#changes.values()]
      .map(({ touched, ...change }) => ({
        ...change,
        operations: [...new Set([...change.operations, ...touched])].sort(compareCodePoints),
        schemas: [...change.schemas].sort(compareCodePoints),
      }))
      .sort(compareChanges);
  }
}
