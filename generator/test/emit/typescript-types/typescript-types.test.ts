import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import type { ApiModel } from '../../../src/model/types.js';
import { typescriptTypesEmitter } from '../../../src/emit/typescript-types/index.js';
import { typeCheck } from '../client/compile.js';
import { context, model, operation, string } from '../client/model.js';
import { corpusSpec } from '../../../../test/support/corpus.js';

function corpusDocument(file: string): Record<string, unknown> {
  const text = readFileSync(corpusSpec(file), 'utf8');
  return file.endsWith('.json') ? JSON.parse(text) : parse(text, { maxAliasCount: -1 });
}

/** A model around a corpus document: the types emitter reads only the document and the operations. */
function corpusModel(file: string): ApiModel {
  const document = corpusDocument(file);
  return { ...model({ operations: [] }), openapi: String(document.openapi), document };
}

async function emitTypes(given: ApiModel): Promise<string> {
  const files = await typescriptTypesEmitter.emit(given, context);
  expect(files.map((file) => file.path)).toEqual(['src/types.ts']);
  return files[0]!.contents;
}

describe('typescript-types emitter', () => {
  const derived = operation({
    operationId: 'get_items_id',
    operationIdDerived: true,
    method: 'get',
    path: '/items/{id}',
  });
  const named = operation({ operationId: 'listItems', method: 'get', path: '/items' });

  const cases: [string, { given: ApiModel; want: string[]; check?: string }][] = [
    [
      'operations without an operationId get the derived one',
      {
        given: model({ operations: [derived, named] }),
        want: ['get_items_id: {', 'listItems: {', 'get: operations["get_items_id"];'],
        check: 'type T = operations["get_items_id"]["responses"]["200"];',
      },
    ],
    [
      'spec order is kept (not alphabetized)',
      {
        given: model({
          operations: [named, operation({ operationId: 'addItem', method: 'post', path: '/add' })],
        }),
        want: ['"/items": {'],
      },
    ],
    [
      'no runtime enum objects',
      {
        given: model({
          operations: [named],
          schemas: [
            {
              name: 'Kind',
              pointer: '#/components/schemas/Kind',
              schema: { kind: 'enum', nullable: false, values: ['a', 'b'], baseType: 'string' },
            },
          ],
        }),
        want: ['Kind: "a" | "b";'],
      },
    ],
    [
      'an object without properties stays open',
      {
        given: model({
          operations: [named],
          schemas: [
            {
              name: 'Params',
              pointer: '#/components/schemas/Params',
              schema: {
                kind: 'object',
                nullable: false,
                properties: [],
                additionalProperties: true,
              },
            },
          ],
        }),
        want: ['Params: Record<string, unknown>;'],
      },
    ],
  ];
  test.each(cases)('%s', async (_name, { given, want, check }) => {
    const types = await emitTypes(given);
    for (const fragment of want) expect(types).toContain(fragment);
    expect(types).not.toMatch(/export (const )?enum /);
    const usage = check
      ? { 'src/usage.ts': `import type { operations } from './types.js';\nexport ${check}\n` }
      : {};
    expect(typeCheck({ 'src/types.ts': types, ...usage })).toEqual([]);
  });

  test('leaves the model document untouched (it is also written to openapi.json)', async () => {
    const given = model({ operations: [derived] });
    const before = JSON.stringify(given.document);
    await emitTypes(given);
    expect(JSON.stringify(given.document)).toBe(before);
  });

  test('a derived id lands on a $ref path item through an inlined copy', async () => {
    const given = model({ operations: [derived] });
    const paths = given.document.paths as Record<string, unknown>;
    given.document.components = { pathItems: { Item: paths['/items/{id}'] } };
    paths['/items/{id}'] = { $ref: '#/components/pathItems/Item' };
    expect(await emitTypes(given)).toContain('get_items_id: {');
  });

  test('hostile operationIds and media types stay quoted keys', async () => {
    const hostile = operation({
      operationId: 'a"b*/c',
      method: 'get',
      path: '/x',
      responses: [
        {
          status: '200',
          description: 'ok',
          content: [
            { mediaType: 'application/vnd"odd+json', schema: string, pointer: '#', examples: [] },
          ],
          headers: [],
        },
      ],
    });
    const types = await emitTypes(model({ operations: [hostile] }));
    expect(typeCheck({ 'src/types.ts': types })).toEqual([]);
  });
});

describe('typescript-types emitter on the corpus', () => {
  const cases: [string, { given: string; want: string[] }][] = [
    [
      '3.0 petstore',
      { given: 'oai-v30-petstore.yaml', want: ['listPets: {', 'export interface components'] },
    ],
    [
      '3.1 webhooks only, no paths',
      {
        given: 'oai-v31-webhook-example.yaml',
        want: ['export interface webhooks', 'export type paths = Record<string, never>;'],
      },
    ],
    [
      '3.1 every security scheme type, $defs',
      { given: 'scalar-galaxy.yaml', want: ['export interface operations'] },
    ],
    [
      '3.0 form bodies, XML, octet-stream',
      { given: 'swagger-petstore-v30.yaml', want: ['"application/octet-stream"'] },
    ],
  ];
  test.each(cases)('%s', async (_name, { given, want }) => {
    const types = await emitTypes(corpusModel(given));
    for (const fragment of want) expect(types).toContain(fragment);
    expect(typeCheck({ 'src/types.ts': types })).toEqual([]);
  });

  // The big ones: generation must succeed (measured on this machine: stripe about 2.5 s).
  test.each([
    ['stripe-spec3-2023-09.yaml', 'GetCustomers: {'],
    ['discord.json', 'export interface operations'],
    ['box.json', 'export interface operations'],
    ['asana.yaml', 'export interface operations'],
  ])('%s', async (file, want) => {
    const given = corpusModel(file);
    const started = performance.now();
    const types = await emitTypes(given);
    console.info(
      `${file}: ${Math.round(performance.now() - started)} ms, ${types.length} characters`,
    );
    expect(types).toContain(want);
  });
});
