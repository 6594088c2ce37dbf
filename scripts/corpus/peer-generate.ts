/**
 * A peer's generation of several documents in one process (a unit of small documents): what its
 * CLI does for one input, through the library the CLI calls, so that a Node start and the load of
 * the peer (hey-api's CLI starts two Nodes) are paid once per unit instead of once per document.
 * - openapi-typescript: `bin/cli.js <spec> -o <out>/types.ts` is `openapiTS(url, { redocly })` with
 *   Redocly's minimal config (no redocly.yaml in the folder), `astToString`, `COMMENT_HEADER`.
 * - @hey-api/openapi-ts: `bin/run.js -i <spec> -o <out> -p … -s --no-log-file` is `createClient`
 *   with the config its CLI adapter makes of those flags.
 * Only what passes here is taken: a document it does not generate (an error, a missing file, a
 * crash or timeout of this process), or whose output the batch's tsc does not pass, runs the CLI
 * alone (`peers.ts`), and its failure is recorded from there.
 *
 * Usage: node --import tsx peer-generate.ts <peer> <peers root> <spec> <out> [<spec> <out> …]
 * Prints `GENERATED <index> <ms>` or `FAILED <index> <first line of the error>` per document.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HEY_API_PLUGINS } from './peers.js';

type Generate = (input: { spec: string; out: string }) => Promise<void>;

const load = (file: string) => import(pathToFileURL(file).href);

/** The generation of `peer` (installed under `peersRoot`) for one document. */
async function generator(peer: string, peersRoot: string): Promise<Generate> {
  const modules = path.join(peersRoot, 'node_modules');
  if (peer === 'openapi-typescript') {
    const own = path.join(modules, 'openapi-typescript');
    const {
      default: openapiTS,
      astToString,
      COMMENT_HEADER,
    } = (await load(path.join(own, 'dist/index.mjs'))) as {
      default: (url: URL, options: object) => Promise<unknown>;
      astToString: (ast: unknown) => string;
      COMMENT_HEADER: string;
    };
    const redoclyCore = (await load(
      createRequire(path.join(own, 'package.json')).resolve('@redocly/openapi-core'),
    )) as { createConfig: (raw: object, options: object) => Promise<object> };
    return async ({ spec, out }) => {
      // As the CLI: a config made per run, every flag at its default.
      const redocly = await redoclyCore.createConfig({}, { extends: ['minimal'] });
      const ast = await openapiTS(pathToFileURL(spec), { redocly, silent: false });
      mkdirSync(out, { recursive: true });
      writeFileSync(path.join(out, 'types.ts'), `${COMMENT_HEADER}${astToString(ast)}`, 'utf8');
    };
  }
  if (peer === '@hey-api/openapi-ts') {
    const { createClient } = (await load(
      path.join(modules, '@hey-api/openapi-ts/dist/index.mjs'),
    )) as { createClient: (config: object) => Promise<unknown> };
    return async ({ spec, out }) => {
      await createClient({
        input: [spec],
        output: [out],
        plugins: [...HEY_API_PLUGINS],
        logs: { level: 'silent', file: false },
      });
    };
  }
  throw new Error(`peer-generate: unknown peer ${peer}`);
}

async function main(): Promise<void> {
  const [peer, peersRoot, ...pairs] = process.argv.slice(2);
  if (!peer || !peersRoot || pairs.length % 2)
    throw new Error('usage: peer-generate.ts <peer> <peers root> <spec> <out> [<spec> <out> …]');
  const generate = await generator(peer, peersRoot);
  for (let index = 0; index < pairs.length / 2; index++) {
    const start = performance.now();
    try {
      await generate({ spec: pairs[2 * index]!, out: pairs[2 * index + 1]! });
      console.log(`GENERATED ${index} ${Math.round(performance.now() - start)}`);
    } catch (error) {
      console.log(`FAILED ${index} ${String((error as Error)?.message ?? error).split('\n')[0]}`);
    }
  }
}

await main();
