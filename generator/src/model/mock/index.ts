/**
 * The mock model: what the generated mock simulates. Resources are recognised from the paths (a
 * collection route and an item route sharing a component schema); the spec's `x-zapgen-mock`
 * extensions declare collections, seeds and behaviours the paths cannot say. Every decision is
 * made here; the emitter prints it and the runtime runs it.
 */
import type { MockBehaviour, MockParent } from '@zapgen/runtime/mock';
import { DOCUMENT_EXTENSIONS, readWith } from '../../extensions/index.js';
import { compareCodePoints } from '../order.js';
import type {
  ApiModel,
  MockCollectionModel,
  MockDeclaration,
  MockModel,
  OperationModel,
  ParameterRef,
} from '../types.js';
import { errorShapes } from './errors.js';
import {
  componentName,
  fieldSchema,
  itemsFieldOf,
  jsonSchema,
  keyType,
  nullable,
  property,
  propertyNames,
  resolved,
  successSchema,
  type Components,
} from './schemas.js';

const INFERRED_SEED: MockCollectionModel['seed'][number] = {
  count: 3,
  values: {},
  sequence: {},
  cycle: {},
  flags: [],
  owner: 'none',
};

/** What a create, an update or a respond writes. */
type MockWrites = Omit<Extract<MockBehaviour, { kind: 'respond' }>, 'kind' | 'parent'>;

/** The document's `x-zapgen-mock` (defaults when absent or not fitting its schema). */
function documentDeclaration(api: Pick<ApiModel, 'document'>) {
  const schema = DOCUMENT_EXTENSIONS['x-zapgen-mock'];
  return readWith(schema, api.document['x-zapgen-mock']) ?? schema.parse({});
}

/** A collection route with its item route, found from the paths. */
interface Resource {
  collection: MockCollectionModel;
  path: string;
  itemPath: string;
  keyParameter: string;
  /** Position among the resources: the first one found wins. */
  order: number;
}

function lastLiteralSegment(path: string): string {
  const literal = path.split('/').filter((segment) => segment !== '' && !segment.includes('{'));
  return literal[literal.length - 1] ?? 'items';
}

/**
 * The collection route of an item route and its path parameter: `/things/{id}/` → `/things/`,
 * `/things/{id}` → `/things`. One answer per item route, so resources are found in one pass over
 * the paths instead of comparing every pair (Microsoft Graph has tens of thousands of paths).
 */
function collectionOf(itemPath: string): { path: string; parameter: string } | undefined {
  const slash = itemPath.endsWith('/');
  const trimmed = slash ? itemPath.slice(0, -1) : itemPath;
  const cut = trimmed.lastIndexOf('/');
  if (cut < 0) return undefined;
  const match = /^\{([^}/]+)\}$/.exec(trimmed.slice(cut + 1));
  if (!match?.[1]) return undefined;
  // `/things/{id}/` belongs to `/things/` (with its slash); `/things/{id}` to `/things`, never to `/things/`.
  const path = slash ? trimmed.slice(0, cut + 1) : trimmed.slice(0, cut);
  if (!slash && path.endsWith('/')) return undefined;
  return { path, parameter: match[1] };
}

function keyProperty(schema: string, parameter: string, components: Components): string {
  const names = propertyNames({ kind: 'ref', name: schema, nullable: false }, components);
  if (names.includes(parameter)) return parameter;
  if (names.includes('id')) return 'id';
  return parameter;
}

