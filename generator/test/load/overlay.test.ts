import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyOverlays } from '../../src/load/overlay.js';
import { displayPath } from '../../src/load/source-file.js';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'zapgen-overlay-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const spec = () => ({
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1', contact: { name: 'a', email: 'a@x' } },
  tags: [{ name: 'pets' }],
  paths: {
    '/pets': {
      get: { operationId: 'listPets', tags: ['pets'], responses: { 200: { description: 'OK' } } },
      post: {
        operationId: 'createPet',
        'x-internal': true,
        responses: { 201: { description: 'Created' } },
      },
    },
    '/admin': {
      get: { operationId: 'admin', 'x-internal': true, responses: { 200: { description: 'OK' } } },
    },
  },
});

function run(overlay: string) {
  const file = path.join(folder, 'overlay.yaml');
  writeFileSync(file, overlay);
  const original = spec();
  const result = applyOverlays({ document: original, overlays: [file] });
  expect(original).toEqual(spec());
  return {
    document: result.document,
    findings: result.findings.map(
      (finding) =>
        `${finding.file.replace(displayPath(folder), '<dir>')}:${finding.line}:${finding.column} ${finding.severity} ${finding.message}`,
    ),
  };
}

const header = 'overlay: 1.0.0\ninfo: { title: t, version: 1 }\nactions:\n';

describe('applyOverlays (Overlay 1.0)', () => {
  const cases: [
    string,
    { given: string; want: (document: any) => unknown; expected: unknown; findings?: string[] },
  ][] = [
    [
      'an update merges into the object, nested objects recursively',
      {
        given: `${header}  - target: $.info\n    update: { title: Pet store, contact: { url: 'https://x' } }\n`,
        want: (d) => d.info,
        expected: {
          title: 'Pet store',
          version: '1',
          contact: { name: 'a', email: 'a@x', url: 'https://x' },
        },
      },
    ],
    [
      'an update of an array appends to it',
      {
        given: `${header}  - target: $.tags\n    update: { name: admin }\n`,
        want: (d) => d.tags,
        expected: [{ name: 'pets' }, { name: 'admin' }],
      },
    ],
    [
      'remove with a filter: every operation marked x-internal leaves',
      {
        given: `${header}  - target: $.paths.*[?@['x-internal'] == true]\n    remove: true\n`,
        want: (d) => Object.keys(d.paths['/pets']).concat(Object.keys(d.paths['/admin'])),
        expected: ['get'],
      },
    ],
    [
      'actions apply in order',
      {
        given: `${header}  - target: $.info\n    update: { title: A }\n  - target: $.info.title\n    remove: true\n`,
        want: (d) => d.info.title,
        expected: undefined,
      },
    ],
    [
      '__proto__ in an update is a key, not a prototype',
      {
        given: `${header}  - target: $.info\n    update: { "__proto__": { polluted: true } }\n`,
        want: (d) => [Object.hasOwn(d.info, '__proto__'), ({} as any).polluted],
        expected: [true, undefined],
      },
    ],
    [
      'a target that selects nothing is a located warning',
      {
        given: `${header}  - target: $.paths['/nope'].get\n    remove: true\n`,
        want: (d) => Object.keys(d.paths),
        expected: ['/pets', '/admin'],
        findings: [`<dir>/overlay.yaml:4:5 warning "$.paths['/nope'].get" selects nothing`],
      },
    ],
    [
      'a target that is no JSONPath is a located error',
      {
        given: `${header}  - target: $.paths[\n    remove: true\n`,
        want: () => null,
        expected: null,
        findings: ['<dir>/overlay.yaml:4:5 error "$.paths[" is not a JSONPath (RFC 9535)'],
      },
    ],
    [
      'an update of a string is a located error',
      {
        given: `${header}  - target: $.info.title\n    update: { a: 1 }\n`,
        want: (d) => d.info.title,
        expected: 'Pets',
        findings: [
          '<dir>/overlay.yaml:5:5 error "$.info.title" selects string, which an update cannot merge into',
        ],
      },
    ],
    [
      'an action without update or remove',
      {
        given: `${header}  - target: $.info\n`,
        want: () => null,
        expected: null,
        findings: ['<dir>/overlay.yaml:4:5 error an action has an `update` or `remove: true`'],
      },
    ],
    [
      'not an overlay',
      {
        given: `openapi: 3.1.0\n`,
        want: (d) => d.info.title,
        expected: 'Pets',
        findings: ['<dir>/overlay.yaml:1:1 error an overlay document starts with `overlay: 1.0.0`'],
      },
    ],
    [
      'another major version',
      {
        given: `overlay: 2.0.0\nactions: [{ target: $.info, update: {} }]\n`,
        want: () => null,
        expected: null,
        findings: ['<dir>/overlay.yaml:1:1 error overlay 2.0.0 is not supported'],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want, expected, findings = [] }) => {
    const result = run(given);
    expect(want(result.document)).toEqual(expected);
    expect(result.findings).toHaveLength(findings.length);
    findings.forEach((start, index) => expect(result.findings[index]).toContain(start));
  });
});
