/**
 * openapi-typescript's own transform tests (its `[name, { given, want }]` tables under
 * `packages/openapi-typescript/test/transform/`) run against zapgen's types printer:
 *
 *   npx tsx scripts/peer-transform-tests.ts <openapi-typescript checkout> [--verbose]
 *
 * The checkout is kept outside this repository (its code is not zapgen's); the report names its
 * commit when the folder has a `COMMIT` file or is a git work tree. Each test file is transpiled
 * and run with its imports of openapi-typescript's `src/` replaced by adapters: the `given` object
 * is put in a document, read by zapgen's model and printed by zapgen's printer, and the text is
 * laid out by TypeScript's printer as openapi-typescript's `astToString` does. A case passes when
 * the text is identical; otherwise it is reported as equal apart from layout and quotes, or
 * different, with both texts. Options of openapi-typescript that zapgen does not have (enum
 * objects, `immutable`, `pathParamsAsTypes`, …) make a case "not applicable".
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { buildModel } from '../generator/src/model/index.js';
import type { ApiModel } from '../generator/src/model/types.js';
import {
  headerType,
  operationType,
  pathItemType,
  requestBodyType,
  responseType,
  type DocumentPrinter,
} from '../generator/src/emit/typescript-types/document.js';
import { typesSource } from '../generator/src/emit/typescript-types/index.js';
import { createSchemaPrinter } from '../generator/src/emit/typescript-types/schema.js';

const [root, ...flags] = process.argv.slice(2);
if (!root || !existsSync(path.join(root, 'packages/openapi-typescript/test/transform'))) {
  console.error(
    'usage: tsx scripts/peer-transform-tests.ts <openapi-typescript checkout> [--verbose]',
  );
  process.exit(2);
}
const verbose = flags.includes('--verbose');
const transformTests = path.join(root, 'packages/openapi-typescript/test/transform');

/** Options of openapi-typescript that zapgen's types do not offer: such a case is not applicable. */
const UNSUPPORTED_OPTIONS = [
  'enum',
  'enumValues',
  'dedupeEnums',
  'conditionalEnums',
  'immutable',
  'pathParamsAsTypes',
  'alphabetize',
  'excludeDeprecated',
  'additionalProperties',
  'propertiesRequiredByDefault',
  'arrayLength',
  'rootTypes',
  'transform',
  'transformProperty',
  'postTransform',
  'exportType',
  'makePathsEnum',
  'generatePathParams',
  'readWriteMarkers',
];
/** zapgen's fixed choices (see `emit/typescript-types/`). */
const ZAPGEN_OPTIONS: Record<string, unknown> = { defaultNonNullable: true };

// ---- adapters: openapi-typescript's transform functions, done by zapgen ----------------------

interface Printed {
  zapgenFile?: string;
  zapgenText?: string;
  zapgenMembers?: string;
  notApplicable?: string;
}

type Resolve = (ref: string) => unknown;
interface Options {
  path?: string;
  ctx?: Record<string, unknown> & {
    resolve?: Resolve;
    discriminators?: { objects?: Record<string, unknown> };
  };
  resolve?: Resolve;
}

/**
 * Every `#/components/<kind>/<name>` the value refers to, as the test's `resolve` gives it (else
 * an empty placeholder), so that the model finds them; and the discriminators the test's context
 * declares, as the schemas they belong to.
 */
function placeholders(
  value: unknown,
  options: Options | undefined,
): Record<string, Record<string, unknown>> {
  const found: Record<string, Record<string, unknown>> = {};
  const resolve = options?.resolve ?? options?.ctx?.resolve;
  const add = (ref: string, fallback: (kind: string, name: string) => unknown) => {
    const match = /^#\/components\/(\w+)\/([^/]+)$/.exec(ref);
    if (!match) return;
    const [, kind, raw] = match;
    const name = decodeURIComponent(raw!).replace(/~1/g, '/').replace(/~0/g, '~');
    if (found[kind!]?.[name] !== undefined) return;
    found[kind!] ??= {};
    let resolved: unknown;
    try {
      resolved = resolve?.(ref);
    } catch {
      resolved = undefined;
    }
    found[kind!]![name] = resolved ?? fallback(kind!, name);
    visit(found[kind!]![name]);
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) {
        if (key === '$ref' && typeof child === 'string')
          add(child, (kind, name) => (kind === 'parameters' ? { name, in: 'query' } : {}));
        else visit(child);
      }
  };
  // A schema the test's context names as discriminated: an object with that discriminator (the
  // tests' `resolve` may answer with the discriminator object itself).
  for (const [ref, discriminator] of Object.entries(options?.ctx?.discriminators?.objects ?? {})) {
    const match = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
    if (!match || match[1] === givenName(options)) continue;
    found.schemas ??= {};
    found.schemas[decodeURIComponent(match[1]!)] = { type: 'object', discriminator };
  }
  visit(value);
  return found;
}

