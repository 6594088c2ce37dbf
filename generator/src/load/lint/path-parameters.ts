import { effectiveParameters, operations, templateNames } from './document.js';
import type { LintRule } from './rule.js';

/** Path templates and path parameters agree: without that, a client cannot build the URL. */
export const pathParameters: LintRule = {
  name: 'path-parameters',
  severity: 'error',
  description: 'every {name} of a path is a declared, required path parameter, and vice versa',
  check(document, report) {
    for (const site of operations(document)) {
      if (site.webhook) continue;
      const names = templateNames(site.path);
      const declared = effectiveParameters(document, site).filter(
        (parameter) => parameter.in === 'path',
      );
      for (const name of new Set(names)) {
        if (!declared.some((parameter) => parameter.name === name)) {
          report(site.pointer, `path parameter "${name}" of ${site.label} is not declared`);
        }
      }
      for (const parameter of declared) {
        if (!names.includes(parameter.name)) {
          report(
            parameter.pointer,
            `path parameter "${parameter.name}" is not in the path ${site.path}`,
          );
        } else if (parameter.parameter.required !== true) {
          report(parameter.pointer, `path parameter "${parameter.name}" must have required: true`);
        }
      }
    }
  },
};
