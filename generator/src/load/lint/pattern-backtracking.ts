/**
 * Rule `pattern-backtracking`: a schema's `pattern` (or a `patternProperties` key) that can
 * backtrack super-linearly (ReDoS) is a risk in any validator of that field: a backtracking
 * engine (JavaScript's, so zod's and ajv's) can run for minutes on one long string it rejects.
 * AWS Transfer's `^\$\{(\w+.)+\w+\}$` made zapgen's own fixture check hang on a 257-character
 * string. zapgen never runs such a pattern with JavaScript's engine (`json/pattern.ts`; a fixture's
 * value is checked with RE2's, `linearMatcher`); the warning says what that leaves out, and that
 * the generated zod validators keep the pattern, as the spec says.
 */
import { isObject, toPointer } from '../../json/pointer.js';
import { backtracking } from '../../json/pattern.js';
import { isDataKey, roleOf, type KeyRole } from '../keywords.js';
import type { LintRule, Report } from './rule.js';

export const patternBacktracking: LintRule = {
  name: 'pattern-backtracking',
  severity: 'warning',
  description:
    'patterns run in linear time (one that can backtrack super-linearly is a ReDoS risk in any validator)',
  check(document, report) {
    visit({ node: document, segments: [], roles: [], report });
  },
};

/** Every `pattern` keyword and `patternProperties` key under `node`, data (examples, values) aside. */
function visit({
  node,
  segments,
  roles,
  report,
}: {
  node: unknown;
  segments: string[];
  roles: KeyRole[];
  report: Report;
}): void {
  if (typeof node !== 'object' || node === null) return;
  const parentKey = segments.at(-1);
  const inArray = Array.isArray(node);
  const entries = inArray
    ? node.map((value, index) => [String(index), value] as const)
    : Object.entries(node);
  for (const [key, value] of entries) {
    const role = roleOf({
      inArray,
      parentKey,
      parentRole: roles.at(-1),
      grandparentKey: segments.at(-2),
    });
    if (role === 'keyword' && isDataKey({ key, parentKey, value })) continue;
    const path = [...segments, key];
    if (role === 'keyword' && key === 'pattern' && typeof value === 'string')
      check({ pattern: value, path, report, key: false });
    else if (role === 'name' && parentKey === 'patternProperties' && roles.at(-1) === 'keyword')
      check({ pattern: key, path, report, key: true });
    if (isObject(value) || Array.isArray(value))
      visit({ node: value, segments: path, roles: [...roles, role], report });
  }
}

function check({
  pattern,
  path,
  report,
  key,
}: {
  pattern: string;
  path: string[];
  report: Report;
  /** A `patternProperties` key (it matches property names), not a `pattern` (it matches a string). */
  key: boolean;
}): void {
  const found = backtracking(pattern);
  if (!found) return;
  const run = found.character
    ? `a long run of ${JSON.stringify(found.character)} that it then rejects`
    : 'some long strings it rejects';
  const risk =
    found.growth === 'unknown'
      ? `the pattern ${JSON.stringify(pattern)} could not be analysed for backtracking, so it is not known to run in linear time (ReDoS): if it can backtrack, any validator of this field, the generated zod schemas included, can hang on a long value; simplify it, or bound the length before matching`
      : `the pattern ${JSON.stringify(pattern)} can backtrack ${found.growth === 'exponential' ? 'exponentially' : 'polynomially'} on ${run} (ReDoS): any validator of this field, the generated zod schemas included, can hang on such a value; rewrite it so that no two quantifiers can match the same characters, or bound the length before matching`;
  report(
    toPointer(path),
    `${risk}. zapgen does not run it: ${key ? 'the keys of its fixtures are not checked against it' : 'its fixtures take a value made from it, or the value of their format where RE2 (linear in time) finds that it matches; with a format zod checks and no such value, the fixture is left out. No invalid fixture changes this string'}`,
  );
}
