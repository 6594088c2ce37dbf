/**
 * The operation filter of a config (`filter: { tags, paths, methods, operationIds, deprecated }`):
 * applied to the validated document before the model is built, so that every emitter (types,
 * client, zod, fixtures, mock, the bundled `openapi.json`), the release and `zapgen diff` see
 * the same, smaller API. What only left-out operations used leaves with them: component schemas,
 * parameters, responses, request bodies, headers, examples and path items that were reachable
 * from the whole document and are not from what remains. Components that nothing used before
 * stay (a spec may declare types for its users), as do webhooks, security schemes and tags.
 *
 * It works on the document rather than on the model because the model keeps the document for
 * the emitters that read it (the mock, the bundled spec): filtering after modelling would leave
 * those with the whole API. Kept nodes keep their JSON pointers, so warnings are still located
 * in the spec.
 */
import picomatch from 'picomatch';
import { HTTP_METHODS, type FilterConfig } from '../config/types.js';
import { isNode, stringOf, stringsOf, type Node } from './json.js';
import { derivedOperationId } from './operation-id.js';
import { PointerResolver } from './pointer.js';
import { joinPointer } from '../json/pointer.js';

/** The component sections whose entries leave when only left-out operations used them. */
const PRUNED_SECTIONS = [
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'headers',
  'examples',
  'links',
  'callbacks',
  'pathItems',
] as const;

/** What an operation is matched on. */
export interface OperationFacts {
  path: string;
  method: string;
  operationId: string;
  tags: readonly string[];
  deprecated: boolean;
}

export interface FilterResult {
  document: Record<string, unknown>;
  /** `GET /pets/{id}` of each operation left out, in spec order. */
  removedOperations: string[];
  /** `#/components/schemas/Pet` of each component left out. */
  removedComponents: string[];
}

/** Whether `filter` keeps an operation with these facts. */
export function keepsOperation(filter: FilterConfig, facts: OperationFacts): boolean {
  const { tags, paths, methods, operationIds, deprecated } = filter;
  if (deprecated === false && facts.deprecated) return false;
  if (!passes(tags, (tag) => facts.tags.includes(tag))) return false;
  if (!passes(paths, (glob) => pathGlob(glob)(facts.path))) return false;
  if (!passes(methods, (method) => method.toLowerCase() === facts.method)) return false;
  return passes(operationIds, (id) => id === facts.operationId);
}

function passes<T>(
  lists: { include?: readonly T[]; exclude?: readonly T[] } | undefined,
  matches: (item: T) => boolean,
): boolean {
  if (!lists) return true;
  if (lists.include && !lists.include.some(matches)) return false;
  return !lists.exclude?.some(matches);
}

const globs = new Map<string, (path: string) => boolean>();

/** `*` one segment, `**` any number of them; `{id}` is a path parameter, not a brace expansion. */
function pathGlob(glob: string): (path: string) => boolean {
  let matcher = globs.get(glob);
  if (!matcher) {
    matcher = picomatch(glob, { nobrace: true, noextglob: true, dot: true });
    globs.set(glob, matcher);
  }
  return matcher;
}

/**
 * `document` without the operations `filter` leaves out, and without the components only they
 * used. The document itself is not changed; when every operation is kept it is returned as is.
 */
export function filterDocument(
  document: Record<string, unknown>,
  filter: FilterConfig,
): FilterResult {
  const resolver = new PointerResolver(document);
  const paths = isNode(document.paths) ? document.paths : {};
  const keptPaths: Node = {};
  const removedOperations: string[] = [];
  for (const [pathKey, rawItem] of Object.entries(paths)) {
    const item =
      isNode(rawItem) && typeof rawItem.$ref === 'string'
        ? resolver.resolve(rawItem.$ref)?.node
        : rawItem;
    if (!isNode(item)) {
      keptPaths[pathKey] = rawItem;
      continue;
    }
    const removed = HTTP_METHODS.filter((method) => {
      const operation = item[method];
      return (
        isNode(operation) && !keepsOperation(filter, factsOf({ path: pathKey, method, operation }))
      );
    });
    removedOperations.push(...removed.map((method) => `${method.toUpperCase()} ${pathKey}`));
    if (!removed.length) keptPaths[pathKey] = rawItem;
    else if (HTTP_METHODS.some((method) => isNode(item[method]) && !removed.includes(method)))
      // What is left of a referenced path item is written in place: the component keeps them all.
      keptPaths[pathKey] = Object.fromEntries(
        Object.entries(item).filter(([key]) => !(removed as string[]).includes(key)),
      );
  }
  if (!removedOperations.length) return { document, removedOperations, removedComponents: [] };

  const filtered: Record<string, unknown> = { ...document, paths: keptPaths };
  const before = reachableComponents(document, resolver);
  const after = reachableComponents(filtered, resolver);
  const removedComponents: string[] = [];
  // A `$ref` that is not a `#/` pointer (a 2020-12 `$id`) cannot be followed here: then no
  // component is removed, rather than one that is still used.
  if (isNode(document.components) && before.complete && after.complete) {
    const components: Node = { ...document.components };
    for (const section of PRUNED_SECTIONS) {
      const entries = components[section];
      if (!isNode(entries)) continue;
      const kept: Node = {};
      for (const [name, value] of Object.entries(entries)) {
        const pointer = joinPointer({ pointer: `#/components/${section}`, keys: [name] });
        if (before.components.has(pointer) && !after.components.has(pointer))
          removedComponents.push(pointer);
        else kept[name] = value;
      }
      components[section] = kept;
    }
    filtered.components = components;
  }
  return { document: filtered, removedOperations, removedComponents };
}

function factsOf({
  path,
  method,
  operation,
}: {
  path: string;
  method: string;
  operation: Node;
}): OperationFacts {
  return {
    path,
    method,
    operationId: stringOf(operation.operationId) ?? derivedOperationId({ method, path }),
    tags: stringsOf(operation.tags) ?? [],
    deprecated: operation.deprecated === true,
  };
}

/**
 * The components (`#/components/<section>/<name>`) reachable through `$ref`s and discriminator
 * mappings from everything of `document` but its components; `complete` is false when a
 * reference could not be followed.
 */
function reachableComponents(
  document: Record<string, unknown>,
  resolver: PointerResolver,
): { components: Set<string>; complete: boolean } {
  const components = new Set<string>();
  const visited = new Set<unknown>();
  let complete = true;
  const follow = (ref: string): void => {
    if (!ref.startsWith('#')) {
      complete = false;
      return;
    }
    const resolved = resolver.resolve(ref);
    if (!resolved) return;
    const match = /^#\/components\/[^/]+\/[^/]+/.exec(resolved.pointer);
    if (match) components.add(match[0]);
    walk(resolved.node);
  };
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || visited.has(value)) return;
    visited.add(value);
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    const node = value as Node;
    if (typeof node.$ref === 'string') follow(node.$ref);
    const mapping = isNode(node.discriminator) ? node.discriminator.mapping : undefined;
    if (isNode(mapping))
      for (const target of Object.values(mapping))
        if (typeof target === 'string')
          follow(
            target.startsWith('#') || target.includes('/')
              ? target
              : `#/components/schemas/${target}`,
          );
    for (const [key, child] of Object.entries(node)) if (key !== '$ref') walk(child);
  };
  for (const [key, value] of Object.entries(document)) if (key !== 'components') walk(value);
  // A component reached through another keeps its own references (walked when followed).
  return { components, complete };
}
