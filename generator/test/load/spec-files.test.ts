/**
 * A `$ref` anywhere in a spec (a description, a schema, a map of properties, a parameter, an
 * example's value) makes the loader read only the spec's own files: in its folder or below, not
 * hidden, spec data or description text. Files of secrets planted around the spec must never be
 * read, and nothing of them may reach the document or any file of the generated package.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/load/index.js';
import { generate } from '../../src/pipeline.js';

const root = mkdtempSync(path.join(tmpdir(), 'zapgen-spec-files-'));
const folder = path.join(root, 'spec');
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(path.join(folder, 'schemas'), { recursive: true });
mkdirSync(path.join(folder, '.private'));
// Every one parses as YAML or JSON (or is text), so a reader that opened it would copy it.
const secrets: Record<string, string> = {
  '.npmrc': '//registry.npmjs.org/:_authToken=npm_T0KEN_4f9c\n',
  'outside.json': '{ "token": "T0KEN_4f9c" }\n',
  'outside.yaml': 'type: string\ndescription: T0KEN_4f9c\n',
  'outside.md': 'T0KEN_4f9c\n',
  'spec/settings.env': 'TOKEN=T0KEN_4f9c\n',
  'spec/deploy.sh': 'echo T0KEN_4f9c\n',
  'spec/.secrets.yaml': 'type: string\ndescription: T0KEN_4f9c\n',
  'spec/.private/key.json': '{ "type": "string", "description": "T0KEN_4f9c" }\n',
};
for (const [name, text] of Object.entries(secrets)) writeFileSync(path.join(root, name), text);
// A link inside the folder to a file outside it.
symlinkSync(path.join(root, 'outside.yaml'), path.join(folder, 'schemas', 'linked.yaml'));
// Links inside the folder, named like spec files, to files inside it that are refused by their
// own names: a hidden file, a script, a hidden folder.
symlinkSync(path.join(folder, '.secrets.yaml'), path.join(folder, 'schemas', 'data.json'));
symlinkSync(path.join(folder, 'deploy.sh'), path.join(folder, 'schemas', 'notes.md'));
symlinkSync(path.join(folder, '.private'), path.join(folder, 'pub'));
// The spec's own files are read as before.
writeFileSync(path.join(folder, 'schemas', 'name.yaml'), 'type: string\n');
writeFileSync(path.join(folder, 'intro.md'), 'About the API.\n');

const refused = [
  '../.npmrc',
  '../outside.json',
  '../outside.yaml',
  '../outside.md',
  './settings.env',
  './deploy.sh',
  './.secrets.yaml',
  './.private/key.json',
  './schemas/linked.yaml',
  './schemas/data.json',
  './schemas/notes.md',
  './pub/key.json',
];

function writeSpec(name: string, document: Record<string, unknown>): string {
  const file = path.join(folder, name);
  writeFileSync(file, JSON.stringify(document, null, 2));
  return file;
}

/** A valid spec whose only references to files outside the spec are in documentation and examples. */
function documentationSpec(ref: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1', description: { $ref: './intro.md' } },
    paths: {
      '/a': {
        summary: { $ref: ref },
        get: {
          operationId: 'getA',
          description: { $ref: ref },
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { $ref: './schemas/name.yaml' },
                  examples: { one: { value: { $ref: ref } } },
                },
              },
            },
          },
        },
      },
    },
  };
}

/** A spec naming the file where a schema, a map of properties and a parameter stand. */
function schemaSpec(ref: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/a': {
        get: {
          parameters: [{ $ref: ref }],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: {
      schemas: {
        Properties: { type: 'object', properties: { $ref: ref } },
        Property: { type: 'object', properties: { name: { $ref: ref } } },
      },
    },
  };
}

