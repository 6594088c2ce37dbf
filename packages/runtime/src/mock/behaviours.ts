/**
 * What an operation does to the store: list (filters, pagination), read, create, update, delete,
 * check, respond and login links, as the mock definition says. Pure functions of the request's
 * scope and the state; the handler does the routing, security and validation before.
 */
import type { OperationDefinition, PaginationDefinition, ParameterRef } from '../definition.js';
import { MockProblem, type Answer } from './answer.js';
import type {
  MockBehaviour,
  MockCollectionDefinition,
  MockDefinition,
  MockRequirement,
  MockValue,
  MockWhen,
} from './definition.js';
import { clone, newKey, type MockState, type StoredRecord } from './state.js';
import {
  holds,
  looselyEqual,
  mappedValue,
  parameterValue,
  sourceValue,
  type Scope,
} from './values.js';
import { isSet } from '../rules/is-set.js';
import { ownOrCreate, ownValue, setOwn } from '../own.js';
import { fieldPath } from '../json/pointer.js';

/** Everything a behaviour may read or change while one request is handled. */
export interface BehaviourContext {
  operation: OperationDefinition;
  definition: MockDefinition;
  state: MockState;
  scope: Scope;
  /** The status and body the fixtures give for a 2xx (the base of composed answers). */
  success: { status: number; body: unknown };
  /** The request URL with credentials removed, for next/previous links. */
  linkUrl: URL;
  /** Creates a one-time sign-in link for a login-link behaviour. */
  signInLink: (ticket: { email: string; name: string; next: string }) => string;
  /** The authorize URL on the mock for an authorization-code scheme, with these query values. */
  authorizeUrl: (scheme: string, query: Record<string, string>) => string;
}

function collectionOf(
  context: BehaviourContext,
  name: string,
): { definition: MockCollectionDefinition; records: StoredRecord[] } {
  const definition = ownValue(context.definition.collections, name);
  if (definition === undefined)
    throw new Error(`The mock definition names an unknown collection "${name}".`);
  return { definition, records: ownOrCreate(context.state.collections, name, () => []) };
}

/** A record as an answer carries it: a copy, without its writeOnly (`hidden`) properties. */
function answered(definition: MockCollectionDefinition, data: Record<string, unknown>): unknown {
  const copy = clone(data);
  for (const name of definition.hidden ?? []) delete copy[name];
  return copy;
}

/** Whether the caller may see the record: public ones, and private ones they own. */
function visible(record: StoredRecord, context: BehaviourContext): boolean {
  return (
    record.owner === null ||
    record.owner === undefined ||
    looselyEqual(record.owner, context.scope.caller.user)
  );
}

function keyOf(context: BehaviourContext, ref: ParameterRef): unknown {
  return parameterValue(context.scope.parameters, ref);
}

function notFound(collection: string, key: unknown): MockProblem {
  return new MockProblem({
    status: 404,
    code: 'not_found',
    message: `No ${collection} item has the key ${JSON.stringify(key)}.`,
  });
}

function find(
  context: BehaviourContext,
  collection: string,
  ref: ParameterRef,
): StoredRecord | undefined {
  const { definition, records } = collectionOf(context, collection);
  const key = keyOf(context, ref);
  return records.find(
    (record) => looselyEqual(record.data[definition.key], key) && visible(record, context),
  );
}

function findOrFail(
  context: BehaviourContext,
  collection: string,
  ref: ParameterRef,
): StoredRecord {
  const record = find(context, collection, ref);
  if (record === undefined) throw notFound(collection, keyOf(context, ref));
  return record;
}

function checkRequirements(
  requirements: readonly MockRequirement[],
  context: BehaviourContext,
): void {
  for (const requirement of requirements) {
    if (
      requirement.when !== undefined &&
      !isSet(parameterValue(context.scope.parameters, requirement.when))
    )
      continue;
    const value = sourceValue(requirement.every, context.scope);
    const members = Array.isArray(value)
      ? value
      : typeof value === 'object' && value !== null
        ? Object.values(value)
        : [];
    const offending = members.filter(
      (member) =>
        !requirement.where.every((predicate) =>
          holds(predicate, { data: member, flags: [] }, context.scope),
        ),
    );
    if (offending.length)
      throw new MockProblem({
        status: requirement.status,
        code: 'unprocessable',
        message: requirement.message,
      });
  }
}

function applySets(
  target: Record<string, unknown>,
  sets: Record<string, MockValue>,
  context: BehaviourContext,
): void {
  for (const [property, value] of Object.entries(sets)) {
    const resolved = mappedValue(value, context.scope);
    if (resolved !== undefined) setOwn(target, property, clone(resolved));
  }
}

