/**
 * Failure made local: a schema an emitter cannot handle is written in a weaker form with a
 * located degradation, and every other schema is written as usual. The construct here is a
 * model node that throws when read, standing for whatever an emitter cannot handle.
 */
import { describe, expect, it } from 'vitest';
import { emitters, ModuleRegistry } from '../../../src/emit/index.js';
import { zodEmitter } from '../../../src/emit/zod/index.js';
import { fixturesEmitter } from '../../../src/emit/fixtures/index.js';
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

describe('degradations', () => {
  it('zod: the schema is z.unknown() with a located degradation; the others are as usual', async () => {
    const degradations = new Degradations();
    const files = await zodEmitter.emit(model(), context(degradations));
    const zod = files.find((file) => file.path === 'src/zod.ts')!.contents;
    expect(zod).toMatch(/export const \w*Odd\w* = z\.unknown\(\);/);
    expect(zod).toMatch(/export const PetSchema = .*z\.looseObject\(\{ name: z\.string\(\)/);
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
