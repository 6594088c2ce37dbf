import { escapeSegment, isObject, parsePointer } from '../../json/pointer.js';
import { decodeFragment } from './document.js';
import { forEachRef } from './resolvable-refs.js';
import type { LintRule } from './rule.js';

/** A component schema nothing uses is dead weight in every generated package (or a forgotten `$ref`). */
export const noUnreachableSchemas: LintRule = {
  name: 'no-unreachable-schemas',
  severity: 'warning',
  description: 'every component schema is used by a path, a webhook or a non-schema component',
  check(document, report) {
    const components = isObject(document.components) ? document.components : {};
    const schemas = isObject(components.schemas) ? components.schemas : {};
    const names = Object.keys(schemas);
    if (!names.length) return;

    // Schema name → names of the schemas its `$ref`s (and discriminator mappings) reach.
    const edges = new Map<string, Set<string>>();
    const roots = new Set<string>();
    forEachRef(document, (ref, pointer) => {
      const target = schemaName(ref);
      if (target === undefined) return;
      const [section, kind, owner] = parsePointer(pointer);
      if (section !== 'components' || kind !== 'schemas' || owner === undefined) roots.add(target);
      else edges.set(owner, (edges.get(owner) ?? new Set()).add(target));
    });
    forEachMapping(schemas, (owner, target) =>
      edges.set(owner, (edges.get(owner) ?? new Set()).add(target)),
    );

    const reached = new Set<string>();
    const queue = [...roots];
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      if (reached.has(name)) continue;
      reached.add(name);
      queue.push(...(edges.get(name) ?? []));
    }
    for (const name of names) {
      if (!reached.has(name)) {
        report(
          `/components/schemas/${escapeSegment(name)}`,
          `schema "${name}" is not used by any operation, webhook or other component`,
        );
      }
    }
  },
};

/** `#/components/schemas/Pet/properties/id` → `Pet`. */
function schemaName(ref: string): string | undefined {
  const segments = parsePointer(decodeFragment(ref));
  return segments[0] === 'components' && segments[1] === 'schemas' ? segments[2] : undefined;
}

/** Discriminator mappings name schemas by `$ref` string or by bare name. */
function forEachMapping(
  schemas: Record<string, unknown>,
  visit: (owner: string, target: string) => void,
): void {
  const walk = (owner: string, node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) return node.forEach((item) => walk(owner, item));
    const object = node as Record<string, unknown>;
    const mapping = isObject(object.discriminator) ? object.discriminator.mapping : undefined;
    if (isObject(mapping)) {
      for (const value of Object.values(mapping)) {
        if (typeof value !== 'string') continue;
        const target = value.startsWith('#') ? schemaName(value) : value;
        if (target !== undefined) visit(owner, target);
      }
    }
    for (const [key, value] of Object.entries(object))
      if (!key.startsWith('x-') && key !== 'example' && key !== 'enum') walk(owner, value);
  };
  for (const [name, schema] of Object.entries(schemas)) walk(name, schema);
}
