/**
 * The one way an emitter assembles a generated module: its imports and re-exports collected by
 * source and name and printed once each, sorted (packages, then the package's own modules, each
 * by specifier; names by code point), then its statements a blank line apart. Sorted, an
 * import's text does not depend on the order of the spec's operations or of the emitter's code. Specifiers are
 * printed by `stringLiteral` and names are checked to be identifiers, so that nothing of a spec
 * (or of a config's package name) can break out of an import; the package's own modules are
 * found through the registry (`registry.ts`), never by file name. The "do not edit" header is
 * the write phase's (`write/header.ts`), added to every file after formatting.
 */
import { compareCodePoints } from '../../model/order.js';
import type { ModuleRegistry } from '../registry.js';
import { isIdentifier, stringLiteral } from './identifiers.js';

/** What one source gives the module: a namespace, values and types, each printed once. */
interface Source {
  namespace?: { name: string; typeOnly: boolean };
  values: Set<string>;
  types: Set<string>;
}

/** `name` or `name as local`: both sides identifiers (the names a module imports come from code, not text). */
function checkedName(name: string): string {
  const [imported, local, ...rest] = name.split(' as ');
  if (rest.length || !isIdentifier(imported!) || (local !== undefined && !isIdentifier(local)))
    throw new Error(`not an importable name: ${JSON.stringify(name)}`);
  return name;
}

/** `{ a, b }`, by code point. */
function clause(names: ReadonlySet<string>): string {
  return `{ ${[...names].sort(compareCodePoints).join(', ')} }`;
}

/** Packages first (`@zapgen/runtime`, `zod`), then relative specifiers (`./routes.js`), each by code point. */
function bySpecifier<T>(sources: ReadonlyMap<string, T>): [string, T][] {
  const relative = (specifier: string) => specifier.startsWith('.');
  return [...sources].sort(
    ([a], [b]) => Number(relative(a)) - Number(relative(b)) || compareCodePoints(a, b),
  );
}

export class ModuleBuilder {
  private readonly imports = new Map<string, Source>();
  private readonly exports = new Map<string, Source & { all: boolean }>();
  private readonly localExports = new Set<string>();
  private readonly preamble: string[] = [];

  /**
   * A builder of module `id` of the package (`swr`), whose imports of the package's other
   * modules `registry` resolves; without them (a module outside the registry), only packages
   * and specifiers given whole can be imported.
   */
  constructor(private readonly at?: { modules: ModuleRegistry; id: string }) {}

  private source(map: Map<string, Source>, from: string): Source {
    let found = map.get(from);
    if (!found) {
      found = { values: new Set(), types: new Set() };
      map.set(from, found);
    }
    return found;
  }

  /** The specifier of the package's module `to` (`./routes.js`), checking the names it declares. */
  specifier(to: string, declared: readonly string[] = []): string {
    if (!this.at) throw new Error(`module ${to} imported by a module outside the registry`);
    return this.at.modules.specifier({ from: this.at.id, to, names: declared });
  }

  /** Lines written before the imports (`#!/usr/bin/env node`, `// @ts-nocheck`). */
  prepend(...lines: string[]): this {
    this.preamble.push(...lines);
    return this;
  }

  /** `import { names } from 'from'` (`type`: `import type`); a name may be `name as local`. */
  import(from: string, names: readonly string[], { type = false } = {}): this {
    const source = this.source(this.imports, from);
    for (const name of names) (type ? source.types : source.values).add(checkedName(name));
    return this;
  }

  /** `import * as name from 'from'` (`type`: `import type * as`). */
  importNamespace(from: string, name: string, { type = false } = {}): this {
    this.source(this.imports, from).namespace = { name: checkedName(name), typeOnly: type };
    return this;
  }

  /**
   * Imports `names` from the package's module `to`; `declared` are those of them `to` declares
   * (the registry refuses one it does not), the rest are names that depend on the spec.
   */
  importModule(
    to: string,
    names: readonly string[],
    { type = false, declared = [] as readonly string[] } = {},
  ): this {
    return this.import(this.specifier(to, declared), names, { type });
  }

  /** `export { names } from 'from'` (`type`: `export type`). */
  reexport(from: string, names: readonly string[], { type = false } = {}): this {
    const source = this.exportSource(from);
    for (const name of names) (type ? source.types : source.values).add(checkedName(name));
    return this;
  }

  /** `export { names };`: names the module imported, exported as they are. */
  exportLocal(names: readonly string[]): this {
    for (const name of names) this.localExports.add(checkedName(name));
    return this;
  }

  /** `export * from 'from'`. */
  reexportAll(from: string): this {
    this.exportSource(from).all = true;
    return this;
  }

  private exportSource(from: string): Source & { all: boolean } {
    let found = this.exports.get(from);
    if (!found) {
      found = { values: new Set(), types: new Set(), all: false };
      this.exports.set(from, found);
    }
    return found;
  }

  /** The import declarations, one line each. */
  importLines(): string[] {
    const lines: string[] = [];
    for (const [from, source] of bySpecifier(this.imports)) {
      const specifier = stringLiteral(from);
      if (source.namespace)
        lines.push(
          `import ${source.namespace.typeOnly ? 'type ' : ''}* as ${source.namespace.name} from ${specifier};`,
        );
      if (source.values.size) lines.push(`import ${clause(source.values)} from ${specifier};`);
      if (source.types.size) lines.push(`import type ${clause(source.types)} from ${specifier};`);
    }
    return lines;
  }

  /** The export declarations of imported names and the re-exports, one line each. */
  exportLines(): string[] {
    const lines = this.localExports.size ? [`export ${clause(this.localExports)};`] : [];
    for (const [from, source] of bySpecifier(this.exports)) {
      const specifier = stringLiteral(from);
      if (source.all) lines.push(`export * from ${specifier};`);
      if (source.values.size) lines.push(`export ${clause(source.values)} from ${specifier};`);
      if (source.types.size) lines.push(`export type ${clause(source.types)} from ${specifier};`);
    }
    return lines;
  }

  /**
   * The module's text: the preamble and imports, the re-exports, then `statements` (empty ones
   * left out), each group a blank line apart, ending with one newline.
   */
  text(statements: readonly string[]): string {
    const head = [...this.preamble, ...this.importLines()].join('\n');
    const parts = [head, this.exportLines().join('\n'), ...statements].filter(Boolean);
    return `${parts.join('\n\n')}\n`;
  }
}
