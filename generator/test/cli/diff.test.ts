/**
 * `zapgen diff` as a user runs it: the built bin, in a folder of their own, against a file, a
 * folder, or a git ref; text and JSON output; exit codes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edited, petsSpec, writeSpec, type Doc } from '../diff/support.js';
import { bin, buildBin } from './bin.js';

let work: string;
beforeAll(() => {
  buildBin();
  work = mkdtempSync(path.join(tmpdir(), 'zapgen-diff-cli-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function zapgen({ cwd, args }: { cwd: string; args: string[] }): {
  status: number | null;
  stdout: string;
  stderr: string;
} {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function git({ cwd, args }: { cwd: string; args: string[] }): string {
  const result = spawnSync(
    'git',
    [
      '-c',
      'user.name=zapgen test',
      '-c',
      'user.email=test@example.com',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A folder holding `before/openapi.yaml` and `after/openapi.yaml`. */
function versions({
  name,
  before = petsSpec(),
  edit,
}: {
  name: string;
  before?: Doc;
  edit: (doc: Doc) => void;
}): string {
  const dir = path.join(work, name);
  writeSpec({ dir: path.join(dir, 'before'), doc: before });
  writeSpec({ dir: path.join(dir, 'after'), doc: edited(before, edit) });
  return dir;
}

const removeTag = (doc: Doc) => delete doc.components.schemas.Pet.properties.tag;
const addSort = (doc: Doc) =>
  doc.paths['/pets'].get.parameters.push({ name: 'sort', in: 'query', schema: { type: 'string' } });

describe('zapgen diff against a file or folder', () => {
  it('prints each change located in the newer spec, a summary, and exits 1 on a breaking change', () => {
    const dir = versions({ name: 'breaking', edit: (doc) => (removeTag(doc), addSort(doc)) });
    const result = zapgen({ cwd: dir, args: ['diff', '--base', 'before', '--spec', 'after'] });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        'after/openapi.yaml:139:5  breaking  response-property-removed  Pet: property `tag` removed (used by createPet, getPet, listPets)',
        'after/openapi.yaml:31:11  non-breaking  optional-parameter-added  listPets query parameter `sort`: optional parameter added',
        'after: 2 changes, 1 breaking, from before to after (a major release)',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(1);
  });

  it('exits 0 when no change is breaking', () => {
    const dir = versions({ name: 'additive', edit: addSort });
    const result = zapgen({
      cwd: dir,
      args: ['diff', '--base', 'before/openapi.yaml', '--spec', 'after/openapi.yaml'],
    });
    expect(result.stdout).toMatch(
      /^after: 1 change, 0 breaking, from before\/openapi\.yaml to after\/openapi\.yaml \(a minor release\)$/m,
    );
    expect(result.status).toBe(0);
  });

  it('finds no change in a refactoring into a $ref, and says the spec differs in form only', () => {
    const inline = edited(
      petsSpec(),
      (doc) =>
        (doc.paths['/pets'].post.responses['400'].content['application/json'].schema = {
          type: 'object',
          properties: { message: { type: 'string' } },
        }),
    );
    const dir = versions({
      name: 'refactoring',
      before: inline,
      edit: (doc) =>
        (doc.paths['/pets'].post.responses['400'].content['application/json'].schema = {
          $ref: '#/components/schemas/Error',
        }),
    });
    const result = zapgen({ cwd: dir, args: ['diff', '--base', 'before', '--spec', 'after'] });
    expect(result.stdout).toBe(
      'after: no changes from before to after (the spec differs in form only)\n',
    );
    expect(result.status).toBe(0);
  });

  it('compares with the openapi.json of a generated package', () => {
    const dir = versions({ name: 'package', edit: removeTag });
    const generated = zapgen({ cwd: dir, args: ['generate', '--spec', 'before', '--out', 'pkg'] });
    expect(generated.status).toBe(0);
    const result = zapgen({ cwd: dir, args: ['diff', '--base', 'pkg', '--spec', 'after'] });
    expect(result.stdout).toMatch(
      /^after\/openapi\.yaml:\d+:\d+ {2}breaking {2}response-property-removed {2}Pet: property `tag` removed/m,
    );
    expect(result.status).toBe(1);
  });

  it('prints JSON for tools, with the same exit code', () => {
    const dir = versions({ name: 'json', edit: (doc) => (removeTag(doc), addSort(doc)) });
    const result = zapgen({
      cwd: dir,
      args: ['diff', '--base', 'before', '--spec', 'after', '--format', 'json'],
    });
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as { apis: Record<string, unknown>[] };
    expect(report.apis).toHaveLength(1);
    expect(report.apis[0]).toMatchObject({
      api: 'after',
      base: 'before',
      revision: 'after',
      release: 'major',
      breaking: 1,
      nonBreaking: 1,
    });
    expect((report.apis[0]!.changes as unknown[])[0]).toEqual({
      file: 'after/openapi.yaml',
      line: 139,
      column: 5,
      severity: 'breaking',
      rule: 'response-property-removed',
      level: 'major',
      message: 'Pet: property `tag` removed',
      pointer: '#/components/schemas/Pet',
      operations: ['createPet', 'getPet', 'listPets'],
      schemas: ['Pet'],
    });
  });
});

