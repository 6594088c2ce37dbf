/** Semver versions of generated packages: bumped by the level of a spec's changes. */
import type { Level } from '../diff/rules.js';

/** The version of a package generated for the first time. */
export const FIRST_VERSION = '1.0.0';

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function isSemver(version: string): boolean {
  return SEMVER.test(version);
}

/**
 * `version` bumped for changes of `level`: a breaking change bumps the major (the minor before
 * 1.0.0, where the minor is what breaks), an addition the minor, anything else the patch. A
 * prerelease is released as its own version first, as `npm version` does.
 */
export function bumpVersion({ version, level }: { version: string; level: Level }): string {
  const match = SEMVER.exec(version);
  if (!match) throw new Error(`internal: ${version} is not a semver version`);
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const prerelease = match[4] !== undefined;
  const effective = level === 'major' && major === 0 ? 'minor' : level;
  if (effective === 'major')
    return prerelease && minor === 0 && patch === 0 ? `${major}.0.0` : `${major + 1}.0.0`;
  if (effective === 'minor')
    return prerelease && patch === 0 ? `${major}.${minor}.0` : `${major}.${minor + 1}.0`;
  return prerelease ? `${major}.${minor}.${patch}` : `${major}.${minor}.${patch + 1}`;
}
