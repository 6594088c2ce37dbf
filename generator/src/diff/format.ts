/** How `zapgen diff` and `zapgen generate` print changes: one line each, a summary, or JSON. */
import type { LocatedChange } from './changes.js';
import type { Level } from './rules.js';

/** The changes of one API between two versions of its spec. */
export interface SpecDiff {
  api: string;
  /** How each version is named: `HEAD`, a path, `working tree`. */
  base: string;
  revision: string;
  changes: LocatedChange[];
  /** The version bump these changes ask for; undefined when nothing changed. */
  level: Level | undefined;
  /** No change, but the documents differ in form (a `$ref` refactoring, 3.0 → 3.1 syntax, order). */
  formOnly: boolean;
}

/** How many touched operations a line names before `+N more`. */
const NAMED_OPERATIONS = 3;

/** `file:line:col  breaking  rule  message`, the operations a schema change touches appended. */
export function formatChange(change: LocatedChange): string {
  const message = change.message.replace(/\s*[\r\n]+\s*/g, ' ');
  const named = change.operations.slice(0, NAMED_OPERATIONS).join(', ');
  const more =
    change.operations.length > NAMED_OPERATIONS
      ? ` +${change.operations.length - NAMED_OPERATIONS} more`
      : '';
  const touches =
    change.schemas.length && change.operations.length ? ` (used by ${named}${more})` : '';
  return `${change.file}:${change.line}:${change.column}  ${change.severity}  ${change.rule}  ${message}${touches}`;
}

/** `3 changes, 1 breaking`. */
export function countChanges(changes: readonly { severity: string }[]): string {
  const breaking = changes.filter((change) => change.severity === 'breaking').length;
  return `${changes.length} ${changes.length === 1 ? 'change' : 'changes'}, ${breaking} breaking`;
}

/** `actions-v2: 3 changes, 1 breaking, from HEAD to the working tree (a major release)`. */
export function diffSummary(diff: SpecDiff): string {
  const span = `from ${diff.base} to ${diff.revision}`;
  if (!diff.level) {
    return `${diff.api}: no changes ${span}${diff.formOnly ? ' (the spec differs in form only)' : ''}`;
  }
  return `${diff.api}: ${countChanges(diff.changes)}, ${span} (a ${diff.level} release)`;
}

/** The JSON `zapgen diff --format json` prints: one entry per API. */
export function diffJson(diffs: readonly SpecDiff[]): string {
  return `${JSON.stringify(
    {
      apis: diffs.map((diff) => ({
        api: diff.api,
        base: diff.base,
        revision: diff.revision,
        release: diff.level ?? null,
        breaking: diff.changes.filter((change) => change.severity === 'breaking').length,
        nonBreaking: diff.changes.filter((change) => change.severity !== 'breaking').length,
        changes: diff.changes.map((change) => ({
          file: change.file,
          line: change.line,
          column: change.column,
          severity: change.severity,
          rule: change.rule,
          level: change.level,
          message: change.message,
          pointer: change.pointer,
          operations: change.operations,
          schemas: change.schemas,
        })),
      })),
    },
    null,
    2,
  )}\n`;
}
