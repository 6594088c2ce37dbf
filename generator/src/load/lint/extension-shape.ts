/**
 * Rule `extension-shape`: every `x-zapgen-*` extension fits its schema (`extensions/`, the one
 * the model reads it with), stands where it may, and names what the document has.
 */
import {
  DOCUMENT_EXTENSIONS,
  OPERATION_EXTENSIONS,
  PARAMETER_EXTENSIONS,
  problemsOf,
} from '../../extensions/index.js';
import type { z } from 'zod';
import { isObject, toPointer } from '../../json/pointer.js';
import { operations, parameterList, resolve, type Json } from './document.js';
import type { LintRule, Report } from './rule.js';

export const extensionShape: LintRule = {
  name: 'extension-shape',
  severity: 'error',
  description: 'x-zapgen-* extensions have the documented fields, types and kinds',
  check(document, report) {
    checkExtensions({
      node: document,
      pointer: '',
      known: DOCUMENT_EXTENSIONS,
      what: 'the document',
      report,
    });
    checkCollectionSchemas(document, report);
    const seenParameters = new Set<string>();
    const components =
      isObject(document.components) && isObject(document.components.parameters)
        ? document.components.parameters
        : {};
    for (const [name, parameter] of Object.entries(components)) {
      const pointer = toPointer(['components', 'parameters', name]);
      if (!isObject(parameter) || typeof parameter.$ref === 'string') continue;
      seenParameters.add(pointer);
      checkParameter(document, parameter, pointer, report);
    }
    for (const site of operations(document)) {
      checkExtensions({
        node: site.operation,
        pointer: site.pointer,
        known: OPERATION_EXTENSIONS,
        what: 'an operation',
        report,
      });
      for (const owner of [{ node: site.operation, pointer: site.pointer }, site.pathItem]) {
        for (const parameter of parameterList(document, owner.node, owner.pointer)) {
          if (seenParameters.has(parameter.resolvedPointer)) continue;
          seenParameters.add(parameter.resolvedPointer);
          checkParameter(document, parameter.parameter, parameter.resolvedPointer, report);
        }
      }
    }
  },
};

/** Each extension of `node` against its schema; an unknown `x-zapgen-*` key is a typo or misplaced. */
function checkExtensions(input: {
  node: Json;
  pointer: string;
  known: Record<string, z.ZodType>;
  what: string;
  report: Report;
}): void {
  const { node, pointer, known, what, report } = input;
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith('x-zapgen-')) continue;
    const at = `${pointer}/${key}`;
    const schema = Object.hasOwn(known, key) ? known[key] : undefined;
    if (!schema) {
      report(at, `unknown extension ${key} on ${what} (known: ${Object.keys(known).join(', ')})`);
      continue;
    }
    for (const problem of problemsOf(schema, value, key))
      report(`${at}${toPointer(problem.path)}`, problem.message);
  }
}

function checkParameter(document: Json, parameter: Json, pointer: string, report: Report): void {
  checkExtensions({
    node: parameter,
    pointer,
    known: PARAMETER_EXTENSIONS,
    what: 'a parameter',
    report,
  });
  if (typeof parameter['x-zapgen-key-prefix'] !== 'string') return;
  const schema = resolve(document, parameter.schema, `${pointer}/schema`)?.node;
  const type = schema?.type;
  const objectValued = type === 'object' || (Array.isArray(type) && type.includes('object'));
  const formExploded =
    (parameter.style ?? 'form') === 'form' && (parameter.explode ?? true) === true;
  if (parameter.in !== 'query' || !objectValued || !formExploded) {
    report(
      `${pointer}/x-zapgen-key-prefix`,
      'x-zapgen-key-prefix needs an object-valued query parameter with style: form, explode: true',
    );
  }
}

/** A declared mock collection's `schema` names a component schema. */
function checkCollectionSchemas(document: Json, report: Report): void {
  const mock = document['x-zapgen-mock'];
  if (!isObject(mock) || !isObject(mock.collections)) return;
  const schemas =
    isObject(document.components) && isObject(document.components.schemas)
      ? document.components.schemas
      : {};
  for (const [name, collection] of Object.entries(mock.collections)) {
    if (!isObject(collection) || typeof collection.schema !== 'string') continue;
    if (!Object.hasOwn(schemas, collection.schema))
      report(
        toPointer(['x-zapgen-mock', 'collections', name, 'schema']),
        `schema must name a schema of components.schemas (found ${JSON.stringify(collection.schema)})`,
      );
  }
}
