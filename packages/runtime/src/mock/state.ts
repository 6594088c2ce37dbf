/**
 * The mock's in-memory state: the records of each collection (seeded from the definition), the
 * users who signed up, the tokens, grants and authorization codes of the OAuth flows, and the
 * prefill-style caches. Plain JSON, so that a test or `npm run mock` can snapshot, save and load it.
 */
import type { MockCollectionDefinition, MockDefinition, MockSeedGroup } from './definition.js';
import { ownValue, setOwn, ownOrCreate } from '../own.js';

/** One stored record: the data the API shows, plus mock-only flags and its owner. */
export interface StoredRecord {
  data: Record<string, unknown>;
  flags: string[];
  /** The `user` attribute of the caller who owns it; `null` when public. */
  owner: unknown;
}

/** A token the mock accepts. */
export interface IssuedToken {
  scopes: string[];
  /** Attributes of the caller the token stands for (`user`, `email`, ...). */
  caller: Record<string, unknown>;
  clientId?: string;
  /** Clock time in ms; absent when the token does not expire. */
  expiresAt?: number;
}

export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scopes: string[];
  caller: Record<string, unknown>;
  expiresAt: number;
  /** Tokens issued with it: revoked when the code is replayed (RFC 6749 §4.1.2). */
  issued: string[];
  used: boolean;
}

export interface CacheEntry {
  /** Clock time of the last refresh. */
  refreshedAt: number;
  /** Clock time when the refresh finishes loading. */
  readyAt: number;
}

/** A one-time step of a browser flow: a login link's sign-in, or a consent page's decision. */
export type Ticket =
  | { kind: 'signIn'; email: string; name: string; next: string; expiresAt: number }
  | { kind: 'consent'; request: unknown; caller: Record<string, unknown>; expiresAt: number };

export interface MockState {
  version: 1;
  collections: Record<string, StoredRecord[]>;
  /** Counters of generated integer and string keys, by collection. */
  counters: Record<string, number>;
  /** Users who signed up through a login link, by email. */
  users: Record<string, Record<string, unknown>>;
  tokens: Record<string, IssuedToken>;
  refreshTokens: Record<string, IssuedToken>;
  /** Scopes a user granted a client, keyed `<user> <client>`: `approval_prompt=auto` skips the consent then. */
  grants: Record<string, string[]>;
  codes: Record<string, AuthorizationCode>;
  tickets: Record<string, Ticket>;
  /** Browsers signed in through a login link: session cookie → caller attributes. */
  sessions: Record<string, Record<string, unknown>>;
  cache: Record<string, CacheEntry>;
  /** State of the seeded generator of keys, so that a loaded state goes on with the same sequence. */
  random: number;
}

