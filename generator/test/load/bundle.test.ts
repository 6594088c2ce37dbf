import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/load/index.js';

const fixtures = fileURLToPath(new URL('../../../test/fixtures/bad-specs/', import.meta.url));
const shown = (fixture: string) =>
  path.relative(process.cwd(), path.join(fixtures, fixture)).split(path.sep).join('/');

describe('bundleSpec', () => {
  const spec = loadSpec(path.join(fixtures, 'split'));
  const document = spec.document as Record<string, any>;
  const pet = document.paths['/pets/{petId}'].get;

  it('reads the openapi.yaml of a folder', () => {
    expect(spec.entry).toBe(path.join(fixtures, 'split', 'openapi.yaml'));
  });

  const refs: [string, { given: () => unknown; want: unknown }][] = [
    [
      'a file referenced by a component is inlined there, and referenced elsewhere',
      {
        given: () => pet.responses['200'].content['application/json'].schema,
        want: { $ref: '#/components/schemas/Pet' },
      },
    ],
    [
      'a reference back into the entry file becomes internal',
      {
        given: () => pet.responses.default.content['application/json'].schema,
        want: { $ref: '#/components/schemas/Error' },
      },
    ],
    [
      'a reference internal to a split file follows its inlined node',
      {
        given: () => document.components.schemas.Pet.properties.owner,
        want: { $ref: '#/components/schemas/Pet/$defs/Owner' },
      },
    ],
    ['a path item file is inlined under paths', { given: () => pet.operationId, want: 'getPet' }],
  ];

  it.each(refs)('%s', (_name, { given, want }) => {
    expect(given()).toEqual(want);
  });

  const locations: [string, { given: string; want: string }][] = [
    [
      'a node of the entry file',
      {
        given: '/components/schemas/Error/properties/message',
        want: `${shown('split/openapi.yaml')}:17:9`,
      },
    ],
    [
      'a node of an inlined path item',
      {
        given: '/paths/~1pets~1{petId}/get/operationId',
        want: `${shown('split/paths/pet.yaml')}:2:3`,
      },
    ],
    [
      'a node of an inlined schema',
      {
        given: '/components/schemas/Pet/$defs/Owner',
        want: `${shown('split/schemas/pet.yaml')}:7:3`,
      },
    ],
    [
      'a pointer past the end: its deepest existing node',
      {
        given: '/paths/~1pets~1{petId}/get/nothing/here',
        want: `${shown('split/paths/pet.yaml')}:1:1`,
      },
    ],
  ];

  it.each(locations)('locates %s', (_name, { given, want }) => {
    const { file, line, column } = spec.sourceMap.locate(given);
    expect(`${file}:${line}:${column}`).toBe(want);
  });

  it('lists paths and components in sorted order, whatever the source order', () => {
    expect(Object.keys(document.paths)).toEqual(['/owners', '/pets/{petId}']);
    expect(Object.keys(document.components.schemas)).toEqual(['Error', 'Pet']);
    expect(Object.keys(document)).toEqual(['openapi', 'info', 'security', 'paths', 'components']);
  });

  it('reads every referenced file once', () => {
    expect(
      spec.files.map((file) => path.relative(fixtures, file).split(path.sep).join('/')).sort(),
    ).toEqual([
      'split/openapi.yaml',
      'split/paths/owners.yaml',
      'split/paths/pet.yaml',
      'split/schemas/owner.yaml',
      'split/schemas/pet.yaml',
    ]);
  });
});

describe('an example written as a $ref to a file (a Redocly habit)', () => {
  const folder = fileURLToPath(
    new URL('../../../test/fixtures/generality/redocly-habits-multi-file/', import.meta.url),
  );
  const spec = loadSpec(folder);
  const examples = (spec.document as Record<string, any>).paths['/orders'].post.responses['201']
    .content['application/json'].examples;
  const relative = (file: string) => path.relative(folder, file).split(path.sep).join('/');

  it("is read as the file's content, which is an input of the run", () => {
    expect(examples.created.value).toEqual({
      id: 'ord_1',
      note: 'The first order, an example kept in a file of its own.',
    });
    expect(spec.files.map(relative)).toContain('examples/order.json');
  });

  it('warns where the $ref stands', () => {
    expect(
      spec.findings
        .filter((finding) => finding.rule === 'example-ref')
        .map(
          (finding) => `${relative(path.resolve(finding.file))}:${finding.line}:${finding.column}`,
        ),
    ).toEqual(['paths/orders.yaml:27:24']);
  });

  it('locates the data in its file', () => {
    const { file, line } = spec.sourceMap.locate(
      '/paths/~1orders/post/responses/201/content/application~1json/examples/created/value/note',
    );
    expect(`${relative(path.resolve(file))}:${line}`).toBe('examples/order.json:1');
  });

  it('keeps a lone $ref into the document itself as the literal data it is', () => {
    expect(examples.literal.value).toEqual({ $ref: '#/components/parameters/Filter' });
  });
});

describe('an example $ref to a file outside the spec folder, or to a file that is not data', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'zapgen-example-ref-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'spec'));
  // Files of settings that parse as YAML: their text must never reach the package.
  writeFileSync(path.join(root, '.npmrc'), '//registry.npmjs.org/:_authToken=npm_SECRET\n');
  writeFileSync(path.join(root, 'outside.json'), '{ "token": "SECRET" }\n');
  writeFileSync(path.join(root, 'spec', 'settings.env'), 'TOKEN=SECRET\n');
  const examples = {
    npmrc: { value: { $ref: '../.npmrc' } },
    outside: { value: { $ref: '../outside.json' } },
    env: { value: { $ref: './settings.env' } },
  };
  writeFileSync(
    path.join(root, 'spec', 'openapi.json'),
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'object' }, examples } },
              },
            },
          },
        },
      },
    }),
  );
  const spec = loadSpec(path.join(root, 'spec', 'openapi.json'));

  it('keeps each as the literal object, reads none of them, and says why', () => {
    const read = (spec.document as Record<string, any>).paths['/a'].get.responses['200'].content[
      'application/json'
    ].examples;
    expect(read).toEqual(examples);
    expect(JSON.stringify(spec.document)).not.toContain('SECRET');
    expect(spec.files).toEqual([path.join(root, 'spec', 'openapi.json')]);
    const warnings = spec.findings.filter((finding) => finding.rule === 'example-ref');
    expect(warnings).toHaveLength(3);
    for (const warning of warnings)
      expect(warning.message).toMatch(
        /is read as the literal object it is, since zapgen does not read .*: (it is outside the spec's folder|zapgen reads only the spec's own \.json, \.yaml and \.yml files)/,
      );
  });
});
