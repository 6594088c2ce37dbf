/**
 * The resource namespaces of `createClient` (`client.pets.owners.list()`), from each operation's
 * `namespace` in the model: nested object members whose methods call the operation's function,
 * as the flat methods do. Keys come from a config, so each is made a safe property name:
 * identifiers stay, other names are camelCased or quoted, `__proto__` is computed; a key that
 * collides with a member beside it takes a number.
 */
import type { OperationModel } from '../../model/types.js';
import { isIdentifier, stringLiteral } from '../shared/identifiers.js';
import { commentText } from '../shared/jsdoc.js';
import type { OperationNames } from '../shared/operation-names.js';
import { method } from './method.js';

interface Entry {
  operation: OperationModel;
  names: OperationNames;
  /**
   * The operation's JSDoc lines, whether its arguments are optional and whether it downloads a file
   * (`client/index.ts`).
   */
  doc: string[];
  argsOptional: boolean;
  download: boolean;
}

interface Namespace {
  children: Map<string, Namespace>;
  methods: { entry: Entry; name: string }[];
}

/** `special events` → `specialEvents`; an identifier as given; otherwise the name itself (quoted later). */
export function memberName(name: string): string {
  if (isIdentifier(name)) return name;
  const words = name.split(/[^\p{L}\p{N}$_]+/u).filter(Boolean);
  const joined = words
    .map((word, index) =>
      index
        ? word.charAt(0).toUpperCase() + word.slice(1)
        : word.charAt(0).toLowerCase() + word.slice(1),
    )
    .join('');
  return isIdentifier(joined) ? joined : name;
}

/** A key of an object literal: `__proto__` computed, so that it is a property, not the prototype. */
function key(name: string): string {
  if (name === '__proto__') return `[${stringLiteral(name)}]`;
  return isIdentifier(name) ? name : stringLiteral(name);
}

function unique(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let suffix = 2; taken.has(candidate); suffix += 1) candidate = `${name}${suffix}`;
  taken.add(candidate);
  return candidate;
}

/** The members of `createClient`'s object for the namespaced operations, in model order. */
export function namespaceMembers({
  entries,
  taken,
}: {
  entries: readonly Entry[];
  /** Names of the client's other members (flat methods, runtime members). */
  taken: Set<string>;
}): string[] {
  const root: Namespace = { children: new Map(), methods: [] };
  for (const entry of entries) {
    for (const namespace of entry.operation.namespaces ?? []) {
      let node = root;
      for (const segment of namespace.path.map(memberName)) {
        let child = node.children.get(segment);
        if (!child) node.children.set(segment, (child = { children: new Map(), methods: [] }));
        node = child;
      }
      node.methods.push({ entry, name: namespace.method });
    }
  }
  return members(root, taken);
}

function members(namespace: Namespace, taken: Set<string>): string[] {
  const out: string[] = [];
  for (const [name, child] of namespace.children) {
    const inner = members(child, new Set());
    const doc = `/** The ${commentText(`\`${name}\``)} resource. */`;
    out.push(
      `${doc}\n${key(unique(name, taken))}: {\n${inner.map((member) => `${member},`).join('\n')}\n}`,
    );
  }
  for (const { entry, name: given } of namespace.methods) {
    const name = unique(memberName(given), taken);
    out.push(
      method({
        doc: entry.doc,
        names: entry.names,
        argsOptional: entry.argsOptional,
        download: entry.download,
        kind: 'call',
        key: key(name),
      }),
    );
  }
  return out;
}
