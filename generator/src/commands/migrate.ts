/**
 * `zapgen migrate`: moves code written for openapi-typescript + openapi-fetch (+
 * openapi-react-query) to a generated package. A dry run by default: prints the unified diff of
 * every file it would change and what it leaves to a person; `--write` applies it.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createTwoFilesPatch } from 'diff';
import validatePackageName from 'validate-npm-package-name';
import { migrate } from '../migrate/index.js';

export const MIGRATE_HELP = `Usage: zapgen migrate --package <name> [--project <tsconfig.json>] [--types <file>] [--write] [files...]

Rewrites code written for openapi-typescript and openapi-fetch to use a zapgen package:
  import createClient from "openapi-fetch"        → "<name>/fetch"        (the drop-in client)
  import createClient from "openapi-react-query"  → "<name>/react-query"  (the path-style hooks)
  import type { paths } from "./api"              → "<name>"              (openapi-typescript's output)
  createClient<paths>({ baseUrl })                → createClient({ baseUrl })
Imports of names the package does not provide stay as they are and are listed.
Without --write nothing is written: the changes are printed as a unified diff.

Options:
  --package <name>      The generated package (e.g. @zapgen/partner-v1)
  --project <tsconfig>  Migrate the files of this project (default: the files given, or every
                        source file under the current folder but node_modules)
  --types <file>        openapi-typescript's output file (default: found by its exports)
  --write               Apply the changes
  -h, --help            Show this help

Exit codes: 0 done (or nothing to change); 2 wrong command line.`;

/** Where the command prints (the CLI's `Io`). */
interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export function runMigrate(args: string[], io: Output, cwd = process.cwd()): number {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        package: { type: 'string' },
        project: { type: 'string' },
        types: { type: 'string' },
        write: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.stderr(`zapgen migrate: ${(error as Error).message.split('\n')[0]}\n\n${MIGRATE_HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(MIGRATE_HELP);
    return 0;
  }
  const packageName = values.package;
  if (packageName === undefined || !validatePackageName(packageName).validForNewPackages) {
    io.stderr(
      `zapgen migrate: --package must name the generated package (e.g. @zapgen/partner-v1)\n\n${MIGRATE_HELP}`,
    );
    return 2;
  }
  const result = migrate({
    packageName,
    cwd,
    ...(values.project === undefined ? {} : { project: values.project }),
    ...(values.types === undefined ? {} : { types: values.types }),
    files: positionals,
  });
  for (const file of result.files) {
    if (values.write) writeFileSync(`${cwd}/${file.file}`, file.after);
    else
      io.stdout(
        createTwoFilesPatch(`a/${file.file}`, `b/${file.file}`, file.before, file.after)
          .replace(/^=+\n/, '')
          .trimEnd(),
      );
  }
  for (const note of result.notes) io.stderr(note);
  const count = `${result.files.length} file${result.files.length === 1 ? '' : 's'}`;
  io.stdout(
    result.files.length === 0
      ? 'zapgen migrate: nothing to change'
      : values.write
        ? `zapgen migrate: ${count} rewritten; add ${packageName} to your dependencies (openapi-fetch and openapi-react-query can go once nothing imports them)`
        : `zapgen migrate: ${count} would change (dry run; --write applies it)`,
  );
  return 0;
}
