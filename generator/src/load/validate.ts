/** Validation of a loaded spec: the OpenAPI schema and the lint rules, located in the source files. */
import type { Finding } from './finding.js';
import { sortFindings } from './finding.js';
import { lintRules } from './lint/index.js';
import type { LintRule } from './lint/rule.js';
import type { LoadedSpec } from './load-spec.js';
import { validateOpenApiSchema } from './validate-schema.js';

/**
 * Every problem of `spec`: load problems first found by the loader, then schema violations and
 * lint findings. Sorted by file and position.
 */
export function validateSpec(spec: LoadedSpec, rules: readonly LintRule[] = lintRules): Finding[] {
  const findings: Finding[] = [...spec.findings];
  const { document, sourceMap } = spec;
  if (!document) return sortFindings(findings);
  const at = (pointer: string) => sourceMap.locate(pointer);
  for (const violation of validateOpenApiSchema(document)) {
    findings.push({ ...at(violation.pointer), rule: 'openapi-schema', severity: 'error', message: violation.message });
  }
  for (const rule of rules) {
    rule.check(document, (pointer, message) => {
      findings.push({ ...at(pointer), rule: rule.name, severity: rule.severity, message });
    });
  }
  return sortFindings(findings);
}