/** Collections recognised from the paths: item GET returns a component that the list or the create returns too. */
function inferResources(operations: readonly OperationModel[], components: Components): Resource[] {
  const byPath = new Map<string, OperationModel[]>();
  for (const operation of operations) {
    const atPath = byPath.get(operation.path);
    if (atPath) atPath.push(operation);
    else byPath.set(operation.path, [operation]);
  }
  // The item routes of each collection route, in the paths' order.
  const itemsOf = new Map<
    string,
    { itemPath: string; parameter: string; atItem: OperationModel[] }[]
  >();
  for (const [itemPath, atItem] of byPath) {
    const collection = collectionOf(itemPath);
    if (collection === undefined || !byPath.has(collection.path)) continue;
    const items = itemsOf.get(collection.path) ?? [];
    items.push({ itemPath, parameter: collection.parameter, atItem });
    itemsOf.set(collection.path, items);
  }
  const resources: Resource[] = [];
  const taken = new Set<string>();
  for (const [path, atPath] of [...byPath].sort(([a], [b]) => compareCodePoints(a, b))) {
    for (const { itemPath, parameter, atItem } of itemsOf.get(path) ?? []) {
      const read = atItem.find((operation) => operation.method === 'get');
      const schema = componentName(read && successSchema(read));
      if (schema === undefined) continue;
      const list = atPath.find((operation) => operation.method === 'get');
      const create = atPath.find((operation) => operation.method === 'post');
      const listed =
        list !== undefined && itemsFieldOf(successSchema(list), schema, components) !== undefined;
      const created = create !== undefined && componentName(successSchema(create)) === schema;
      if (!listed && !created) continue;
      let name = lastLiteralSegment(path);
      for (let suffix = 2; taken.has(name); suffix += 1)
        name = `${lastLiteralSegment(path)}-${suffix}`;
      taken.add(name);
      const key = keyProperty(schema, parameter, components);
      const keySchema = property({ kind: 'ref', name: schema, nullable: false }, key, components);
      const pathParameter = read?.parameters.find(
        (candidate) => candidate.in === 'path' && candidate.name === parameter,
      );
      resources.push({
        collection: {
          name,
          schema,
          key,
          keyType: keySchema
            ? keyType(keySchema, components)
            : keyType(pathParameter?.schema, components),
          private: false,
          // Three records from the item schema's fixture, so that lists and reads answer as the
          // fixtures did; a declared collection says its own seed.
          seed: [INFERRED_SEED],
          inferred: true,
        },
        path,
        itemPath,
        keyParameter: parameter,
        order: resources.length,
      });
    }
  }
  return resources;
}

/** Declared collections over inferred ones (same name: the declaration's fields win). */
function collectionsOf(
  api: Pick<ApiModel, 'document'>,
  resources: readonly Resource[],
  components: Components,
): MockCollectionModel[] {
  const declared = documentDeclaration(api);
  const byName = new Map(
    resources.map((resource) => [resource.collection.name, resource.collection]),
  );
  for (const [name, collection] of Object.entries(declared.collections)) {
    const inferred = byName.get(name);
    const schema = collection.schema ?? inferred?.schema;
    if (schema === undefined || !components.has(schema)) continue;
    const key = collection.key ?? inferred?.key ?? 'id';
    const isPrivate = collection.private ?? inferred?.private ?? false;
    byName.set(name, {
      name,
      schema,
      key,
      keyType: keyType(
        property({ kind: 'ref', name: schema, nullable: false }, key, components),
        components,
      ),
      private: isPrivate,
      seed: collection.seed.map((group) => ({
        ...group,
        owner: group.owner ?? (isPrivate ? 'caller' : 'none'),
      })),
      inferred: inferred !== undefined && collection.schema === undefined,
    });
  }
  return [...byName.values()].sort((a, b) => compareCodePoints(a.name, b.name));
}

/**
 * The resources by route, looked up per operation instead of scanned (an API with thousands of
 * resources and operations made the scans quadratic): `atRoute` holds those whose collection or
 * item route is the key, `underItem` those whose item route, ending in `/`, is the key. Both keep
 * the resources' order, so the first match is the one a scan would find.
 */
interface ResourceIndex {
  atRoute: Map<string, Resource[]>;
  underItem: Map<string, Resource[]>;
}

function indexResources(resources: readonly Resource[]): ResourceIndex {
  const atRoute = new Map<string, Resource[]>();
  const underItem = new Map<string, Resource[]>();
  const add = (map: Map<string, Resource[]>, key: string, resource: Resource) => {
    const list = map.get(key);
    if (list) list.push(resource);
    else map.set(key, [resource]);
  };
  for (const resource of resources) {
    add(atRoute, resource.path, resource);
    add(atRoute, resource.itemPath, resource);
    add(
      underItem,
      resource.itemPath.endsWith('/') ? resource.itemPath : `${resource.itemPath}/`,
      resource,
    );
  }
  return { atRoute, underItem };
}

/** The resource whose item route the operation is under (`/things/{id}/run`), with the key parameter. */
function parentOf(operation: OperationModel, index: ResourceIndex): MockParent | undefined {
  // Every prefix of the path that ends in `/` may be an item route; the earliest resource wins.
  let first: Resource | undefined;
  let slash = operation.path.indexOf('/');
  while (slash >= 0) {
    for (const resource of index.underItem.get(operation.path.slice(0, slash + 1)) ?? []) {
      if (operation.path !== resource.itemPath && resource.order < (first?.order ?? Infinity))
        first = resource;
    }
    slash = operation.path.indexOf('/', slash + 1);
  }
  return (
    first && {
      collection: first.collection.name,
      key: { in: 'path', name: first.keyParameter },
    }
  );
}

