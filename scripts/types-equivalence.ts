/**
 * zapgen's `types.ts` against openapi-typescript's, type by type, on any spec:
 *
 *   npx tsx scripts/types-equivalence.ts <spec file or folder>… [--vendors <folder>] [--types-only] [--json <file>]
 *
 * Generates each spec into a temporary folder, writes openapi-typescript's output beside it and
 * prints every component and operation part whose types are not mutually assignable, with both
 * types. Exit 1 when a types file does not compile or a spec differs. The corpus test runs the
 * same comparison on every spec of `test/corpus/` (see `test/support/types-equivalence.ts`).
 *
 * `--vendors <folder>` adds the github entries of the vendor sweep (`scripts/corpus/vendors.tsv`),
 * read from `<folder>/<owner>+<repo>/<path>` as `npm run corpus -- --vendors` reads them; an
 * entry whose file is missing is reported and fails the run. `--types-only` generates only the
 * bundled document and `types.ts` (what the comparison reads), not the whole package: a sweep
 * over large specs then costs the types and the comparison, not the fixtures and verify.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleEmitter } from '../generator/src/emit/bundle/index.js';
import { typescriptTypesEmitter } from '../generator/src/emit/typescript-types/index.js';
import { buildModel } from '../generator/src/model/index.js';
import { generate } from '../generator/src/pipeline.js';
import {
  classify,
  comparePackageTypes,
  type EquivalenceResult,
} from '../test/support/types-equivalence.js';
import { vendorEntries } from './corpus/vendors.js';

const args = process.argv.slice(2);
const valued = new Set(['--json', '--vendors']);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : (args[index + 1] ?? '');
};
const jsonFile = option('--json');
const vendorsFolder = option('--vendors');
const typesOnly = args.includes('--types-only');
const specs = args.filter(
  (arg, index) => !arg.startsWith('--') && !valued.has(args[index - 1] ?? ''),
);
let failed = false;
if (vendorsFolder)
  for (const entry of vendorEntries()) {
    if (!entry.source.startsWith('github:')) continue;
    const file = path.join(
      vendorsFolder,
      entry.source.slice('github:'.length).replace('/', '+'),
      entry.path,
    );
    if (existsSync(file)) specs.push(file);
    else {
      console.log(`vendors/${entry.id}: missing: ${file}`);
      failed = true;
    }
  }
if (!specs.length || jsonFile === '' || vendorsFolder === '') {
  console.error(
    'usage: tsx scripts/types-equivalence.ts <spec>… [--vendors <folder>] [--types-only] [--json <file>]',
  );
  process.exit(2);
}

const results: Record<string, EquivalenceResult | { error: string }> = {};
for (const spec of specs) {
  const dir = mkdtempSync(path.join(tmpdir(), 'zapgen-types-'));
  const started = performance.now();
  try {
    await generate({
      spec,
      out: dir,
      ...(typesOnly && { emitters: [bundleEmitter, typescriptTypesEmitter] }),
    });
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
    // Deliberate differences (README, "types.ts and openapi-typescript") are counted, the others listed.
    const { unexplained, deliberate } = classify(result.differences);
    const classes = Object.entries(deliberate).map(([name, count]) => `${count} ${name}`);
    console.log(
      `${spec}: ${result.items} types compared, ${result.differences.length} differ${classes.length ? ` (deliberate: ${classes.join(', ')})` : ''}, ${unexplained.length} unexplained${broken ? `, ${broken} diagnostics` : ''} (${Math.round((performance.now() - started) / 1000)} s)`,
    );
    for (const message of result.diagnostics.zapgen) console.log(`  zapgen types.ts: ${message}`);
    for (const message of result.diagnostics.peer) console.log(`  openapi-typescript: ${message}`);
    for (const message of result.diagnostics.check) console.log(`  check module: ${message}`);
    for (const difference of unexplained)
      console.log(
        `  ${difference.item} (${difference.direction})\n    why: ${difference.reason ?? '?'}\n    zapgen:             ${difference.zapgen}\n    openapi-typescript: ${difference.peer}`,
      );
    if (unexplained.length || result.diagnostics.zapgen.length || result.diagnostics.check.length)
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
