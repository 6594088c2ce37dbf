/**
 * The type check of the verify phase: `types.ts` and a module of fixtures compiled in memory with
 * the generated package's options. It reads only its input and answers in plain data (the
 * diagnostics of the fixtures, the property paths of the types' problems), so that it can run in
 * a worker thread (`workers/pool.ts`) while the emitters run on.
 */
import { createRequire } from 'node:module';
import type TS from 'typescript';
import { fitsReduction, knownReduction, reduceLibrary } from './library.js';
import { ts } from './typescript.js';

/**
 * Where the package has the files verified (`src/types.ts`, `src/fixtures.ts`): the types and
 * fixtures emitters' declarations (`emit/registry.ts`), which the run passes in. The check
 * compiles them at the same paths, so that the fixtures' import of the types resolves.
 */
export interface VerifiedPaths {
  types: string;
  fixtures: string;
}

const ROOT = '/zapgen-verify/';

/** The compiler options of the generated package (see `emit/package/tsconfig.ts`), without emit. */
const OPTIONS: TS.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  // The types and fixtures use only ES5's utility types (Record, Omit, ...): the smallest library
  // parses fastest, and the package's own build still checks them against ES2023 and the DOM.
  lib: ['lib.es5.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

/**
 * The declarations of the runtime's fixture helpers (`setAt`, `deleteAt`), which `fixtures.ts`
 * imports: zapgen's own `@zapgen/runtime`, the one its packages are generated for.
 */
let runtimeFixturesTypes: string | undefined;
function runtimePaths(runtimePackage: string): TS.MapLike<string[]> {
  runtimeFixturesTypes ??= createRequire(import.meta.url)
    .resolve('@zapgen/runtime/fixtures')
    .replace(/\.js$/, '.d.ts');
  return { [`${runtimePackage}/fixtures`]: [runtimeFixturesTypes] };
}

/** Library files are parsed once per thread: every check of every spec uses the same ones. */
const libraryFiles = new Map<string, TS.SourceFile | undefined>();

/** The ES5 library of `OPTIONS`, and the key of its reduction (`library.ts`) in `libraryFiles`. */
const LIBRARY = ts.getDefaultLibFilePath(OPTIONS).replace(/[^\\/]*$/, 'lib.es5.d.ts');
const REDUCED = `${LIBRARY}\0reduced`;

/**
 * The `types.ts` last parsed in this thread: the checks of later fixture slices of one run reuse
 * it (parsed and bound once), until `forgetTypes`.
 */
let parsedTypes: { text: string; file: TS.SourceFile } | undefined;

export interface CheckRequest {
  /** The package the generated code imports the runtime from (`@zapgen/runtime`). */
  runtimePackage: string;
  paths: VerifiedPaths;
  types: string;
  fixtures?: string;
  /** The diagnostics of these types are known already: do not ask for them. */
  typesKnown?: boolean;
  /** Check against the whole ES5 library even where the reduced one gives the same answer. */
  wholeLibrary?: boolean;
}

/** What `pruneSatisfies` reads of a diagnostic of fixtures (and what the memo keeps). */
export interface StoredDiagnostic {
  [key: string]: number | string;
  start: number;
  code: number;
  message: string;
}

/** A diagnostic of `types.ts`: the property path around it (when it is in one) and its text. */
export interface TypesProblem {
  path?: string[];
  reason: string;
  /** `src/types.ts:line:col TSxxxx: message`. */
  description: string;
}

export interface CheckResult {
  fixtures: StoredDiagnostic[];
  types: TypesProblem[];
  /** The ES5 library checked against: the reduced one (`library.ts`) or the whole. */
  library?: 'reduced' | 'whole';
}

/**
 * Diagnostics of `fixtures` (a module importing `./types.js`), type-checked with the types in
 * memory, and of the types themselves unless `typesKnown`. The parsed types are kept for the next
 * check of the same text in this thread.
 */
export function checkSources(request: CheckRequest): CheckResult {
  const options: TS.CompilerOptions = { ...OPTIONS, paths: runtimePaths(request.runtimePackage) };
  const typesPath = `${ROOT}${request.paths.types}`;
  const fixturesPath = `${ROOT}${request.paths.fixtures}`;
  const reused = parsedTypes?.text === request.types ? parsedTypes.file : undefined;
  const inMemory = new Map<string, string>([
    [`${ROOT}package.json`, '{ "type": "module" }'],
    [typesPath, request.types],
    ...(request.fixtures === undefined ? [] : [[fixturesPath, request.fixtures] as const]),
  ]);
  const host = ts.createCompilerHost(options, true);
  // JSDoc read as tsc reads it (its default since TypeScript 5.3): in a .ts or .d.ts file only a
  // comment with `@see` or `@link` is parsed, the others change no type error. Parsing all of it
  // was a third of the parse of lib.es5.d.ts and of a documented `types.ts`.
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) =>
    inMemory.get(file) ?? (file.startsWith(ROOT) ? undefined : readFile(file));
  host.fileExists = (file) => inMemory.has(file) || (!file.startsWith(ROOT) && fileExists(file));
  host.directoryExists = (directory) =>
    directory === ROOT.slice(0, -1) ||
    `${directory}/`.startsWith(ROOT) ||
    ts.sys.directoryExists(directory);
  // Parsed without parent pointers: the binder sets them on every node as it binds a file
  // (every file of a program is bound before a diagnostic is asked for), and a walk of its own
  // was a quarter of the parse.
  // The types alone (no fixtures) are checked against the reduced ES5 library when they fit it
  // (`library.ts`); the program reads its root files before its library.
  let typesFit = false;
  host.getSourceFile = (file, languageVersion) => {
    const text = inMemory.get(file);
    if (file === typesPath) {
      const types =
        reused ?? ts.createSourceFile(file, text!, languageVersion, false, ts.ScriptKind.TS);
      const reduction =
        request.fixtures === undefined && !request.wholeLibrary
          ? knownReduction(LIBRARY)
          : undefined;
      typesFit = reduction !== undefined && fitsReduction(types, reduction);
      return types;
    }
    if (text !== undefined)
      return ts.createSourceFile(file, text, languageVersion, false, ts.ScriptKind.TS);
    const key = typesFit && file === LIBRARY ? REDUCED : file;
    if (!libraryFiles.has(key)) {
      const library = key === REDUCED ? knownReduction(LIBRARY)!.text : ts.sys.readFile(file);
      const parsed =
        library === undefined
          ? undefined
          : ts.createSourceFile(file, library, languageVersion, false);
      libraryFiles.set(key, parsed);
      if (parsed && file === LIBRARY && key !== REDUCED) reduceLibrary(parsed);
    }
    return libraryFiles.get(key);
  };
  const roots = [typesPath, ...(request.fixtures === undefined ? [] : [fixturesPath])];
  const program = ts.createProgram({ rootNames: roots, options, host });
  const diagnosticsOf = (file: TS.SourceFile | undefined) =>
    file ? [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)] : [];
  const typesFile = program.getSourceFile(typesPath)!;
  parsedTypes = { text: request.types, file: typesFile };
  return {
    library: typesFit ? 'reduced' : 'whole',
    fixtures: diagnosticsOf(program.getSourceFile(fixturesPath)).map(stored),
    // The types are checked once, in the program that parses them; the programs of later
    // fixture slices reuse that parsed file and need not check it again.
    types: request.typesKnown
      ? []
      : diagnosticsOf(typesFile).map((diagnostic) => ({
          ...innermostProperty(diagnostic),
          reason: `TS${diagnostic.code}: ${flatten(diagnostic)}`,
          description: describe(diagnostic),
        })),
  };
}

