/**
 * The modules of a generated package, and who imports what from where. Each emitter declares
 * the modules it writes (`provides`: a file and the names it exports for other modules) and the
 * modules it imports from (`needs`); the registry checks the declarations once (every need met,
 * every module written once) and answers the specifier one module writes to import another,
 * so that no emitter names another's file (as hey-api's plugins register their symbols). A
 * module imports only what its emitter declares it needs (or writes itself): an undeclared
 * import is refused when it is asked for, so that the declarations stay the whole truth.
 */
import path from 'node:path';
import type { ApiModel } from '../model/types.js';

/** A module that an emitter writes, by the id other emitters ask for it. */
export interface ModuleDeclaration {
  /** `types`, `definitions`, `validators`, …: what other emitters name it by. */
  id: string;
  /** Path in the package: `src/types.ts`. */
  file: string;
  /** Names it exports for other modules (names that depend on the spec are not listed). */
  exports: readonly string[];
  /**
   * Where the package exports it for its users (`.`, `./fetch`, `./openapi.json`): `package.json`'s
   * `exports` is made of these. Absent: a module of the package's own, imported by its others.
   */
  subpath?: string;
  /** Whether it is written for `model` (the webhooks' receiver only for a spec with webhooks); absent: always. */
  writtenFor?: (model: ApiModel) => boolean;
}

/** What the registry reads of an emitter: its name and its declarations. */
export interface ModuleDeclarations {
  name: string;
  provides: readonly ModuleDeclaration[];
  needs: readonly string[];
}

/** The ES module specifier of the package's file `to` from its file `from` (`.ts` written as `.js`). */
export function relativeSpecifier(from: string, to: string): string {
  const relative = path.posix.relative(path.posix.dirname(from), to.replace(/\.ts$/, '.js'));
  return relative.startsWith('.') ? relative : `./${relative}`;
}

export class ModuleRegistry {
  private readonly byId = new Map<string, ModuleDeclaration>();
  /** The emitter of each module, by module id. */
  private readonly owners = new Map<string, ModuleDeclarations>();

  private constructor(emitters: readonly ModuleDeclarations[]) {
    const files = new Set<string>();
    for (const emitter of emitters) {
      for (const module of emitter.provides) {
        if (this.byId.has(module.id) || files.has(module.file))
          throw new Error(`module ${module.id} (${module.file}) is declared twice`);
        this.byId.set(module.id, module);
        this.owners.set(module.id, emitter);
        files.add(module.file);
      }
    }
    for (const emitter of emitters)
      for (const need of emitter.needs)
        if (!this.byId.has(need))
          throw new Error(`emitter ${emitter.name} needs module ${need}, which no emitter writes`);
  }

  /** The registry of `emitters`; throws when their declarations do not fit together. */
  static of(emitters: readonly ModuleDeclarations[]): ModuleRegistry {
    return new ModuleRegistry(emitters);
  }

  /** The declaration of module `id`. */
  module(id: string): ModuleDeclaration {
    const found = this.byId.get(id);
    if (!found) throw new Error(`no emitter writes module ${id}`);
    return found;
  }

  /** The modules the package exports to its users for `model` (those with a `subpath`), as declared. */
  exported(model: ApiModel): ModuleDeclaration[] {
    return [...this.byId.values()].filter(
      (module) => module.subpath !== undefined && (module.writtenFor?.(model) ?? true),
    );
  }

  /** The path of module `id` in the package (`src/types.ts`). */
  file(id: string): string {
    return this.module(id).file;
  }

  /**
   * What module `from` writes to import module `to`: `./types.js` (ES module specifiers name the
   * emitted `.js` file). A name `to` does not declare is refused, so that a rename is caught here.
   */
  specifier({
    from,
    to,
    names = [],
  }: {
    from: string;
    to: string;
    names?: readonly string[];
  }): string {
    const target = this.module(to);
    const owner = this.owners.get(from);
    if (owner && !owner.needs.includes(to) && this.owners.get(to) !== owner)
      throw new Error(
        `module ${from} imports module ${to}, which emitter ${owner.name} does not declare it needs`,
      );
    for (const name of names)
      if (!target.exports.includes(name))
        throw new Error(`module ${to} does not declare the export ${name}`);
    return relativeSpecifier(this.file(from), target.file);
  }
}
