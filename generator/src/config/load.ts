/**
 * Finds and reads `zapgen.config.{ts,mts,js,mjs,json}`. A TypeScript config is run as Node runs
 * TypeScript where it can (type stripping, Node 22.18 and later); on older Nodes it is
 * transpiled with the TypeScript that zapgen already depends on into a module beside the config
 * (removed right after), so that its imports resolve as they would from the config itself.
 * No loader dependency is needed for that, and nothing of TypeScript is loaded for the others.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findNodeAtLocation, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { cacheFolderFor } from '../cache.js';
import { cachedText, keepCached } from '../code-cache.js';
import { displayPath } from '../load/source-file.js';
import { resolveConfig, type ConfigProblem, type ResolvedApi } from './validate.js';

/** The names zapgen looks for in the working directory, in this order. */
export const CONFIG_FILES = [
  'zapgen.config.ts',
  'zapgen.config.mts',
  'zapgen.config.js',
  'zapgen.config.mjs',
  'zapgen.config.json',
] as const;

/** A config that cannot be used: each line names the file (and position, for JSON) and the option. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

export interface LoadedConfig {
  /** The config file (absolute path). */
  file: string;
  apis: ResolvedApi[];
}

/** The config file of `folder`, or undefined when it has none. */
export function findConfigFile(folder: string = process.cwd()): string | undefined {
  for (const name of CONFIG_FILES) {
    const file = path.join(folder, name);
    if (isFile(file)) return file;
  }
  return undefined;
}

/** Reads, runs (for code) and checks the config `file`; throws a `ConfigError` naming each problem. */
export async function loadConfig(file: string): Promise<LoadedConfig> {
  const absolute = path.resolve(file);
  const shown = displayPath(absolute);
  if (!isFile(absolute)) throw new ConfigError([`${shown}: no such config file`]);
  const extension = path.extname(absolute);
  if (!['.ts', '.mts', '.js', '.mjs', '.json'].includes(extension))
    throw new ConfigError([`${shown}: a config is a .ts, .mts, .js, .mjs or .json file`]);
  const text = readFileSync(absolute, 'utf8');
  const value =
    extension === '.json' ? parseJson({ text, shown }) : await runModule(absolute, text);
  const resolved = resolveConfig({ value, folder: path.dirname(absolute) });
  if ('problems' in resolved)
    throw new ConfigError(
      resolved.problems.map(
        (problem) =>
          `${where({ problem, shown, text, extension })}: ${problem.option}: ${problem.message}`,
      ),
    );
  return { file: absolute, apis: resolved.apis };
}

function parseJson({ text, shown }: { text: string; shown: string }): unknown {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length || !tree)
    throw new ConfigError(
      // The first error: the others follow from it.
      errors
        .slice(0, 1)
        .map(
          (error) =>
            `${shown}:${lineColumn(text, error.offset)}: ${printParseErrorCode(error.error)}`,
        ),
    );
  return JSON.parse(text) as unknown;
}

/** `file:line:col` for a JSON config (the option's position), `file` for code. */
function where({
  problem,
  shown,
  text,
  extension,
}: {
  problem: ConfigProblem;
  shown: string;
  text: string;
  extension: string;
}): string {
  if (extension !== '.json') return shown;
  const tree = parseTree(text);
  const segments = [...problem.option.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) =>
    match[2] === undefined ? match[1]! : Number(match[2]),
  );
  // The deepest node that exists: a missing option is located at the object that lacks it.
  for (let length = segments.length; length >= 0 && tree; length--) {
    const node = findNodeAtLocation(tree, segments.slice(0, length));
    if (node) {
      const at =
        node.parent?.type === 'property' && length === segments.length ? node.parent : node;
      return `${shown}:${lineColumn(text, at.offset)}`;
    }
  }
  return shown;
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

/** The default export of a config module. */
async function runModule(file: string, text: string): Promise<unknown> {
  const typescript = file.endsWith('.ts') || file.endsWith('.mts');
  // A query makes a fresh module each time the file changes (watch mode reads it again).
  const version = `?zapgen=${statSync(file).mtimeMs}`;
  let module: { default?: unknown };
  try {
    if (!typescript || stripsTypes())
      module = (await import(pathToFileURL(file).href + version)) as typeof module;
    else module = await runTranspiled(file, text);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError([
      `${displayPath(file)}: cannot be run: ${(error as Error).message.split('\n')[0]}`,
    ]);
  }
  if (!('default' in module))
    throw new ConfigError([
      `${displayPath(file)}: has no default export: export default defineConfig({ apis: [...] })`,
    ]);
  return module.default;
}

/** Whether this Node runs TypeScript files itself (type stripping, on by default from 22.18 and 23.6). */
function stripsTypes(): boolean {
  return Boolean((process.features as { typescript?: unknown }).typescript);
}

async function runTranspiled(file: string, text: string): Promise<{ default?: unknown }> {
  const code = await transpiled(file, text);
  // Beside the config, so that its relative and package imports resolve from where it is.
  const temporary = `${file}.timestamp-${Date.now()}-${randomBytes(4).toString('hex')}.mjs`;
  writeFileSync(temporary, code, { flag: 'wx' });
  try {
    return (await import(pathToFileURL(temporary).href)) as { default?: unknown };
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * The config as JavaScript. Loading TypeScript's compiler costs more than a cached run
 * (0.5 s of CPU on Node 20), so the output is kept in the run cache's folder, keyed by the
 * config's text: an unchanged config is not transpiled again.
 */
async function transpiled(file: string, text: string): Promise<string> {
  const folder = cacheFolderFor(path.dirname(file));
  const name = `config-${createHash('sha256').update(text).digest('hex').slice(0, 32)}.mjs`;
  const cached = folder ? cachedText(name, folder) : undefined;
  if (cached !== undefined) return cached;
  const code = await transpile(file, text);
  // A cache that cannot be written only costs the next run the transpilation.
  if (folder) keepCached(name, code, folder);
  return code;
}

async function transpile(file: string, text: string): Promise<string> {
  const { default: ts } = await import('typescript');
  const output = ts.transpileModule(text, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      sourceMap: false,
    },
  });
  const syntax = output.diagnostics?.find(
    (diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error,
  );
  if (syntax) {
    const position =
      syntax.file && syntax.start !== undefined
        ? syntax.file.getLineAndCharacterOfPosition(syntax.start)
        : undefined;
    throw new ConfigError([
      `${displayPath(file)}${position ? `:${position.line + 1}:${position.character + 1}` : ''}: ${ts.flattenDiagnosticMessageText(syntax.messageText, '\n')}`,
    ]);
  }
  return output.outputText;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
