/**
 * The release of a change of what the config makes of the surface (`SurfaceRecord`, recorded in
 * `package.json`): renaming a method breaks its callers as surely as renaming an operation in
 * the spec, and so bumps the version the same way.
 */
import type { Change } from '../diff/index.js';
import { compareCodePoints } from '../model/order.js';
import type { SurfaceRecord } from '../model/surface.js';

/** True when two records (either maybe absent) say the same. */
export function sameSurface(a: SurfaceRecord | undefined, b: SurfaceRecord | undefined): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

/** How an operation is reached when the config names nothing: its default function and method. */
const DEFAULT = 'its default function and client method';

/**
 * The changes from the surface `before` to `after`, as release changes: a method or function
 * gone is breaking (its callers stop compiling), one added beside the old ones an addition; a
 * change of `readWrite` changes the request and response types of every operation it touches, and
 * one of `transformers` the argument and result types (string ↔ `Date`, number ↔ `bigint`).
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
  for (const [option, converted] of TRANSFORMED) {
    const on = (record: SurfaceRecord | undefined) => record?.transformers?.[option] === true;
    if (on(before) === on(after)) continue;
    const [from, to] = on(after) ? converted : [converted[1], converted[0]];
    changes.push(
      change(
        'major',
        `transformers.${option} ${on(before) ? 'on' : 'off'} → ${on(after) ? 'on' : 'off'}: ${from} values are ${to} now in the client's arguments and results`,
      ),
    );
  }
  return changes;
}

/** Each `transformers` option, with what it converts: wire type → converted type. */
const TRANSFORMED: [keyof NonNullable<SurfaceRecord['transformers']>, [string, string]][] = [
  ['dates', ['`date-time`/`date` string', '`Date`']],
  ['bigint', ['`int64` number', '`bigint`']],
];

export type { SurfaceRecord };
