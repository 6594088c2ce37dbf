import { isObject } from '../../json/pointer.js';
import {
  HTTP_METHODS,
  parameterList,
  pathItems,
  sameParameter,
  type ParameterSite,
} from './document.js';
import type { LintRule } from './rule.js';

/** One parameter per name and location in each list: a duplicate makes the request ambiguous. */
export const uniqueParameters: LintRule = {
  name: 'unique-parameters',
  severity: 'error',
  description: 'no two parameters of a path item or an operation share name and location',
  check(document, report) {
    for (const { pathItem } of pathItems(document)) {
      const lists: ParameterSite[][] = [parameterList(document, pathItem.node, pathItem.pointer)];
      for (const method of HTTP_METHODS) {
        const operation = pathItem.node[method];
        if (isObject(operation))
          lists.push(parameterList(document, operation, `${pathItem.pointer}/${method}`));
      }
      for (const list of lists) {
        list.forEach((parameter, index) => {
          if (list.slice(0, index).some((other) => sameParameter(other, parameter))) {
            report(
              parameter.pointer,
              `${parameter.in} parameter "${parameter.name}" is declared twice`,
            );
          }
        });
      }
    }
  },
};
