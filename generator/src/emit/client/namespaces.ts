/**
 * The resource namespaces of `createClient` (`client.pets.owners.list()`), from each operation's
 * `namespace` in the model: nested object members whose methods call the operation's function,
 * as the flat methods do. Keys come from a config, so each is made a safe property name:
 * identifiers stay, other names are camelCased or quoted, `__proto__` is computed; a key that
 * collides with a member beside it takes a number.
 */
import type { OperationModel } from '../../model/types.js';
import {
  objectKey as key,
  resolveNamespaces,
  type ResolvedNamespace,
} from '../shared/namespace-names.js';
import { commentText } from '../shared/jsdoc.js';
import type { OperationNames } from '../shared/operation-names.js';
import { joinMembers, memberDoc, method, type MemberForm } from './method.js';

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

/** The members of `createClient`'s object for the namespaced operations, in model order. */
export function namespaceMembers({
  entries,
  taken,
  form,
}: {
  entries: readonly Entry[];
  /** Names of the client's other members (flat methods, runtime members). */
  taken: Set<string>;
  form: MemberForm;
}): string[] {
  const byId = new Map(entries.map((entry) => [entry.operation.operationId, entry]));
  return members(
    resolveNamespaces(
      entries.map((entry) => entry.operation),
      taken,
    ),
    byId,
    form,
  );
}

function members(
  namespace: ResolvedNamespace,
  entries: ReadonlyMap<string, Entry>,
  form: MemberForm,
): string[] {
  const out: string[] = [];
  for (const { name, namespace: child } of namespace.children) {
    const inner = members(child, entries, form);
    const doc = memberDoc(`/** The ${commentText(`\`${name}\``)} resource. */\n`, form);
    out.push(`${doc}${key(name)}: {\n${joinMembers(inner, form)}\n}`);
  }
  for (const { operation, name } of namespace.methods) {
    const entry = entries.get(operation.operationId)!;
    out.push(
      method({
        doc: entry.doc,
        names: entry.names,
        argsOptional: entry.argsOptional,
        download: entry.download,
        kind: 'call',
        key: key(name),
        form,
      }),
    );
  }
  return out;
}