/** The name the test gives the schema it transforms (`#/components/schemas/<name>`), else `__given`. */
function givenName(options: Options | undefined): string {
  const match = /^#\/components\/schemas\/([^/]+)$/.exec(options?.path ?? '');
  return match ? decodeURIComponent(match[1]!) : '__given';
}

function modelOf(document: Record<string, unknown>, options?: Options): ApiModel {
  const components = {
    ...((document.components ?? {}) as Record<string, Record<string, unknown>>),
  };
  for (const [kind, entries] of Object.entries(placeholders(document, options)))
    components[kind] = { ...entries, ...(components[kind] ?? {}) };
  return buildModel({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {},
    ...document,
    components,
  });
}

function documentPrinter(model: ApiModel): DocumentPrinter {
  const schemas = createSchemaPrinter({
    components: new Map(model.schemas.map((named) => [named.name, named])),
  });
  const listed = new Map();
  for (const entry of model.paths)
    for (const { operation } of entry.item.operations)
      if (!operation.operationIdDerived)
        listed.set(operation, operation.operationId.replace(/#/g, '/'));
  return { schemas, listed, guard: (print) => print() };
}

function unsupported(options: Options | undefined): string | undefined {
  const ctx: Record<string, unknown> = options?.ctx ?? {};
  for (const option of UNSUPPORTED_OPTIONS) if (ctx[option]) return `option ${option}`;
  for (const [option, value] of Object.entries(ZAPGEN_OPTIONS))
    if (option in ctx && ctx[option] !== value) return `option ${option}: ${String(ctx[option])}`;
  return undefined;
}

const where = (options: { path?: string } | undefined) => ({
  defaultsRequired: !/parameters|requestBody/.test(options?.path ?? ''),
});

const adapters = {
  schemaObject(given: unknown, options?: Options): Printed {
    const reason = unsupported(options);
    if (reason) return { notApplicable: reason };
    const name = givenName(options);
    const model = modelOf({ components: { schemas: { [name]: given } } }, options);
    const named = model.schemas.find((schema) => schema.name === name)!;
    // A component's narrowing is printed around its schema (`document.ts`), as it is here.
    const text = documentPrinter(model).schemas.print(named.schema, where(options));
    const narrowing = named.typeDiscriminator;
    return {
      zapgenText: narrowing
        ? `{ ${JSON.stringify(narrowing.propertyName)}: ${narrowing.values.map((value) => JSON.stringify(value)).join(' | ')}; } & (${text})`
        : text,
    };
  },
  headerObject(given: unknown, options?: Options): Printed {
    const reason = unsupported(options);
    if (reason) return { notApplicable: reason };
    const model = modelOf({ components: { headers: { __given: given } } }, options);
    return {
      zapgenText: headerType(model.components.headers[0]!.header, documentPrinter(model), ''),
    };
  },
  responseObject(given: unknown, options?: Options): Printed {
    const reason = unsupported(options);
    if (reason) return { notApplicable: reason };
    const model = modelOf({ components: { responses: { __given: given } } }, options);
    return {
      zapgenText: responseType(model.components.responses[0]!.response, documentPrinter(model)),
    };
  },
  requestBodyObject(given: unknown, options?: Options): Printed {
    const reason = unsupported(options);
    if (reason) return { notApplicable: reason };
    const model = modelOf({ components: { requestBodies: { __given: given } } }, options);
    return {
      zapgenText: requestBodyType(
        model.components.requestBodies[0]!.requestBody,
        documentPrinter(model),
      ),
    };
  },
  operationObject(given: unknown, options?: Options): Printed {
    const reason = unsupported(options);
    if (reason) return { notApplicable: reason };
    const model = modelOf({ paths: { '/given': { get: given } } }, options);
    const operation = model.paths[0]!.item.operations[0]!.operation;
    const text = operationType(operation, { ...documentPrinter(model), listed: new Map() });
    return { zapgenMembers: text.slice(1, -1) };
  },
  pathItemObject(given: unknown, options?: Options): Printed {
    const reason = unsupported(options);
    if (reason) return { notApplicable: reason };
    const model = modelOf({ paths: { '/given': given } }, options);
    return { zapgenText: pathItemType(model.paths[0]!.item, documentPrinter(model)) };
  },
  root(kind: 'paths' | 'components' | 'webhooks' | 'document') {
    return (given: unknown, ctx?: Options['ctx']): Printed => {
      const reason = unsupported({ ctx });
      if (reason) return { notApplicable: reason };
      if (kind === 'document')
        return { zapgenFile: typesSource(modelOf(given as Record<string, unknown>)).text };
      const model = modelOf(kind === 'components' ? { components: given } : { [kind]: given }, {
        ctx,
      });
      const text = typesSource(model).text;
      const match = new RegExp(`export interface ${kind} (\\{[\\s\\S]*?\\n\\})\\n`).exec(text);
      return { zapgenText: match ? match[1]! : 'Record<string, never>' };
    };
  },
};

/** Laid out by TypeScript's printer, as openapi-typescript's `astToString` lays out its nodes. */
function astToString(value: Printed | Printed[]): string {
  const printed = Array.isArray(value) ? value[0] : value;
  if (!printed) return '';
  if (printed.notApplicable) throw new NotApplicable(printed.notApplicable);
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false });
  if (printed.zapgenFile !== undefined)
    return printer.printFile(
      ts.createSourceFile('t.ts', printed.zapgenFile, ts.ScriptTarget.ESNext, true),
    );
  if (printed.zapgenMembers !== undefined) {
    const source = ts.createSourceFile(
      't.ts',
      `interface T {${printed.zapgenMembers}}`,
      ts.ScriptTarget.ESNext,
      true,
    );
    const text = printer.printFile(source).trimEnd().split('\n');
    return `${text
      .slice(1, -1)
      .map((line) => line.replace(/^ {4}/, ''))
      .join('\n')}\n`;
  }
  const source = ts.createSourceFile(
    't.ts',
    `type T = ${printed.zapgenText};`,
    ts.ScriptTarget.ESNext,
    true,
  );
  const text = printer.printFile(source).trimEnd();
  return `${text.replace(/^type T = /, '').replace(/;$/, '')}\n`;
}

