/**
 * Generation never touches the network, whatever URLs the spec holds (`externalValue`s, remote
 * `$ref`s in data, OAuth and OpenID URLs, `$id`s, links): the CLI runs with every way Node opens a
 * connection or resolves a name trapped (`test/support/trap-network.mjs`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const trap = path.join(root, 'test/support/trap-network.mjs');
const out = mkdtempSync(path.join(tmpdir(), 'zapgen-no-network-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** `node --import <trap> <args>` from the repo root. */
function trapped(...args: string[]) {
  return spawnSync(process.execPath, ['--import', trap, ...args], { cwd: root, encoding: 'utf8' });
}

describe('generation with the network trapped', () => {
  it('the trap catches a connection attempt (so the test below can fail)', () => {
    const result = trapped(
      '-e',
      "fetch('https://example.invalid/x').catch(() => {}); try { require('node:net').connect(443, 'example.invalid'); } catch {}",
    );
    expect(result.stderr).toMatch(/NETWORK ATTEMPT fetch https:\/\/example\.invalid\/x/);
    expect(result.stderr).toMatch(/NETWORK ATTEMPT net\.connect 443 example\.invalid/);
  });

  it('generates a spec full of URLs without a single attempt', () => {
    const pkg = path.join(out, 'urls');
    const result = trapped(
      path.join(root, 'generator/bin/zapgen.js'),
      'generate',
      '--spec',
      'test/fixtures/no-network',
      '--out',
      pkg,
    );
    expect(result.stderr).not.toContain('NETWORK ATTEMPT');
    expect(result.status, result.stderr).toBe(0);
    // The remote example was not fetched, and the external value stays a URL in the bundled spec.
    expect(readFileSync(path.join(pkg, 'openapi.json'), 'utf8')).toContain(
      '"externalValue": "https://example.invalid/thing.json"',
    );
  });
});
