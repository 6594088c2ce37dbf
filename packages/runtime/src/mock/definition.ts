/**
 * What a generated `mock.ts` tells the runtime's mock about its API beyond the operation
 * definitions: the collections of the simulated store, what each operation does to them, and the
 * shape of the API's error bodies. The generator builds it from the spec (inferred resources and
 * the `x-zapgen-mock` extensions of spec/README.md); the runtime knows no API.
 */
import type { JsonValue, ParameterRef } from '../definition.js';

/** Where a value comes from when the mock builds a record, a filter or a response. */
export type MockSource =
  /** The parameter's parsed value (its default when absent); a filter on an unset parameter is skipped. */
  | { parameter: ParameterRef }
  /** A JSON pointer into the request body (`""` is the whole body). */
  | { body: string }
  /** A JSON pointer into the parent record of a sub-resource route. */
  | { parent: string }
  /** An attribute of the caller (`user`, or one the spec or the credentials table sets). */
  | { caller: string }
  /** A literal value. */
  | { value: JsonValue };

/** A source, optionally mapped: `each` picks a pointer in every member, `where` keeps members that match. */
export type MockValue = MockSource & { each?: string; where?: MockPredicate[] };

/** Comparisons of a record field (pointer, `*` for every array member) with a source. */
export type MockComparison = 'equals' | 'notEquals' | 'in' | 'notIn' | 'containsAll' | 'includes';

export type MockPredicate =
  /** With `when`: only while that parameter is set (else it holds). */
  | { field: string; op: MockComparison; source: MockSource; when?: ParameterRef }
  /** Holds when the record has (`present: true`) or lacks the mock-only flag. */
  | { flag: string; present: boolean }
  /** Holds when some member of the array at `some` matches every predicate of `where`. */
  | { some: string; where: MockPredicate[] };

/** A group of seeded records, generated in order (the order of the listing). */
export interface MockSeedGroup {
  count: number;
  /** Property values; `{n}` in a string is the 1-based index within the group, `{i}` within the collection. */
  values: Record<string, JsonValue>;
  /** Numeric properties counting up from the given start. */
  sequence: Record<string, number>;
  /** Properties taking the listed values in turn. */
  cycle: Record<string, JsonValue[]>;
  /** Mock-only labels that filters and checks can test; never sent. */
  flags: string[];
  /** Whose records these are: the default caller's user, or nobody (public). */
  owner: 'caller' | 'none';
}

export interface MockCollectionDefinition {
  /** The identifying property. */
  key: string;
  /** How new keys are made: a uuid, the next integer, or `<collection>-<n>`. */
  keyType: 'uuid' | 'integer' | 'string';
  /** Records belong to the user who created them (or the seed's owner); other users never see them. */
  private: boolean;
  /** Base values of a new record (the item schema's minimal fixture); the request's values go over them. */
  base: Record<string, unknown>;
  seed: MockSeedGroup[];
  /**
   * The record's `writeOnly` properties: kept in the store (as a server keeps a password's hash),
   * never in an answer.
   */
  hidden?: string[];
}

/** An item route's parent: the operation is under an item of this collection, which must exist. */
export interface MockParent {
  collection: string;
  key: ParameterRef;
}

/** A conditional change: when `parameter` is set, `set` applies. */
export interface MockWhen {
  parameter: ParameterRef;
  set: Record<string, MockValue>;
}

/** A condition the request must meet (else `status` with `message`); only while `when` is set, if given. */
export interface MockRequirement {
  when?: ParameterRef;
  /** Every member of this value must match `where`. */
  every: MockSource;
  where: MockPredicate[];
  status: number;
  message: string;
}

interface MockWrites {
  /** Body properties written onto the record (those the body and the item schemas share). */
  bodyProperties: string[];
  /** Properties written from the request; body properties that the item schema has are written too. */
  set: Record<string, MockValue>;
  when: MockWhen[];
  require: MockRequirement[];
  /** Query parameters whose names are properties of the record: stored when set. */
  queryProperties: string[];
}

export type MockBehaviour = { parent?: MockParent } & (
  | {
      kind: 'list';
      collection: string;
      /** Response field holding the items; `""` when the body is the array. */
      itemsField: string;
      filters: MockPredicate[];
      /** Response properties that repeat a parameter of the same name (`page`, `per_page`). */
      echo: string[];
      /** Link fields of the pagination that may be null; the others are left out when there is no link. */
      nullableFields: string[];
    }
  | { kind: 'read'; collection: string; key: ParameterRef }
  | ({ kind: 'create'; collection: string } & MockWrites)
  | ({ kind: 'update'; collection: string; key: ParameterRef; replace: boolean } & MockWrites)
  | {
      kind: 'delete';
      collection: string;
      key: ParameterRef;
      /** `boolean`: 200 with true when deleted, false when not found; `status`: the 2xx, or 404. */
      result: 'boolean' | 'status';
    }
  | {
      kind: 'check';
      collection: string;
      key: ParameterRef;
      /** The check fails when every predicate holds. */
      fails: MockPredicate[];
      /** Written onto the record when the check fails. */
      onFailure: Record<string, MockValue>;
      passed: JsonValue;
      failed: JsonValue;
    }
  | ({ kind: 'respond' } & MockWrites)
  | {
      kind: 'loginLink';
      /** Response field receiving the link. */
      field: string;
      email?: ParameterRef;
      givenName?: ParameterRef;
      familyName?: ParameterRef;
      /** Where the user goes after signing in. */
      redirect?: ParameterRef;
      /** Or: on to the authorize endpoint of this authorization-code scheme, with these parameters. */
      authorize?: {
        scheme: string;
        clientId: ParameterRef;
        redirectUri: ParameterRef;
        codeChallenge: ParameterRef;
      };
    }
);

/** How an error fits the API's error schema: which properties receive what. */
export interface MockErrorShape {
  /** A string property receiving the message. */
  messageField?: string;
  /** An array-of-strings property receiving the message and each issue. */
  listField?: string;
  /** A property receiving the list of issues. */
  detailsField?: string;
  /** A string property receiving the machine-readable code (`invalid_parameters`). */
  codeField?: string;
  /** A number property receiving the HTTP status. */
  statusField?: string;
  /** Unknown properties are allowed: `code` and `issues` are added when no field took them. */
  open: boolean;
}

export interface MockDefinition {
  /** Attributes of the default caller (`user` identifies the owner of private records). */
  caller: Record<string, JsonValue>;
  collections: Record<string, MockCollectionDefinition>;
  /** What each operation does to the store, by operationId; the others answer their fixture. */
  behaviours: Record<string, MockBehaviour>;
  /** Error shapes by schema name. */
  errorShapes: Record<string, MockErrorShape>;
  /** Per operation, the error shape of each declared error status (`400`, `4XX`, `default`). */
  operationErrors: Record<string, Record<string, string>>;
  /** The error shape used where an operation declares none. */
  defaultError?: string;
}
