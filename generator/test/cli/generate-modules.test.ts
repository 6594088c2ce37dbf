/**
 * What `zapgen generate` loads: not ts-morph (with its own copy of TypeScript), which only the
 * codemod (`zapgen migrate`) needs. The emitters print code with the module builder and the
 * declarations printer (`emit/shared/`). ts-morph is CommonJS: Node loads it, even from an ES
 * module, into `require.cache`, which is where the test looks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const out = mkdtempSync(path.join(tmpdir(), 'zapgen-generate-modules-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Whether a module of the ts-morph package has been loaded in this process. */
function tsMorphLoaded(): boolean {
  const cache = createRequire(import.meta.url).cache;
  return Object.keys(cache).some((file) => /[\\/]node_modules[\\/]ts-morph[\\/]/.test(file));
}

describe('zapgen generate', () => {
  it('does not load ts-morph (and the probe sees it once it is loaded)', async () => {
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
    expect(tsMorphLoaded()).toBe(false);
    // The codemod's dependency, loaded: the probe above can fail.
    await import('ts-morph');
    expect(tsMorphLoaded()).toBe(true);
  });
});
