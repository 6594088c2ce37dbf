/** Reading a bundled OpenAPI document for lint rules: operations, parameters, internal `$ref`s. */
import { getAt, isObject, parsePointer, toPointer } from '../../json/pointer.js';

export type Json = Record<string, unknown>;

export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;
export const PARAMETER_LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

/** A node and its pointer, after following `$ref`s. */
export interface Resolved {
  node: Json;
  pointer: string;
}

/** Follows internal `$ref`s from `node` (at `pointer`); undefined when one does not resolve. */
export function resolve(document: Json, node: unknown, pointer: string): Resolved | undefined {
  let current = node;
  let at = pointer;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    const ref = current.$ref;
    if (hops > 100 || !ref.startsWith('#')) return undefined;
    at = decodeFragment(ref);
    current = getAt(document, parsePointer(at));
  }
  return isObject(current) ? { node: current, pointer: at } : undefined;
}

/** `#/a/b%20c` → `/a/b c`. */
export function decodeFragment(ref: string): string {
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return ref.slice(1);
  }
}

/** One operation of `paths` or `webhooks`. */
export interface OperationSite {
  /** Pointer of the operation object. */
  pointer: string;
  method: string;
  /** The path template, or the webhook name. */
  path: string;
  /** `GET /pets/{id}` (webhooks: `webhook POST newPet`), for messages. */
  label: string;
  operation: Json;
  pathItem: Resolved;
  webhook: boolean;
}

/** A path item (or webhook) as written under `paths`/`webhooks`, resolved. */
export interface PathItemSite {
  /** The path template, or the webhook name. */
  key: string;
  webhook: boolean;
  pathItem: Resolved;
}

/** Every resolvable path item of `paths`, then of `webhooks`, in document order. */
export function pathItems(document: Json): PathItemSite[] {
  const sites: PathItemSite[] = [];
  for (const section of ['paths', 'webhooks'] as const) {
    const items = document[section];
    if (!isObject(items)) continue;
    for (const [key, value] of Object.entries(items)) {
      const pathItem = resolve(document, value, toPointer([section, key]));
      if (pathItem) sites.push({ key, webhook: section === 'webhooks', pathItem });
    }
  }
  return sites;
}

/** Every operation in document order. */
export function operations(document: Json): OperationSite[] {
  const sites: OperationSite[] = [];
  for (const { key, webhook, pathItem } of pathItems(document)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem.node[method];
      if (!isObject(operation)) continue;
      const verb = method.toUpperCase();
      sites.push({
        pointer: `${pathItem.pointer}/${method}`,
        method,
        path: key,
        label: webhook ? `webhook ${verb} ${key}` : `${verb} ${key}`,
        operation,
        pathItem,
        webhook,
      });
    }
  }
  return sites;
}

/** A parameter as written (`pointer`, possibly a `$ref`) and as resolved. */
export interface ParameterSite {
  pointer: string;
  /** Pointer of the parameter object itself (differs from `pointer` for a `$ref`). */
  resolvedPointer: string;
  name: string;
  in: string;
  parameter: Json;
}

/** The parameters of one list (`parameters` of a path item or an operation), resolved. */
export function parameterList(document: Json, owner: Json, ownerPointer: string): ParameterSite[] {
  const list = owner.parameters;
  if (!Array.isArray(list)) return [];
  const sites: ParameterSite[] = [];
  list.forEach((value, index) => {
    const pointer = `${ownerPointer}/parameters/${index}`;
    const resolved = resolve(document, value, pointer);
    if (!resolved) return;
    const { name, in: location } = resolved.node;
    if (typeof name !== 'string' || typeof location !== 'string') return;
    sites.push({
      pointer,
      resolvedPointer: resolved.pointer,
      name,
      in: location,
      parameter: resolved.node,
    });
  });
  return sites;
}

/** Path-level and operation-level parameters merged: the operation's win on the same name and location. */
export function effectiveParameters(document: Json, site: OperationSite): ParameterSite[] {
  const own = parameterList(document, site.operation, site.pointer);
  const inherited = parameterList(document, site.pathItem.node, site.pathItem.pointer).filter(
    (parameter) => !own.some((other) => sameParameter(other, parameter)),
  );
  return [...inherited, ...own];
}

/** Same name and location (header names are case-insensitive). */
export function sameParameter(
  a: { name: string; in: string },
  b: { name: string; in: string },
): boolean {
  if (a.in !== b.in) return false;
  return a.in === 'header' ? a.name.toLowerCase() === b.name.toLowerCase() : a.name === b.name;
}

/** `{name}` segments of a path template, in order. */
export function templateNames(template: string): string[] {
  return [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '');
}
