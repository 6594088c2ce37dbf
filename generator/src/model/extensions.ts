/**
 * The `x-zapgen-*` extensions of an operation (see spec/README.md). Their shape is checked by the
 * linter; here a malformed entry is dropped rather than trusted.
 */
import { isNode, numberOf, stringOf, stringsOf, type Node } from './json.js';
import { mockDeclaration } from './mock/declaration.js';
import type {
  OperationExtensions,
  PaginationModel,
  ParameterRef,
  ParameterRuleModel,
} from './types.js';

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);

/** The extensions of one operation object. */
export function operationExtensions(operation: Node): OperationExtensions {
  const stability = stabilityOf(operation['x-zapgen-stability']);
  const cache = cacheOf(operation['x-zapgen-cache']);
  const pagination = paginationOf(operation['x-zapgen-pagination']);
  const polling = pollingOf(operation['x-zapgen-polling']);
  const mock = mockDeclaration(operation['x-zapgen-mock']);
  const idempotency = operation['x-zapgen-idempotency'];
  const idempotencyHeader =
    idempotency === true ? 'Idempotency-Key' : stringOf(idempotency) || undefined;
  return {
    rules: rulesOf(operation['x-zapgen-rules']),
    ...(stability && { stability }),
    ...(cache && { cache }),
    ...(pagination && { pagination }),
    ...(polling && { polling }),
    ...(mock && { mock }),
    ...(idempotencyHeader && { idempotency: { header: idempotencyHeader } }),
  };
}

export function parameterRef(value: unknown): ParameterRef | undefined {
  if (
    !isNode(value) ||
    typeof value.in !== 'string' ||
    !LOCATIONS.has(value.in) ||
    typeof value.name !== 'string'
  )
    return undefined;
  return { in: value.in as ParameterRef['in'], name: value.name };
}

/** Every member a valid reference, else undefined. */
function parameterRefs(value: unknown): ParameterRef[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const refs = value.map((item) => parameterRef(item));
  return refs.every((ref): ref is ParameterRef => ref !== undefined) ? refs : undefined;
}

function rulesOf(value: unknown): ParameterRuleModel[] {
  if (!Array.isArray(value)) return [];
  const rules: ParameterRuleModel[] = [];
  for (const entry of value) {
    if (!isNode(entry)) continue;
    const description = stringOf(entry.description);
    const described = description === undefined ? {} : { description };
    if (entry.kind === 'mutuallyExclusive') {
      const parameters = parameterRefs(entry.parameters);
      if (parameters && parameters.length >= 2)
        rules.push({ kind: 'mutuallyExclusive', parameters, ...described });
    } else if (entry.kind === 'requiredWith') {
      const condition = parameterRef(entry.if);
      const then = parameterRefs(entry.then);
      if (condition && then && then.length > 0)
        rules.push({ kind: 'requiredWith', if: condition, then, ...described });
    }
  }
  return rules;
}

function stabilityOf(value: unknown): OperationExtensions['stability'] {
  if (!isNode(value) || typeof value.level !== 'string') return undefined;
  const note = stringOf(value.note);
  return { level: value.level, ...(note !== undefined && { note }) };
}

function cacheOf(value: unknown): OperationExtensions['cache'] {
  if (!isNode(value)) return undefined;
  const ttlSeconds = numberOf(value.ttlSeconds);
  const scope = value.scope === undefined ? [] : stringsOf(value.scope);
  const refreshParameter =
    value.refreshParameter === undefined ? undefined : parameterRef(value.refreshParameter);
  const ageField = stringOf(value.ageField);
  if (ttlSeconds === undefined || scope === undefined) return undefined;
  if (value.refreshParameter !== undefined && !refreshParameter) return undefined;
  return {
    ttlSeconds,
    scope,
    ...(refreshParameter && { refreshParameter }),
    ...(ageField !== undefined && { ageField }),
  };
}

function paginationOf(value: unknown): PaginationModel | undefined {
  if (!isNode(value) || typeof value.itemsField !== 'string') return undefined;
  const optional = (key: string) => {
    const field = stringOf(value[key]);
    return field === undefined ? {} : { [key]: field };
  };
  if (value.kind === 'page') {
    const firstPage = value.firstPage === undefined ? 1 : numberOf(value.firstPage);
    if (typeof value.pageParameter !== 'string' || firstPage === undefined) return undefined;
    return {
      kind: 'page',
      pageParameter: value.pageParameter,
      ...optional('sizeParameter'),
      itemsField: value.itemsField,
      ...optional('totalPagesField'),
      firstPage,
      ...optional('totalItemsField'),
      ...optional('nextField'),
      ...optional('previousField'),
    };
  }
  if (value.kind === 'offset') {
    if (typeof value.offsetParameter !== 'string' || typeof value.limitParameter !== 'string')
      return undefined;
    return {
      kind: 'offset',
      offsetParameter: value.offsetParameter,
      limitParameter: value.limitParameter,
      itemsField: value.itemsField,
      ...optional('nextField'),
      ...optional('previousField'),
      ...optional('totalItemsField'),
    };
  }
  return undefined;
}

function pollingOf(value: unknown): OperationExtensions['polling'] {
  if (!isNode(value)) return undefined;
  const intervalMs = numberOf(value.intervalMs);
  if (typeof value.whileField !== 'string' || intervalMs === undefined) return undefined;
  return { whileField: value.whileField, intervalMs };
}
