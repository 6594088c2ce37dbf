import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format as prettierFormat } from 'prettier';
import { describe, expect, it } from 'vitest';
import {
  explainFormatterError,
  FORMAT_OPTIONS,
  formatFile,
  FormatterMissingError,
  MAX_FORMAT_NESTING,
  nestingDepth,
} from '../../src/write/format.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('formatFile', () => {
  const cases: [string, { path: string; contents: string; want: string }][] = [
    [
      'TypeScript: single quotes, semicolons, trailing commas',
      {
        path: 'src/a.ts',
        contents: 'export const a = {x:"1",\ny:[1,2,3]}',
        want: "export const a = { x: '1', y: [1, 2, 3] };\n",
      },
    ],
    [
      'TypeScript: breaks past 100 columns with trailing commas',
      {
        path: 'src/b.ts',
        contents: `export function f(first: string, second: string, third: string, fourth: string, fifthParameter: number) {}`,
        want: 'export function f(\n  first: string,\n  second: string,\n  third: string,\n  fourth: string,\n  fifthParameter: number,\n) {}\n',
      },
    ],
    [
      'TypeScript: quotes a property name only when it must',
      {
        path: 'src/c.ts',
        contents: "type T = {'a': 1; 'b-c': 2}",
        want: "type T = { a: 1; 'b-c': 2 };\n",
      },
    ],
    [
      'JavaScript module',
      {
        path: 'x.mjs',
        contents: 'export default function(){return 1}',
        want: 'export default function () {\n  return 1;\n}\n',
      },
    ],
    [
      'Markdown: list markers and spacing',
      {
        path: 'README.md',
        contents: '# T\n* a\n* b\n\n\n\ntext\r\n',
        want: '# T\n\n- a\n- b\n\ntext\n',
      },
    ],
    [
      'JSON is written as emitted',
      { path: 'package.json', contents: '{"a":1}', want: '{"a":1}\n' },
    ],
    [
      'other files: LF and one trailing newline',
      { path: 'notes.txt', contents: 'a\r\nb\r\n\n\n', want: 'a\nb\n' },
    ],
    [
      'other files: a lone CR is a line end',
      { path: 'notes.txt', contents: 'a\rb', want: 'a\nb\n' },
    ],
    ['other files: only newlines', { path: 'notes.txt', contents: '\n\n\n', want: '\n' }],
    ['other files: empty', { path: 'notes.txt', contents: '', want: '\n' }],
    [
      'other files: inner blank lines kept',
      { path: 'openapi.json', contents: '{\n\n}\r\n\r\n', want: '{\n\n}\n' },
    ],
  ];

  it.each(cases)('%s', async (_name, { path, contents, want }) => {
    expect(await formatFile({ path, contents })).toBe(want);
  });

  it('gives prettier (with the repo .prettierrc.json) its own output back on every committed generated module', async () => {
    // The committed packages are formatted by oxfmt: prettier finding nothing to change in them
    // shows that the style of the generated code is still prettier's.
    for (const api of ['actions-v2', 'partner-v1']) {
      for (const file of [
        'client.ts',
        'definitions.ts',
        'fixtures.ts',
        'index.ts',
        'mock.ts',
        'types.ts',
        'zod.ts',
        '../README.md',
      ]) {
        const path = `${repoRoot}packages/${api}/src/${file}`;
        const text = readFileSync(path, 'utf8');
        const parser = file.endsWith('.md') ? 'markdown' : 'typescript';
        expect(
          await prettierFormat(text, { ...FORMAT_OPTIONS, parser }),
          `${api}/src/${file}`,
        ).toBe(text);
        expect(await formatFile({ path, contents: text }), `${api}/src/${file}`).toBe(text);
      }
    }
  });

  it('refuses, with a RangeError and without crashing, a file nested deeper than it can format safely', async () => {
    const depth = MAX_FORMAT_NESTING + 1;
    const contents = `export const deep = ${'f('.repeat(depth)}1${')'.repeat(depth)};\n`;
    await expect(formatFile({ path: 'src/deep.ts', contents })).rejects.toThrow(RangeError);
    await expect(formatFile({ path: 'src/deep.ts', contents })).rejects.toThrow(
      `brackets nest ${depth} deep`,
    );
  });

  it('rejects code that does not parse, with the parser message', async () => {
    await expect(
      formatFile({ path: 'src/broken.ts', contents: 'export const = ;' }),
    ).rejects.toThrow(SyntaxError);
  });
});

describe('nestingDepth', () => {
  const cases: [string, { given: string; want: number }][] = [
    ['flat code', { given: 'const a = 1;', want: 0 }],
    ['brackets of every kind', { given: 'f({ a: [g(1)] })', want: 4 }],
    [
      'brackets in strings do not count',
      { given: `const s = '((((' + "[[[[" + 'it\\'s {';`, want: 0 },
    ],
    ['brackets in comments do not count', { given: '// ((((\n/* [[[[ */ f()', want: 1 }],
    [
      'template text does not count, its expressions do',
      { given: 'const t = `((( ${f(`[[${g()}`)} )))`;', want: 4 },
    ],
    ['closing brackets bring the depth down', { given: '((1))((2))', want: 2 }],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(nestingDepth(given)).toBe(want);
  });
});

describe('explainFormatterError', () => {
  const missing = new Error(
    'Cannot find native binding. npm has a bug related to optional dependencies (https://github.com/npm/cli/issues/4828).',
  );
  const other = new Error('something else');

  it('turns a missing native binding into an error that says what to install', () => {
    const explained = explainFormatterError(missing);
    expect(explained).toBeInstanceOf(FormatterMissingError);
    expect((explained as Error).message).toMatch(/oxfmt.*native binary.*not installed.*npm ci/);
    expect((explained as Error).cause).toBe(missing);
  });

  it('leaves any other error as it is', () => {
    expect(explainFormatterError(other)).toBe(other);
  });
});
