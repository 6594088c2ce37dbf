/**
 * What `zapgen generate` loads: not ts-morph (with its own copy of TypeScript), which only the
 * codemod (`zapgen migrate`) needs. The emitters print code with the module builder and the
 * declarations printer (`emit/shared/`). Nor, for a spec without a `pattern` or an overlay, the
 * libraries only those need (scslre's backtracking analysis, the JSONPath engine), nor those of
 * `check` (diff) and of an installed runtime's version (semver): a small spec's run is mostly
 * the loading of code (issue 24). These are CommonJS: Node loads them, even from an ES module,
 * into `require.cache`, which is where the test looks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { memoFileFor, memoOf } from '../../src/cache.js';
import { main } from '../../src/cli.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const out = mkdtempSync(path.join(tmpdir(), 'zapgen-generate-modules-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Whether a module of the package `name` has been loaded in this process. */
function loaded(name: string): boolean {
  const cache = createRequire(import.meta.url).cache;
  const folder = `${path.sep}node_modules${path.sep}${name}${path.sep}`;
  return Object.keys(cache).some((file) => file.includes(folder));
}

/** What a run of petstore (no `pattern`, no overlay, nothing installed beside it) needs not. */
const UNNEEDED = ['ts-morph', 'scslre', 'jsonpath-rfc9535', 'diff', 'semver'];

describe('zapgen generate', () => {
  it('does not load ts-morph, scslre, jsonpath-rfc9535, diff or semver (and the probe sees them once loaded)', async () => {
    const messages: string[] = [];
    const io = {
      stdout: (text: string) => messages.push(text),
      stderr: (text: string) => messages.push(text),
    };
    const code = await main(
      [
        'generate',
        '--spec',
        path.join(root, 'test/corpus/oai-v30-petstore.yaml'),
        '--out',
        path.join(out, 'petstore'),
      ],
      io,
    );
    expect(code, messages.join('\n')).toBe(0);
    expect(UNNEEDED.filter(loaded)).toEqual([]);
    // Loaded, each is seen: the probe above can fail.
    await import('ts-morph');
    const require = createRequire(path.join(root, 'generator/package.json'));
    for (const name of UNNEEDED.slice(1)) require(name);
    expect(UNNEEDED.filter(loaded)).toEqual(UNNEEDED);
  });

  it('fills no memo when no cache folder would keep it past the process', async () => {
    const io = { stdout: () => undefined, stderr: () => undefined };
    const packageOut = path.join(out, 'one-shot');
    expect(memoFileFor(packageOut)).toBeUndefined();
    const args = ['generate', '--spec', path.join(root, 'test/corpus/oai-v30-petstore.yaml')];
    expect(await main([...args, '--out', packageOut], io)).toBe(0);
    expect(memoOf(packageOut).size).toBe(0);
    // The same run through the pipeline's default (the memo of the folder) fills it.
    const { generate } = await import('../../src/pipeline.js');
    const again = path.join(out, 'default-memo');
    await generate({
      spec: path.join(root, 'test/corpus/oai-v30-petstore.yaml'),
      out: again,
      packageName: 'petstore',
      apiName: 'petstore',
    });
    expect(memoOf(again).size).toBeGreaterThan(0);
  });
});
