import { operations } from './document.js';
import type { LintRule } from './rule.js';

/** Every operationId names one operation: generated functions and `operations[...]` are keyed by it. */
export const uniqueOperationIds: LintRule = {
  name: 'unique-operation-ids',
  severity: 'error',
  description: 'every operationId is used by one operation only',
  check(document, report) {
    const first = new Map<string, string>();
    for (const site of operations(document)) {
      const id = site.operation.operationId;
      if (typeof id !== 'string') continue;
      const owner = first.get(id);
      if (owner === undefined) first.set(id, site.label);
      else report(`${site.pointer}/operationId`, `operationId "${id}" of ${site.label} is already used by ${owner}`);
    }
  },
};
