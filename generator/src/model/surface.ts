/**
 * The names of the SDK's surface from a config (`names`, `namespaces`), set on the model's
 * operations so that every emitter reads them from there: `functionName` for the operation's
 * function, `namespace` for where the client exposes it (`client.pets.owners.list()`).
 * Names are taken as given here; the client emitter makes them safe and unique.
 */
import { parseNamespaced } from '../config/namespaced.js';
import type {
  NamesConfig,
  NamespacesConfig,
  OperationInfo,
  TransformersConfig,
} from '../config/types.js';
import type { ApiModel, OperationModel } from './types.js';
import { compareCodePoints } from './order.js';
import { directionsDiffer, type ReadWriteMode } from './read-write.js';

/** Path segments that say nothing about the resource (`/api/v1/pets` → `pets`). */
const NOISE_SEGMENT = /^(?:api|v\d+(?:\.\d+)*(?:alpha\d*|beta\d*)?)$/i;

/** The verb of a path-derived method name, by HTTP method and whether the path ends at an item. */
function crudVerb(operation: OperationModel): string {
  const item = /\}$/.test(operation.path);
  switch (operation.method) {
    case 'get':
      return item ? 'retrieve' : 'list';
    case 'post':
      return 'create';
    case 'put':
    case 'patch':
      return 'update';
    default:
      return operation.method;
  }
}

function info(operation: OperationModel): OperationInfo {
  return {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    tags: operation.tags,
  };
}

/** The words of a name, lower case: `listPetOwners` → list, pet, owners. */
function words(name: string): string[] {
  return name
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** `listPets` in namespace `pets` → `list`; `getPetById` → `getById`; nothing left → the CRUD verb. */
function methodWithout(operation: OperationModel, namespace: string): string {
  const drop = new Set(words(namespace).flatMap((word) => [word, word.replace(/s$/, '')]));
  const kept = words(operation.functionName ?? operation.operationId).filter(
    (word) => !drop.has(word) && !drop.has(word.replace(/s$/, '')),
  );
  if (!kept.length) return crudVerb(operation);
  return kept
    .map((word, index) => (index ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join('');
}

/**
 * Sets `functionName` and `namespace` on the operations of `model` (which it changes) as the
 * config says; the notes say what of the config matched nothing or could not be used.
 */
export function applySurface({
  model,
  names,
  namespaces,
}: {
  model: ApiModel;
  names?: NamesConfig;
  namespaces?: NamespacesConfig;
}): string[] {
  const notes: string[] = [];
  const rule = names?.functions;
  if (typeof rule === 'function')
    for (const operation of model.operations) {
      const name = rule(info(operation));
      if (typeof name === 'string' && name !== '') operation.functionName = name;
      else if (name !== undefined)
        notes.push(
          `names.functions gave ${JSON.stringify(name)} for ${operation.operationId}; its default name is kept`,
        );
    }
  if (!namespaces) return notes;
  const listed = new Map<OperationModel, string[]>();
  for (const [key, value] of Object.entries(namespaces.operations ?? {})) {
    const endpoint = /^([a-z]+)\s+(\/.*)$/i.exec(key.trim());
    const operation = model.operations.find((candidate) =>
      endpoint
        ? candidate.method === endpoint[1]!.toLowerCase() && candidate.path === endpoint[2]
        : candidate.operationId === key,
    );
    if (operation) listed.set(operation, [...(listed.get(operation) ?? []), ...[value].flat()]);
    else notes.push(`namespaces.operations: ${JSON.stringify(key)} is no operation of the package`);
  }
  for (const operation of model.operations) {
    const declared = listed.get(operation) ?? [derived(operation, namespaces.from)];
    const parsed = [];
    for (const value of declared) {
      if (value === undefined) continue;
      const namespace = parseNamespaced(value);
      if (namespace) parsed.push(namespace);
      else
        notes.push(
          `namespace ${JSON.stringify(value)} of ${operation.operationId} is not "<namespace>.<method>"; it is left out`,
        );
    }
    if (parsed.length) operation.namespaces = parsed;
  }
  return notes;
}

function derived(operation: OperationModel, from: NamespacesConfig['from']): string | undefined {
  if (typeof from === 'function') return from(info(operation)) ?? undefined;
  if (from === 'tags') {
    const tag = operation.tags[0];
    return tag === undefined ? undefined : `${tag}.${methodWithout(operation, tag)}`;
  }
  if (from === 'paths') {
    const segments = operation.path
      .split('/')
      .filter(
        (segment) => segment !== '' && !segment.includes('{') && !NOISE_SEGMENT.test(segment),
      );
    return segments.length ? `${segments.join('.')}.${crudVerb(operation)}` : undefined;
  }
  return undefined;
}

/**
 * What a config makes of a package's surface beyond its spec (the function names and client
 * namespaces of `names`/`namespaces`, `readWrite` and `transformers`), as `package.json` records it: only where
 * it differs from the default, so that a package generated without such options reads as before.
 */
export interface SurfaceRecord {
  /** `'split'` where the spec has a readOnly or writeOnly property for it to act on. */
  readWrite?: 'split';
  /** The `transformers` options on that convert something of the spec (`dates`, `bigint`). */
  transformers?: { dates?: true; bigint?: true };
  /** By operationId: `fn:<exported function>` (when renamed) and `client.<namespace>.<method>`. */
  methods?: Record<string, string[]>;
}

/**
 * The surface of `model` (after the config's names and namespaces); undefined for the default.
 * `transformers` are those that act on the model (`transformersActing` of the zod emitter, which
 * decides where a codec stands), so that an option converting nothing records nothing.
 */
export function surfaceOf({
  model,
  readWrite,
  transformers,
}: {
  model: ApiModel;
  readWrite?: ReadWriteMode | undefined;
  transformers?: TransformersConfig | undefined;
}): SurfaceRecord | undefined {
  const methods: Record<string, string[]> = {};
  for (const operation of [...model.operations].sort((a, b) =>
    compareCodePoints(a.operationId, b.operationId),
  )) {
    const names = [
      ...(operation.functionName === undefined ? [] : [`fn:${operation.functionName}`]),
      ...(operation.namespaces ?? []).map(
        (namespace) => `client.${[...namespace.path, namespace.method].join('.')}`,
      ),
    ];
    if (names.length) methods[operation.operationId] = names;
  }
  const record: SurfaceRecord = {
    // Only where it changes something: a spec without readOnly/writeOnly reads the same either way.
    ...(readWrite === 'split' && directionsDiffer(model) && { readWrite }),
    ...((transformers?.dates || transformers?.bigint) && {
      transformers: {
        ...(transformers.dates && { dates: true as const }),
        ...(transformers.bigint && { bigint: true as const }),
      },
    }),
    ...(Object.keys(methods).length && { methods }),
  };
  return Object.keys(record).length ? record : undefined;
}
