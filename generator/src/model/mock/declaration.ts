/**
 * Reads the `x-zapgen-mock` extensions (spec/README.md) into the model. The linter checks their
 * shape (rule `extension-shape`); here a malformed entry is dropped rather than trusted.
 */
import { parameterRef } from '../extensions.js';
import { isNode, numberOf, stringOf, stringsOf, toJson } from '../json.js';
import type {
  JsonValue,
  MockBehaviourModel,
  MockComparison,
  MockDeclaration,
  MockDocumentDeclaration,
  MockPredicateModel,
  MockRequirementModel,
  MockSourceModel,
  MockValueModel,
  MockWhenModel,
} from '../types.js';

export const MOCK_KINDS: readonly MockBehaviourModel['kind'][] = [
  'list',
  'read',
  'create',
  'update',
  'delete',
  'check',
  'respond',
  'loginLink',
];
export const MOCK_COMPARISONS: readonly MockComparison[] = [
  'equals',
  'notEquals',
  'in',
  'notIn',
  'containsAll',
  'includes',
];

/** A value source: `{ parameter }`, `{ body }`, `{ parent }`, `{ caller }` or `{ value }`. */
export function mockSource(value: unknown): MockSourceModel | undefined {
  if (!isNode(value)) return undefined;
  if (value.parameter !== undefined) {
    const parameter = parameterRef(value.parameter);
    return parameter && { parameter };
  }
  for (const key of ['body', 'parent', 'caller'] as const) {
    const text = stringOf(value[key]);
    if (text !== undefined) return { [key]: text } as MockSourceModel;
  }
  if (Object.hasOwn(value, 'value')) return { value: toJson(value.value) };
  return undefined;
}

function mockValue(value: unknown): MockValueModel | undefined {
  const source = mockSource(value);
  if (!source || !isNode(value)) return undefined;
  const each = stringOf(value.each);
  const where = value.where === undefined ? undefined : predicates(value.where);
  return { ...source, ...(each !== undefined && { each }), ...(where && { where }) };
}

export function mockPredicate(value: unknown): MockPredicateModel | undefined {
  if (!isNode(value)) return undefined;
  if (typeof value.flag === 'string') return { flag: value.flag, present: true };
  if (typeof value.notFlag === 'string') return { flag: value.notFlag, present: false };
  if (typeof value.some === 'string') {
    const where = predicates(value.where);
    return where && { some: value.some, where };
  }
  const field = stringOf(value.field);
  const op = MOCK_COMPARISONS.find((candidate) => value[candidate] !== undefined);
  const source = op === undefined ? undefined : mockSource(value[op]);
  const when = value.when === undefined ? undefined : parameterRef(value.when);
  if (value.when !== undefined && !when) return undefined;
  return field !== undefined && op !== undefined && source
    ? { field, op, source, ...(when && { when }) }
    : undefined;
}

function predicates(value: unknown): MockPredicateModel[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return undefined;
  const parsed = value.map(mockPredicate);
  return parsed.every((item): item is MockPredicateModel => item !== undefined)
    ? parsed
    : undefined;
}

function values(value: unknown): Record<string, MockValueModel> {
  if (!isNode(value)) return {};
  const result: Record<string, MockValueModel> = {};
  for (const [key, item] of Object.entries(value)) {
    const parsed = mockValue(item);
    if (parsed) result[key] = parsed;
  }
  return result;
}

function whens(value: unknown): MockWhenModel[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parameter = isNode(item) ? parameterRef(item.parameter) : undefined;
    return parameter && isNode(item) ? [{ parameter, set: values(item.set) }] : [];
  });
}

function requirements(value: unknown): MockRequirementModel[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): MockRequirementModel[] => {
    if (!isNode(item)) return [];
    const every = mockSource(item.every);
    const where = predicates(item.where);
    const status = numberOf(item.status);
    const message = stringOf(item.message);
    const when = item.when === undefined ? undefined : parameterRef(item.when);
    if (
      !every ||
      !where ||
      status === undefined ||
      message === undefined ||
      (item.when !== undefined && !when)
    )
      return [];
    return [{ ...(when && { when }), every, where, status, message }];
  });
}

