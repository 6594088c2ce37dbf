/**
 * The codemod from openapi-typescript + openapi-fetch (+ openapi-react-query) to a generated
 * package: imports of `openapi-fetch` become the package's drop-in client (`<package>/fetch`),
 * of `openapi-react-query` its path-style hooks (`<package>/react-query`), of openapi-typescript's
 * output its types (`paths`, `components`, `operations` from `<package>`), and
 * `createClient<paths>(...)` loses a type argument the package's client already has. What it
 * cannot carry over is left as it is and reported, located.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  Node,
  Project,
  type CallExpression,
  type ImportDeclaration,
  type SourceFile,
} from 'ts-morph';
import { FETCH_MODULE } from '../emit/fetch/index.js';
import { INDEX_TYPES } from '../emit/package/index-ts.js';
import { REACT_QUERY_MODULE } from '../emit/react-query/index.js';

/** What a file became, and why some of it did not change. */
export interface FileMigration {
  /** Path relative to the working directory. */
  file: string;
  before: string;
  after: string;
}

export interface MigrationResult {
  files: FileMigration[];
  /** `file:line:col  message`, for what needs a person. */
  notes: string[];
}

export interface MigrateOptions {
  /** The generated package the code moves to (`@zapgen/partner-v1`). */
  packageName: string;
  /** Working directory: paths are resolved and reported from here. */
  cwd: string;
  /** A tsconfig.json whose files to migrate; else `files`, else every source under `cwd`. */
  project?: string;
  files?: string[];
  /** openapi-typescript's output file; found by its exports when not given. */
  types?: string;
}

// What each module of a generated package exports, as its emitter declares it: a name missing
// there is left in place with a note, never moved to a module that lacks it.
const FETCH_EXPORTS: ReadonlySet<string> = new Set(FETCH_MODULE.exports);
const REACT_QUERY_EXPORTS: ReadonlySet<string> = new Set(REACT_QUERY_MODULE.exports);
/** openapi-typescript's exports that the package's root exports too. */
const TYPE_EXPORTS: ReadonlySet<string> = new Set(INDEX_TYPES);

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

function located(file: SourceFile, node: Node, cwd: string, message: string): string {
  const { line, column } = file.getLineAndColumnAtPos(node.getStart());
  return `${path.relative(cwd, file.getFilePath())}:${line}:${column}  ${message}`;
}

/** The name an import specifier or default import stands for in the module it imports. */
function importedNames(declaration: ImportDeclaration): string[] {
  return [
    ...(declaration.getDefaultImport() ? ['default'] : []),
    ...declaration.getNamedImports().map((specifier) => specifier.getName()),
    ...(declaration.getNamespaceImport() ? ['*'] : []),
  ];
}

/**
 * The file a relative import names (`./schema.js` is `schema.ts` or `schema.d.ts`, `./api` may be
 * `api/index.ts`), added to the project without resolving anything else: the codemod reads the
 * user's files and openapi-typescript's output, not their dependencies.
 */
