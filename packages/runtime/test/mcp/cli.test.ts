/** `@zapgen/runtime/cli`: a package's bin, its commands loaded on demand, a missing peer named. */
import { describe, expect, test } from 'vitest';
import { runPackageCommand } from '../../src/cli/index.js';

function notFound(specifier: string): Error {
  return Object.assign(
    new Error(
      `Cannot find package '${specifier}' imported from /x/node_modules/@zapgen/runtime/dist/mcp/server.js`,
    ),
    { code: 'ERR_MODULE_NOT_FOUND' },
  );
}

describe('a package command', () => {
  const run = async (
    argv: string[],
    load: () => Promise<{ main(argv: string[]): Promise<number> }>,
  ) => {
    const lines: string[] = [];
    const code = await runPackageCommand({
      bin: 'pets',
      argv,
      commands: { mcp: load },
      log: (line) => lines.push(line),
    });
    return { code, text: lines.join('\n') };
  };

  test('runs with the arguments after its name', async () => {
    const seen: string[][] = [];
    const result = await run(['mcp', '--mock'], async () => ({
      main: async (argv) => (seen.push(argv), 0),
    }));
    expect(result.code).toBe(0);
    expect(seen).toEqual([['--mock']]);
  });

  test.each([
    ['no command: usage, exit 2', [], 2, /^Usage: pets <command>/],
    ['--help: usage, exit 0', ['--help'], 0, /Commands:\n {2}mcp/],
    ['an unknown command', ['serve'], 2, /unknown command "serve"/],
    ['a name of Object.prototype is not a command', ['constructor'], 2, /unknown command/],
  ])('%s', async (_name, argv, code, pattern) => {
    const result = await run(argv, () => Promise.reject(new Error('not loaded')));
    expect(result.code).toBe(code);
    expect(result.text).toMatch(pattern);
  });

  test('the MCP SDK not installed: says what to install, exit 1', async () => {
    const result = await run(['mcp'], () => Promise.reject(notFound('@modelcontextprotocol/sdk')));
    expect(result.code).toBe(1);
    expect(result.text).toBe(
      'pets mcp needs @modelcontextprotocol/sdk, an optional peer dependency of this package: npm install @modelcontextprotocol/sdk',
    );
  });

  test('another module missing is a bug, not a missing peer: thrown', async () => {
    await expect(run(['mcp'], () => Promise.reject(notFound('left-pad')))).rejects.toThrow(
      /left-pad/,
    );
  });
});
