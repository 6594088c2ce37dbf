/**
 * The smoke run on Node 22 and 24 (scripts/smoke-node.ts, the last step of `npm test`) refuses
 * binaries that would not prove what it claims: a Node of another major, or a supported major left
 * out. Fake binaries (scripts that print a version) stand in; the full run is `npm run smoke`.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/contract-helpers.js';

const folder = mkdtempSync(path.join(tmpdir(), 'zapgen-smoke-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** An executable that answers `--version` with `version`, as a node binary would. */
function fakeNode(version: string): string {
  const file = path.join(folder, `node-${version}`);
  writeFileSync(file, `#!/bin/sh\necho ${version}\n`);
  chmodSync(file, 0o755);
  return file;
}

function smoke(nodes: string[]): { status: number; stderr: string } {
  try {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'scripts', 'smoke-node.ts')],
      {
        cwd: repoRoot,
        env: { ...process.env, ZAPGEN_SMOKE_NODES: nodes.join(':') },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    return { status: 0, stderr: '' };
  } catch (error) {
    const { status, stderr } = error as { status: number; stderr: string };
    return { status, stderr };
  }
}

describe('smoke-node refuses binaries that prove nothing', () => {
  it.each([
    [
      'a binary of another major',
      {
        versions: ['v20.20.2', 'v24.21.0'],
        want: /is Node v20\.20\.2; the smoke run is for Node 22 and 24/,
      },
    ],
    [
      'a supported major left out',
      { versions: ['v22.23.3'], want: /no Node 24 among .*: every supported major is smoked/ },
    ],
  ])('%s', (_name, { versions, want }) => {
    const { status, stderr } = smoke(versions.map(fakeNode));
    expect(status).toBe(1);
    expect(stderr).toMatch(/^smoke: FAILED: /m);
    expect(stderr).toMatch(want);
  });
});
