/**
 * Names derived from a spec meet the generated code's own names (imports, fixed exports, the
 * locals of its functions) in every module: APIs.guru's apidapp.com has an `OPTIONS /` without
 * operationId, named `options`, which `createClient`'s own `options` parameter shadowed (TS2349).
 *
 * The class, not the case: a package is generated from a small spec first, and every name its
 * modules bind (imports, declarations, parameters) is read from it. Names derived from the
 * spec's operation (`zzMarkerQueryKey`, `useZzMarker`, ...) give the patterns; every other name
 * is the emitters' own. Then a spec whose operationIds are those own names, and the stems that
 * the patterns would turn into them (`operation` for `operationQueryKey`), must build strictly.
 * A name an emitter adds later is covered without being listed here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  freshDir,
  generateToTemp,
  listFiles,
  removeRunDir,
  type TscResult,
  typecheck,
} from '../support/contract-helpers.js';

afterAll(removeRunDir);

/** The operationIds the issue names, beside the ones read from the generated code. */
const NAMED = [
  'options',
  'client',
  'fetch',
  'request',
  'signal',
  'definitions',
  'constructor',
  '__proto__',
];

const MARKER = 'zzMarker';

/**
 * A spec of `operationIds` (reads and writes alternately, each with a JSON response) and of
 * component schemas named `schemaNames` beside `Thing`, one of them recursive.
 */
function spec(
  operationIds: readonly string[],
  schemaNames: readonly string[] = [],
): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [index, operationId] of operationIds.entries()) {
    const method = index % 2 ? 'post' : 'get';
    paths[`/p${index}`] = {
      [method]: {
        operationId,
        ...(method === 'post' && {
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        }),
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Scope names', version: '1.0.0' },
    paths,
    components: {
      schemas: {
        Thing: { type: 'object', properties: { id: { type: 'string' } } },
        ...Object.fromEntries(
          schemaNames.map((name, index) => [
            name,
            index % 2
              ? { type: 'object', properties: { next: { $ref: `#/components/schemas/${name}` } } }
              : { type: 'string' },
          ]),
        ),
      },
    },
  };
}

/** Every name the modules of a generated package bind: imports, declarations, parameters. */
function boundNames(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of listFiles({ dir: path.join(dir, 'src') })) {
    if (!file.endsWith('.ts')) continue;
    const source = ts.createSourceFile(
      file,
      readFileSync(path.join(dir, 'src', file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node) => {
      const name =
        ts.isImportSpecifier(node) ||
        ts.isNamespaceImport(node) ||
        ts.isImportClause(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isVariableDeclaration(node) ||
        ts.isParameter(node) ||
        ts.isTypeAliasDeclaration(node) ||
        ts.isInterfaceDeclaration(node) ||
        ts.isTypeParameterDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isBindingElement(node)
          ? node.name
          : undefined;
      if (name && ts.isIdentifier(name)) names.add(name.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names;
}

/** `[prefix, suffix]` of each name derived from the marker (`['use', '']`, `['', 'QueryKey']`). */
function patterns(names: Iterable<string>): [string, string][] {
  const found = new Map<string, [string, string]>();
  for (const name of names) {
    const at = name.toLowerCase().indexOf(MARKER.toLowerCase());
    if (at < 0) continue;
    const pattern: [string, string] = [name.slice(0, at), name.slice(at + MARKER.length)];
    found.set(pattern.join('\0'), pattern);
  }
  return [...found.values()];
}

/** The stems that `pattern` turns into `name` (`operation` for `operationQueryKey`). */
function stems(name: string, [prefix, suffix]: [string, string]): string[] {
  if (!name.startsWith(prefix) || !name.endsWith(suffix)) return [];
  const stem = name.slice(prefix.length, name.length - suffix.length);
  if (!/^[A-Za-z]/.test(stem)) return [];
  return [stem.charAt(0).toLowerCase() + stem.slice(1)];
}

let operationIds: string[];
let compiled: TscResult;

beforeAll(async () => {
  const first = await generateToTemp({
    spec: writeSpec('scope-names-first', spec([MARKER, `${MARKER}Write`])),
    name: 'scope-names-first',
  });
  const bound = boundNames(first.dir);
  const own = [...bound].filter((name) => !/zzMarker|thing/i.test(name));
  const derived = patterns(bound);
  operationIds = [
    ...new Set([
      ...NAMED,
      ...own,
      ...own.flatMap((name) => derived.flatMap((p) => stems(name, p))),
    ]),
  ].sort();
  const { dir } = await generateToTemp({
    // Component names are `^[a-zA-Z0-9._-]+$` (OpenAPI), so `$defs` is not one.
    spec: writeSpec(
      'scope-names',
      spec(
        operationIds,
        own.filter((name) => /^[a-zA-Z0-9._-]+$/.test(name)),
      ),
    ),
    name: 'scope-names',
  });
  compiled = await typecheck({ dir });
}, 600_000);

function writeSpec(name: string, document: Record<string, unknown>): string {
  const file = path.join(freshDir(`${name}-spec`), 'openapi.json');
  writeFileSync(file, JSON.stringify(document, null, 2));
  return file;
}

describe('names derived from a spec never meet the generated code’s own', () => {
  test('the own names were read (imports, exports, locals of every module)', () => {
    for (const name of ['options', 'runtime', 'operationQueryKey', 'useOperation', 'routes'])
      expect(operationIds).toContain(name);
    expect(operationIds).toContain('operation');
  });

  test('a spec of operationIds named like them builds strictly', () => {
    expect(compiled.diagnostics).toBe('');
    expect(compiled.ok).toBe(true);
  });
});