function writes(options: {
  operation: OperationModel;
  collection: MockCollectionModel | undefined;
  declaration?: Extract<MockDeclaration, { set: unknown }>;
  components: Components;
}): MockWrites {
  const { operation, collection, declaration, components } = options;
  const itemProperties = collection
    ? propertyNames({ kind: 'ref', name: collection.schema, nullable: false }, components)
    : [];
  const bodySchema = operation.requestBody && jsonSchema(operation.requestBody.content);
  const bodyProperties = propertyNames(bodySchema, components).filter((name) =>
    itemProperties.includes(name),
  );
  const queryProperties = operation.parameters
    .filter((parameter) => parameter.in === 'query' && itemProperties.includes(parameter.name))
    .map((parameter) => parameter.name);
  return {
    bodyProperties,
    set: declaration?.set ?? {},
    when: declaration?.when ?? [],
    require: declaration?.require ?? [],
    queryProperties,
  };
}

/** The last path parameter: the key of an item route when the spec does not name it. */
function lastPathParameter(operation: OperationModel): ParameterRef | undefined {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  const name = names[names.length - 1];
  return name === undefined ? undefined : { in: 'path', name };
}

/** Response properties named like a pagination parameter repeat its value (`page`, `per_page`). */
function echoed(operation: OperationModel, components: Components): string[] {
  const pagination = operation.extensions.pagination;
  if (pagination === undefined) return [];
  const names =
    pagination.kind === 'page'
      ? [pagination.pageParameter, pagination.sizeParameter]
      : pagination.kind === 'offset'
        ? [pagination.offsetParameter, pagination.limitParameter]
        : [pagination.sizeParameter];
  const properties = propertyNames(successSchema(operation), components);
  return names.filter((name): name is string => name !== undefined && properties.includes(name));
}

function nullableLinks(operation: OperationModel, components: Components): string[] {
  const pagination = operation.extensions.pagination;
  if (pagination === undefined) return [];
  const schema = successSchema(operation);
  const links =
    pagination.kind === 'cursor'
      ? [pagination.nextCursorField, pagination.nextUrlField]
      : [pagination.nextField, pagination.previousField];
  return links.filter(
    (field): field is string =>
      field !== undefined && nullable(fieldSchema(schema, field, components), components),
  );
}

