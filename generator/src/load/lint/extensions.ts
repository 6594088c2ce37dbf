/** Where the `x-zapgen-*` extensions of spec/README.md live, shared by the two extension rules. */
import { isObject } from '../../json/pointer.js';
import {
  effectiveParameters,
  operations,
  type Json,
  type OperationSite,
  type ParameterSite,
} from './document.js';

export const PARAMETER_EXTENSIONS = ['x-zapgen-key-prefix'] as const;
export const OPERATION_EXTENSIONS = [
  'x-zapgen-rules',
  'x-zapgen-stability',
  'x-zapgen-cache',
  'x-zapgen-pagination',
  'x-zapgen-polling',
  'x-zapgen-mock',
  'x-zapgen-idempotency',
] as const;
export const DOCUMENT_EXTENSIONS = ['x-zapgen-mock'] as const;

/** A parameter reference `{ in, name }` found in an extension, with its pointer. */
export interface ReferenceSite {
  pointer: string;
  value: unknown;
}

/** The parameter references of an operation's extensions (well-formed or not). */
export function parameterReferences(operation: Json, pointer: string): ReferenceSite[] {
  const references: ReferenceSite[] = [];
  const rules = operation['x-zapgen-rules'];
  if (Array.isArray(rules)) {
    rules.forEach((rule, index) => {
      if (!isObject(rule)) return;
      const at = `${pointer}/x-zapgen-rules/${index}`;
      if (Array.isArray(rule.parameters)) {
        rule.parameters.forEach((value, item) =>
          references.push({ pointer: `${at}/parameters/${item}`, value }),
        );
      }
      if (rule.if !== undefined) references.push({ pointer: `${at}/if`, value: rule.if });
      if (Array.isArray(rule.then)) {
        rule.then.forEach((value, item) =>
          references.push({ pointer: `${at}/then/${item}`, value }),
        );
      }
    });
  }
  const mock = operation['x-zapgen-mock'];
  if (isObject(mock)) collectReferences(mock, `${pointer}/x-zapgen-mock`, references);
  const cache = operation['x-zapgen-cache'];
  if (isObject(cache) && cache.refreshParameter !== undefined) {
    references.push({
      pointer: `${pointer}/x-zapgen-cache/refreshParameter`,
      value: cache.refreshParameter,
    });
  }
  return references;
}

/** Every `{ in, name }` object inside a mock extension (keys, sources, conditions). */
function collectReferences(node: unknown, pointer: string, references: ReferenceSite[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => collectReferences(item, `${pointer}/${index}`, references));
    return;
  }
  if (!isObject(node)) return;
  const keys = Object.keys(node);
  if (keys.length === 2 && keys.includes('in') && keys.includes('name')) {
    references.push({ pointer, value: node });
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    // Literal values are data, not references.
    if (key === 'value' || key === 'passed' || key === 'failed') continue;
    collectReferences(
      value,
      `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      references,
    );
  }
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
