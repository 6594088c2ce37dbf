/** Where the `x-zapgen-*` extensions of an operation name its parameters, for rule `extension-reference`. */
import { isObject, toPointer } from '../../json/pointer.js';
import {
  effectiveParameters,
  operations,
  type Json,
  type OperationSite,
  type ParameterSite,
} from './document.js';

/** A parameter reference `{ in, name }` found in an extension, with its pointer. */
export interface ReferenceSite {
  pointer: string;
  value: Json;
}

/** Keys whose values are literal data, never references. */
const LITERALS = new Set(['value', 'passed', 'failed']);

/** Every `{ in, name }` object of the operation's `x-zapgen-*` extensions (rules, cache, mock). */
export function parameterReferences(operation: Json, pointer: string): ReferenceSite[] {
  const references: ReferenceSite[] = [];
  const collect = (node: unknown, at: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => collect(item, `${at}/${index}`));
    } else if (isObject(node)) {
      const keys = Object.keys(node);
      if (keys.length === 2 && keys.includes('in') && keys.includes('name'))
        references.push({ pointer: at, value: node });
      else
        for (const [key, value] of Object.entries(node))
          if (!LITERALS.has(key)) collect(value, `${at}${toPointer([key])}`);
    }
  };
  for (const [key, value] of Object.entries(operation))
    if (key.startsWith('x-zapgen-')) collect(value, `${pointer}${toPointer([key])}`);
  return references;
}

/** Operations with their effective parameters, for the reference checks. */
export function operationsWithParameters(
  document: Json,
): { site: OperationSite; parameters: ParameterSite[] }[] {
  return operations(document).map((site) => ({
    site,
    parameters: effectiveParameters(document, site),
  }));
}

/** The collection names the document's `x-zapgen-mock` declares. */
export function declaredCollections(document: Json): string[] {
  const mock = document['x-zapgen-mock'];
  return isObject(mock) && isObject(mock.collections) ? Object.keys(mock.collections) : [];
}
