/**
 * Type-checks emitted files with the TypeScript compiler API, in memory: the files live in a
 * virtual folder next to this one, so `zod` resolves from the repo's node_modules, while
 * `@zapgen/runtime` is a stub of the documented runtime API.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { operationSchemasNames } from '../../../src/emit/zod/module.js';

const here = fileURLToPath(new URL('./', import.meta.url));
const root = `${here}__virtual__/`;
const definition = readFileSync(
  fileURLToPath(new URL('../../../../packages/runtime/src/definition.ts', import.meta.url)),
  'utf8',
);

/** The runtime API that generated clients call, as documented for the runtime engineer. */
const runtimeStub = `${definition}
export interface ClientOptions {
  baseUrl?: string;
  serverVariables?: Record<string, string>;
  accessToken?: string;
  credentials?: Record<string, string | (() => string | Promise<string>)>;
  [apiKeyOption: string]: unknown;
  fetch?: typeof globalThis.fetch;
  headers?: Record<string, string>;
}
export interface CallOptions { signal?: AbortSignal; timeoutMs?: number; headers?: Record<string, string> }
export interface PaginateOptions extends CallOptions { maxItems?: number; pageSize?: number }
export interface PollOptions extends CallOptions { intervalMs?: number; deadlineMs?: number }
export type PathMethod<Paths> = (path: keyof Paths & string, init?: { params?: object; body?: unknown }) => Promise<{ data: unknown; response: Response }>;
export interface Runtime<Paths extends {}> {
  readonly pathMethods: Record<'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE', PathMethod<Paths>>;
  call<T>(operation: OperationDefinition, args?: OperationArgs, options?: CallOptions): Promise<T>;
  send<T>(operation: OperationDefinition, args?: OperationArgs, options?: CallOptions): Promise<{ data: T; response: Response }>;
  paginate<Item>(operation: OperationDefinition, args?: OperationArgs, options?: PaginateOptions): AsyncIterableIterator<Item>;
  poll<T>(operation: OperationDefinition, args?: OperationArgs, options?: PollOptions): Promise<T>;
  use(...middleware: object[]): void;
  eject(...middleware: object[]): void;
}
// What \`createRuntime\` (of the real \`@zapgen/runtime/client\`) returns spreads into the client.
export type PathMethods<Paths extends {}> = import('@zapgen/runtime/client').Runtime<Paths>['pathMethods'];
export declare function createRuntime<Paths extends {}>(api: ApiDefinition, options?: ClientOptions): Runtime<Paths>;
export declare function withValidators(route: OperationDefinition, validators: { parameters?: Validator; body?: Validator; responses?: Partial<Record<string, Validator | undefined>> }): OperationDefinition;
export declare class ZapgenError extends Error {}
export declare class RequestValidationError extends ZapgenError {}
export declare class MissingCredentialsError extends ZapgenError {}
export declare class ApiError extends ZapgenError { status: number; body: unknown }
export declare class ClientError extends ApiError {}
export declare class UnauthorizedError extends ClientError {}
export declare class ForbiddenError extends ClientError {}
export declare class NotFoundError extends ClientError {}
export declare class RateLimitError extends ClientError {}
export declare class ServerError extends ApiError {}
export declare class RedirectError extends ZapgenError {}
export interface CallResult<T> { data: T; response: Response }
export declare class NetworkError extends ZapgenError {}
export declare class TimeoutError extends ZapgenError {}
export declare class ResponseValidationError extends ZapgenError {}
export interface ResponseValidationReport { operationId: string; status: number }
`;

const virtual: Record<string, string> = {
  'package.json': '{ "type": "module" }',
  'node_modules/@zapgen/runtime/package.json':
    '{ "name": "@zapgen/runtime", "type": "module", "types": "./index.d.ts" }',
  'node_modules/@zapgen/runtime/index.d.ts': runtimeStub,
};

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

const libraryFiles = new Map<string, ts.SourceFile | undefined>();

/**
 * Diagnostics (as `file:line message`) of `files` (paths relative to a package root, e.g.
 * `src/client.ts`), all of which are type-checked.
 */
export function typeCheck(files: Record<string, string>): string[] {
  const all = new Map<string, string>(
    Object.entries({ ...virtual, ...files }).map(([path, text]) => [`${root}${path}`, text]),
  );
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile, directoryExists } = host;
  host.fileExists = (name) => all.has(name) || fileExists.call(host, name);
  host.readFile = (name) => all.get(name) ?? readFile.call(host, name);
  host.directoryExists = (name) =>
    [...all.keys()].some((path) => path.startsWith(`${name.replace(/\/$/, '')}/`)) ||
    (directoryExists?.call(host, name) ?? false);
  host.getSourceFile = (name, version, onError) => {
    const text = all.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, version);
    // Library files (lib.dom.d.ts, zod) parse once for all checks of a test run.
    const key = `${name}@${JSON.stringify(version)}`;
    if (!libraryFiles.has(key))
      libraryFiles.set(key, getSourceFile.call(host, name, version, onError));
    return libraryFiles.get(key);
  };
  const roots = Object.keys(files)
    .filter((path) => path.endsWith('.ts'))
    .map((path) => `${root}${path}`);
  const program = ts.createProgram(roots, options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return `${diagnostic.file.fileName.replace(root, '')}:${line + 1} ${message}`;
  });
}

/** A `src/validators.ts` stand-in (what `definitions.ts` imports) with zod validators in the shape of the zod emitter's `operationSchemas`. */
export function zodStub(
  operations: { operationId: string; responses: { status: string }[] }[],
): string {
  const names = operationSchemasNames(operations.map((operation) => operation.operationId));
  const consts = operations.map(
    (operation) =>
      `export const ${names.get(operation.operationId)!} = { parameters: z.object({}), body: z.unknown(), responses: { ${operation.responses
        .map((response) => `${JSON.stringify(response.status)}: z.unknown()`)
        .join(', ')} } };`,
  );
  const entries = operations.map(
    (operation) =>
      `${JSON.stringify(operation.operationId)}: ${names.get(operation.operationId)!},`,
  );
  return `import { z } from 'zod';\n${consts.join('\n')}\nexport const operationSchemas = {\n${entries.join('\n')}\n};\n`;
}
