import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusSpec } from '../../../test/support/corpus.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = path.join(root, 'generator/bin/zapgen.js');
const badSpecs = 'test/fixtures/bad-specs';

/** Runs the built `zapgen` bin from the repo root. */
function zapgen(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const STACK_LINE = /^\s+at /m;

let out: string;
beforeAll(() => {
  // The tests run the bin as a user does: on the compiled generator.
  spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'generator'],
    { cwd: root },
  );
  if (!existsSync(path.join(root, 'generator/dist/cli.js')))
    throw new Error('generator/dist/cli.js is missing: run npx tsc -b generator');
  out = mkdtempSync(path.join(tmpdir(), 'zapgen-cli-'));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('zapgen --help', () => {
  const cases: [string, { given: string[]; want: RegExp }][] = [
    [
      'generate',
      {
        given: ['generate', '--help'],
        want: /^Usage: zapgen generate \[--spec <file\|folder>\] \[--out <folder>\]/,
      },
    ],
    [
      'check',
      {
        given: ['check', '--help'],
        want: /^Usage: zapgen check .*\n[\s\S]*exits 1\s+when a file differs/,
      },
    ],
    [
      'validate',
      {
        given: ['validate', '-h'],
        want: /^Usage: zapgen validate \[--spec <file\|folder>\] \[--strict\]/,
      },
    ],
    [
      'the rules validate checks',
      {
        given: ['validate', '--help'],
        want: /^ {2}path-parameters +error {4}every \{name\} of a path is a declared/m,
      },
    ],
    [
      'a long rule name apart from its severity',
      {
        given: ['validate', '--help'],
        want: /^ {2}server-variables-declared +warning {2}every \{variable\} of a server URL/m,
      },
    ],
    ['the tool', { given: ['--help'], want: /^Usage: zapgen <command> \[options\]/ }],
  ];

  it.each(cases)('explains %s and exits 0', (_name, { given, want }) => {
    const result = zapgen(...given);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(want);
  });
});

describe('zapgen --version', () => {
  it("prints the generator's version and exits 0", () => {
    const result = zapgen('--version');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      `${JSON.parse(readFileSync(path.join(root, 'generator/package.json'), 'utf8')).version}\n`,
    );
  });
});