class NotApplicable extends Error {}

// ---- running a test file --------------------------------------------------------------------

interface CaseResult {
  file: string;
  name: string;
  outcome: 'pass' | 'layout' | 'differ' | 'not applicable' | 'error';
  detail?: string;
  want?: string;
  got?: string;
}

const results: CaseResult[] = [];
/** Adapter modules written so far (each import gets its own file: modules are cached by URL). */
let adapterCount = 0;

/** The module an import of openapi-typescript's `src/` is replaced with. */
function adapterModule(specifier: string): string | undefined {
  const name = specifier.replace(/^.*\/src\//, '').replace(/\.js$/, '');
  const map: Record<string, string> = {
    'transform/schema-object': 'export default adapters.schemaObject;',
    'transform/header-object': 'export default adapters.headerObject;',
    'transform/response-object': 'export default adapters.responseObject;',
    'transform/request-body-object': 'export default adapters.requestBodyObject;',
    'transform/operation-object': 'export default adapters.operationObject;',
    'transform/path-item-object': 'export default adapters.pathItemObject;',
    'transform/paths-object': 'export default adapters.root("paths");',
    'transform/webhooks-object': 'export default adapters.root("webhooks");',
    'transform/components-object':
      'export default adapters.root("components"); export const isEnumSchema = () => { throw new NotApplicable("isEnumSchema"); };',
    'transform/paths-enum':
      'export default () => ({ notApplicable: "paths enum (makePathsEnum)" });',
    'lib/ts':
      'export const astToString = host.astToString; export const NULL = {}; export const STRING = {}; export const NUMBER = {}; export const BOOLEAN = {};',
    index:
      'export const astToString = host.astToString; export const transformSchema = (document, ctx) => adapters.root("document")(document, ctx);',
    types: '',
  };
  const body = map[name];
  return body === undefined
    ? undefined
    : `const { adapters, NotApplicable } = globalThis.__zapgenPeer; const host = globalThis.__zapgenPeer;\n${body}\n`;
}

async function runFile(file: string, work: string): Promise<void> {
  const relative = path.relative(transformTests, file);
  const output = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const rewritten = output.replace(/from\s+["']([^"']+)["']/g, (whole, specifier: string) => {
    if (specifier.includes('test-helpers'))
      return `from ${JSON.stringify(pathToFileURL(path.join(work, 'helpers.mjs')).href)}`;
    if (specifier.includes('/src/')) {
      const module = adapterModule(specifier);
      if (module === undefined) return whole;
      adapterCount += 1;
      const target = path.join(work, `adapter-${adapterCount}.mjs`);
      writeFileSync(target, module);
      return `from ${JSON.stringify(pathToFileURL(target).href)}`;
    }
    // A package the test imports (typescript, vitest): resolved from zapgen's own node_modules.
    if (!specifier.startsWith('.') && !specifier.startsWith('node:')) {
      if (specifier === 'vitest')
        return `from ${JSON.stringify(pathToFileURL(path.join(work, 'vitest.mjs')).href)}`;
      return `from ${JSON.stringify(import.meta.resolve(specifier))}`;
    }
    return whole;
  });
  const target = path.join(path.dirname(file), `.zapgen-${path.basename(file, '.ts')}.mjs`);
  writeFileSync(target, rewritten);
  const pending: Promise<void>[] = [];
  const peer = (globalThis as Record<string, unknown>).__zapgenPeer as Record<string, unknown>;
  let current = '';
  peer.register = (name: string, body: () => unknown) => {
    pending.push(
      (async () => {
        current = name;
        try {
          await body();
          results.push({ file: relative, name, outcome: 'pass' });
        } catch (error) {
          if (error instanceof NotApplicable)
            results.push({
              file: relative,
              name,
              outcome: 'not applicable',
              detail: error.message,
            });
          else if (error instanceof Mismatch)
            results.push({
              file: relative,
              name,
              outcome: error.layoutOnly ? 'layout' : 'differ',
              want: error.want,
              got: error.got,
            });
          else
            results.push({
              file: relative,
              name,
              outcome: 'error',
              detail: String((error as Error).message ?? error).slice(0, 300),
            });
        }
      })(),
    );
  };
  void current;
  try {
    await import(pathToFileURL(target).href);
  } finally {
    rmSync(target, { force: true });
  }
  await Promise.all(pending);
}

class Mismatch extends Error {
  constructor(
    readonly want: string,
    readonly got: string,
  ) {
    super('mismatch');
  }
  get layoutOnly(): boolean {
    const normal = (text: string) =>
      text.replace(/\s+/g, '').replace(/'/g, '"').replace(/;}/g, '}');
    return normal(this.want) === normal(this.got) || sameType(this.want, this.got);
  }
}

/**
 * Whether two printed types are the same type (mutually assignable), references to the document's
 * objects standing for distinct opaque types. Only for single types and member lists.
 */
function sameType(want: string, got: string): boolean {
  if (/^export |\ninterface |\nexport /.test(`\n${want}`)) return false;
  const refs = new Map<string, string>();
  const opaque = (text: string) =>
    text.replace(/(?:components|operations|paths|webhooks)(?:\["[^"]*"\])+/g, (ref) => {
      if (!refs.has(ref)) refs.set(ref, `Ref${refs.size}`);
      return refs.get(ref)!;
    });
  const asType = (text: string) => (/^\s*[\w"'$]+\??:/.test(text) ? `{ ${text} }` : text);
  const wanted = opaque(asType(want.trim()));
  const printed = opaque(asType(got.trim()));
  const source = [
    'type WithRequired<T, K extends keyof T> = T & { [P in K]-?: T[P] };',
    ...[...refs.values()].map((name) => `interface ${name} { readonly __ref: "${name}" }`),
    `type Want = ${wanted};`,
    `type Got = ${printed};`,
  ].join('\n');
  const file = 't.ts';
  const host = ts.createCompilerHost({ strict: true, noEmit: true });
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) =>
    name === file ? ts.createSourceFile(file, source, version, true) : read(name, version);
  const program = ts.createProgram({
    rootNames: [file],
    options: { strict: true, noEmit: true, types: [] },
    host,
  });
  const sourceFile = program.getSourceFile(file)!;
  if (
    program.getSyntacticDiagnostics(sourceFile).length ||
    program.getSemanticDiagnostics(sourceFile).length
  )
    return false;
  const checker = program.getTypeChecker();
  const types = sourceFile.statements
    .filter(ts.isTypeAliasDeclaration)
    .filter((statement) => statement.name.text === 'Want' || statement.name.text === 'Got')
    .map((statement) => checker.getTypeFromTypeNode(statement.type));
  const [a, b] = types;
  return Boolean(a && b && checker.isTypeAssignableTo(a, b) && checker.isTypeAssignableTo(b, a));
}

function installGlobals(): void {
  const peer: Record<string, unknown> = { adapters, NotApplicable, astToString };
  (globalThis as Record<string, unknown>).__zapgenPeer = peer;
  const register = (name: string, body: () => unknown) =>
    (peer.register as typeof register)(name, body);
  const test = (name: string, body: () => unknown) => register(name, body);
  test.skipIf = (skip: unknown) => (name: string, body: () => unknown) =>
    skip
      ? results.push({ file: '', name, outcome: 'not applicable', detail: 'skipped by the suite' })
      : register(name, body);
  test.each = (rows: unknown[][]) => (name: string, body: (...args: unknown[]) => unknown) => {
    for (const row of rows)
      register(String(Array.isArray(row) ? row[0] : name), () =>
        body(...(Array.isArray(row) ? row : [row])),
      );
  };
  const globals = globalThis as Record<string, unknown>;
  globals.describe = (_name: string, body: () => void) => body();
  globals.describe = Object.assign(globals.describe as object, {
    skip: () => undefined,
    // `describe.each(rows)(title, (…row) => { test(…) })`: the row's tests, named by its first cell.
    each: (rows: unknown[][]) => (_title: string, body: (...args: unknown[]) => void) => {
      for (const row of rows) body(...(Array.isArray(row) ? row : [row]));
    },
  });
  globals.test = test;
  globals.it = test;
  globals.expect = (actual: unknown) => ({
    toBe: (expected: unknown) => {
      if (actual !== expected) throw new Mismatch(String(expected), String(actual));
    },
    toEqual: (expected: unknown) => {
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        throw new Mismatch(JSON.stringify(expected), JSON.stringify(actual));
    },
    toMatchFileSnapshot: async (file: string) => {
      const expected = existsSync(file) ? readFileSync(file, 'utf8') : '';
      if (actual !== expected) throw new Mismatch(expected, String(actual));
    },
    toThrow: () => {
      throw new NotApplicable('expects an error');
    },
  });
  globals.assert = (condition: unknown) => {
    if (!condition) throw new Error('assertion failed');
  };
  globals.vi = {
    fn: () => () => undefined,
    spyOn: () => ({ mockImplementation: () => undefined }),
  };
}

function commitOf(folder: string): string {
  const file = path.join(folder, 'COMMIT');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  try {
    return execFileSync('git', ['-C', folder, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? testFiles(path.join(dir, entry.name))
      : entry.name.endsWith('.test.ts')
        ? [path.join(dir, entry.name)]
        : [],
  );
}

installGlobals();
const work = mkdtempSync(path.join(tmpdir(), 'zapgen-peer-'));
writeFileSync(
  path.join(work, 'vitest.mjs'),
  'export const { describe, test, it, expect, vi } = globalThis;\n',
);
writeFileSync(
  path.join(work, 'helpers.mjs'),
  `export const DEFAULT_CTX = ${JSON.stringify({
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators: { objects: {}, refsHandled: [] },
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    propertiesRequiredByDefault: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    silent: true,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
  })};\nDEFAULT_CTX.resolve = () => undefined;\n`,
);
try {
  for (const file of testFiles(transformTests).sort()) await runFile(file, work);
} finally {
  rmSync(work, { recursive: true, force: true });
}

const count = (outcome: CaseResult['outcome'], file?: string) =>
  results.filter(
    (result) => result.outcome === outcome && (file === undefined || result.file === file),
  ).length;
console.log(`openapi-typescript ${commitOf(root)}: transform tests against zapgen's printer\n`);
console.log(
  '| test file | cases | identical | same type, other text | different | not applicable | error |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const file of [...new Set(results.map((result) => result.file))]) {
  const total = results.filter((result) => result.file === file).length;
  console.log(
    `| ${file || '(skipped)'} | ${total} | ${count('pass', file)} | ${count('layout', file)} | ${count('differ', file)} | ${count('not applicable', file)} | ${count('error', file)} |`,
  );
}
console.log(
  `| **all** | ${results.length} | ${count('pass')} | ${count('layout')} | ${count('differ')} | ${count('not applicable')} | ${count('error')} |`,
);
const reasons = new Map<string, number>();
for (const result of results)
  if (result.outcome === 'not applicable')
    reasons.set(result.detail ?? '', (reasons.get(result.detail ?? '') ?? 0) + 1);
console.log(
  `\nnot applicable: ${[...reasons].map(([reason, n]) => `${reason} (${n})`).join(', ')}`,
);
for (const result of results) {
  if (
    result.outcome !== 'differ' &&
    result.outcome !== 'error' &&
    !(verbose && result.outcome === 'layout')
  )
    continue;
  console.log(
    `\n### ${result.file} › ${result.name}: ${result.outcome}${result.detail ? ` (${result.detail})` : ''}`,
  );
  if (result.want !== undefined)
    console.log(`want:\n${result.want.trimEnd()}\ngot:\n${result.got?.trimEnd()}`);
}
