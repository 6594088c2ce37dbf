import { emitters, ModuleRegistry } from '../../../src/emit/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import { typescriptTypesEmitter } from '../../../src/emit/typescript-types/index.js';
import { zodEmitter } from '../../../src/emit/zod/index.js';
import { loadSpec } from '../../../src/load/index.js';
import { buildModel } from '../../../src/model/index.js';
import { removeScratchDirs, typecheck } from './support.js';
import { corpusSpec } from '../../../../test/support/corpus.js';
import { withAgreement } from '../../../../test/support/zod-agreement.js';

const CONTEXT = {
  apiName: 'x',
  packageName: 'x',
  runtimePackage: 'r',
  specLabel: 'x',
  specHash: '',
  modules: ModuleRegistry.of(emitters),
  release: { version: '1.0.0', changelog: '' },
};

/**
 * Small third-party specs that between them hold discriminators, `$defs`, recursion, nullable
 * `allOf` parts and closed objects. The big ones (stripe, discord, box, asana) take minutes:
 * `npm run corpus` sweeps them and thousands more.
 */
const SPECS = ['scalar-galaxy.yaml', 'redocly-museum.yaml', 'swagger-petstore-v30.yaml'];

describe('zod emitter: third-party specs type-check with their agreement test', () => {
  afterAll(removeScratchDirs);

  it.each(SPECS)('%s', async (file) => {
    const { document } = loadSpec(corpusSpec(file));
    const model = buildModel(document!);
    const files = [
      ...(await typescriptTypesEmitter.emit(model, CONTEXT)),
      ...(await zodEmitter.emit(model, CONTEXT)),
    ];
    expect(typecheck(withAgreement({ files, model }))).toEqual([]);
  });
});