/** A seeded generator (mulberry32): the same seed gives the same keys and data. */
export function nextRandom(state: { random: number }): number {
  state.random = (state.random + 0x6d2b79f5) | 0;
  let t = state.random;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A version 4 UUID from the seeded generator. */
export function seededUuid(state: { random: number }): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(nextRandom(state) * 256));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An unguessable secret (tokens, codes): not seeded. */
export function secret(prefix: string): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(24));
  return `${prefix}_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function clone<T>(value: T): T {
  if (value === undefined) return value;
  try {
    return JSON.parse(JSON.stringify(value)) as T;
  } catch (error) {
    // A bigint (an int64 beyond 2^53 a `transformers.bigint` package reads exactly): copied as is.
    if (error instanceof TypeError) return structuredClone(value);
    throw error;
  }
}

function fillTemplate(value: unknown, indexes: { n: number; i: number }): unknown {
  if (typeof value === 'string')
    return value.replace(/\{n\}/g, String(indexes.n)).replace(/\{i\}/g, String(indexes.i));
  if (Array.isArray(value)) return value.map((item) => fillTemplate(item, indexes));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillTemplate(item, indexes)]),
    );
  }
  return value;
}

/** Makes a new key for the collection (seeded: the same seed gives the same keys). */
export function newKey(options: {
  state: MockState;
  name: string;
  collection: MockCollectionDefinition;
}): unknown {
  const { state, name, collection } = options;
  if (collection.keyType === 'uuid') return seededUuid(state);
  const existing = (ownValue(state.collections, name) ?? []).map(
    (record) => record.data[collection.key],
  );
  const highest = existing.reduce<number>(
    (max, key) => (typeof key === 'number' && key > max ? key : max),
    0,
  );
  const counter =
    Math.max(ownValue(state.counters, name) ?? 0, collection.keyType === 'integer' ? highest : 0) +
    1;
  setOwn(state.counters, name, counter);
  return collection.keyType === 'integer' ? counter : `${name}-${counter}`;
}

function seedGroup(options: {
  state: MockState;
  name: string;
  collection: MockCollectionDefinition;
  group: MockSeedGroup;
  seedBase: Record<string, unknown>;
  callerUser: unknown;
}): void {
  const { state, name, collection, group } = options;
  const records = ownOrCreate(state.collections, name, () => []);
  for (let n = 1; n <= group.count; n += 1) {
    const indexes = { n, i: records.length + 1 };
    // The fixture's key would be shared by every seeded record: keys come from the values or are made.
    const { [collection.key]: _fixtureKey, ...base } = clone(options.seedBase);
    const data: Record<string, unknown> = {
      ...base,
      ...(fillTemplate(clone(group.values), indexes) as Record<string, unknown>),
    };
    for (const [property, start] of Object.entries(group.sequence))
      setOwn(data, property, start + n - 1);
    for (const [property, values] of Object.entries(group.cycle)) {
      if (values.length)
        setOwn(data, property, fillTemplate(clone(values[(n - 1) % values.length]), indexes));
    }
    if (data[collection.key] === undefined)
      data[collection.key] = newKey({ state, name, collection });
    records.push({
      data,
      flags: [...group.flags],
      owner: group.owner === 'caller' ? options.callerUser : null,
    });
  }
}

/** A fresh state: every collection seeded, nothing issued. */
export function seededState(options: {
  definition: MockDefinition;
  seed: number;
  /** Full fixtures of the item schemas, by collection: the base of every seeded record. */
  seedBases: Record<string, Record<string, unknown>>;
}): MockState {
  const state: MockState = {
    version: 1,
    collections: {},
    counters: {},
    users: {},
    tokens: {},
    refreshTokens: {},
    grants: {},
    codes: {},
    tickets: {},
    sessions: {},
    cache: {},
    random: options.seed | 0,
  };
  for (const [name, collection] of Object.entries(options.definition.collections)) {
    setOwn(state.collections, name, []);
    for (const group of collection.seed) {
      seedGroup({
        state,
        name,
        collection,
        group,
        seedBase: ownValue(options.seedBases, name) ?? collection.base,
        callerUser: options.definition.caller.user,
      });
    }
  }
  return state;
}

/** Checks that a loaded value is a state of this mock; throws a readable error otherwise. */
export function assertState(
  value: unknown,
  definition: MockDefinition,
): asserts value is MockState {
  const state = value as Partial<MockState> | null;
  if (
    typeof state !== 'object' ||
    state === null ||
    state.version !== 1 ||
    typeof state.collections !== 'object' ||
    state.collections === null
  ) {
    throw new TypeError(
      'Not a mock state: expected an object with version 1 and collections (as saved by snapshot()).',
    );
  }
  for (const name of Object.keys(state.collections)) {
    if (!Object.hasOwn(definition.collections, name))
      throw new TypeError(`Not a state of this mock: unknown collection "${name}".`);
    const records = ownValue(state.collections, name);
    if (
      !Array.isArray(records) ||
      !records.every((record) => typeof record?.data === 'object' && Array.isArray(record.flags))
    ) {
      throw new TypeError(
        `Mock state: collection "${name}" must be a list of { data, flags, owner } records.`,
      );
    }
  }
}
