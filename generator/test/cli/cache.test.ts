import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { corpusSpec } from '../../../test/support/corpus.js';
import { bin, buildBin } from './bin.js';

const FS_HOOKS = fileURLToPath(new URL('./support/fs-hooks.mjs', import.meta.url));

// A project folder as a user has one: a node_modules (where the cache lives), a spec, a package.
let project: string;
const spec = 'petstore.yaml';
const out = 'pkg';
const FROM_CACHE = /from cache/;

function zapgen(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args, '--spec', spec, '--out', out], {
    cwd: project,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function cacheFiles(): string[] {
  const folder = path.join(project, 'node_modules/.cache/zapgen');
  return existsSync(folder) ? readdirSync(folder) : [];
}

beforeAll(() => buildBin());
beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), 'zapgen-cache-'));
  mkdirSync(path.join(project, 'node_modules'));
  copyFileSync(corpusSpec('oai-v30-petstore.yaml'), path.join(project, spec));
  const first = zapgen('generate');
  expect(first.status, first.stderr).toBe(0);
  expect(first.stdout).not.toMatch(FROM_CACHE);
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

describe('the run cache', () => {
  it('lives in node_modules/.cache/zapgen, outside the package', () => {
    // The record of the run, and the memo of reusable work beside it (issue 24).
    const [record, memo, ...others] = cacheFiles();
    expect(others).toEqual([]);
    expect(memo).toBe(record!.replace(/\.json$/, '.memo'));
    expect(readdirSync(path.join(project, out)).filter((file) => /cache/i.test(file))).toEqual([]);
  });

  it('answers generate and check from the cache when nothing changed, and writes nothing', () => {
    const before = readFileSync(path.join(project, out, 'src/types.ts'), 'utf8');
    const generate = zapgen('generate');
    expect(generate.status).toBe(0);
    expect(generate.stdout).toMatch(/\(0 written, \d+ unchanged\) in \d+ ms \(from cache/);
    const check = zapgen('check');
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/\(up to date\) in \d+ ms \(from cache/);
    expect(readFileSync(path.join(project, out, 'src/types.ts'), 'utf8')).toBe(before);
  });

  const edits: [string, { edit: (pkg: string) => void; file: string }][] = [
    [
      'a hand edit of a generated module',
      {
        edit: (pkg) =>
          writeFileSync(
            path.join(pkg, 'src/types.ts'),
            `${readFileSync(path.join(pkg, 'src/types.ts'), 'utf8')}export type Edited = 1;\n`,
          ),
        file: 'src/types.ts',
      },
    ],
    [
      'a hand edit of the generated README',
      {
        edit: (pkg) =>
          writeFileSync(
            path.join(pkg, 'README.md'),
            `${readFileSync(path.join(pkg, 'README.md'), 'utf8')}\nEdited.\n`,
          ),
        file: 'README.md',
      },
    ],
    [
      'a deleted generated file',
      { edit: (pkg) => rmSync(path.join(pkg, 'src/zod.ts')), file: 'src/zod.ts' },
    ],
    [
      'a stale generated file',
      {
        edit: (pkg) => copyFileSync(path.join(pkg, 'src/index.ts'), path.join(pkg, 'src/old.ts')),
        file: 'src/old.ts',
      },
    ],
  ];

  it.each(edits)(
    'does not hide %s: check reports the drift, generate repairs it',
    (_name, { edit, file }) => {
      expect(zapgen('check').stdout).toMatch(FROM_CACHE);
      edit(path.join(project, out));
      const check = zapgen('check');
      expect(check.status).toBe(1);
      expect(check.stdout).not.toMatch(FROM_CACHE);
      expect(check.stdout).toContain(file);
      expect(check.stderr).toMatch(/1 file\(s\) differ from the spec; run zapgen generate/);
      const generate = zapgen('generate');
      expect(generate.status).toBe(0);
      expect(generate.stdout).not.toMatch(FROM_CACHE);
      const again = zapgen('check');
      expect(again.status).toBe(0);
      expect(again.stdout).toMatch(FROM_CACHE);
    },
  );

  it('regenerates when the spec changes', () => {
    const specPath = path.join(project, spec);
    writeFileSync(
      specPath,
      readFileSync(specPath, 'utf8').replace(/title: Swagger Petstore/, 'title: Cached Petstore'),
    );
    const check = zapgen('check');
    expect(check.status).toBe(1);
    expect(check.stdout).not.toMatch(FROM_CACHE);
    const generate = zapgen('generate');
    expect(generate.status).toBe(0);
    expect(generate.stdout).not.toMatch(FROM_CACHE);
    expect(readFileSync(path.join(project, out, 'README.md'), 'utf8')).toContain('Cached Petstore');
    expect(zapgen('generate').stdout).toMatch(FROM_CACHE);
  });

  // An editor, a formatter or `watch` saving the spec while generate runs: the package holds the
  // spec as it was read, so the cache must not vouch for the spec as it is afterwards.
  it('never records a spec saved during the run as the one generated (no false "up to date")', () => {
    const specPath = path.join(project, spec);
    writeFileSync(
      specPath,
      readFileSync(specPath, 'utf8').replace(/title: Swagger Petstore/, 'title: Read Petstore'),
    );
    const generate = spawnSync(
      process.execPath,
      ['--import', FS_HOOKS, bin, 'generate', '--spec', spec, '--out', out],
      {
        cwd: project,
        encoding: 'utf8',
        env: {
          ...process.env,
          ZAPGEN_HOOK_EDIT_FILE: specPath,
          ZAPGEN_HOOK_EDIT_TEXT: '\nx-saved-while-generating: true\n',
        },
      },
    );
    expect(generate.status, generate.stderr).toBe(0);
    expect(readFileSync(specPath, 'utf8')).toContain('x-saved-while-generating');
    expect(generate.stderr).toMatch(/changed while zapgen read it|changed during the run/);
    const check = zapgen('check');
    expect(check.stdout).not.toMatch(FROM_CACHE);
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('x-saved-while-generating');
  });

  it('is not used for other options: another package name is a full run', () => {
    const result = spawnSync(
      process.execPath,
      [bin, 'check', '--spec', spec, '--out', out, '--name', '@other/petstore'],
      { cwd: project, encoding: 'utf8' },
    );
    expect(result.stdout).not.toMatch(FROM_CACHE);
    expect(result.status).toBe(1);
  });

  it('is ignored, not an error, when it cannot be read', () => {
    for (const file of cacheFiles())
      writeFileSync(path.join(project, 'node_modules/.cache/zapgen', file), '{ not json');
    const check = zapgen('check');
    expect(check.status).toBe(0);
    expect(check.stdout).not.toMatch(FROM_CACHE);
    expect(zapgen('check').stdout).toMatch(FROM_CACHE);
  });
});
