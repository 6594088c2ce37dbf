/**
 * The help of `zapgen diff`, apart from the command so that the CLI can print it (and every other
 * command can start) without loading the diff machinery, which loads the model and its libraries.
 */
import { plainDiffRules, SCHEMA_CHANGES } from '../diff/rules.js';

export const DIFF_HELP = `Usage: zapgen diff [--base <git-ref|file|folder>] [--spec <file|folder>] [--format text|json]

Compares each spec with an earlier version of it and classifies every change by what it does
to code that uses the generated package. Prints one line per change,
file:line:col  breaking|non-breaking  rule  message, located in the newer spec, then a summary.
$refs, allOf, 3.0 nullable and 3.1 type arrays are compared by meaning: moving a schema into
a $ref is not a change. Exits 1 when a change is breaking (or a spec is invalid), 0 otherwise.

Options:
  --base <ref|path>     The earlier version: a git ref (the spec's files as committed there),
                        or a spec file or folder (a generated package's openapi.json works)
                        (default: HEAD)
  --spec <file|folder>  The newer version (default: every spec/<api>/ folder with an openapi.yaml)
  --spec-root <folder>  The folder a $ref may read the spec's files in (default: the spec's own
                        folder); the base is read with the same folder of its checkout or path
  --format <text|json>  Output format (default: text)
  --debug               Print stack traces of internal errors
  -h, --help            Show this help

Rules (a breaking change bumps the major version, an addition the minor, others the patch):
${plainDiffRules
  .map((rule) => `  ${rule.name.padEnd(33)}${rule.level.padEnd(7)}${rule.description}`)
  .join('\n')}

Changes inside schemas, named request-<kind>, response-<kind>, or schema-<kind> for a component
no operation uses (which takes the stricter of the two):
  ${'kind'.padEnd(31)}${'request'.padEnd(9)}${'response'.padEnd(10)}
${Object.entries(SCHEMA_CHANGES)
  .map(
    ([kind, change]) =>
      `  ${kind.padEnd(31)}${change.request.padEnd(9)}${change.response.padEnd(10)}${change.description}`,
  )
  .join('\n')}`;