/** Forgets the parsed `types.ts` this thread keeps (at the end of a run's verify phase). */
export function forgetTypes(): void {
  parsedTypes = undefined;
}

function stored(diagnostic: TS.Diagnostic): StoredDiagnostic {
  return {
    start: diagnostic.start ?? -1,
    code: diagnostic.code,
    message: flatten(diagnostic),
  };
}

export function revived({ start, code, message }: StoredDiagnostic): TS.Diagnostic {
  return {
    file: undefined,
    start: start < 0 ? undefined : start,
    length: undefined,
    code,
    category: ts.DiagnosticCategory.Error,
    messageText: message,
  };
}

export function flatten(diagnostic: TS.Diagnostic): string {
  return ts
    .flattenDiagnosticMessageText(diagnostic.messageText, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, 300);
}

export function describe(diagnostic: TS.Diagnostic): string {
  const where =
    diagnostic.file && diagnostic.start !== undefined
      ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
      : undefined;
  return `${where ? `${diagnostic.file!.fileName.replace(ROOT, '')}:${where.line + 1}:${where.character + 1} ` : ''}TS${diagnostic.code}: ${flatten(diagnostic)}`;
}

export function nameText(name: TS.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)
    ? name.text
    : name.getText();
}

/** The innermost node of `file` that contains `position`. */
export function deepest(file: TS.SourceFile, position: number): TS.Node {
  let node: TS.Node = file;
  for (;;) {
    const child = node.forEachChild((candidate) =>
      candidate.getStart(file) <= position && position < candidate.getEnd() ? candidate : undefined,
    );
    if (!child) return node;
    node = child;
  }
}

/**
 * The property-name path (`operations.getReport.parameters.header.Accept`) of the innermost
 * property around a diagnostic, if it is in one.
 */
function innermostProperty(diagnostic: TS.Diagnostic): { path?: string[] } {
  if (!diagnostic.file || diagnostic.start === undefined) return {};
  let node: TS.Node | undefined = deepest(diagnostic.file, diagnostic.start);
  while (node && !(ts.isPropertySignature(node) && node.type)) node = node.parent;
  return node ? { path: propertyPath(node as TS.PropertySignature) } : {};
}

/** `interface operations { getReport: { parameters: { header?: { Accept?: X } } } }` → the names down to `Accept`. */
export function propertyPath(property: TS.PropertySignature): string[] {
  const path: string[] = [];
  for (let node: TS.Node | undefined = property; node; node = node.parent) {
    if (ts.isPropertySignature(node)) path.unshift(nameText(node.name));
    else if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node))
      path.unshift(node.name.text);
  }
  return path;
}
