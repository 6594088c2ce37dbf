/**
 * `@zapgen/runtime/cli`: the command line of a generated package (its bin, `npx <package> <command>`).
 * Each command is loaded only when run, so that a command whose optional peer dependency is not
 * installed fails with what to install, and the others still run.
 */

/** A command: its module, loaded on demand, runs it with the arguments after its name. */
export type PackageCommand = () => Promise<{ main(argv: string[]): Promise<number> }>;

/** What each command needs installed beside the package (optional peer dependencies). */
const PEERS: Record<string, string> = { mcp: '@modelcontextprotocol/sdk' };

/**
 * Runs a command (`['mcp', '--mock']`); resolves with its exit code. Without `argv`, as a bin:
 * the process's arguments, and its exit code set.
 */
export async function runPackageCommand(options: {
  /** The bin's name, for messages (`actions-v2`). */
  bin: string;
  argv?: readonly string[];
  commands: Record<string, PackageCommand>;
  log?: (line: string) => void;
}): Promise<number> {
  const code = await runCommand({ ...options, argv: options.argv ?? process.argv.slice(2) });
  if (options.argv === undefined) process.exitCode = code;
  return code;
}

async function runCommand(options: {
  bin: string;
  argv: readonly string[];
  commands: Record<string, PackageCommand>;
  log?: (line: string) => void;
}): Promise<number> {
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const [name, ...rest] = options.argv;
  const names = Object.keys(options.commands);
  const usage = `Usage: ${options.bin} <command> [options]\n\nCommands:\n${names.map((command) => `  ${command}`).join('\n')}\n\nRun "${options.bin} <command> --help" for the options of a command.`;
  if (name === undefined || name === '--help' || name === '-h') {
    log(usage);
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(options.commands, name) ? options.commands[name] : undefined;
  if (command === undefined) {
    log(`${options.bin}: unknown command ${JSON.stringify(name)}\n\n${usage}`);
    return 2;
  }
  let loaded;
  try {
    loaded = await command();
  } catch (error) {
    const peer = Object.hasOwn(PEERS, name) ? PEERS[name] : undefined;
    const missing =
      (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' &&
      peer !== undefined &&
      (error as Error).message.includes(`'${peer}`);
    if (!missing) throw error;
    log(
      `${options.bin} ${name} needs ${peer}, an optional peer dependency of this package: npm install ${peer}`,
    );
    return 1;
  }
  return loaded.main(rest);
}
