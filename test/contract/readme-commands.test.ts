/**
 * The commands the READMEs give are the ones that work, and run only what the user installed:
 * `npx zapgen` outside this repository would fetch and run a registry package of that name
 * (not ours); `npm pack packages/runtime` is read by npm as a GitHub shorthand; a tarball name
 * must be the one `npm pack` writes for the runtime's current version.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/contract-helpers.js';

const runtimeVersion = (
  JSON.parse(readFileSync(path.join(repoRoot, 'packages/runtime/package.json'), 'utf8')) as {
    version: string;
  }
).version;

const READMES = [
  'README.md',
  'packages/runtime/README.md',
  'spec/README.md',
  ...readdirSync(path.join(repoRoot, 'packages'))
    .filter((name) => name !== 'runtime')
    .map((name) => `packages/${name}/README.md`),
];

describe.each(READMES)('%s', (readme) => {
  const text = readFileSync(path.join(repoRoot, readme), 'utf8');

  it('runs zapgen only as installed (npx --no-install, npm exec --no)', () => {
    const unsafe = text
      .split('\n')
      // A command: at the start of a line of a code block, or of inline code.
      .filter((line) =>
        /(?:^|`)\s*(?:npx|npm exec|npm x)\b(?![^`]*--no(?:-install)?\b)[^`]*\bzapgen\b/.test(line),
      );
    expect(unsafe).toEqual([]);
  });

  it('packs the runtime by a path npm reads as a folder, under its current version', () => {
    expect(text).not.toMatch(/npm pack (?!\.\/|\.\.\/|\/)[\w@-]+\/[\w-]+/);
    for (const [, version] of text.matchAll(/zapgen-runtime-(\d+\.\d+\.\d+)\.tgz/g))
      expect(version).toBe(runtimeVersion);
  });
});
