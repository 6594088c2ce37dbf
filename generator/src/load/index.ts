/** Loading and validating specs. */
export { formatFinding, hasErrors, sortFindings, type Finding, type Severity } from './finding.js';
export { lintRules, type LintRule, type Report } from './lint/index.js';
export { ENTRY_NAMES, loadSpec, resolveEntry, type LoadedSpec } from './load-spec.js';
export { SourceMap, type SourceLocation } from './source-map.js';
export { validateSpec } from './validate.js';
