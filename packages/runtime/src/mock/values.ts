/**
 * The small expression language of the mock definitions: JSON pointers (with `*` for every array
 * member), value sources (parameter, body, parent record, caller, literal) and predicates.
 */
import type { ParameterRef } from '../definition.js';
import { isSet } from '../rules/is-set.js';
import type { ParameterGroups } from './deserialize.js';
import type { MockPredicate, MockSource, MockValue } from './definition.js';

/** What sources are read from while one request is handled. */
export interface Scope {
  parameters: ParameterGroups;
  body: unknown;
  parent: Record<string, unknown> | undefined;
  caller: Record<string, unknown>;
}

/** Something predicates test: a value, and the mock-only flags of the record it belongs to. */
export interface Subject {
  data: unknown;
  flags: readonly string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Every value at `pointer` (`*` fans out over array members); `[]` when nothing is there. */
export function pointerValues(value: unknown, pointer: string): unknown[] {
  if (pointer === '') return value === undefined ? [] : [value];
  let current: unknown[] = [value];
  for (const token of pointer.replace(/^\//, '').split('/').map(unescape)) {
    const next: unknown[] = [];
    for (const item of current) {
      if (token === '*' && Array.isArray(item)) next.push(...item);
      else if (Array.isArray(item) && /^\d+$/.test(token)) {
        if (Number(token) < item.length) next.push(item[Number(token)]);
      } else if (isRecord(item) && Object.hasOwn(item, token)) next.push(item[token]);
    }
    current = next;
  }
  return current.filter((item) => item !== undefined);
}

/** The parameter's value as parsed (with its default when the validator has one). */
export function parameterValue(parameters: ParameterGroups, ref: ParameterRef): unknown {
  return parameters[ref.in]?.[ref.name];
}

/** A source's value; `undefined` when it has none. */
export function sourceValue(source: MockSource, scope: Scope): unknown {
  if ('parameter' in source) return parameterValue(scope.parameters, source.parameter);
  if ('body' in source) return pointerValues(scope.body, source.body)[0];
  if ('parent' in source) return pointerValues(scope.parent, source.parent)[0];
  if ('caller' in source) return scope.caller[source.caller];
  return source.value;
}

/** A value with its `each` and `where` mapping applied (to an object's values or an array's members). */
export function mappedValue(value: MockValue, scope: Scope): unknown {
  const raw = sourceValue(value, scope);
  if (value.each === undefined && value.where === undefined) return raw;
  const keep = (member: unknown) =>
    (value.where ?? []).every((predicate) => holds(predicate, { data: member, flags: [] }, scope));
  const pick = (member: unknown) =>
    value.each === undefined ? member : pointerValues(member, value.each)[0];
  if (Array.isArray(raw)) return raw.filter(keep).map(pick);
  if (isRecord(raw))
    return Object.fromEntries(
      Object.entries(raw)
        .filter(([, member]) => keep(member))
        .map(([key, member]) => [key, pick(member)]),
    );
  return raw;
}

/** Equality that lets a query string match the number or boolean it spells. */
export function looselyEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // A bigint (an exact int64 of a `transformers.bigint` package) compares by its digits.
  const primitive = (value: unknown) =>
    ['string', 'number', 'boolean', 'bigint'].includes(typeof value);
  if (primitive(a) && primitive(b)) return String(a) === String(b);
  const digits = (_key: string, value: unknown) =>
    typeof value === 'bigint' ? String(value) : value;
  return JSON.stringify(a, digits) === JSON.stringify(b, digits);
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** Whether `predicate` holds for `subject`. A comparison with an unset parameter always holds. */
export function holds(predicate: MockPredicate, subject: Subject, scope: Scope): boolean {
  if ('flag' in predicate) return subject.flags.includes(predicate.flag) === predicate.present;
  if ('some' in predicate) {
    return pointerValues(subject.data, predicate.some)
      .flatMap(asList)
      .some((member) =>
        predicate.where.every((inner) => holds(inner, { data: member, flags: [] }, scope)),
      );
  }
  if (predicate.when !== undefined && !isSet(parameterValue(scope.parameters, predicate.when)))
    return true;
  const expected = sourceValue(predicate.source, scope);
  if ('parameter' in predicate.source && !isSet(expected)) return true;
  const values = pointerValues(subject.data, predicate.field);
  const anyEquals = (candidate: unknown) => values.some((value) => looselyEqual(value, candidate));
  switch (predicate.op) {
    case 'equals':
      return anyEquals(expected);
    case 'notEquals':
      return !anyEquals(expected);
    case 'in':
      return asList(expected).some(anyEquals);
    case 'notIn':
      return !asList(expected).some(anyEquals);
    case 'containsAll':
      return asList(expected).every(anyEquals);
    case 'includes':
      return values.some(
        (value) =>
          isRecord(value) &&
          isRecord(expected) &&
          Object.entries(expected).every(([key, item]) => looselyEqual(value[key], item)),
      );
  }
}