describe('a $ref to a file that is not the spec’s own', () => {
  const cases: [string, { given: string; want: { files: string[] } }][] = refused.map((ref) => [
    ref,
    { given: ref, want: { files: [] } },
  ]);

  describe.each(cases)('%s', (_name, { given }) => {
    const slug = given.replace(/[^a-z]+/gi, '-');

    it('is an error located at the $ref where a schema, properties or a parameter stands, and is never read', () => {
      const entry = writeSpec(`schema${slug}.json`, schemaSpec(given));
      const spec = loadSpec(entry);
      expect(JSON.stringify(spec.document)).not.toContain('T0KEN_4f9c');
      expect(spec.files).toEqual([entry]);
      const errors = spec.findings.filter((finding) => finding.rule === 'spec-files');
      expect(errors.map((error) => [error.severity, error.line > 1, error.column > 1])).toEqual(
        Array(3).fill(['error', true, true]),
      );
      for (const error of errors)
        expect(error.message).toMatch(/is not followed, since zapgen does not read/);
    });

    it('leaves a description or summary out, with a warning, and keeps an example literal', () => {
      const entry = writeSpec(`docs${slug}.json`, documentationSpec(given));
      const spec = loadSpec(entry);
      const document = spec.document as Record<string, any>;
      expect(JSON.stringify(document)).not.toContain('T0KEN_4f9c');
      expect(spec.files).toEqual([
        entry,
        path.join(folder, 'intro.md'),
        path.join(folder, 'schemas', 'name.yaml'),
      ]);
      expect(document.info.description).toBe('About the API.\n');
      expect(Object.hasOwn(document.paths['/a'], 'summary')).toBe(false);
      expect(Object.hasOwn(document.paths['/a'].get, 'description')).toBe(false);
      expect(
        document.paths['/a'].get.responses['200'].content['application/json'].examples.one.value,
      ).toEqual({ $ref: given });
      expect(spec.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
      expect(
        spec.findings
          .filter((finding) => finding.rule === 'spec-files' || finding.rule === 'example-ref')
          .map((finding) => [finding.rule, finding.severity]),
      ).toEqual([
        ['spec-files', 'warning'],
        ['spec-files', 'warning'],
        ['example-ref', 'warning'],
      ]);
    });
  });
});

describe('a text file of the spec', () => {
  it('is read for a description, and refused where a schema, properties or a parameter stands', () => {
    const entry = writeSpec('text-as-schema.json', schemaSpec('./intro.md'));
    const spec = loadSpec(entry);
    expect(JSON.stringify(spec.document)).not.toContain('About the API');
    expect(spec.files).toEqual([entry]);
    const errors = spec.findings.filter((finding) => finding.rule === 'spec-files');
    expect(errors.map((error) => error.severity)).toEqual(['error', 'error', 'error']);
    for (const error of errors)
      expect(error.message).toMatch(/reads only the spec's own \.json, \.yaml and \.yml files$/);
  });
});

describe('a spec whose descriptions and examples name files of secrets, generated', () => {
  const entry = writeSpec('generated.json', {
    ...documentationSpec('../.npmrc'),
    components: {
      schemas: {
        Doc: { type: 'string', description: { $ref: '../outside.md' } },
        Example: { type: 'object', example: { $ref: '../outside.json' } },
      },
    },
  });
  const out = path.join(root, 'package');

  it('writes no byte of any of them into any file of the package', async () => {
    const result = await generate({ spec: entry, out, apiName: 'planted', memo: false });
    expect(result.warnings.filter((warning) => warning.rule === 'spec-files')).toHaveLength(3);
    const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(files.length).toBeGreaterThan(5);
    for (const file of files)
      expect(readFileSync(path.join(file.parentPath, file.name), 'utf8')).not.toContain(
        'T0KEN_4f9c',
      );
  });
});

/**
 * A vendor's multi-file spec whose entry file sits in a subfolder and names files in a sibling
 * folder (opensearch: `spec/namespaces/cat.yaml` -> `../schemas/_common.yaml`): refused by
 * default, with how to allow it; read with `specRoot` at the folder that holds both, where the
 * other rules still hold.
 */
describe('a spec root (--spec-root, specRoot) above the spec’s folder', () => {
  const repository = path.join(root, 'vendor');
  const namespaces = path.join(repository, 'spec', 'namespaces');
  mkdirSync(namespaces, { recursive: true });
  mkdirSync(path.join(repository, 'spec', 'schemas'), { recursive: true });
  writeFileSync(path.join(repository, 'spec', 'schemas', 'common.yaml'), 'type: string\n');
  writeFileSync(path.join(repository, 'spec', '.secrets.yaml'), 'description: T0KEN_4f9c\n');
  writeFileSync(path.join(repository, 'spec', 'deploy.sh'), 'echo T0KEN_4f9c\n');
  const entry = path.join(namespaces, 'cat.json');
  const specFolder = path.join(repository, 'spec');
  const shown = (folder: string) => `${path.relative(process.cwd(), folder)}/`;

  const cases: [
    string,
    {
      given: { ref: string; specRoot?: string };
      want: { read: boolean; messages: RegExp[]; notMessages?: RegExp[] };
    },
  ][] = [
    [
      'a sibling folder, by default: refused, naming --spec-root and the folder holding both',
      {
        given: { ref: '../schemas/common.yaml' },
        want: {
          read: false,
          messages: [
            new RegExp(
              `outside the spec's folder .*; .*allow the folder that holds both with --spec-root ${escape(shown(specFolder))} \\(or a config's specRoot naming it\\)`,
            ),
          ],
        },
      },
    ],
    [
      'a sibling folder, with specRoot at the parent: read',
      {
        given: { ref: '../schemas/common.yaml', specRoot: specFolder },
        want: { read: true, messages: [] },
      },
    ],
    [
      'a sibling folder, with specRoot at the repository: read',
      {
        given: { ref: '../schemas/common.yaml', specRoot: repository },
        want: { read: true, messages: [] },
      },
    ],
    [
      'a hidden file under the wider root: refused, with no hint',
      {
        given: { ref: '../.secrets.yaml', specRoot: repository },
        want: { read: false, messages: [/it is hidden/], notMessages: [/--spec-root/] },
      },
    ],
    [
      'a hidden file outside the default root: refused, with no hint (a wider root would not read it)',
      {
        given: { ref: '../.secrets.yaml' },
        want: {
          read: false,
          messages: [/outside the spec's folder/],
          notMessages: [/--spec-root/],
        },
      },
    ],
    [
      'a script under the wider root: refused, with no hint',
      {
        given: { ref: '../deploy.sh', specRoot: repository },
        want: {
          read: false,
          messages: [/zapgen reads only the spec's own \.json, \.yaml and \.yml files/],
          notMessages: [/--spec-root/],
        },
      },
    ],
    [
      'a script outside the default root: refused, with no hint',
      {
        given: { ref: '../deploy.sh' },
        want: {
          read: false,
          messages: [/outside the spec's folder/],
          notMessages: [/--spec-root/],
        },
      },
    ],
    [
      'a file outside the wider root: refused, naming the folder that holds both',
      {
        given: { ref: '../../../outside.yaml', specRoot: specFolder },
        want: {
          read: false,
          messages: [
            new RegExp(
              `outside the spec root ${escape(shown(specFolder))}, .*--spec-root ${escape(shown(root))} `,
            ),
          ],
        },
      },
    ],
    [
      'a spec root that does not hold the spec: an error naming the option, nothing read',
      {
        given: { ref: '../schemas/common.yaml', specRoot: path.join(specFolder, 'schemas') },
        want: {
          read: false,
          messages: [
            new RegExp(
              `^the spec root \\(--spec-root, specRoot\\) ${escape(shown(path.join(specFolder, 'schemas')))} does not hold the spec`,
            ),
          ],
        },
      },
    ],
    [
      'a spec root that does not exist: an error naming the option',
      {
        given: { ref: '../schemas/common.yaml', specRoot: path.join(root, 'missing') },
        want: {
          read: false,
          messages: [/^the spec root \(--spec-root, specRoot\) .*missing\/ does not exist/],
        },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    writeFileSync(
      entry,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        paths: {},
        components: { schemas: { Common: { $ref: given.ref } } },
      }),
    );
    const spec = loadSpec(entry, { specRoot: given.specRoot });
    const errors = spec.findings.filter((finding) => finding.severity === 'error');
    expect(JSON.stringify(spec.document ?? {})).not.toContain('T0KEN_4f9c');
    if (want.read) {
      expect(errors).toEqual([]);
      expect(spec.files).toEqual([entry, path.join(specFolder, 'schemas', 'common.yaml')]);
      return;
    }
    expect(spec.files.filter((file) => file !== entry)).toEqual([]);
    expect(errors.map((error) => error.rule)).toEqual(['spec-files']);
    for (const pattern of want.messages) expect(errors[0]!.message).toMatch(pattern);
    for (const pattern of want.notMessages ?? []) expect(errors[0]!.message).not.toMatch(pattern);
  });

  it('generates the package of a spec read with a wider root', async () => {
    writeFileSync(
      entry,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        paths: {},
        components: { schemas: { Common: { $ref: '../schemas/common.yaml' } } },
      }),
    );
    const out = path.join(root, 'vendor-package');
    const result = await generate({ spec: entry, specRoot: repository, out, memo: false });
    expect(result.schemas).toBe(1);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
