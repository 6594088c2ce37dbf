/**
 * Failure made local: a schema an emitter cannot handle is written in a weaker form with a
 * located degradation, and every other schema is written as usual. The construct here is a
 * model node that throws when read, standing for whatever an emitter cannot handle.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshDir, typecheck } from '../../../../test/support/contract-helpers.js';
import { emitters, ModuleRegistry } from '../../../src/emit/index.js';
import { zodEmitter } from '../../../src/emit/zod/index.js';
import { fixturesEmitter } from '../../../src/emit/fixtures/index.js';
import { definitionsEmitter } from '../../../src/emit/definitions/index.js';
import { clientEmitter } from '../../../src/emit/client/index.js';
import { Degradations } from '../../../src/emit/shared/degrade.js';
import { buildModel } from '../../../src/model/index.js';
import type { ApiModel } from '../../../src/model/types.js';

const context = (degradations?: Degradations) => ({
  apiName: 'x',
  packageName: 'x',
  runtimePackage: '@zapgen/runtime',
  specLabel: 'x',
  specHash: '',
  release: { version: '1.0.0', changelog: '' },
  modules: ModuleRegistry.of(emitters),
  ...(degradations ? { degradations } : {}),
});

/** Two schemas; reading the model node of `Odd` throws, as a construct an emitter cannot handle would. */
function model(): ApiModel {
  const built = buildModel({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {},
    components: {
      schemas: {
        Odd: { type: 'string' },
        Pet: { type: 'object', properties: { name: { type: 'string' } } },
      },
    },
  });
  const odd = built.schemas.find((schema) => schema.name === 'Odd')!;
  const node = { kind: 'string', nullable: false };
  Object.defineProperty(node, 'format', {
    get: () => {
      throw new Error('a construct from the future');
    },
  });
  (odd as { schema: unknown }).schema = node;
  return built;
}

/** The emitter running (set by the build test): a construct may be one that only it cannot handle. */
let running = '';

/** A construct from the future: reading `key` of `node` throws (in `emitter` only, when given). */
function throwsOnRead(node: object, key: string, emitter?: string): void {
  const value: unknown = (node as Record<string, unknown>)[key];
  Object.defineProperty(node, key, {
    get: () => {
      if (emitter === undefined || emitter === running)
        throw new Error('a construct from the future');
      return value;
    },
  });
}

/**
 * Two operations; `listPets` has a parameter whose schema the validators and definitions cannot
 * read, and a description the client's documentation cannot read.
 */
function operationsModel(): ApiModel {
  const built = buildModel({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: { '200': { description: 'ok' } },
        },
      },
      '/pets/{id}': {
        get: {
          operationId: 'getPet',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'string' } } },
            },
          },
        },
      },
    },
  });
  const listPets = built.operations.find((operation) => operation.operationId === 'listPets')!;
  throwsOnRead(listPets.parameters[0]!, 'schema');
  throwsOnRead(listPets, 'description', 'client');
  return built;
}

const locatedAt = (degradations: Degradations) =>
  degradations.list.map(({ pointer, emitter }) => ({ pointer, emitter }));