function optionalRef(value: unknown) {
  return value === undefined ? undefined : parameterRef(value);
}

/** An operation's `x-zapgen-mock`, or undefined when absent or without a known kind. */
export function mockDeclaration(value: unknown): MockDeclaration | undefined {
  if (!isNode(value) || !MOCK_KINDS.includes(value.kind as MockBehaviourModel['kind']))
    return undefined;
  const declaration: MockDeclaration = {
    kind: value.kind as MockBehaviourModel['kind'],
    filters: predicates(value.filters) ?? [],
    set: values(value.set),
    when: whens(value.when),
    require: requirements(value.require),
    fails: predicates(value.fails) ?? [],
    onFailure: values(value.onFailure),
  };
  const collection = stringOf(value.collection);
  if (collection !== undefined) declaration.collection = collection;
  const key = optionalRef(value.key);
  if (key) declaration.key = key;
  const itemsField = stringOf(value.itemsField);
  if (itemsField !== undefined) declaration.itemsField = itemsField;
  if (typeof value.replace === 'boolean') declaration.replace = value.replace;
  if (Object.hasOwn(value, 'passed')) declaration.passed = toJson(value.passed);
  if (Object.hasOwn(value, 'failed')) declaration.failed = toJson(value.failed);
  const field = stringOf(value.field);
  if (field !== undefined) declaration.field = field;
  for (const name of ['email', 'givenName', 'familyName', 'redirect'] as const) {
    const ref = optionalRef(value[name]);
    if (ref) declaration[name] = ref;
  }
  if (isNode(value.authorize)) {
    const scheme = stringOf(value.authorize.scheme);
    const clientId = parameterRef(value.authorize.clientId);
    const redirectUri = parameterRef(value.authorize.redirectUri);
    const codeChallenge = parameterRef(value.authorize.codeChallenge);
    if (scheme !== undefined && clientId && redirectUri && codeChallenge)
      declaration.authorize = { scheme, clientId, redirectUri, codeChallenge };
  }
  return declaration;
}

function numbers(value: unknown): Record<string, number> {
  if (!isNode(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, number] => numberOf(entry[1]) !== undefined,
    ),
  );
}

function seedGroups(value: unknown): MockDocumentDeclaration['collections'][number]['seed'] {
  if (!Array.isArray(value)) return [];
  return value.filter(isNode).map((group) => ({
    count: numberOf(group.count) ?? 1,
    values: isNode(group.values) ? (toJson(group.values) as { [key: string]: JsonValue }) : {},
    sequence: numbers(group.sequence),
    cycle: isNode(group.cycle)
      ? Object.fromEntries(
          Object.entries(group.cycle)
            .filter((entry) => Array.isArray(entry[1]))
            .map(([key, list]) => [key, toJson(list) as JsonValue[]]),
        )
      : {},
    flags: stringsOf(group.flags) ?? [],
    ...(group.owner === 'none' || group.owner === 'caller' ? { owner: group.owner } : {}),
  }));
}

/** The document's `x-zapgen-mock`: default caller attributes and declared collections. */
export function mockDocumentDeclaration(value: unknown): MockDocumentDeclaration {
  if (!isNode(value)) return { caller: {}, collections: [] };
  const collections = isNode(value.collections) ? value.collections : {};
  return {
    caller: isNode(value.caller) ? (toJson(value.caller) as { [key: string]: JsonValue }) : {},
    collections: Object.entries(collections)
      .filter((entry): entry is [string, Record<string, unknown>] => isNode(entry[1]))
      .map(([name, collection]) => {
        const schema = stringOf(collection.schema);
        const key = stringOf(collection.key);
        return {
          name,
          ...(schema !== undefined && { schema }),
          ...(key !== undefined && { key }),
          ...(typeof collection.private === 'boolean' && { private: collection.private }),
          seed: seedGroups(collection.seed),
        };
      }),
  };
}
