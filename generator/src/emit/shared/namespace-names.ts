/**
 * The names of the client's resource namespaces (`client.pets.owners.list()`), from each
 * operation's `namespaces` in the model: one resolution that the client prints and that the
 * README and the integrations name methods by. Keys come from a config, so each is made a safe
 * member name: identifiers stay, other names are camelCased (or quoted when printed); a key that
 * collides with a member beside it takes a number.
 */
import type { OperationModel } from '../../model/types.js';
import { isIdentifier, stringLiteral } from './identifiers.js';
import { CLIENT_MEMBERS, type OperationNames } from './operation-names.js';

/** A namespace with its members' final names, in model order (children first, then methods). */
export interface ResolvedNamespace {
  children: { name: string; namespace: ResolvedNamespace }[];
  methods: { operation: OperationModel; name: string }[];
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

function unique(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let suffix = 2; taken.has(candidate); suffix += 1) candidate = `${name}${suffix}`;
  taken.add(candidate);
  return candidate;
}

/** The names `createClient`'s object has beside its namespaces: runtime members and flat methods. */
export function rootMembers(
  operations: readonly OperationModel[],
  names: ReadonlyMap<string, OperationNames>,
): Set<string> {
  return new Set([
    ...CLIENT_MEMBERS,
    ...operations
      .filter((operation) => !operation.namespaces?.length)
      .map((operation) => names.get(operation.operationId)!.fn),
  ]);
}

/** The namespaces of `operations`, each member named; `taken` holds the root's other members. */
export function resolveNamespaces(
  operations: readonly OperationModel[],
  taken: Set<string>,
): ResolvedNamespace {
  interface Tree {
    children: Map<string, Tree>;
    methods: { operation: OperationModel; name: string }[];
  }
  const root: Tree = { children: new Map(), methods: [] };
  for (const operation of operations)
    for (const namespace of operation.namespaces ?? []) {
      let node = root;
      for (const segment of namespace.path.map(memberName)) {
        let child = node.children.get(segment);
        if (!child) node.children.set(segment, (child = { children: new Map(), methods: [] }));
        node = child;
      }
      node.methods.push({ operation, name: namespace.method });
    }
  const resolve = (tree: Tree, names: Set<string>): ResolvedNamespace => ({
    children: [...tree.children].map(([name, child]) => ({
      name: unique(name, names),
      namespace: resolve(child, new Set()),
    })),
    methods: tree.methods.map(({ operation, name }) => ({
      operation,
      name: unique(memberName(name), names),
    })),
  });
  return resolve(root, taken);
}

/** By operationId, the namespaced paths of its client methods (`pets.owners.list`), in order. */
export function namespaceAccessors(
  operations: readonly OperationModel[],
  names: ReadonlyMap<string, OperationNames>,
): Map<string, string[]> {
  const accessors = new Map<string, string[]>();
  const walk = (namespace: ResolvedNamespace, prefix: string[]) => {
    for (const { name, namespace: child } of namespace.children) walk(child, [...prefix, name]);
    for (const { operation, name } of namespace.methods) {
      const list = accessors.get(operation.operationId) ?? [];
      list.push([...prefix, name].join('.'));
      accessors.set(operation.operationId, list);
    }
  };
  walk(resolveNamespaces(operations, rootMembers(operations, names)), []);
  return accessors;
}

/** A key of an object literal: `__proto__` computed, so that it is a property, not the prototype. */
export function objectKey(name: string): string {
  if (name === '__proto__') return `[${stringLiteral(name)}]`;
  return isIdentifier(name) ? name : stringLiteral(name);
}

/**
 * The namespace tree as an object literal whose leaves `leaf` writes (`{ pets: { list: ... } }`),
 * with the client's member names; undefined when no operation is namespaced.
 */
export function namespaceObject(
  operations: readonly OperationModel[],
  names: ReadonlyMap<string, OperationNames>,
  leaf: (operation: OperationModel) => string,
): string | undefined {
  if (!operations.some((operation) => operation.namespaces?.length)) return undefined;
  const print = (namespace: ResolvedNamespace): string => {
    const members = [
      ...namespace.children.map(
        ({ name, namespace: child }) => `${objectKey(name)}: ${print(child)}`,
      ),
      ...namespace.methods.map(({ operation, name }) => `${objectKey(name)}: ${leaf(operation)}`),
    ];
    return `{\n${members.map((member) => `${member},`).join('\n')}\n}`;
  };
  return print(resolveNamespaces(operations, rootMembers(operations, names)));
}