describe('degradations of one operation (validators, routes for the clients and the mock, client)', () => {
  it('zod: the operation has no validators, located at the operation; the others have theirs', async () => {
    const degradations = new Degradations();
    const files = await zodEmitter.emit(operationsModel(), context(degradations));
    for (const path of ['src/zod.ts', 'src/validators.ts']) {
      const zod = files.find((file) => file.path === path)!.contents;
      expect(zod).toMatch(/export const listPetsSchemas\b[^=]*= \{ responses: \{\} \};/);
      expect(zod).toMatch(/export const getPetSchemas\b[^=]*= [^;]*\{\s*parameters:/);
    }
    // Recorded once (validators.ts is zod.ts in the other spelling).
    expect(locatedAt(degradations)).toEqual([{ pointer: '#/paths/~1pets/get', emitter: 'zod' }]);
    expect(degradations.list[0]!.message).toMatch(/are not validated/);
  });

  it('routes (what the clients and the mock run): sent as the spec says, without parameter shapes', async () => {
    const degradations = new Degradations();
    const files = await definitionsEmitter.emit(operationsModel(), context(degradations));
    const source = files.find((file) => file.path === 'src/routes.ts')!.contents;
    const route = (id: string) => {
      const from = source.slice(source.indexOf(`operationId: "${id}"`));
      return from.slice(0, from.indexOf('};'));
    };
    expect(route('listPets')).toMatch(/name: "limit",\s*in: "query",\s*required: false/);
    expect(route('listPets')).not.toMatch(/shape/);
    expect(route('getPet')).toMatch(/shape: \{\s*type: "string"/);
    expect(locatedAt(degradations)).toEqual([{ pointer: '#/paths/~1pets/get', emitter: 'routes' }]);
  });

  it('client: loosely typed arguments and an unknown result; the other operation is typed', async () => {
    running = 'client';
    const degradations = new Degradations();
    const [file] = await clientEmitter.emit(operationsModel(), context(degradations));
    const source = file!.contents;
    expect(source).toMatch(/export type ListPetsArgs = \{\s*path\?: Record<string, unknown>;/);
    expect(source).toMatch(/export type ListPetsResult = unknown;/);
    expect(source).toMatch(
      /export type GetPetArgs = \{\s*path: NonNullable<operations\["getPet"\]/,
    );
    expect(source).toMatch(/export function listPets\(client: \w+, args: ListPetsArgs = \{\}/);
    expect(locatedAt(degradations)).toEqual([{ pointer: '#/paths/~1pets/get', emitter: 'client' }]);
  });

  it('without a collector (unit use), the error is thrown', async () => {
    running = 'client';
    await expect(async () => clientEmitter.emit(operationsModel(), context())).rejects.toThrow();
  });

  it('the package with the degraded operation builds, strictly', async () => {
    const degradations = new Degradations();
    const dir = freshDir('degraded-operation');
    const model = operationsModel();
    for (const emitter of emitters) {
      running = emitter.name;
      for (const file of await emitter.emit(model, context(degradations))) {
        mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
        writeFileSync(path.join(dir, file.path), file.contents);
      }
    }
    expect(degradations.list.map(({ emitter }) => emitter)).toEqual(
      expect.arrayContaining(['zod', 'routes', 'client']),
    );
    const result = await typecheck({ dir });
    rmSync(dir, { recursive: true, force: true });
    expect(result.diagnostics).toBe('');
  }, 60_000);
});

describe('degradations', () => {
  it('zod: the schema is z.unknown() with a located degradation; the others are as usual', async () => {
    const degradations = new Degradations();
    const files = await zodEmitter.emit(model(), context(degradations));
    const zod = files.find((file) => file.path === 'src/zod.ts')!.contents;
    expect(zod).toMatch(/export const \w*Odd\w* = z\.unknown\(\);/);
    expect(zod).toMatch(
      /export const PetSchema(: [^=]*)? = .*z\.looseObject\(\{ name: z\.string\(\)/,
    );
    expect(degradations.list).toEqual([
      {
        pointer: '#/components/schemas/Odd',
        emitter: 'zod',
        message: expect.stringMatching(
          /^the zod emitter cannot handle this construct, so its validator accepts any value/,
        ),
      },
    ]);
  });

  it('fixtures: the schema has no fixtures, with a located degradation', async () => {
    const degradations = new Degradations();
    const [file] = await fixturesEmitter.emit(model(), context(degradations));
    expect(file!.contents).toMatch(/\bPet\b/);
    expect(degradations.list.map(({ pointer, emitter }) => ({ pointer, emitter }))).toEqual([
      { pointer: '#/components/schemas/Odd', emitter: 'fixtures' },
    ]);
  });

  it('without a collector (unit use), the error is thrown', async () => {
    await expect(async () => zodEmitter.emit(model(), context())).rejects.toThrow();
  });
});
