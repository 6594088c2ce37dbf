/**
 * What a config makes of a package's surface beyond its spec: the function names and client
 * namespaces of `names`/`namespaces`, and `readWrite`. It is recorded in `package.json` (only
 * where it differs from the default, so a package generated without such options reads as
 * before), so that the next release can tell what changed: renaming a method breaks its callers
 * as surely as renaming an operation in the spec, and so bumps the version the same way.
 */
import type { Change } from '../diff/index.js';
import { compareCodePoints } from '../model/order.js';
import { directionsDiffer, type ReadWriteMode } from '../model/read-write.js';
import type { ApiModel } from '../model/types.js';

/** The recorded surface: per operation whose names the config sets, its function and methods. */
export interface SurfaceRecord {
  /** `'split'` where the spec has a readOnly or writeOnly property for it to act on. */
  readWrite?: 'split';
  /** By operationId: `fn:<exported function>` (when renamed) and `client.<namespace>.<method>`. */
  methods?: Record<string, string[]>;
}

/** The surface of `model` (after the config's names and namespaces); undefined for the default. */
export function surfaceOf(model: ApiModel, readWrite?: ReadWriteMode): SurfaceRecord | undefined {
  const methods: Record<string, string[]> = {};
  for (const operation of [...model.operations].sort((a, b) =>
    compareCodePoints(a.operationId, b.operationId),
  )) {
    const names = [
      ...(operation.functionName === undefined ? [] : [`fn:${operation.functionName}`]),
      ...(operation.namespaces ?? []).map(
        (namespace) => `client.${[...namespace.path, namespace.method].join('.')}`,
      ),
    ];
    if (names.length) methods[operation.operationId] = names;
  }
  const record: SurfaceRecord = {
    // Only where it changes something: a spec without readOnly/writeOnly reads the same either way.
    ...(readWrite === 'split' && directionsDiffer(model) && { readWrite }),
    ...(Object.keys(methods).length && { methods }),
  };
  return Object.keys(record).length ? record : undefined;
}

/** True when two records (either maybe absent) say the same. */
export function sameSurface(a: SurfaceRecord | undefined, b: SurfaceRecord | undefined): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

/** How an operation is reached when the config names nothing: its default function and method. */
const DEFAULT = 'its default function and client method';

/**
 * The changes from the surface `before` to `after`, as release changes: a method or function
 * gone is breaking (its callers stop compiling), one added beside the old ones an addition; a
 * change of `readWrite` changes the request and response types of every operation it touches.
 */
export function surfaceChanges({
  before,
  after,
  operations,
}: {
  before: SurfaceRecord | undefined;
  after: SurfaceRecord | undefined;
  /** The operationIds of the package now (an operation the spec removed is the spec's change). */
  operations: ReadonlySet<string>;
}): Change[] {
  const changes: Change[] = [];
  const change = (level: Change['level'], message: string, operation?: string): Change => ({
    rule: 'config-surface-changed',
    severity: level === 'major' ? 'breaking' : 'non-breaking',
    level,
    message,
    pointer: '#',
    operations: operation === undefined ? [] : [operation],
    schemas: [],
  });
  const was = before?.methods ?? {};
  const now = after?.methods ?? {};
  const ids = [...new Set([...Object.keys(was), ...Object.keys(now)])]
    .filter((id) => operations.has(id))
    .sort(compareCodePoints);
  for (const id of ids) {
    const old = was[id] ?? [];
    const next = now[id] ?? [];
    const removed = old.filter((name) => !next.includes(name));
    const added = next.filter((name) => !old.includes(name));
    if (!removed.length && !added.length) continue;
    const list = (names: string[]) =>
      names.length ? names.map((name) => `\`${name.replace(/^fn:/, '')}\``).join(', ') : DEFAULT;
    // A flat client method gives way to namespaced ones: the first namespace removes a name too.
    const namespaced = (names: string[]) => names.some((name) => name.startsWith('client.'));
    const breaking = removed.length > 0 || (!namespaced(old) && namespaced(next));
    changes.push(
      change(
        breaking ? 'major' : 'minor',
        `\`${id}\`: ${list(old)} → ${list(next)} (the config's names/namespaces)`,
        id,
      ),
    );
  }
  const mode = (record: SurfaceRecord | undefined) => record?.readWrite ?? 'shared';
  if (mode(before) !== mode(after))
    changes.push(
      change(
        'major',
        `readWrite '${mode(before)}' → '${mode(after)}': the request and response types of operations with readOnly or writeOnly properties changed`,
      ),
    );
  return changes;
}
