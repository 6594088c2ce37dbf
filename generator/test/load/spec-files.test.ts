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
