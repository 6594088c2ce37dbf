/**
 * Incremental regeneration (issue 24): a run that reuses an earlier run's work through the memo
 * writes, after every edit of a sequence, the bytes a run that computes everything writes. Each
 * step generates with the memo carried over from the steps before, then `check`s the package with
 * no memo at all: any drift is a byte the memo got wrong. The memo must also have been used (a
 * test of reuse that reused nothing would prove nothing).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { check, generate } from '../../src/pipeline.js';
import { Memo } from '../../src/memo/index.js';

type Document = Record<string, any>;

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const start: Document = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1.0.0' },
  servers: [{ url: 'https://pets.example/v1' }],
  security: [{ apiKey: [] }],
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } }],
        responses: {
          '200': { description: 'the pets', content: json({ type: 'array', items: ref('Pet') }) },
        },
      },
      post: {
        operationId: 'createPet',
        requestBody: { required: true, content: json(ref('NewPet')) },
        responses: { '201': { description: 'created', content: json(ref('Pet')) } },
      },
    },
  },
  components: {
    schemas: {
      NewPet: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', minLength: 1 }, tag: { type: 'string' } },
      },
      // An intersection: a fixture the proof leaves to the checker.
      Pet: {
        allOf: [
          ref('NewPet'),
          { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        ],
      },
    },
    securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
  },
};

const getPet = {
  operationId: 'getPet',
  parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
  responses: {
    '200': { description: 'the pet', content: json(ref('Pet')) },
    '404': { description: 'none', content: json(ref('Problem')) },
  },
};

const edits: [string, (document: Document) => void][] = [
  ['nothing (a second run of the same spec)', () => {}],
  [
    'add a schema',
    (document) => {
      document.components.schemas.Problem = {
        type: 'object',
        required: ['title'],
        properties: { title: { type: 'string' }, status: { type: 'integer' } },
      };
    },
  ],
  ['add an operation', (document) => (document.paths['/pets/{id}'] = { get: getPet })],
  [
    'change an operation',
    (document) => {
      const operation = document.paths['/pets/{id}'].get;
      operation.summary = 'One pet';
      operation.responses['200'].description = 'the pet, found';
    },
  ],
  [
    'document an operation (what the type check does not read)',
    (document) => (document.paths['/pets'].get.description = 'Lists the pets, */ tag by tag.'),
  ],
  [
    'add a parameter',
    (document) =>
      document.paths['/pets'].get.parameters.push({
        name: 'tag',
        in: 'query',
        schema: { type: 'string' },
      }),
  ],
  [
    'change a parameter',
    (document) => (document.paths['/pets'].get.parameters[0].schema.maximum = 100),
  ],
  ['remove a parameter', (document) => document.paths['/pets'].get.parameters.splice(1, 1)],
  [
    'change a schema',
    (document) => (document.components.schemas.NewPet.properties.tag = { enum: ['cat', 'dog'] }),
  ],
  [
    'add a security scheme',
    (document) => {
      document.components.securitySchemes.bearer = { type: 'http', scheme: 'bearer' };
      document.security.push({ bearer: [] });
    },
  ],
  [
    'change a security scheme',
    (document) => (document.components.securitySchemes.apiKey.name = 'X-Key'),
  ],
  [
    'remove a security scheme',
    (document) => {
      delete document.components.securitySchemes.bearer;
      document.security.pop();
    },
  ],
  ['remove an operation', (document) => delete document.paths['/pets/{id}']],
  ['remove a schema', (document) => delete document.components.schemas.Problem],
];

describe('incremental regeneration', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'zapgen-incremental-'));
  const spec = path.join(folder, 'openapi.json');
  const out = path.join(folder, 'package');
  const memo = new Memo();
  const document: Document = structuredClone(start);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('writes the first package', async () => {
    writeFileSync(spec, JSON.stringify(document, null, 2));
    await generate({ spec, out, apiName: 'pets', memo });
    expect(memo.size).toBeGreaterThan(0);
  });

  it.each(edits)(
    'after an edit (%s), writes what a run without the memo writes',
    async (_name, edit) => {
      edit(document);
      writeFileSync(spec, JSON.stringify(document, null, 2));
      await generate({ spec, out, apiName: 'pets', memo });
      const { drift } = await check({ spec, out, apiName: 'pets', memo: false });
      expect(drift.patch).toBe('');
      expect(drift.files).toEqual([]);
    },
  );

  it('after an edit of one operation, writes only the files whose bytes it changes', async () => {
    document.paths['/pets'].post.summary = 'Adds a pet';
    writeFileSync(spec, JSON.stringify(document, null, 2));
    const { files } = await generate({ spec, out, apiName: 'pets', memo });
    // No header carries a hash of the whole spec, so most files keep their bytes.
    expect(files.unchanged).toBeGreaterThan(files.written);
    const { drift } = await check({ spec, out, apiName: 'pets', memo: false });
    expect(drift.files).toEqual([]);
  });

  it('writes a hand-edited file again as generated, though the memo knows its code', async () => {
    const client = path.join(out, 'src/client.ts');
    const generated = readFileSync(client, 'utf8');
    writeFileSync(client, `${generated}// a hand edit\n`);
    const { files } = await generate({ spec, out, apiName: 'pets', memo });
    expect(files.written).toBe(1);
    expect(readFileSync(client, 'utf8')).toBe(generated);
  });

  it('reused the formatted files, the checks of the types and fixtures, and the fixtures', () => {
    expect(memo.hits.get('format')).toBeGreaterThan(0);
    expect(memo.hits.get('verify-types')).toBeGreaterThan(0);
    expect(memo.hits.get('verify-fixtures')).toBeGreaterThan(0);
    // The sections of types.ts an edit did not reach, and the fixtures of the schemas and
    // operations it did not reach.
    expect(memo.hits.get('verify-section')).toBeGreaterThan(0);
    expect(memo.hits.get('fixtures-component')).toBeGreaterThan(0);
    expect(memo.hits.get('fixtures-operation')).toBeGreaterThan(0);
  });
});