describe('zapgen diff against a git ref', () => {
  let repo: string;
  let first: string;
  beforeAll(() => {
    repo = path.join(work, 'repo');
    writeSpec({ dir: path.join(repo, 'spec', 'pets'), doc: petsSpec() });
    git({ cwd: repo, args: ['init', '--quiet'] });
    git({ cwd: repo, args: ['add', '.'] });
    git({ cwd: repo, args: ['commit', '--quiet', '-m', 'pets'] });
    first = git({ cwd: repo, args: ['rev-parse', 'HEAD'] });
    writeSpec({ dir: path.join(repo, 'spec', 'pets'), doc: edited(petsSpec(), addSort) });
    git({ cwd: repo, args: ['commit', '--quiet', '-am', 'sort'] });
    writeSpec({
      dir: path.join(repo, 'spec', 'pets'),
      doc: edited(edited(petsSpec(), addSort), removeTag),
    });
  });

  it('compares the working tree with HEAD by default, for every spec/<api>', () => {
    const result = zapgen({ cwd: repo, args: ['diff'] });
    expect(result.stdout).toBe(
      [
        'spec/pets/openapi.yaml:139:5  breaking  response-property-removed  Pet: property `tag` removed (used by createPet, getPet, listPets)',
        'pets: 1 change, 1 breaking, from HEAD to the working tree (a major release)',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(1);
  });

  it('compares with any commit', () => {
    const result = zapgen({ cwd: repo, args: ['diff', '--base', first, '--spec', 'spec/pets'] });
    expect(result.stdout).toContain(
      'non-breaking  optional-parameter-added  listPets query parameter `sort`: optional parameter added',
    );
    expect(result.stdout).toContain(
      `pets: 2 changes, 1 breaking, from ${first} to the working tree (a major release)`,
    );
  });

  it('treats a spec the ref does not have as a new API: everything is added', () => {
    writeSpec({ dir: path.join(repo, 'spec', 'birds'), doc: petsSpec() });
    try {
      const result = zapgen({ cwd: repo, args: ['diff', '--spec', 'spec/birds'] });
      expect(result.stdout).toMatch(
        /^spec\/birds\/openapi\.yaml:\d+:\d+ {2}non-breaking {2}operation-added {2}listPets \(GET \/pets\) added$/m,
      );
      expect(result.stdout).toMatch(
        /^birds: \d+ changes, 0 breaking, from HEAD \(no spec there\) to the working tree \(a minor release\)$/m,
      );
      expect(result.status).toBe(0);
    } finally {
      rmSync(path.join(repo, 'spec', 'birds'), { recursive: true, force: true });
    }
  });
});

describe('zapgen diff --spec-root: the base is read with the same root', () => {
  // spec/namespaces/cat.yaml -> ../schemas/common.yaml, committed with a string, now an integer.
  const layout = (folder: string, type: string) => {
    mkdirSync(path.join(folder, 'spec', 'namespaces'), { recursive: true });
    mkdirSync(path.join(folder, 'spec', 'schemas'), { recursive: true });
    writeFileSync(path.join(folder, 'spec', 'schemas', 'common.yaml'), `type: ${type}\n`);
    writeFileSync(
      path.join(folder, 'spec', 'namespaces', 'cat.yaml'),
      "openapi: 3.1.0\ninfo: { title: Cat, version: 1.0.0 }\npaths:\n  /cat:\n    get:\n      operationId: cat\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: '../schemas/common.yaml' }\n",
    );
  };
  let repo: string;
  beforeAll(() => {
    repo = path.join(work, 'sibling-repo');
    layout(repo, 'string');
    git({ cwd: repo, args: ['init', '--quiet'] });
    git({ cwd: repo, args: ['add', '.'] });
    git({ cwd: repo, args: ['commit', '--quiet', '-m', 'cat'] });
    layout(repo, 'integer');
    layout(path.join(work, 'sibling-base'), 'string');
  });

  const cases: [
    string,
    { given: string[]; want: { status: number; stdout: string[]; stderr?: string } },
  ][] = [
    [
      'against HEAD: the checkout is read with the same folder as root',
      {
        given: ['--spec-root', 'spec'],
        want: {
          status: 1,
          stdout: [
            'spec/schemas/common.yaml:1:1  breaking  response-type-changed  common: string → integer (used by cat)',
            'cat: 1 change, 1 breaking, from HEAD to the working tree (a major release)',
          ],
        },
      },
    ],
    [
      'against HEAD, with a root above the repository: the whole checkout',
      {
        given: ['--spec-root', '..'],
        want: { status: 1, stdout: ['cat: 1 change, 1 breaking, from HEAD'] },
      },
    ],
    [
      'against a copy elsewhere: its folder that stands where the root does',
      {
        given: ['--spec-root', 'spec', '--base', '../sibling-base/spec/namespaces/cat.yaml'],
        want: { status: 1, stdout: ['cat: 1 change, 1 breaking, from ../sibling-base/'] },
      },
    ],
    [
      'without --spec-root: the newer spec is refused, naming the option',
      {
        given: [],
        want: {
          status: 1,
          stdout: [],
          stderr: 'allow the folder that holds both with --spec-root spec/',
        },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const result = zapgen({
      cwd: repo,
      args: ['diff', '--spec', 'spec/namespaces/cat.yaml', ...given],
    });
    for (const line of want.stdout) expect(result.stdout).toContain(line);
    if (want.stderr === undefined) expect(result.stderr).toBe('');
    else expect(result.stderr).toContain(want.stderr);
    expect(result.status).toBe(want.status);
  });
});

describe('zapgen diff: what it refuses', () => {
  const cases: [string, { args: string[]; cwd?: () => string; status: number; want: RegExp }][] = [
    [
      'an unknown format',
      {
        args: ['diff', '--format', 'xml'],
        status: 2,
        want: /^zapgen: --format must be text or json, not "xml"\n\nUsage: zapgen diff/,
      },
    ],
    [
      'a base that is neither a path nor a ref',
      {
        args: ['diff', '--base', 'no-such-ref', '--spec', 'spec/pets'],
        cwd: () => path.join(work, 'repo'),
        status: 2,
        want: /^zapgen: --base no-such-ref is neither a file, a folder nor a git ref\n/,
      },
    ],
    [
      'a file base without --spec',
      {
        args: ['diff', '--base', 'spec/pets/openapi.yaml'],
        cwd: () => path.join(work, 'repo'),
        status: 2,
        want: /^zapgen: --base spec\/pets\/openapi\.yaml is a file or folder: give --spec too\n/,
      },
    ],
    [
      'a git ref outside a repository',
      {
        args: ['diff', '--spec', 'after'],
        cwd: () => versions({ name: 'no-git', edit: addSort }),
        status: 2,
        want: /^zapgen: after is not in a git repository: give --base a spec file or folder\n/,
      },
    ],
    [
      'an option of another command',
      {
        args: ['diff', '--out', 'x'],
        status: 2,
        want: /^zapgen: option --out does not apply to zapgen diff\n/,
      },
    ],
  ];
  it.each(cases)('%s: exit %s with the reason', (_name, { args, cwd, status, want }) => {
    const result = zapgen({ cwd: cwd?.() ?? work, args });
    expect(result.stderr).toMatch(want);
    expect(result.status).toBe(status);
  });

  it('an invalid newer spec: located findings, exit 1', () => {
    const dir = path.join(work, 'invalid');
    writeSpec({ dir: path.join(dir, 'before'), doc: petsSpec() });
    mkdirSync(path.join(dir, 'after'), { recursive: true });
    writeFileSync(path.join(dir, 'after', 'openapi.yaml'), 'openapi: 3.1.0\ninfo: [\n');
    const result = zapgen({ cwd: dir, args: ['diff', '--base', 'before', '--spec', 'after'] });
    expect(result.stderr).toMatch(/^after\/openapi\.yaml:\d+:\d+ {2}error {2}yaml-syntax {2}/m);
    expect(result.stderr).toMatch(/^after: invalid spec, 1 error; nothing compared$/m);
    expect(result.status).toBe(1);
  });

  it('--help explains the rules with their levels', () => {
    const result = zapgen({ cwd: work, args: ['diff', '--help'] });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: zapgen diff \[--base <git-ref\|file\|folder>\]/);
    expect(result.stdout).toMatch(/^ {2}operation-removed {16}major {2}an operation is gone/m);
    expect(result.stdout).toMatch(
      /^ {2}property-became-optional {7}patch {4}major {5}a required property became optional$/m,
    );
  });
});