function relativeModule(file: SourceFile, specifier: string): SourceFile | undefined {
  const base = path.resolve(path.dirname(file.getFilePath()), specifier).replace(/\.(m|c)?js$/, '');
  const project = file.getProject();
  for (const candidate of [
    '.ts',
    '.d.ts',
    '.tsx',
    '.mts',
    '.d.mts',
    '/index.ts',
    '/index.d.ts',
    '',
  ]) {
    const found =
      project.getSourceFile(`${base}${candidate}`) ??
      project.addSourceFileAtPathIfExists(`${base}${candidate}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether a module is openapi-typescript's output: it declares `paths` and exports only types. */
function isTypesModule(file: SourceFile | undefined, types: string | undefined): boolean {
  if (file === undefined) return false;
  if (types !== undefined) return path.resolve(file.getFilePath()) === path.resolve(types);
  const declared = file.getExportedDeclarations().get('paths') ?? [];
  return (
    declared.some(
      (node) => Node.isInterfaceDeclaration(node) || Node.isTypeAliasDeclaration(node),
    ) &&
    [...file.getExportedDeclarations().values()]
      .flat()
      .every((node) => Node.isInterfaceDeclaration(node) || Node.isTypeAliasDeclaration(node))
  );
}

/**
 * Moves an import to `target` when it imports only what `target` exports; else splits it: the
 * names `target` has move, the others stay and are reported.
 */
function retarget(options: {
  declaration: ImportDeclaration;
  target: string;
  exported: ReadonlySet<string>;
  note: (message: string) => void;
  typeOnly?: boolean;
}): void {
  const { declaration, target, exported } = options;
  const names = importedNames(declaration);
  const missing = names.filter((name) => !exported.has(name));
  if (missing.length === 0) {
    declaration.setModuleSpecifier(target);
    if (options.typeOnly) declaration.setIsTypeOnly(true);
    return;
  }
  const moving = declaration
    .getNamedImports()
    .filter((specifier) => exported.has(specifier.getName()));
  const defaultImport = declaration.getDefaultImport();
  const movesDefault = defaultImport !== undefined && exported.has('default');
  if (moving.length > 0 || movesDefault) {
    declaration.getSourceFile().insertImportDeclaration(declaration.getChildIndex(), {
      moduleSpecifier: target,
      isTypeOnly: options.typeOnly ?? declaration.isTypeOnly(),
      ...(movesDefault ? { defaultImport: defaultImport.getText() } : {}),
      namedImports: moving.map((specifier) => ({
        name: specifier.getName(),
        alias: specifier.getAliasNode()?.getText(),
        isTypeOnly: specifier.isTypeOnly(),
      })),
    });
    for (const specifier of moving) specifier.remove();
    if (movesDefault) declaration.removeDefaultImport();
  }
  options.note(
    `${missing.map((name) => (name === 'default' ? 'the default import' : name === '*' ? 'a namespace import' : name)).join(', ')} of "${declaration.getModuleSpecifierValue()}": not provided by ${target}; left as it is`,
  );
}

/** `createClient<paths>(...)` → `createClient(...)` when the type argument is the migrated `paths`. */
function dropPathsArguments(file: SourceFile, calls: Set<string>, paths: Set<string>): void {
  file.forEachDescendant((node) => {
    if (!Node.isCallExpression(node)) return;
    const call = node as CallExpression;
    const callee = call.getExpression().getText();
    const typeArguments = call.getTypeArguments();
    if (!calls.has(callee) || typeArguments.length !== 1) return;
    if (paths.has(typeArguments[0]!.getText())) call.removeTypeArgument(typeArguments[0]!);
  });
}

function migrateFile(
  file: SourceFile,
  options: MigrateOptions,
  note: (node: Node, message: string) => void,
): void {
  const fetchModule = `${options.packageName}/fetch`;
  const queryModule = `${options.packageName}/react-query`;
  const clientCalls = new Set<string>();
  const pathsNames = new Set<string>();
  for (const declaration of file.getImportDeclarations()) {
    const specifier = declaration.getModuleSpecifierValue();
    const noteHere = (message: string) => note(declaration, message);
    if (specifier === 'openapi-fetch') {
      const defaultName = declaration.getDefaultImport()?.getText();
      if (defaultName) clientCalls.add(defaultName);
      for (const named of declaration.getNamedImports())
        if (['createPathBasedClient', 'default'].includes(named.getName()))
          clientCalls.add(named.getAliasNode()?.getText() ?? named.getName());
      retarget({ declaration, target: fetchModule, exported: FETCH_EXPORTS, note: noteHere });
    } else if (specifier === 'openapi-react-query') {
      retarget({ declaration, target: queryModule, exported: REACT_QUERY_EXPORTS, note: noteHere });
    } else if (
      specifier.startsWith('.') &&
      isTypesModule(relativeModule(file, specifier), options.types)
    ) {
      for (const named of declaration.getNamedImports())
        if (named.getName() === 'paths')
          pathsNames.add(named.getAliasNode()?.getText() ?? named.getName());
      retarget({
        declaration,
        target: options.packageName,
        exported: TYPE_EXPORTS,
        note: noteHere,
        typeOnly: true,
      });
    }
  }
  dropPathsArguments(file, clientCalls, pathsNames);
}

/** Every source file under `folder`, but in `node_modules` and hidden folders. */
function sourcesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourcesUnder(full));
    else if (entry.isFile() && SOURCE.test(entry.name) && !/\.d\.[mc]?ts$/.test(entry.name))
      found.push(full);
  }
  return found.sort();
}

/** Migrates the project's files in memory; nothing is written. */
export function migrate(options: MigrateOptions): MigrationResult {
  const project =
    options.project === undefined
      ? new Project({
          compilerOptions: { allowJs: true, jsx: 4 /* react-jsx */ },
          skipFileDependencyResolution: true,
        })
      : new Project({
          tsConfigFilePath: path.resolve(options.cwd, options.project),
          skipFileDependencyResolution: true,
        });
  if (options.project === undefined) {
    const files = options.files?.length
      ? options.files.map((file) => path.resolve(options.cwd, file))
      : sourcesUnder(options.cwd);
    for (const file of files) project.addSourceFileAtPath(file);
  }
  const notes: string[] = [];
  const files: FileMigration[] = [];
  // The files to migrate: the ones found now, not the type modules read on the way.
  for (const file of [...project.getSourceFiles()]) {
    const filePath = file.getFilePath();
    if (filePath.includes('/node_modules/') || file.isDeclarationFile() || !SOURCE.test(filePath))
      continue;
    if (!path.resolve(filePath).startsWith(path.resolve(options.cwd))) continue;
    const before = file.getFullText();
    migrateFile(file, options, (node, message) =>
      notes.push(located(file, node, options.cwd, message)),
    );
    const after = file.getFullText();
    if (after !== before) files.push({ file: path.relative(options.cwd, filePath), before, after });
  }
  files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files, notes };
}
