import { operations } from './document.js';
import type { LintRule } from './rule.js';

/** Without an operationId the generator derives a name from method and path, which is rarely what a user wants. */
export const operationIdPresent: LintRule = {
  name: 'operation-id-present',
  severity: 'warning',
  description: 'every operation has an operationId',
  check(document, report) {
    for (const site of operations(document)) {
      const id = site.operation.operationId;
      if (typeof id !== 'string' || !id.trim())
        report(site.pointer, `${site.label} has no operationId`);
    }
  },
};
