/**
 * The OpenAPI schemas' validators are compiled once and kept as code (`schema-validator.ts`): the
 * validator loaded from that code finds what the compiled one finds, error for error.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledValidator, type Version } from '../../src/load/schema-validator.js';

const caches = mkdtempSync(path.join(os.tmpdir(), 'zapgen-schema-validator-'));
afterAll(() => rmSync(caches, { recursive: true, force: true }));

const cases: [string, { version: Version; document: unknown; valid: boolean }][] = [
  [
    '3.0, valid',
    {
      version: 'v3',
      document: { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {} },
      valid: true,
    },
  ],
  [
    '3.0, a response without a description and an unknown parameter location',
    {
      version: 'v3',
      document: {
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: {
          '/a': {
            get: {
              parameters: [{ name: 'x', in: 'body', schema: { type: 'string' } }],
              responses: { 200: {} },
            },
          },
        },
      },
      valid: false,
    },
  ],
  [
    '3.1, a schema of the wrong type and no info version',
    {
      version: 'v31',
      document: {
        openapi: '3.1.0',
        info: { title: 'T' },
        components: { schemas: { A: 5 } },
      },
      valid: false,
    },
  ],
  [
    'Swagger 2.0, a path without responses',
    {
      version: 'v2',
      document: {
        swagger: '2.0',
        info: { title: 'T', version: '1' },
        paths: { '/a': { get: {} } },
      },
      valid: false,
    },
  ],
];

describe('compiledValidator', () => {
  it.each(cases)('%s', (name, { version, document, valid }) => {
    const cache = path.join(caches, String(cases.findIndex(([other]) => other === name)));
    const compiled = compiledValidator(version, cache);
    // The cache holds the validator alone: its temporary file was renamed, nothing is left over.
    const files = readdirSync(cache);
    expect(files).toEqual([expect.stringMatching(new RegExp(`^openapi-${version}-\\w+\\.cjs$`))]);
    expect(existsSync(path.join(cache, files[0]!))).toBe(true);
    const loaded = compiledValidator(version, cache);
    // Ajv's compiled function carries its compilation state; the one loaded from code does not.
    expect('schemaEnv' in compiled).toBe(true);
    expect('schemaEnv' in loaded).toBe(false);
    expect(compiled(document)).toBe(valid);
    expect(loaded(document)).toBe(valid);
    expect(loaded.errors ?? null).toEqual(compiled.errors ?? null);
    if (!valid) expect(compiled.errors!.length).toBeGreaterThan(0);
  });
});
