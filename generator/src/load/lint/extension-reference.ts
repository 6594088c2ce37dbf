import { isObject } from '../../json/pointer.js';
import { sameParameter } from './document.js';
import {
  declaredCollections,
  operationsWithParameters,
  parameterReferences,
} from './extensions.js';
import type { LintRule } from './rule.js';

/** Every parameter an extension names exists on its operation, in the stated location. */
export const extensionReference: LintRule = {
  name: 'extension-reference',
  severity: 'error',
  description:
    'every parameter named by an x-zapgen-* extension exists on the operation, in that location',
  check(document, report) {
    const collections = declaredCollections(document);
    const schemes =
      isObject(document.components) && isObject(document.components.securitySchemes)
        ? document.components.securitySchemes
        : {};
    for (const { site, parameters } of operationsWithParameters(document)) {
      const mock = site.operation['x-zapgen-mock'];
      if (
        isObject(mock) &&
        typeof mock.collection === 'string' &&
        !collections.includes(mock.collection)
      ) {
        report(
          `${site.pointer}/x-zapgen-mock/collection`,
          `collection "${mock.collection}" is not declared in the document's x-zapgen-mock collections`,
        );
      }
      if (isObject(mock) && isObject(mock.authorize) && typeof mock.authorize.scheme === 'string') {
        const scheme = schemes[mock.authorize.scheme];
        if (
          !isObject(scheme) ||
          !isObject(scheme.flows) ||
          !isObject(scheme.flows.authorizationCode)
        ) {
          report(
            `${site.pointer}/x-zapgen-mock/authorize/scheme`,
            `"${mock.authorize.scheme}" is not an oauth2 security scheme with an authorizationCode flow`,
          );
        }
      }
      for (const { pointer, value } of parameterReferences(site.operation, site.pointer)) {
        if (!isObject(value) || typeof value.name !== 'string' || typeof value.in !== 'string')
          continue;
        const reference = { name: value.name, in: value.in };
        if (parameters.some((parameter) => sameParameter(parameter, reference))) continue;
        const elsewhere = parameters.find((parameter) => parameter.name === reference.name);
        report(
          pointer,
          elsewhere
            ? `${reference.in} parameter "${reference.name}" is not a parameter of ${site.label}: "${reference.name}" is a ${elsewhere.in} parameter`
            : `${reference.in} parameter "${reference.name}" is not a parameter of ${site.label}`,
        );
      }
      const pagination = site.operation['x-zapgen-pagination'];
      if (!isObject(pagination)) continue;
      for (const field of [
        'pageParameter',
        'sizeParameter',
        'offsetParameter',
        'limitParameter',
        'cursorParameter',
      ]) {
        const name = pagination[field];
        if (typeof name !== 'string' || !name) continue;
        if (!parameters.some((parameter) => parameter.name === name && parameter.in === 'query')) {
          report(
            `${site.pointer}/x-zapgen-pagination/${field}`,
            `${field} "${name}" is not a query parameter of ${site.label}`,
          );
        }
      }
    }
  },
};
