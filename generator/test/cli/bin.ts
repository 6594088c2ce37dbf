/** The built `zapgen` bin, as users run it: tests that spawn it build the generator first. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const bin = path.join(repoRoot, 'generator/bin/zapgen.js');

/** Compiles the generator (incrementally); throws when its bin cannot run. */
export function buildBin(): void {
  spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', 'generator'],
    { cwd: repoRoot },
  );
  if (!existsSync(path.join(repoRoot, 'generator/dist/cli.js')))
    throw new Error('generator/dist/cli.js is missing: run npx tsc -b generator');
}
