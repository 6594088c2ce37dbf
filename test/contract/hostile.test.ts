/**
 * A spec written to break generated code (`test/fixtures/hostile/openapi.yaml`): comment closers,
 * template literals, quotes, line separators, reserved and colliding names in every slot. The
 * output must compile strictly, run without executing any spec string (a setter on
 * `globalThis.__zapgenCanary` would catch it), and keep every spec string inside a string
 * literal or a comment.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLIENT_MEMBERS } from '../../generator/src/emit/shared/operation-names.js';
import {
  generateToTemp,
  readTree,
  removeRunDir,
  repoRoot,
  run,
  type TscResult,
  typecheck,
} from '../support/contract-helpers.js';

afterAll(removeRunDir);
const SPEC = path.join(repoRoot, 'test/fixtures/hostile/openapi.yaml');
const RUNNER = path.join(repoRoot, 'test/contract/support/hostile-run.mjs');
const MODULES = ['index', 'client', 'definitions', 'zod', 'fixtures', 'mock', 'mcp'] as const;

interface RunResult {
  modules: Record<string, string[] | string>;
  calls: { method: string; operationId?: string; ok: boolean; error?: string }[];
  tools: { name: string; ok: boolean; text?: string; secretShown: boolean }[];
  canaries: string[];
}

let dir: string;
let files: Map<string, string>;
let compiled: TscResult;
let ran: RunResult | undefined;
let runOutput = '';

beforeAll(async () => {
  ({ dir } = await generateToTemp({
    spec: SPEC,
    name: 'hostile',
    specLabel: 'test/fixtures/hostile',
  }));
  files = readTree({ dir });
  compiled = await typecheck({ dir, emit: true });
  const { stdout, output } = await run({
    command: process.execPath,
    // The client's own members, which are not operations: given by the generator's one list, so a
    // member added to the client is never called as if it were an operation.
    args: [RUNNER, path.join(dir, 'dist'), JSON.stringify([...CLIENT_MEMBERS])],
    cwd: dir,
  });
  runOutput = output;
  const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
  ran = line ? (JSON.parse(line.slice('RESULT '.length)) as RunResult) : undefined;
}, 300_000);

/** Identifiers named `__zapgenCanary` in the code of a TypeScript file (not in strings or comments). */
function canaryIdentifiers({ file, contents }: { file: string; contents: string }): string[] {
  const source = ts.createSourceFile(
    file,
    contents,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === '__zapgenCanary') {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${file}:${line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('hostile spec', () => {
  test('generates every module', () => {
    for (const module of MODULES) expect([...files.keys()]).toContain(`src/${module}.ts`);
  });

  test('compiles under strict tsc', () => {
    expect(compiled.diagnostics).toBe('');
    expect(compiled.ok).toBe(true);
  });

  test('every module imports in a fresh Node process', () => {
    expect(ran, `the runner printed no result:\n${runOutput.slice(-3000)}`).toBeDefined();
    for (const module of MODULES)
      expect(
        Array.isArray(ran?.modules[module]),
        `${module}: ${String(ran?.modules[module])}`,
      ).toBe(true);
    expect(ran?.modules.index).toContain('createClient');
    expect(ran?.modules.mock).toContain('createMock');
  });

  test('no spec string runs as code (globalThis.__zapgenCanary is never set)', () => {
    expect(ran?.canaries).toEqual([]);
  });

  test('named functions answer from the mock server', () => {
    expect(ran?.calls.length, 'the client has no operation methods').toBeGreaterThan(0);
    expect(ran?.calls.filter((call) => !call.ok)).toEqual([]);
  });

  test("every MCP tool answers from the mock, named within the hosts' limits, no credential shown", () => {
    expect(ran?.tools.length, 'the MCP server has no tools').toBe(ran?.calls.length);
    expect(ran?.tools.filter((tool) => !tool.ok)).toEqual([]);
    for (const tool of ran?.tools ?? []) expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(new Set(ran?.tools.map((tool) => tool.name)).size).toBe(ran?.tools.length);
    expect(ran?.tools.filter((tool) => tool.secretShown)).toEqual([]);
  });

  // A `*/` that closed a JSDoc block early, or a quote that ended a string, would leave the rest of
  // the spec string as code, where the parser sees the identifier.
  test('no spec string is code in any .ts file (no `*/` or quote escapes its comment or string)', () => {
    const found = [...files]
      .filter(([file]) => file.endsWith('.ts'))
      .flatMap(([file, contents]) => canaryIdentifiers({ file, contents }));
    expect(found).toEqual([]);
  });

  test('no raw line or paragraph separator in a // comment (JavaScript ends the comment there)', () => {
    const found = [...files]
      .filter(([file]) => /\.[cm]?[jt]s$/.test(file))
      .flatMap(([file, contents]) =>
        contents.split('\n').map((line, index) => ({ where: `${file}:${index + 1}`, line })),
      )
      .filter(({ line }) => line.trimStart().startsWith('//') && /[\u2028\u2029]/.test(line))
      .map(({ where }) => where);
    expect(found).toEqual([]);
  });

  test('README has no raw HTML from the spec (a `<` from the spec is escaped)', () => {
    const body = (files.get('README.md') ?? '').split('\n').slice(1).join('\n');
    expect(body).not.toMatch(/(?<!\\)<(\/?script|!--)/i);
  });

  test('the bundled openapi.json keeps the hostile strings as data', () => {
    const document = JSON.parse(readFileSync(path.join(dir, 'openapi.json'), 'utf8')) as {
      info: { title: string };
    };
    expect(document.info.title).toContain("`${globalThis.__zapgenCanary = 'title'}`");
  });
});