function applyWrites(
  target: Record<string, unknown>,
  writes: { set: Record<string, MockValue>; when: MockWhen[]; queryProperties: string[] },
  context: BehaviourContext,
): void {
  for (const name of writes.queryProperties) {
    const value = ownValue(context.scope.parameters.query, name);
    if (value !== undefined) setOwn(target, name, clone(value));
  }
  applySets(target, writes.set, context);
  for (const when of writes.when) {
    if (isSet(parameterValue(context.scope.parameters, when.parameter)))
      applySets(target, when.set, context);
  }
}

function bodyFields(context: BehaviourContext): Record<string, unknown> {
  const body = context.scope.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (clone(body) as Record<string, unknown>)
    : {};
}

function baseObject(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (clone(body) as Record<string, unknown>)
    : {};
}

/** A numeric query value (parsed), else the fallback. */
function numberParameter(
  context: BehaviourContext,
  name: string | undefined,
  fallback: number | undefined,
): number | undefined {
  if (name === undefined) return fallback;
  const value = ownValue(context.scope.parameters.query, name);
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function link(context: BehaviourContext, values: Record<string, number | string>): string {
  const url = new URL(context.linkUrl);
  for (const [name, value] of Object.entries(values)) url.searchParams.set(name, String(value));
  return url.href;
}

/** One page of `items`, and the link fields and headers of the response, by the operation's pagination. */
function paginate(options: {
  items: unknown[];
  pagination: PaginationDefinition | undefined;
  context: BehaviourContext;
}): {
  items: unknown[];
  fields: Record<string, unknown>;
  headers?: Record<string, string>;
} {
  const { items, pagination, context } = options;
  if (pagination === undefined) return { items, fields: {} };
  const total = items.length;
  const fields: Record<string, unknown> = {};
  if (pagination.totalItemsField !== undefined) setOwn(fields, pagination.totalItemsField, total);
  if (pagination.kind === 'page') {
    const size = numberParameter(context, pagination.sizeParameter, undefined);
    const page =
      numberParameter(context, pagination.pageParameter, pagination.firstPage) ??
      pagination.firstPage;
    const pages = size === undefined ? 1 : Math.max(1, Math.ceil(total / size));
    const index = page - pagination.firstPage;
    const slice =
      size === undefined
        ? index === 0
          ? items
          : []
        : items.slice(index * size, index * size + size);
    if (pagination.totalPagesField !== undefined) setOwn(fields, pagination.totalPagesField, pages);
    const last = pagination.firstPage + pages - 1;
    if (pagination.nextField !== undefined)
      fields[pagination.nextField] =
        page < last ? link(context, { [pagination.pageParameter]: page + 1 }) : null;
    if (pagination.previousField !== undefined) {
      fields[pagination.previousField] =
        page > pagination.firstPage
          ? link(context, { [pagination.pageParameter]: Math.min(page - 1, last) })
          : null;
    }
    return { items: slice, fields };
  }
  if (pagination.kind === 'cursor') return cursorPage({ items, pagination, context, fields });
  const offset = numberParameter(context, pagination.offsetParameter, 0) ?? 0;
  const limit = numberParameter(context, pagination.limitParameter, undefined);
  const slice = limit === undefined ? items.slice(offset) : items.slice(offset, offset + limit);
  const step = limit ?? total;
  if (pagination.nextField !== undefined) {
    fields[pagination.nextField] =
      offset + slice.length < total
        ? link(context, { [pagination.offsetParameter]: offset + slice.length })
        : null;
  }
  if (pagination.previousField !== undefined) {
    fields[pagination.previousField] =
      offset > 0
        ? link(context, { [pagination.offsetParameter]: Math.max(0, offset - step) })
        : null;
  }
  return { items: slice, fields };
}

/**
 * The mock's own cursors name the position of the next item, opaque as an API's are; with
 * `cursorItemField` the cursor is that field of the last item seen, as the API's would be.
 */
function encodeCursor(position: number): string {
  return btoa(`position:${position}`).replace(/=+$/, '');
}

function positionAfter(options: {
  items: unknown[];
  pagination: Extract<PaginationDefinition, { kind: 'cursor' }>;
  context: BehaviourContext;
}): number {
  const { items, pagination, context } = options;
  const given = ownValue(context.scope.parameters.query, pagination.cursorParameter);
  if (given === undefined || given === null || given === '') return 0;
  const cursor = String(given);
  const itemField = pagination.cursorItemField;
  let position: number | undefined;
  if (itemField !== undefined) {
    const index = items.findIndex((item) => {
      const value = ownValue(item as Record<string, unknown>, itemField);
      return value !== undefined && value !== null && String(value) === cursor;
    });
    if (index >= 0) position = index + 1;
  } else {
    let decoded: string | undefined;
    try {
      decoded = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    } catch {
      decoded = undefined;
    }
    const match = decoded === undefined ? null : /^position:(\d+)$/.exec(decoded);
    if (match) position = Number(match[1]);
  }
  if (position === undefined) {
    throw new MockProblem({
      status: 400,
      code: 'invalid_cursor',
      message: `${pagination.cursorParameter} "${cursor}" is not a cursor this list gave out`,
    });
  }
  return position;
}

/** One page of a cursor pagination: the items after the cursor, and the next cursor or link. */
function cursorPage(options: {
  items: unknown[];
  pagination: Extract<PaginationDefinition, { kind: 'cursor' }>;
  context: BehaviourContext;
  fields: Record<string, unknown>;
}): { items: unknown[]; fields: Record<string, unknown>; headers?: Record<string, string> } {
  const { items, pagination, context, fields } = options;
  const start = positionAfter({ items, pagination, context });
  const size = numberParameter(context, pagination.sizeParameter, undefined);
  const slice = size === undefined ? items.slice(start) : items.slice(start, start + size);
  const end = start + slice.length;
  const more = end < items.length && slice.length > 0;
  if (pagination.hasMoreField !== undefined) setOwn(fields, pagination.hasMoreField, more);
  if (pagination.cursorItemField === undefined) {
    const cursor = more ? encodeCursor(end) : null;
    if (pagination.nextCursorField !== undefined) fields[pagination.nextCursorField] = cursor;
    if (pagination.nextUrlField !== undefined) {
      fields[pagination.nextUrlField] =
        cursor === null ? null : link(context, { [pagination.cursorParameter]: cursor });
    }
    if (pagination.nextLinkHeader === true && cursor !== null) {
      const next = link(context, { [pagination.cursorParameter]: cursor });
      return { items: slice, fields, headers: { link: `<${next}>; rel="next"` } };
    }
  }
  return { items: slice, fields };
}

/**
 * Sets the field a pagination names (a property name, or a JSON Pointer: `fieldPath`), making
 * the objects on its way; `undefined` removes it.
 */
function setField(body: Record<string, unknown>, name: string, value: unknown): void {
  const path = fieldPath(name);
  const last = path.pop();
  if (last === undefined) return;
  let target = body;
  for (const key of path) {
    const next = ownValue(target, key);
    if (typeof next === 'object' && next !== null && !Array.isArray(next))
      target = next as Record<string, unknown>;
    else {
      if (value === undefined) return;
      const created: Record<string, unknown> = {};
      setOwn(target, key, created);
      target = created;
    }
  }
  if (value === undefined) delete target[last];
  else setOwn(target, last, value);
}

function list(
  behaviour: Extract<MockBehaviour, { kind: 'list' }>,
  context: BehaviourContext,
): Answer {
  const { definition, records } = collectionOf(context, behaviour.collection);
  const matching = records
    .filter(
      (record) =>
        visible(record, context) &&
        behaviour.filters.every((predicate) => holds(predicate, record, context.scope)),
    )
    .map((record) => answered(definition, record.data));
  const page = paginate({ items: matching, pagination: context.operation.pagination, context });
  const headers = page.headers && { headers: page.headers };
  if (behaviour.itemsField === '')
    return { status: context.success.status, body: page.items, ...headers };
  const body = baseObject(context.success.body);
  setField(body, behaviour.itemsField, page.items);
  for (const [field, value] of Object.entries(page.fields)) {
    // A link field the schema does not let be null is left out on the first or last page.
    setField(
      body,
      field,
      value === null && !behaviour.nullableFields.includes(field) ? undefined : value,
    );
  }
  for (const name of behaviour.echo) {
    const value = ownValue(context.scope.parameters.query, name);
    if (value !== undefined) setOwn(body, name, value);
  }
  return { status: context.success.status, body, ...headers };
}

function create(
  behaviour: Extract<MockBehaviour, { kind: 'create' }>,
  context: BehaviourContext,
): Answer {
  const { definition, records } = collectionOf(context, behaviour.collection);
  checkRequirements(behaviour.require, context);
  const data: Record<string, unknown> = { ...clone(definition.base) };
  const fields = bodyFields(context);
  for (const name of behaviour.bodyProperties)
    if (fields[name] !== undefined) setOwn(data, name, fields[name]);
  applyWrites(data, behaviour, context);
  const given = fields[definition.key];
  if (given !== undefined && behaviour.bodyProperties.includes(definition.key)) {
    if (records.some((record) => looselyEqual(record.data[definition.key], given))) {
      throw new MockProblem({
        status: 409,
        code: 'conflict',
        message: `A ${behaviour.collection} item with the key ${JSON.stringify(given)} exists.`,
      });
    }
    setOwn(data, definition.key, given);
  } else {
    data[definition.key] = newKey({
      state: context.state,
      name: behaviour.collection,
      collection: definition,
    });
  }
  records.push({
    data,
    flags: [],
    owner: definition.private ? (context.scope.caller.user ?? null) : null,
  });
  return { status: context.success.status, body: answered(definition, data) };
}

function update(
  behaviour: Extract<MockBehaviour, { kind: 'update' }>,
  context: BehaviourContext,
): Answer {
  const { definition } = collectionOf(context, behaviour.collection);
  const record = findOrFail(context, behaviour.collection, behaviour.key);
  checkRequirements(behaviour.require, context);
  const fields = bodyFields(context);
  const key = record.data[definition.key];
  const data: Record<string, unknown> = behaviour.replace
    ? { ...clone(definition.base) }
    : record.data;
  for (const name of behaviour.bodyProperties)
    if (fields[name] !== undefined) setOwn(data, name, fields[name]);
  applyWrites(data, behaviour, context);
  setOwn(data, definition.key, key);
  record.data = data;
  return { status: context.success.status, body: answered(definition, data) };
}

function remove(
  behaviour: Extract<MockBehaviour, { kind: 'delete' }>,
  context: BehaviourContext,
): Answer {
  const { records } = collectionOf(context, behaviour.collection);
  const record = find(context, behaviour.collection, behaviour.key);
  if (record === undefined) {
    if (behaviour.result === 'boolean') return { status: context.success.status, body: false };
    throw notFound(behaviour.collection, keyOf(context, behaviour.key));
  }
  records.splice(records.indexOf(record), 1);
  if (behaviour.result === 'boolean') return { status: context.success.status, body: true };
  return { status: context.success.status, body: context.success.body };
}

function check(
  behaviour: Extract<MockBehaviour, { kind: 'check' }>,
  context: BehaviourContext,
): Answer {
  const record = findOrFail(context, behaviour.collection, behaviour.key);
  const failed =
    behaviour.fails.length > 0 &&
    behaviour.fails.every((predicate) => holds(predicate, record, context.scope));
  if (failed)
    applySets(record.data, behaviour.onFailure, {
      ...context,
      scope: { ...context.scope, parent: record.data },
    });
  return {
    status: context.success.status,
    body: clone(failed ? behaviour.failed : behaviour.passed),
  };
}

function respond(
  behaviour: Extract<MockBehaviour, { kind: 'respond' }>,
  context: BehaviourContext,
): Answer {
  checkRequirements(behaviour.require, context);
  const body = baseObject(context.success.body);
  applyWrites(body, behaviour, context);
  return { status: context.success.status, body };
}

function loginLink(
  behaviour: Extract<MockBehaviour, { kind: 'loginLink' }>,
  context: BehaviourContext,
): Answer {
  const text = (ref: ParameterRef | undefined) => {
    const value = ref === undefined ? undefined : parameterValue(context.scope.parameters, ref);
    return typeof value === 'string' ? value : '';
  };
  let next = text(behaviour.redirect) || '/';
  if (behaviour.authorize !== undefined) {
    const { scheme, clientId, redirectUri, codeChallenge } = behaviour.authorize;
    next = context.authorizeUrl(scheme, {
      client_id: text(clientId),
      redirect_uri: text(redirectUri),
      response_type: 'code',
      code_challenge: text(codeChallenge),
      code_challenge_method: 'S256',
    });
  }
  const name = [text(behaviour.givenName), text(behaviour.familyName)].filter(Boolean).join(' ');
  const body = baseObject(context.success.body);
  setOwn(body, behaviour.field, context.signInLink({ email: text(behaviour.email), name, next }));
  return { status: context.success.status, body };
}

/** The parent record of a sub-resource route (404 when it does not exist). */
export function parentRecord(
  behaviour: MockBehaviour | undefined,
  context: Omit<BehaviourContext, 'scope'> & { scope: Scope },
): Record<string, unknown> | undefined {
  if (behaviour?.parent === undefined) return undefined;
  return findOrFail(context, behaviour.parent.collection, behaviour.parent.key).data;
}

/** Runs the operation's behaviour. */
export function runBehaviour(behaviour: MockBehaviour, context: BehaviourContext): Answer {
  switch (behaviour.kind) {
    case 'list':
      return list(behaviour, context);
    case 'read':
      return {
        status: context.success.status,
        body: answered(
          collectionOf(context, behaviour.collection).definition,
          findOrFail(context, behaviour.collection, behaviour.key).data,
        ),
      };
    case 'create':
      return create(behaviour, context);
    case 'update':
      return update(behaviour, context);
    case 'delete':
      return remove(behaviour, context);
    case 'check':
      return check(behaviour, context);
    case 'respond':
      return respond(behaviour, context);
    case 'loginLink':
      return loginLink(behaviour, context);
  }
}
