/**
 * `zapgen mcp --api <name>`: the MCP server of a generated package in this folder, from its build,
 * with the package's own options. The protocol itself is tested in test/downstream/test/mcp.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../src/cli.js';
import { bin, buildBin, repoRoot } from './bin.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t) },
  };
}

describe('zapgen mcp', () => {
  beforeAll(() => buildBin());

  test("--api partner-v1 --mock --list: the package's server lists its tools", () => {
    const run = spawnSync(
      process.execPath,
      [bin, 'mcp', '--api', 'partner-v1', '--mock', '--list'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(
      run.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(/\s+/)[0]),
    ).toEqual(['listApps', 'listMyZapTemplates', 'listZapTemplates', 'listZaps']);
  });

  const cases: [string, { argv: string[]; code: number; want: RegExp }][] = [
    ['no --api', { argv: ['mcp'], code: 2, want: /--api is required/ }],
    ['--help', { argv: ['mcp', '--help'], code: 0, want: /^Usage: zapgen mcp --api <name>/ }],
    [
      'an API name that is a path',
      { argv: ['mcp', '--api', '../x'], code: 2, want: /folder name/ },
    ],
    [
      'an API without a package',
      {
        argv: ['mcp', '--api', 'nope'],
        code: 1,
        want: /no package at packages\/nope \(packages here: .*actions-v2, partner-v1/,
      },
    ],
    [
      'a package not built',
      {
        argv: ['mcp', '--out', 'spec/actions-v2'],
        code: 1,
        want: /no package at spec\/actions-v2/,
      },
    ],
    [
      "the server's own refusal",
      {
        argv: ['mcp', '--api', 'partner-v1', '--port', 'x', '--http'],
        code: 2,
        want: /--port must be a whole number/,
      },
    ],
  ];
  test.each(cases)('%s', async (_name, { argv, code, want }) => {
    const { out, err, io } = capture();
    const stderr = process.stderr.write;
    const logged: string[] = [];
    // The package's server writes to the process's stderr, as it does for an MCP host.
    process.stderr.write = ((chunk: string) => logged.push(String(chunk)) > 0) as typeof stderr;
    try {
      expect(await main(argv, io)).toBe(code);
    } finally {
      process.stderr.write = stderr;
    }
    expect([...out, ...err, ...logged].join('\n')).toMatch(want);
  });
});