describe('usage errors exit 2 with the usage', () => {
  const cases: [string, { given: string[]; want: RegExp }][] = [
    [
      'a --name npm would refuse',
      {
        given: ['generate', '--spec', 'x.yaml', '--name', 'Bad Name'],
        want: /^zapgen: --name "Bad Name" is not a valid npm package name: .*\n\nUsage: zapgen generate/,
      },
    ],
    [
      'an --out that is a file',
      {
        given: ['generate', '--spec', 'x.yaml', '--out', 'package.json'],
        want: /^zapgen: --out package\.json is a file; it must be a folder .*\n\nUsage: zapgen generate/,
      },
    ],
    [
      '--force with check',
      {
        given: ['check', '--force'],
        want: /^zapgen: option --force does not apply to zapgen check/,
      },
    ],
    ['no command', { given: [], want: /^Usage: zapgen <command>/m }],
    [
      'an unknown command',
      { given: ['build'], want: /^zapgen: unknown command "build"\n\nUsage: zapgen <command>/ },
    ],
    [
      'an unknown flag',
      {
        given: ['generate', '--bogus'],
        want: /^zapgen: Unknown option '--bogus'.*\n\nUsage: zapgen generate/,
      },
    ],
    [
      'a flag of another command',
      {
        given: ['validate', '--out', 'x'],
        want: /^zapgen: option --out does not apply to zapgen validate\n\nUsage: zapgen validate/,
      },
    ],
    [
      'a missing flag value',
      {
        given: ['check', '--spec'],
        want: /^zapgen: Option '--spec <value>' argument missing\n\nUsage: zapgen check/,
      },
    ],
    [
      'a positional argument',
      {
        given: ['validate', 'spec/x'],
        want: /^zapgen: Unexpected argument 'spec\/x'.*\n\nUsage: zapgen validate/,
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const result = zapgen(...given);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(want);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });
});

describe('invalid specs exit 1 with located findings', () => {
  const cases: [string, { given: string[]; want: string }][] = [
    [
      'validate, mistake in a $ref-ed file',
      {
        given: ['validate', '--spec', `${badSpecs}/split`],
        want: `${badSpecs}/split/paths/pet.yaml:4:7  error  path-parameters  path parameter "petId" must have required: true`,
      },
    ],
    [
      'validate, YAML syntax error',
      {
        given: ['validate', '--spec', `${badSpecs}/yaml-syntax.yaml`],
        want: `${badSpecs}/yaml-syntax.yaml:9:7  error  yaml-syntax  Flow sequence in block collection`,
      },
    ],
    [
      'validate, missing file',
      {
        given: ['validate', '--spec', `${badSpecs}/nothing.yaml`],
        want: `${badSpecs}/nothing.yaml:1:1  error  file-not-found  ${badSpecs}/nothing.yaml: file not found`,
      },
    ],
    [
      'generate refuses a spec with errors',
      {
        given: ['generate', '--spec', `${badSpecs}/unique-operation-ids.yaml`, '--out', 'OUT'],
        want: `${badSpecs}/unique-operation-ids.yaml:13:7  error  unique-operation-ids  operationId "listPets" of GET /animals is also used by GET /pets`,
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const result = zapgen(...given.map((arg) => (arg === 'OUT' ? out : arg)));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(want);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(STACK_LINE);
  });

  it('generate writes nothing for a spec with errors, and says so', () => {
    const result = zapgen(
      'generate',
      '--spec',
      `${badSpecs}/unique-operation-ids.yaml`,
      '--out',
      path.join(out, 'refused'),
    );
    expect(result.stderr).toMatch(
      /^unique-operation-ids: invalid spec, 2 errors, 0 warnings; nothing generated$/m,
    );
    expect(existsSync(path.join(out, 'refused'))).toBe(false);
  });
});

describe('--spec-root: a spec whose entry names files in a sibling folder', () => {
  // spec/namespaces/cat.yaml -> ../schemas/common.yaml, as opensearch's specification keeps it.
  const layout = () => {
    const folder = path.join(out, 'sibling', 'spec');
    mkdirSync(path.join(folder, 'namespaces'), { recursive: true });
    mkdirSync(path.join(folder, 'schemas'), { recursive: true });
    writeFileSync(path.join(folder, 'schemas', 'common.yaml'), 'type: string\n');
    writeFileSync(
      path.join(folder, 'namespaces', 'cat.yaml'),
      [
        'openapi: 3.1.0',
        'info: { title: Cat, version: 1.0.0 }',
        'paths:',
        '  /cat:',
        '    get:',
        '      operationId: cat',
        '      responses:',
        "        '200':",
        '          description: ok',
        '          content:',
        '            application/json:',
        "              schema: { $ref: '../schemas/common.yaml' }",
        '',
      ].join('\n'),
    );
    return folder;
  };
  const cases: [
    string,
    { given: (folder: string) => string[]; want: { status: number; text: string } },
  ][] = [
    [
      'refused by default, with how to allow it',
      {
        given: (folder) => ['validate', '--spec', path.join(folder, 'namespaces', 'cat.yaml')],
        want: { status: 1, text: 'allow the folder that holds both with --spec-root ' },
      },
    ],
    [
      'read with --spec-root at the folder that holds both',
      {
        given: (folder) => [
          'validate',
          '--spec',
          path.join(folder, 'namespaces', 'cat.yaml'),
          '--spec-root',
          folder,
        ],
        want: { status: 0, text: 'cat: valid, 0 errors' },
      },
    ],
    [
      'generated with --spec-root',
      {
        given: (folder) => [
          'generate',
          '--spec',
          path.join(folder, 'namespaces', 'cat.yaml'),
          '--spec-root',
          folder,
          '--out',
          path.join(out, 'sibling-package'),
        ],
        want: { status: 0, text: 'cat: 1 operation, 1 schema' },
      },
    ],
    [
      'a --spec-root that does not hold the spec is an error naming the option',
      {
        given: (folder) => [
          'validate',
          '--spec',
          path.join(folder, 'namespaces', 'cat.yaml'),
          '--spec-root',
          path.join(folder, 'schemas'),
        ],
        want: { status: 1, text: 'error  spec-files  the spec root (--spec-root, specRoot) ' },
      },
    ],
    [
      'init takes no --spec-root (it reads no spec)',
      {
        given: (folder) => ['init', '--spec-root', folder],
        want: { status: 2, text: 'option --spec-root does not apply to zapgen init' },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const result = zapgen(...given(layout()));
    expect(result.status, result.stderr).toBe(want.status);
    expect(`${result.stdout}${result.stderr}`).toContain(want.text);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(STACK_LINE);
  });
});

describe('zapgen validate on a corpus spec', () => {
  it('passes with warnings, and fails on them with --strict', () => {
    const spec = corpusSpec('oai-v30-petstore.yaml');
    const relaxed = zapgen('validate', '--spec', spec);
    expect(relaxed.status).toBe(0);
    expect(relaxed.stdout).toMatch(
      /^oai-v30-petstore: valid, 0 errors, 3 warnings in \d+ ms \(load \d+, validate \d+\)$/m,
    );
    expect(relaxed.stdout).toMatch(
      /oai-v30-petstore\.yaml:\d+:\d+ {2}warning {2}operation-secured {2}GET \/pets has no security requirement/,
    );

    const strict = zapgen('validate', '--strict', '--spec', spec);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toMatch(/^oai-v30-petstore: invalid \(--strict\), 0 errors, 3 warnings/m);
  });
});

describe('zapgen generate, then check', () => {
  it('writes a package, finds it up to date, then reports a hand edit as drift', () => {
    const pkg = path.join(out, 'valid');
    const args = ['--spec', `${badSpecs}/valid.yaml`, '--out', pkg, '--name', '@acme/valid'];

    const generated = zapgen('generate', ...args);
    expect(generated.stderr).toBe('');
    expect(generated.status).toBe(0);
    expect(generated.stdout).toMatch(
      /^valid: 2 operations, 2 schemas, (\d+) files \(\1 written, 0 unchanged\) in \d+ ms \(load \d+, model \d+, emit \d+, verify \d+, write \d+\); version 1\.0\.0 \(first, CHANGELOG\.md started\)\n$/,
    );
    expect(JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'))).toMatchObject({
      name: '@acme/valid',
    });

    const again = zapgen('generate', ...args);
    expect(again.stdout).toMatch(/, (\d+) files \(0 written, \1 unchanged\) in /);

    const clean = zapgen('check', ...args);
    expect(clean.status).toBe(0);
    expect(clean.stdout).toMatch(
      /^valid: 2 operations, 2 schemas, \d+ files \(up to date\) in \d+ ms/,
    );

    const readme = path.join(pkg, 'README.md');
    writeFileSync(readme, `${readFileSync(readme, 'utf8')}\nHand-written line.\n`);
    const drift = zapgen('check', ...args);
    expect(drift.status).toBe(1);
    expect(drift.stdout).toContain('-Hand-written line.');
    expect(drift.stdout).toMatch(/^--- a\/.*README\.md$/m);
    expect(drift.stderr).toBe('1 file(s) differ from the spec; run zapgen generate\n');
  });

  it('writes the same bytes from any working directory, so check run elsewhere finds no drift', () => {
    const pkg = path.join(out, 'anywhere');
    const spec = path.join(root, badSpecs, 'valid.yaml');
    expect(zapgen('generate', '--spec', spec, '--out', pkg).status).toBe(0);
    const elsewhere = spawnSync(process.execPath, [bin, 'check', '--spec', spec, '--out', pkg], {
      cwd: tmpdir(),
      encoding: 'utf8',
    });
    expect(elsewhere.stdout).toMatch(/\(up to date\)/);
    expect(elsewhere.status).toBe(0);
    const label = path.relative(pkg, spec).split(path.sep).join('/');
    expect(readFileSync(path.join(pkg, 'src/index.ts'), 'utf8').split('\n')[0]).toBe(
      `// Generated by zapgen from ${label}. Do not edit.`,
    );
  });
});

describe('zapgen generate next to an installed runtime', () => {
  it('warns when the runtime Node would load is not the version the package is generated for', () => {
    const project = path.join(out, 'old-runtime');
    mkdirSync(path.join(project, 'node_modules/@zapgen/runtime'), { recursive: true });
    writeFileSync(
      path.join(project, 'node_modules/@zapgen/runtime/package.json'),
      '{ "name": "@zapgen/runtime", "version": "0.0.1" }\n',
    );
    const result = zapgen(
      'generate',
      '--spec',
      `${badSpecs}/valid.yaml`,
      '--out',
      path.join(project, 'packages/valid'),
    );
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(
      /^valid: warning: @zapgen\/runtime 0\.0\.1 is installed at .*old-runtime\/node_modules\/@zapgen\/runtime, but this package was generated for \^\d+\.\d+\.\d+/m,
    );

    writeFileSync(
      path.join(project, 'node_modules/@zapgen/runtime/package.json'),
      readFileSync(path.join(root, 'packages/runtime/package.json')),
    );
    expect(
      zapgen(
        'generate',
        '--spec',
        `${badSpecs}/valid.yaml`,
        '--out',
        path.join(project, 'packages/valid'),
      ).stderr,
    ).toBe('');
  });
});

describe('zapgen never loses a user file', () => {
  it("refuses to overwrite a user's package.json, README.md and src/index.ts, naming them; --force overwrites", () => {
    const pkg = path.join(out, 'users-project');
    mkdirSync(path.join(pkg, 'src'), { recursive: true });
    const mine = {
      'package.json': '{ "name": "mine" }\n',
      'README.md': '# Mine\n',
      'src/index.ts': 'export const mine = 1;\n',
    };
    for (const [file, contents] of Object.entries(mine))
      writeFileSync(path.join(pkg, file), contents);

    const refused = zapgen('generate', '--spec', `${badSpecs}/valid.yaml`, '--out', pkg);
    expect(refused.status).toBe(1);
    for (const file of Object.keys(mine))
      expect(refused.stderr).toContain(`${file}: exists and was not generated by zapgen`);
    expect(refused.stderr).not.toMatch(STACK_LINE);
    for (const [file, contents] of Object.entries(mine))
      expect(readFileSync(path.join(pkg, file), 'utf8')).toBe(contents);
    expect(existsSync(path.join(pkg, 'src/client.ts'))).toBe(false);

    const forced = zapgen('generate', '--force', '--spec', `${badSpecs}/valid.yaml`, '--out', pkg);
    expect(forced.status).toBe(0);
    expect(readFileSync(path.join(pkg, 'README.md'), 'utf8')).toMatch(/^<!-- Generated by zapgen/);
  });
});
