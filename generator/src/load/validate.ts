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
  const { document, sourceMap } = spec;
  if (!document) return sortFindings(spec.findings);
  const found: (Omit<Finding, 'file' | 'line' | 'column'> & { pointer: string })[] = [];
  for (const { pointer, message } of validateOpenApiSchema(document)) {
    found.push({ pointer, rule: 'openapi-schema', severity: 'error', message });
  }
  // A Swagger 2.0 document still here is invalid (a valid one was converted): its schema errors say why.
  if (document.swagger === '2.0' && document.openapi === undefined)
    rules = rules.filter((rule) => rule.name === 'resolvable-refs');
  for (const rule of rules) {
    rule.check(document, (pointer, message) =>
      found.push({ pointer, rule: rule.name, severity: rule.severity, message }),
    );
  }
  // Located in one batch: a JSON file is scanned once for all its findings.
  const locations = sourceMap.locateMany(found.map((finding) => finding.pointer));
  const located = found.map(({ pointer: _pointer, ...finding }, index) => ({
    ...locations[index]!,
    ...finding,
  }));
  return sortFindings([...spec.findings, ...withoutEchoes(located)]);
}

/**
 * A lint error usually explains a schema violation at the same place better (a path parameter
 * without `required: true` is both): the schema finding is dropped there.
 */
function withoutEchoes(findings: Finding[]): Finding[] {
  const place = (finding: Finding) => `${finding.file}:${finding.line}:${finding.column}`;
  const explained = new Set(
    findings
      .filter((finding) => finding.rule !== 'openapi-schema' && finding.severity === 'error')
      .map(place),
  );
  return findings.filter(
    (finding) => finding.rule !== 'openapi-schema' || !explained.has(place(finding)),
  );
}
