/**
 * `zapgen mcp --api <name> [options]`: serves the MCP server of a package this zapgen generated,
 * from its built `dist/mcp.js`, as `npx <package> mcp` would. The server's options (`--mock`,
 * `--http`, filters) are the package's: everything but `--api` and `--out` is handed to it.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const MCP_HELP = `Usage: zapgen mcp --api <name> [--out <folder>] [server options]

Serves the operations of a generated package as MCP tools, over stdio (default) or Streamable
HTTP (--http), from the package's build (dist/mcp.js). The server options are the package's:
--mock, --http, --port, --tag, --operation, --read-only, --no-deprecated, --list and more
(zapgen mcp --api <name> --help lists them, with the environment variables of the credentials).

Options:
  --api <name>      The API: its package folder is packages/<name>
  --out <folder>    The package folder, when it is elsewhere
  -h, --help        Show this help (with --api: the server's help)

Needs @modelcontextprotocol/sdk installed beside the package (an optional peer dependency).`;

/** Where the command writes (the CLI's `Io`). */
interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** What `zapgen mcp` needs of a package's `dist/mcp.js`. */
interface McpModule {
  main(argv: string[]): Promise<number>;
}

/** Runs the command with the arguments after `mcp`; resolves with the exit code. */
export async function runMcp(argv: readonly string[], io: Output): Promise<number> {
  const own = ownOptions(argv);
  if (typeof own === 'string') {
    io.stderr(`zapgen mcp: ${own}\n\n${MCP_HELP}`);
    return 2;
  }
  if (own.api === undefined && own.out === undefined) {
    const help = own.rest.includes('--help') || own.rest.includes('-h');
    (help ? io.stdout : io.stderr)(
      help ? MCP_HELP : `zapgen mcp: --api is required\n\n${MCP_HELP}`,
    );
    return help ? 0 : 2;
  }
  const folder = own.out ?? path.join('packages', own.api!);
  const entry = path.resolve(folder, 'dist', 'mcp.js');
  if (!existsSync(path.join(folder, 'package.json'))) {
    const known = builtPackages();
    io.stderr(
      `zapgen mcp: no package at ${folder}${known.length ? ` (packages here: ${known.join(', ')})` : ''}; generate it with zapgen generate`,
    );
    return 1;
  }
  if (!existsSync(entry)) {
    io.stderr(
      `zapgen mcp: ${path.join(folder, 'dist', 'mcp.js')} is missing: build the package first (npm run build in ${folder}), with a zapgen that writes src/mcp.ts`,
    );
    return 1;
  }
  let loaded: McpModule;
  try {
    loaded = (await import(pathToFileURL(entry).href)) as McpModule;
  } catch (error) {
    const message = (error as Error).message;
    if (
      (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' &&
      message.includes("'@modelcontextprotocol/sdk")
    ) {
      io.stderr(
        'zapgen mcp needs @modelcontextprotocol/sdk, an optional peer dependency of the package: npm install @modelcontextprotocol/sdk',
      );
      return 1;
    }
    throw error;
  }
  return loaded.main([...own.rest]);
}

/** `--api` and `--out` (`--name value` or `--name=value`), and the arguments left for the server. */
function ownOptions(
  argv: readonly string[],
): { api?: string; out?: string; rest: string[] } | string {
  const found: { api?: string; out?: string } = {};
  const rest: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    const match = /^--(api|out)(?:=(.*))?$/.exec(argument);
    if (match === null) {
      rest.push(argument);
      continue;
    }
    const name = match[1] as 'api' | 'out';
    const value = match[2] ?? argv[(index += 1)];
    if (value === undefined || value === '') return `--${name} needs a value`;
    if (name === 'api' && !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value))
      return `--api takes the API's folder name (spec/<name>, packages/<name>), not ${JSON.stringify(value)}`;
    found[name] = value;
  }
  return { ...found, rest };
}

/** The package folders under packages/ that have an MCP server built. */
function builtPackages(): string[] {
  try {
    return readdirSync('packages')
      .filter((name) => existsSync(path.join('packages', name, 'dist', 'mcp.js')))
      .sort();
  } catch {
    return [];
  }
}
