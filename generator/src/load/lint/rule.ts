import type { Severity } from '../finding.js';

/** Reports a problem at a JSON pointer of the bundled document. */
export type Report = (pointer: string, message: string) => void;

/** One lint rule: a pure check of the bundled document (internal `$ref`s only). */
export interface LintRule {
  name: string;
  severity: Severity;
  /** One line, for `--help` and docs. */
  description: string;
  check(document: Record<string, unknown>, report: Report): void;
}
