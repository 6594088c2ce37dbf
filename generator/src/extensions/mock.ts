/**
 * `x-zapgen-mock` (spec/README.md): the document's (caller, collections, seeds) and each
 * operation's (what it does to the store). Sources, predicates and seed groups come out as the
 * runtime's `MockDefinition` types them; an operation's declaration is what the mock model
 * completes from the paths (items field, key parameter, body and query properties).
 */
import type {
  MockComparison,
  MockPredicate,
  MockSeedGroup,
  MockSource,
  MockValue,
} from '@zapgen/runtime/mock';
import { z } from 'zod';
import {
  byKeys,
  byKind,
  fields,
  integer,
  json,
  jsonPointer,
  listOf,
  mapOf,
  nonEmpty,
} from './kit.js';
import { parameterReference } from './operation.js';

const SOURCES = ['parameter', 'body', 'parent', 'caller', 'value'] as const;
const COMPARISONS = [
  'equals',
  'notEquals',
  'in',
  'notIn',
  'containsAll',
  'includes',
] as const satisfies readonly MockComparison[];

const SOURCE_FIELDS = {
  parameter: parameterReference,
  body: jsonPointer,
  parent: jsonPointer,
  caller: nonEmpty,
  value: json,
};

/** `{ parameter } | { body } | { parent } | { caller } | { value }`, with `extra` fields beside. */
function sourceWith<T>(extra: z.ZodRawShape): z.ZodType<T> {
  const bySource = new Map<string, z.ZodType>(
    SOURCES.map((key) => [key, fields({ [key]: SOURCE_FIELDS[key], ...extra })]),
  );
  return byKeys(`a source: one of ${SOURCES.join(', ')}`, (value) => {
    const given = SOURCES.filter((key) => Object.hasOwn(value, key));
    return given.length === 1 && given[0] !== undefined
      ? (bySource.get(given[0]) as z.ZodType<T>)
      : `must have exactly one of ${SOURCES.join(', ')}`;
  });
}

/** Where a value comes from. */
export const mockSource = sourceWith<MockSource>({});

const predicates = (minimum = 0) =>
  listOf(
    z.lazy(() => mockPredicate),
    { minimum, noun: 'predicates' },
  );

const PREDICATE_FORMS = {
  flag: fields({ flag: nonEmpty }).transform(({ flag }) => ({ flag, present: true })),
  notFlag: fields({ notFlag: nonEmpty }).transform(({ notFlag }) => ({
    flag: notFlag,
    present: false,
  })),
  some: fields({ some: jsonPointer, where: predicates(1) }),
};

const compared = mockSource.optional();

/** `{ field, <comparison>: source, when? }` (`mockPredicate` lets exactly one comparison through). */
const comparison = fields({
  field: jsonPointer,
  equals: compared,
  notEquals: compared,
  in: compared,
  notIn: compared,
  containsAll: compared,
  includes: compared,
  when: parameterReference.optional(),
}).transform(({ field, when, ...sources }, context): MockPredicate => {
  for (const op of COMPARISONS) {
    const source = sources[op];
    if (source) return { field, op, source, ...(when && { when }) };
  }
  context.issues.push({ code: 'custom', message: 'must have a comparison', input: sources });
  return z.NEVER;
});

/** `{ field, <comparison>: source, when? }`, `{ flag }`, `{ notFlag }` or `{ some, where }`. */
export const mockPredicate: z.ZodType<MockPredicate> = byKeys(
  'a predicate: { field, <comparison> }, { flag }, { notFlag } or { some, where }',
  (value): z.ZodType<MockPredicate> | string => {
    for (const form of ['flag', 'notFlag', 'some'] as const)
      if (value[form] !== undefined) return PREDICATE_FORMS[form];
    return COMPARISONS.filter((name) => Object.hasOwn(value, name)).length === 1
      ? comparison
      : `must have field and exactly one of ${COMPARISONS.join(', ')}`;
  },
);

/** A source that may be mapped: `each` member of it, the members matching `where`. */
export const mockValue = sourceWith<MockValue>({
  each: jsonPointer.optional(),
  where: predicates().optional(),
});

const values = mapOf(mockValue);

/** What a create, an update or a respond writes. */
const writes = {
  set: values.default({}),
  when: listOf(fields({ parameter: parameterReference, set: values })).default([]),
  require: listOf(
    fields({
      when: parameterReference.optional(),
      every: mockSource,
      where: predicates(1),
      status: integer(400, 599),
      message: nonEmpty,
    }),
  ).default([]),
};

const key = parameterReference.optional();

/** An operation's `x-zapgen-mock`: a kind and the fields of that kind. */
export const mockOperation = byKind([
  fields({
    kind: z.literal('list'),
    collection: nonEmpty,
    filters: predicates().default([]),
    itemsField: z.string().optional(),
  }),
  fields({ kind: z.literal('read'), collection: nonEmpty, key }),
  fields({ kind: z.literal('create'), collection: nonEmpty, ...writes }),
  fields({
    kind: z.literal('update'),
    collection: nonEmpty,
    key,
    replace: z.boolean().optional(),
    ...writes,
  }),
  fields({ kind: z.literal('delete'), collection: nonEmpty, key }),
  fields({
    kind: z.literal('check'),
    collection: nonEmpty,
    key,
    fails: predicates(1),
    onFailure: values.default({}),
    passed: json,
    failed: json,
  }),
  fields({ kind: z.literal('respond'), ...writes }),
  fields({
    kind: z.literal('loginLink'),
    field: nonEmpty,
    email: key,
    givenName: key,
    familyName: key,
    redirect: key,
    authorize: fields({
      scheme: nonEmpty,
      clientId: parameterReference,
      redirectUri: parameterReference,
      codeChallenge: parameterReference,
    }).optional(),
  }),
]);

/** An operation's `x-zapgen-mock` as written (the mock model completes it). */
export type MockDeclaration = z.output<typeof mockOperation>;

const seedGroup = fields({
  count: integer(1, 100_000).default(1),
  values: mapOf(json).default({}),
  sequence: mapOf(z.number()).default({}),
  cycle: mapOf(listOf(json, { minimum: 1 })).default({}),
  flags: listOf(nonEmpty).default([]),
  // Absent: the caller's in a private collection, else nobody's.
  owner: z.enum(['caller', 'none']).optional(),
}) satisfies z.ZodType<Omit<MockSeedGroup, 'owner'> & Partial<Pick<MockSeedGroup, 'owner'>>>;

/** The document's `x-zapgen-mock`: the default caller and the declared collections with their seeds. */
export const mockDocument = fields({
  caller: mapOf(json).default({}),
  collections: mapOf(
    fields({
      schema: nonEmpty,
      key: nonEmpty.optional(),
      private: z.boolean().optional(),
      seed: listOf(seedGroup).default([]),
    }),
  ).default({}),
});

export type MockDocumentDeclaration = z.output<typeof mockDocument>;
