import { isObject, toPointer } from '../../json/pointer.js';
import { PARAMETER_LOCATIONS, operations, parameterList, resolve, type Json } from './document.js';
import { DOCUMENT_EXTENSIONS, OPERATION_EXTENSIONS, PARAMETER_EXTENSIONS } from './extensions.js';
import { checkMockDocument, checkMockOperation } from './mock-shape.js';
import type { LintRule, Report } from './rule.js';

/** The `x-zapgen-*` extensions have the fields, types and kinds of spec/README.md. */
export const extensionShape: LintRule = {
  name: 'extension-shape',
  severity: 'error',
  description: 'x-zapgen-* extensions have the documented fields, types and kinds',
  check(document, report) {
    checkKeys(document, '', DOCUMENT_EXTENSIONS, 'the document', report);
    if (document['x-zapgen-mock'] !== undefined)
      checkMockDocument(document, document['x-zapgen-mock'], '/x-zapgen-mock', report);
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
      checkKeys(site.operation, site.pointer, OPERATION_EXTENSIONS, 'an operation', report);
      const at = (key: string) => `${site.pointer}/${key}`;
      const { operation } = site;
      if (operation['x-zapgen-rules'] !== undefined)
        checkRules(operation['x-zapgen-rules'], at('x-zapgen-rules'), report);
      if (operation['x-zapgen-stability'] !== undefined) {
        checkObject(operation['x-zapgen-stability'], at('x-zapgen-stability'), report, {
          level: { required: true, check: oneOf(['unofficial', 'beta', 'stable']) },
          note: { check: isString },
        });
      }
      if (operation['x-zapgen-cache'] !== undefined) {
        checkObject(operation['x-zapgen-cache'], at('x-zapgen-cache'), report, {
          ttlSeconds: { required: true, check: isInteger(0) },
          scope: { required: true, check: isStringArray },
          refreshParameter: { check: isReference },
          ageField: { check: isNonEmptyString },
        });
      }
      const idempotency = operation['x-zapgen-idempotency'];
      if (idempotency !== undefined && idempotency !== true && isNonEmptyString(idempotency))
        report(
          at('x-zapgen-idempotency'),
          'x-zapgen-idempotency must be true (the Idempotency-Key header) or the name of the header',
        );
      if (operation['x-zapgen-mock'] !== undefined)
        checkMockOperation(operation['x-zapgen-mock'], at('x-zapgen-mock'), report);
      if (operation['x-zapgen-pagination'] !== undefined)
        checkPagination(operation['x-zapgen-pagination'], at('x-zapgen-pagination'), report);
      if (operation['x-zapgen-polling'] !== undefined) {
        checkObject(operation['x-zapgen-polling'], at('x-zapgen-polling'), report, {
          whileField: { required: true, check: isNonEmptyString },
          intervalMs: { required: true, check: isInteger(1) },
        });
      }
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

function checkParameter(document: Json, parameter: Json, pointer: string, report: Report): void {
  checkKeys(parameter, pointer, PARAMETER_EXTENSIONS, 'a parameter', report);
  const prefix = parameter['x-zapgen-key-prefix'];
  if (prefix === undefined) return;
  const at = `${pointer}/x-zapgen-key-prefix`;
  if (isNonEmptyString(prefix)) return report(at, 'x-zapgen-key-prefix must be a non-empty string');
  const schema = resolve(document, parameter.schema, `${pointer}/schema`)?.node;
  const type = schema?.type;
  const objectValued = type === 'object' || (Array.isArray(type) && type.includes('object'));
  const formExploded =
    (parameter.style ?? 'form') === 'form' && (parameter.explode ?? true) === true;
  if (parameter.in !== 'query' || !objectValued || !formExploded) {
    report(
      at,
      'x-zapgen-key-prefix needs an object-valued query parameter with style: form, explode: true',
    );
  }
}

/** Unknown `x-zapgen-*` keys are typos or extensions of another kind of object. */
function checkKeys(
  node: Json,
  pointer: string,
  known: readonly string[],
  what: string,
  report: Report,
): void {
  for (const key of Object.keys(node)) {
    if (key.startsWith('x-zapgen-') && !known.includes(key)) {
      report(
        `${pointer}/${key}`,
        `unknown extension ${key} on ${what} (known: ${known.join(', ')})`,
      );
    }
  }
}

function checkRules(value: unknown, pointer: string, report: Report): void {
  if (!Array.isArray(value)) return report(pointer, 'x-zapgen-rules must be a list of rules');
  value.forEach((rule, index) => {
    const at = `${pointer}/${index}`;
    if (!isObject(rule)) return report(at, 'a rule must be an object with a kind');
    if (rule.kind === 'mutuallyExclusive') {
      checkObject(rule, at, report, {
        kind: { required: true, check: isString },
        parameters: { required: true, check: isReferenceList(2) },
        description: { check: isString },
      });
    } else if (rule.kind === 'requiredWith') {
      checkObject(rule, at, report, {
        kind: { required: true, check: isString },
        if: { required: true, check: isReference },
        then: { required: true, check: isReferenceList(1) },
        description: { check: isString },
      });
    } else {
      report(
        rule.kind === undefined ? at : `${at}/kind`,
        `rule kind must be mutuallyExclusive or requiredWith (found ${JSON.stringify(rule.kind)})`,
      );
    }
  });
}

function checkPagination(value: unknown, pointer: string, report: Report): void {
  if (!isObject(value)) return report(pointer, 'x-zapgen-pagination must be an object with a kind');
  if (value.kind === 'page') {
    checkObject(value, pointer, report, {
      kind: { required: true, check: isString },
      pageParameter: { required: true, check: isNonEmptyString },
      sizeParameter: { check: isNonEmptyString },
      itemsField: { required: true, check: isString },
      totalPagesField: { check: isNonEmptyString },
      firstPage: { check: isInteger(0) },
      totalItemsField: { check: isNonEmptyString },
      nextField: { check: isNonEmptyString },
      previousField: { check: isNonEmptyString },
    });
  } else if (value.kind === 'offset') {
    checkObject(value, pointer, report, {
      kind: { required: true, check: isString },
      offsetParameter: { required: true, check: isNonEmptyString },
      limitParameter: { required: true, check: isNonEmptyString },
      itemsField: { required: true, check: isString },
      nextField: { check: isNonEmptyString },
      previousField: { check: isNonEmptyString },
      totalItemsField: { check: isNonEmptyString },
    });
  } else {
    report(
      value.kind === undefined ? pointer : `${pointer}/kind`,
      `pagination kind must be page or offset (found ${JSON.stringify(value.kind)})`,
    );
  }
}

/** A field check returns what the value should be, or undefined when it is fine. */
type Check = (value: unknown) => string | undefined;

function checkObject(
  value: unknown,
  pointer: string,
  report: Report,
  fields: Record<string, { required?: boolean; check: Check }>,
): void {
  if (!isObject(value))
    return report(pointer, `must be an object with ${Object.keys(fields).join(', ')}`);
  for (const [name, field] of Object.entries(fields)) {
    if (value[name] === undefined) {
      if (field.required) report(pointer, `missing required field "${name}"`);
      continue;
    }
    const problem = field.check(value[name]);
    if (problem) report(`${pointer}/${name}`, `${name} must be ${problem}`);
  }
  for (const name of Object.keys(value)) {
    if (!Object.hasOwn(fields, name))
      report(
        `${pointer}/${name}`,
        `unknown field "${name}" (expected ${Object.keys(fields).join(', ')})`,
      );
  }
}

function isString(value: unknown): string | undefined {
  return typeof value === 'string' ? undefined : 'a string';
}

function isNonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? undefined : 'a non-empty string';
}

function isStringArray(value: unknown): string | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
    ? undefined
    : 'a list of strings';
}

function isInteger(minimum: number): Check {
  return (value) =>
    Number.isInteger(value) && (value as number) >= minimum
      ? undefined
      : `an integer >= ${minimum}`;
}

function oneOf(values: string[]): Check {
  return (value) =>
    typeof value === 'string' && values.includes(value) ? undefined : `one of ${values.join(', ')}`;
}

function isReference(value: unknown): string | undefined {
  const valid =
    isObject(value) &&
    typeof value.name === 'string' &&
    value.name !== '' &&
    (PARAMETER_LOCATIONS as readonly unknown[]).includes(value.in) &&
    Object.keys(value).every((key) => key === 'in' || key === 'name');
  return valid
    ? undefined
    : `a parameter reference { in: ${PARAMETER_LOCATIONS.join('|')}, name: string }`;
}

function isReferenceList(minimum: number): Check {
  return (value) =>
    Array.isArray(value) &&
    value.length >= minimum &&
    value.every((item) => isReference(item) === undefined)
      ? undefined
      : `a list of at least ${minimum} parameter references { in: ${PARAMETER_LOCATIONS.join('|')}, name: string }`;
}