/** The behaviour of an operation: declared, else inferred from the resource routes, else none (fixture). */
function behaviourOf(options: {
  operation: OperationModel;
  resources: ResourceIndex;
  collections: ReadonlyMap<string, MockCollectionModel>;
  components: Components;
}): MockBehaviour | undefined {
  const { operation, resources, collections, components } = options;
  const declaration = operation.extensions.mock;
  const parent = parentOf(operation, resources);
  const withParent = <T extends MockBehaviour>(behaviour: T): T =>
    parent ? { ...behaviour, parent } : behaviour;
  const collectionNamed = (name: string | undefined) =>
    name === undefined ? undefined : collections.get(name);
  if (declaration !== undefined) {
    const collection =
      'collection' in declaration ? collectionNamed(declaration.collection) : undefined;
    const key = ('key' in declaration && declaration.key) || lastPathParameter(operation);
    switch (declaration.kind) {
      case 'list': {
        if (!collection) return undefined;
        const itemsField =
          declaration.itemsField ??
          itemsFieldOf(successSchema(operation), collection.schema, components) ??
          operation.extensions.pagination?.itemsField;
        if (itemsField === undefined) return undefined;
        return withParent({
          kind: 'list',
          collection: collection.name,
          itemsField,
          filters: declaration.filters,
          echo: echoed(operation, components),
          nullableFields: nullableLinks(operation, components),
        });
      }
      case 'read':
      case 'delete':
        if (!collection || !key) return undefined;
        return declaration.kind === 'read'
          ? withParent({ kind: 'read', collection: collection.name, key })
          : withParent({
              kind: 'delete',
              collection: collection.name,
              key,
              result:
                resolved(successSchema(operation), components)?.kind === 'boolean'
                  ? 'boolean'
                  : 'status',
            });
      case 'create':
        return collection
          ? withParent({
              kind: 'create',
              collection: collection.name,
              ...writes({ operation, collection, declaration, components }),
            })
          : undefined;
      case 'update':
        return collection && key
          ? withParent({
              kind: 'update',
              collection: collection.name,
              key,
              replace: declaration.replace ?? operation.method === 'put',
              ...writes({ operation, collection, declaration, components }),
            })
          : undefined;
      case 'check':
        if (!collection || !key) return undefined;
        return withParent({
          kind: 'check',
          collection: collection.name,
          key,
          fails: declaration.fails,
          onFailure: declaration.onFailure,
          passed: declaration.passed,
          failed: declaration.failed,
        });
      case 'respond':
        return withParent({
          kind: 'respond',
          ...writes({ operation, collection: undefined, declaration, components }),
        });
      case 'loginLink':
        return withParent({
          kind: 'loginLink',
          field: declaration.field,
          ...(declaration.email && { email: declaration.email }),
          ...(declaration.givenName && { givenName: declaration.givenName }),
          ...(declaration.familyName && { familyName: declaration.familyName }),
          ...(declaration.redirect && { redirect: declaration.redirect }),
          ...(declaration.authorize && { authorize: declaration.authorize }),
        });
    }
  }
  // Only the resources at this operation's route can answer it.
  for (const resource of resources.atRoute.get(operation.path) ?? []) {
    const collection = collectionNamed(resource.collection.name);
    if (!collection) continue;
    const key: ParameterRef = { in: 'path', name: resource.keyParameter };
    if (operation.path === resource.path && operation.method === 'get') {
      const itemsField = itemsFieldOf(successSchema(operation), collection.schema, components);
      if (itemsField === undefined) continue;
      const filters = operation.parameters
        .filter(
          (parameter) =>
            parameter.in === 'query' &&
            propertyNames(
              { kind: 'ref', name: collection.schema, nullable: false },
              components,
            ).includes(parameter.name),
        )
        .map((parameter) => ({
          field: `/${parameter.name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          op:
            resolved(parameter.schema, components)?.kind === 'array'
              ? ('in' as const)
              : ('equals' as const),
          source: { parameter: { in: 'query' as const, name: parameter.name } },
        }));
      return {
        kind: 'list',
        collection: collection.name,
        itemsField,
        filters,
        echo: echoed(operation, components),
        nullableFields: nullableLinks(operation, components),
      };
    }
    if (
      operation.path === resource.path &&
      operation.method === 'post' &&
      componentName(successSchema(operation)) === collection.schema
    ) {
      return {
        kind: 'create',
        collection: collection.name,
        ...writes({ operation, collection, components }),
      };
    }
    if (operation.path !== resource.itemPath) continue;
    if (operation.method === 'get') return { kind: 'read', collection: collection.name, key };
    if (operation.method === 'put' || operation.method === 'patch') {
      return {
        kind: 'update',
        collection: collection.name,
        key,
        replace: operation.method === 'put',
        ...writes({ operation, collection, components }),
      };
    }
    if (operation.method === 'delete') {
      return {
        kind: 'delete',
        collection: collection.name,
        key,
        result:
          resolved(successSchema(operation), components)?.kind === 'boolean' ? 'boolean' : 'status',
      };
    }
  }
  // Under an item route: the item must exist (404 otherwise), then the fixture answers.
  return (
    parent &&
    withParent({ kind: 'respond', ...writes({ operation, collection: undefined, components }) })
  );
}

/** Builds the mock model of an API from its operations, schemas and `x-zapgen-mock` extensions. */
export function buildMockModel(
  api: Pick<ApiModel, 'document' | 'operations' | 'schemas'>,
): MockModel {
  const components: Components = new Map(api.schemas.map((schema) => [schema.name, schema]));
  const resources = inferResources(api.operations, components);
  const collections = collectionsOf(api, resources, components);
  const declared = documentDeclaration(api);
  const index = indexResources(resources);
  const collectionsByName = new Map(collections.map((collection) => [collection.name, collection]));
  const behaviours: Record<string, MockBehaviour> = {};
  for (const operation of api.operations) {
    const behaviour = behaviourOf({
      operation,
      resources: index,
      collections: collectionsByName,
      components,
    });
    if (behaviour) behaviours[operation.operationId] = behaviour;
  }
  const errors = errorShapes(api.operations, components);
  return {
    caller: { user: 1, ...declared.caller },
    collections,
    behaviours,
    ...errors,
  };
}
