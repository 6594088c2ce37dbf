/** What validation reports: one problem, located in the file where the user wrote it. */

export type Severity = 'error' | 'warning';

/** One problem found in a spec, with the position of the offending node in its source file. */
export interface Finding {
  /** Path of the source file, relative to the working directory (posix separators). */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** Name of the rule that found it (`unique-operation-ids`, `yaml-syntax`, ...). */
  rule: string;
  severity: Severity;
  message: string;
}

/** `file:line:col  severity  rule  message`, the way editors and terminals link to a position. */
export function formatFinding(finding: Finding): string {
  const message = finding.message.replace(/\s*[\r\n]+\s*/g, ' ');
  return `${finding.file}:${finding.line}:${finding.column}  ${finding.severity}  ${finding.rule}  ${message}`;
}

/** Findings in reading order: by file, line, column, then rule, without exact duplicates. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return [...findings]
    .sort(
      (a, b) =>
        compare(a.file, b.file) ||
        a.line - b.line ||
        a.column - b.column ||
        compare(a.rule, b.rule) ||
        compare(a.message, b.message),
    )
    .filter((finding) => {
      const key = formatFinding(finding);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** True when any finding blocks generation. */
export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((finding) => finding.severity === 'error');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
