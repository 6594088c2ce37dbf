/**
 * zapgen's `types.ts` against openapi-typescript's, type by type, on any spec:
 *
 *   npx tsx scripts/types-equivalence.ts <spec file or folder> [more specs…] [--json <file>]
 *
 * Generates each spec into a temporary folder, writes openapi-typescript's output beside it and
 * prints every component and operation part whose types are not mutually assignable, with both
 * types. Exit 1 when a types file does not compile or a spec differs. The corpus test runs the
 * same comparison on every spec of `test/corpus/` (see `test/support/types-equivalence.ts`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildModel } from '../generator/src/model/index.js';
import { generate } from '../generator/src/pipeline.js';
import { comparePackageTypes, type EquivalenceResult } from '../test/support/types-equivalence.js';

const args = process.argv.slice(2);
const jsonIndex = args.indexOf('--json');
const jsonFile = jsonIndex === -1 ? undefined : args[jsonIndex + 1];
const specs = args.filter(
  (arg, index) => !arg.startsWith('--') && (jsonIndex === -1 || index !== jsonIndex + 1),
);
if (!specs.length || (jsonIndex !== -1 && !jsonFile)) {
  console.error('usage: tsx scripts/types-equivalence.ts <spec>… [--json <file>]');
  process.exit(2);
}

const results: Record<string, EquivalenceResult | { error: string }> = {};
let failed = false;
for (const spec of specs) {
  const dir = mkdtempSync(path.join(tmpdir(), 'zapgen-types-'));
  try {
    await generate({ spec, out: dir });
    const document = JSON.parse(readFileSync(path.join(dir, 'openapi.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const result = comparePackageTypes({ dir, model: buildModel(document) });
    results[spec] = result;
    const broken =
      result.diagnostics.zapgen.length +
      result.diagnostics.peer.length +
      result.diagnostics.check.length;
    console.log(
      `${spec}: ${result.items} types compared, ${result.differences.length} differ${broken ? `, ${broken} diagnostics` : ''}`,
    );
    for (const message of result.diagnostics.zapgen) console.log(`  zapgen types.ts: ${message}`);
    for (const message of result.diagnostics.check) console.log(`  check module: ${message}`);
    for (const difference of result.differences)
      console.log(
        `  ${difference.item} (${difference.direction})\n    why: ${difference.reason ?? '?'}\n    zapgen:             ${difference.zapgen}\n    openapi-typescript: ${difference.peer}`,
      );
    if (
      result.differences.length ||
      result.diagnostics.zapgen.length ||
      result.diagnostics.check.length
    )
      failed = true;
  } catch (error) {
    results[spec] = { error: (error as Error).stack ?? String(error) };
    console.log(`${spec}: failed: ${(error as Error).message}`);
    failed = true;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
process.exit(failed ? 1 : 0);
