/**
 * Rewrites `test/golden/<spec>/` from a fresh generation of each golden corpus spec. Run it when
 * a change to the generator's output is intended, then review and commit the diff:
 *
 *   npx tsx scripts/update-golden.ts
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  generateGolden,
  generateGoldenConfig,
  GOLDEN_CONFIG_FILES,
  GOLDEN_SPECS,
  goldenDir,
  listFiles,
  removeRunDir,
  repoRoot,
} from '../test/support/contract-helpers.js';

for (const spec of GOLDEN_SPECS) {
  const generated = await generateGolden(spec);
  const target = goldenDir(spec);
  rmSync(target, { recursive: true, force: true });
  cpSync(generated, target, { recursive: true });
  console.log(`${path.relative(repoRoot, target)}: ${listFiles({ dir: target }).length} files`);
}
for (const config of GOLDEN_CONFIG_FILES) {
  for (const { golden, dir } of await generateGoldenConfig(config)) {
    rmSync(golden, { recursive: true, force: true });
    cpSync(dir, golden, { recursive: true });
    console.log(`${path.relative(repoRoot, golden)}: ${listFiles({ dir: golden }).length} files`);
  }
}
removeRunDir();
