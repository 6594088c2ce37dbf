/**
 * `zapgen diff` reads what the config makes of the package: its overlays apply to both versions
 * (what an overlay removes is no change), and under `readWrite: 'split'` a readOnly property's
 * change breaks responses only. Through the built bin, with a JSON config.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { edited, petsSpec, writeSpec, type Doc } from '../diff/support.js';
import { bin, buildBin } from './bin.js';

let work: string;
beforeAll(() => {
  buildBin();
  work = mkdtempSync(path.join(tmpdir(), 'zapgen-diff-config-'));
  // Pet is sent and answered; its id is readOnly.
  const readOnlyId = (doc: Doc) => {
    doc.components.schemas.Pet.properties.id.readOnly = true;
    doc.paths['/pets'].post.requestBody.content['application/json'].schema = {
      $ref: '#/components/schemas/Pet',
    };
  };
  writeSpec({ dir: path.join(work, 'base'), doc: edited(petsSpec(), readOnlyId) });
  writeSpec({
    dir: path.join(work, 'spec'),
    doc: edited(petsSpec(), (doc) => {
      readOnlyId(doc);
      doc.components.schemas.Pet.properties.id.type = 'string';
      delete doc.paths['/pets/{petId}'].delete;
    }),
  });
  writeFileSync(
    path.join(work, 'no-delete.yaml'),
    [
      'overlay: 1.0.0',
      'info: { title: no delete, version: 1.0.0 }',
      'actions:',
      "  - target: $.paths['/pets/{petId}'].delete",
      '    remove: true',
    ].join('\n'),
  );
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function diff(api: Record<string, unknown>): string {
  writeFileSync(
    path.join(work, 'zapgen.config.json'),
    JSON.stringify({ apis: [{ spec: 'spec', output: 'out', ...api }] }),
  );
  const result = spawnSync(
    process.execPath,
    [
      bin,
      'diff',
      '--spec',
      'spec',
      '--base',
      'base/openapi.yaml',
      '--config',
      'zapgen.config.json',
    ],
    { cwd: work, encoding: 'utf8' },
  );
  expect(result.stderr).toBe('');
  return result.stdout;
}

test('without options: the removed operation, and the readOnly id in requests and responses', () => {
  const out = diff({});
  expect(out).toContain('operation-removed');
  expect(out).toContain('request-type-changed');
  expect(out).toContain('response-type-changed');
});

test("the config's overlays apply to both versions; readWrite 'split' keeps the id to responses", () => {
  const out = diff({ overlays: ['no-delete.yaml'], readWrite: 'split' });
  expect(out).not.toContain('operation-removed');
  expect(out).not.toContain('request-type-changed');
  expect(out).toContain('response-type-changed');
});
