import { operations } from './document.js';
import type { LintRule } from './rule.js';

/**
 * Every operation states its security, itself or through the document's `security`. An explicit
 * `security: []`, on the operation or on the whole document, is a deliberate choice (a public
 * API or operation) and passes; silence does not.
 */
export const operationSecured: LintRule = {
  name: 'operation-secured',
  severity: 'warning',
  description: "every operation has a security requirement (its own or the document's)",
  check(document, report) {
    const global = document.security;
    for (const site of operations(document)) {
      const own = site.operation.security;
      if (Array.isArray(own)) continue;
      if (Array.isArray(global)) continue;
      report(
        site.pointer,
        `${site.label} has no security requirement (add \`security\`, or \`security: []\` if it is public)`,
      );
    }
  },
};
