/**
 * The config of the golden package `test/golden/scalar-galaxy-config/`: every option of
 * `zapgen.config.ts` on one corpus spec, so that a change to what an option generates shows up
 * as a reviewable diff (`test/contract/golden.test.ts`). Add a new option here, then run
 * `npx tsx scripts/update-golden.ts` and commit the result.
 */
import { defineConfig } from '@zapgen/generator/config';

export default defineConfig({
  apis: [
    {
      name: 'scalar-galaxy-config',
      spec: '../corpus/scalar-galaxy.yaml',
      output: '../golden/scalar-galaxy-config',
      packageName: '@zapgen/scalar-galaxy-config',
      // The image upload goes (with the schemas only it uses).
      filter: { operationIds: { exclude: ['uploadImage'] } },
      overlays: ['overlay.yaml'],
      names: {
        functions: (operation) => (operation.operationId === 'getMe' ? 'whoAmI' : undefined),
      },
      namespaces: {
        from: 'tags',
        operations: { getAllData: ['planets.list', 'planets.all'], getToken: 'auth.token' },
      },
      // FooWritable for requests (readOnly ids refused), FooReadable for responses (no passwords).
      readWrite: 'split',
      // date-time/date as Date, int64 as bigint, through zod codecs.
      transformers: { dates: true, bigint: true },
    },
  ],
});
