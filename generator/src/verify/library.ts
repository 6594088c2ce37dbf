/**
 * The ES5 library the verify check compiles `types.ts` against, reduced to the declarations a
 * module of type declarations can reach: what the checker looks up itself for the types it
 * builds (arrays, object, function and primitive types: `ROOTS`), and everything those
 * declarations name, transitively (`Intl` and `Date` among them; not the typed arrays, `Math`,
 * `JSON`, `Promise`, the errors). Parsing and binding all of `lib.es5.d.ts` was a third of a small
 * spec's check.
 *
 * The reduced library gives the same diagnostics as the whole one wherever it is used: a
 * `types.ts` whose statements are interfaces and type aliases only and that names nothing the
 * reduction left out (any identifier, property names included, is counted), so that every name
 * it resolves, and every name those declarations resolve, is the same declaration in both. A
 * check with fixtures (values, whose checking looks up more globals) always uses the whole one.
 *
 * It is computed from the parsed library the first time a check reads it, and kept in zapgen's
 * `.cache/` (beside the compiled schema validators) for the next runs; until then, or when the
 * cache cannot be written, the whole library is used.
 */
import { createHash } from 'node:crypto';
import type TS from 'typescript';
import { cachedText, keepCached } from '../code-cache.js';
import { GLOBALS_REFERRED_TO } from '../emit/typescript-types/globals.js';
import { ts } from './typescript.js';

/**
 * The global types the checker looks up for the type nodes a declaration can hold, and those the
 * types printer refers to.
 */
const ROOTS = [
  ...GLOBALS_REFERRED_TO,
  'Array',
  'ReadonlyArray',
  'Boolean',
  'CallableFunction',
  'Function',
  'IArguments',
  'NewableFunction',
  'Number',
  'Object',
  'RegExp',
  'String',
  'Symbol',
  'TemplateStringsArray',
];

/** A library reduced to the declarations reachable from `ROOTS`. */
export interface ReducedLibrary {
  text: string;
  /** The names the whole library declares and this one does not. */
  excluded: ReadonlySet<string>;
}

/** Counted up when the reduction below changes, so that no earlier cache file is read. */
const REDUCTION = 1;

/** The name of the cache file of the library at `file` (per TypeScript version and roots). */
function cacheName(file: string): string {
  const key = createHash('sha256')
    .update(JSON.stringify([REDUCTION, ROOTS]))
    .digest('hex')
    .slice(0, 12);
  return `lib-${ts.version}-${file.replace(/^.*[\\/]/, '')}-${key}.json`;
}

const reduced = new Map<string, ReducedLibrary | undefined>();

/** The reduction of the library at `file`, if it is known (in this thread or in the cache). */
export function knownReduction(file: string): ReducedLibrary | undefined {
  if (!reduced.has(file)) {
    let found: ReducedLibrary | undefined;
    const text = cachedText(cacheName(file));
    if (text !== undefined) {
      try {
        const parsed = JSON.parse(text) as { text: string; excluded: string[] };
        found = { text: parsed.text, excluded: new Set(parsed.excluded) };
      } catch {
        // A damaged file is computed again from the whole library.
      }
    }
    reduced.set(file, found);
  }
  return reduced.get(file);
}

/** Computes the reduction of the parsed library `library` and keeps it for later checks. */
export function reduceLibrary(library: TS.SourceFile): void {
  if (knownReduction(library.fileName)) return;
  const text = library.text;
  const byName = new Map<string, TS.Statement[]>();
  for (const statement of library.statements)
    for (const name of declaredNames(statement))
      byName.set(name, [...(byName.get(name) ?? []), statement]);
  const kept = new Set<TS.Statement>();
  const reached = new Set<string>();
  const pending = ROOTS.filter((name) => byName.has(name));
  while (pending.length) {
    const name = pending.pop()!;
    if (reached.has(name)) continue;
    reached.add(name);
    for (const statement of byName.get(name)!) {
      kept.add(statement);
      forEachIdentifier(statement, (identifier) => {
        if (byName.has(identifier) && !reached.has(identifier)) pending.push(identifier);
      });
    }
  }
  const first = library.statements[0];
  const result: ReducedLibrary = {
    // The header (with `/// <reference no-default-lib="true"/>`), then the kept statements.
    text:
      text.slice(0, first ? first.pos : text.length) +
      library.statements
        .filter((statement) => kept.has(statement))
        .map((statement) => text.slice(statement.pos, statement.end))
        .join(''),
    excluded: new Set([...byName.keys()].filter((name) => !reached.has(name))),
  };
  reduced.set(library.fileName, result);
  keepCached(
    cacheName(library.fileName),
    JSON.stringify({ text: result.text, excluded: [...result.excluded] }),
  );
}

/**
 * Whether `types` may be checked against `library`: interfaces and type aliases only, naming
 * nothing the library left out but what it declares itself (a module's own `Error` is the one
 * every name in it resolves to, whatever the global scope holds).
 */
export function fitsReduction(types: TS.SourceFile, library: ReducedLibrary): boolean {
  const own = new Set<string>();
  for (const statement of types.statements) {
    if (!ts.isInterfaceDeclaration(statement) && !ts.isTypeAliasDeclaration(statement))
      return false;
    own.add(statement.name.text);
  }
  let fits = true;
  forEachIdentifier(types, (name) => {
    if (library.excluded.has(name) && !own.has(name)) fits = false;
  });
  return fits;
}

function declaredNames(statement: TS.Statement): string[] {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((declaration) =>
      ts.isIdentifier(declaration.name) ? [declaration.name.text] : [],
    );
  const { name } = statement as { name?: TS.Node };
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? [name.text] : [];
}

/** Calls `visit` with the text of every identifier under `node`. */
function forEachIdentifier(node: TS.Node, visit: (name: string) => void): void {
  const walk = (child: TS.Node): undefined => {
    if (ts.isIdentifier(child)) visit(child.text);
    else ts.forEachChild(child, walk);
    return undefined;
  };
  walk(node);
}
