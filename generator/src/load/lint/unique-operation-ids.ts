import { operations, type OperationSite } from './document.js';
import type { LintRule } from './rule.js';

/**
 * Every operationId names one operation: generated functions and `operations[...]` are keyed by
 * it. Each use of a shared id is reported, naming the others, so that the report does not
 * depend on the order of `paths`.
 */
export const uniqueOperationIds: LintRule = {
  name: 'unique-operation-ids',
  severity: 'error',
  description: 'every operationId is used by one operation only',
  check(document, report) {
    const users = new Map<string, OperationSite[]>();
    for (const site of operations(document)) {
      const id = site.operation.operationId;
      if (typeof id === 'string') users.set(id, [...(users.get(id) ?? []), site]);
    }
    for (const [id, sites] of users) {
      if (sites.length < 2) continue;
      for (const site of sites) {
        const others = sites.filter((other) => other !== site).map((other) => other.label);
        report(
          `${site.pointer}/operationId`,
          `operationId "${id}" of ${site.label} is also used by ${others.join(', ')}`,
        );
      }
    }
  },
};
