/**
 * The names of the schemas that `$ref`s into the inside of other schemas share
 * (`ApiModel.sharedSchemas`): every emitter prints such a schema once, under this name, and refers
 * to it wherever it is used (a local alias in types.ts, a local const in zod.ts and
 * validators.ts, a `$defs` entry in mcp.ts), instead of a copy at every use, which nested sharing
 * makes grow exponentially.
 */
import type { SchemaModel } from '../../model/types.js';

/**
 * One identifier per shared schema, in the model's order (the document's): the pointer's segments
 * past `#/components/schemas/`, joined by `_` behind a `$ref_` prefix that no component's named
 * export, zod const or type takes (`$ref_Server_properties_ipConfiguration_allOf_0`), numbered
 * `_2`, `_3` when two pointers make the same identifier.
 */
export function sharedSchemaNames(
  shared: ReadonlyMap<SchemaModel, string> | undefined,
  /** Names taken already (the component schemas', where both share one namespace: `$defs`). */
  reserved: Iterable<string> = [],
): Map<SchemaModel, string> {
  const names = new Map<SchemaModel, string>();
  const taken = new Set<string>(reserved);
  for (const [node, pointer] of shared ?? []) {
    const stem = pointer
      .replace(/^#\/(components\/schemas\/)?/, '')
      .split('/')
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
      .join('_')
      .replace(/[^A-Za-z0-9_]/g, '_');
    let name = `$ref_${stem}`;
    for (let index = 2; taken.has(name); index++) name = `$ref_${stem}_${index}`;
    taken.add(name);
    names.set(node, name);
  }
  return names;
}

/**
 * The name of each reading of a shared schema: a schema printed differently in two places (a
 * request's optional defaults in types.ts, a multipart body's `Blob`s in zod) gets a second name,
 * `<name>$2`, for its second text. `declarations` lists every name with its text, in the order
 * first printed.
 */
export function sharedReadings(names: ReadonlyMap<SchemaModel, string>) {
  const texts = new Map<SchemaModel, string[]>();
  const declared = new Map<string, string>();
  return {
    /** The name of `node` printed as `text`; undefined when `node` is not shared. */
    name(node: SchemaModel, text: () => string): string | undefined {
      const base = names.get(node);
      if (base === undefined) return undefined;
      let seen = texts.get(node);
      if (!seen) texts.set(node, (seen = []));
      const printed = text();
      let index = seen.indexOf(printed);
      if (index < 0) index = seen.push(printed) - 1;
      const name = index === 0 ? base : `${base}$${index + 1}`;
      declared.set(name, printed);
      return name;
    },
    declarations: (): [name: string, text: string][] => [...declared],
  };
}
