/**
 * Packages as a user outside this repository gets them. In a temporary folder outside the repo:
 * `zapgen generate` a corpus spec (run from that folder, as `npx zapgen` would), `npm install` and
 * `npm run build` the package on its own, `npm pack` it beside the packed runtime and this repo's
 * packages, install the tarballs into a brand-new project, type-check a consumer strictly
 * (`skipLibCheck: false`, NodeNext and bundler resolution), run it against each package's mock, and
 * `require()` each package from CommonJS. publint and `attw --pack` check every tarball.
 * TypeScript 7 (the native compiler, `typescript@latest`) type-checks the same consumer and
 * compiles each package's generated sources too: users upgrade their compiler on their own. The
 * consumer installs the MCP SDK (the packages' optional peer) and lists each package's MCP tools
 * through the SDK's client, and runs a package's bin (`npm exec --no -- petstore mcp --list`).
 *
 * npm installs from its cache when it can (`--prefer-offline`): the dependencies are the repo's own.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { corpusSpec } from '../support/corpus.js';
import { repoRoot, run } from '../support/contract-helpers.js';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const BIN = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);
const versionOf = (name: string) =>
  (
    JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

/** The packages under test, with a call each consumer makes against the package's own mock. */
const PACKAGES = [
  { name: '@acme/petstore', dir: 'petstore', call: 'createClient({ baseUrl }).listPets()' },
  // The mocks accept their documented demo credentials (mock-api-key, mock-client-id).
  {
    name: '@zapgen/actions-v2',
    dir: path.join(repoRoot, 'packages/actions-v2'),
    call: "createClient({ baseUrl, apiKey: 'mock-api-key' }).searchApps({ query: { query: 'slack' } })",
  },
  {
    name: '@zapgen/partner-v1',
    dir: path.join(repoRoot, 'packages/partner-v1'),
    call: "createClient({ baseUrl, clientId: 'mock-client-id' }).listApps()",
  },
] as const;

let work: string;
const tarballs = new Map<string, string>();
const log: string[] = [];

/** Runs a command, failing with its output when it exits non-zero. */
async function sh({
  command,
  args,
  cwd,
}: {
  command: string;
  args: string[];
  cwd: string;
}): Promise<string> {
  const started = performance.now();
  const { code, output } = await run({
    command,
    args,
    cwd,
    env: {
      ...process.env,
      npm_config_fund: 'false',
      npm_config_audit: 'false',
      npm_config_update_notifier: 'false',
    },
  });
  log.push(
    `$ (${path.relative(work, cwd) || '.'}) ${command === process.execPath ? 'node' : path.basename(command)} ${args.join(' ')}  [${Math.round(performance.now() - started)} ms, exit ${code}]`,
  );
  if (code !== 0)
    throw new Error(
      `${command} ${args.join(' ')} in ${cwd} exited ${code}:\n${output.slice(-6000)}`,
    );
  return output;
}

/** `npm pack` of `dir` into the work folder; the tarball's path. */
async function pack(dir: string): Promise<string> {
  const output = await sh({
    command: NPM,
    args: ['pack', '--pack-destination', work, '--loglevel', 'error'],
    cwd: dir,
  });
  const file = output.trim().split('\n').pop()!.trim();
  return path.join(work, file);
}

/** The consumer's MCP code: each package's server, its tools listed through the SDK's client. */
function consumerMcpSource(): string {
  const imports = PACKAGES.map(
    (pkg, index) => `import { createMcpServer as createMcpServer${index} } from '${pkg.name}/mcp';`,
  );
  return `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
${imports.join('\n')}

const servers = [${PACKAGES.map((pkg, index) => `[${JSON.stringify(pkg.name)}, createMcpServer${index}]`).join(', ')}] as const;
const tools: Record<string, string[]> = {};
for (const [name, create] of servers) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await create({ environment: {} }).connect(serverSide);
  const client = new Client({ name: 'consumer', version: '1.0.0' });
  await client.connect(clientSide);
  tools[name] = (await client.listTools()).tools.map((tool) => tool.name);
  await client.close();
}
console.log(JSON.stringify(tools));
`;
}

/** The consumer's code: every package's mock answers its client, checked by its zod schemas too. */
function consumerSource(): string {
  const imports = PACKAGES.map((pkg, index) =>
    [
      `import { createClient as createClient${index} } from '${pkg.name}';`,
      `import { createMock as createMock${index} } from '${pkg.name}/mock';`,
      `import * as zod${index} from '${pkg.name}/zod';`,
      `import type * as types${index} from '${pkg.name}/types';`,
    ].join('\n'),
  );
  const calls = PACKAGES.map(
    (pkg, index) => `{
  const mock = createMock${index}();
  const baseUrl = await mock.listen();
  const createClient = createClient${index};
  const result = await ${pkg.call};
  const schemas: Record<string, unknown> = zod${index}.componentSchemas;
  const knownPaths: (keyof types${index}.paths)[] = [];
  void knownPaths;
  results[${JSON.stringify(pkg.name)}] = { ok: result !== undefined, schemas: Object.keys(schemas).length };
  await mock.close();
}`,
  );
  return `${imports.join('\n')}\n\nconst results: Record<string, { ok: boolean; schemas: number }> = {};\n${calls.join('\n')}\nconsole.log(JSON.stringify(results));\n`;
}

/**
 * TypeScript 7, installed into the consumer under another name beside the repo's TypeScript 5 (the
 * generator keeps TypeScript 5; its outputs must compile under both). Called by path, never as `tsc`.
 */
const TYPESCRIPT_7 = 'typescript-7@npm:typescript@^7.0.2';
const TSC = {
  'TypeScript 5': 'consumer/node_modules/typescript/bin/tsc',
  'TypeScript 7': 'consumer/node_modules/typescript-7/bin/tsc',
} as const;

const STRICT = {
  target: 'ES2022',
  strict: true,
  skipLibCheck: false,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  types: ['node'],
  lib: ['ES2023', 'DOM'],
};

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'zapgen-outside-'));
  console.log(`outside-repo: working in ${work}`);

  // A user's own folder, a spec from the corpus, the zapgen bin.
  const spec = path.join(work, 'petstore.yaml');
  writeFileSync(spec, readFileSync(corpusSpec('oai-v30-petstore.yaml')));
  await sh({
    command: process.execPath,
    args: [
      path.join(repoRoot, 'generator/bin/zapgen.js'),
      'generate',
      '--spec',
      'petstore.yaml',
      '--out',
      'petstore',
      '--name',
      '@acme/petstore',
    ],
    cwd: work,
  });

  tarballs.set('@zapgen/runtime', await pack(path.join(repoRoot, 'packages/runtime')));
  // The generated package builds on its own: its dependencies (the runtime from its tarball), then tsc.
  const petstore = path.join(work, 'petstore');
  await sh({
    command: NPM,
    args: [
      'install',
      '--no-save',
      '--prefer-offline',
      '--loglevel',
      'error',
      tarballs.get('@zapgen/runtime')!,
    ],
    cwd: petstore,
  });
  await sh({ command: NPM, args: ['run', 'build'], cwd: petstore });
  for (const pkg of PACKAGES)
    tarballs.set(
      pkg.name,
      await pack(path.isAbsolute(pkg.dir) ? pkg.dir : path.join(work, pkg.dir)),
    );

  const consumer = path.join(work, 'consumer');
  mkdirSync(path.join(consumer, 'src'), { recursive: true });
  writeFileSync(
    path.join(consumer, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  await sh({
    command: NPM,
    args: [
      'install',
      '--prefer-offline',
      '--loglevel',
      'error',
      ...tarballs.values(),
      `typescript@${versionOf('typescript')}`,
      TYPESCRIPT_7,
      `@types/node@${versionOf('@types/node')}`,
      `@modelcontextprotocol/sdk@${versionOf('@modelcontextprotocol/sdk')}`,
    ],
    cwd: consumer,
  });
  writeFileSync(path.join(consumer, 'src/index.ts'), consumerSource());
  writeFileSync(path.join(consumer, 'src/mcp.ts'), consumerMcpSource());
  writeFileSync(
    path.join(consumer, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: { ...STRICT, module: 'NodeNext', moduleResolution: 'NodeNext', rootDir: 'src', outDir: 'dist' }, include: ['src'] }, null, 2)}\n`,
  );
  writeFileSync(
    path.join(consumer, 'tsconfig.bundler.json'),
    // The MCP SDK's declarations double a strict check's time; NodeNext checks src/mcp.ts once.
    `${JSON.stringify({ compilerOptions: { ...STRICT, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }, include: ['src'], exclude: ['src/mcp.ts'] }, null, 2)}\n`,
  );
}, 600_000);

afterAll(() => {
  console.log(`outside-repo: steps\n${log.join('\n')}`);
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a package generated outside the repository', () => {
  test('is written where the user asked, with a header naming the spec relative to the package', () => {
    const header = readFileSync(path.join(work, 'petstore/src/client.ts'), 'utf8').split('\n')[0];
    expect(header).toMatch(/^\/\/ Generated by zapgen from \.\.\/petstore\.yaml\. Do not edit\.$/);
  });

  test('declares a real runtime range and its own TypeScript', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(work, 'petstore/package.json'), 'utf8'),
    ) as Record<string, Record<string, string>>;
    const runtimeVersion = (
      JSON.parse(readFileSync(path.join(repoRoot, 'packages/runtime/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    expect(manifest.dependencies!['@zapgen/runtime']).toBe(`^${runtimeVersion}`);
    expect(manifest.devDependencies!.typescript).toMatch(/^\^5\./);
    expect(readdirSync(path.join(work, 'petstore/dist'))).toContain('index.d.ts');
  });
});

describe('the packed packages, installed into a new project', () => {
  test.each([
    ['TypeScript 5', 'NodeNext', 'tsconfig.json'],
    ['TypeScript 5', 'bundler', 'tsconfig.bundler.json'],
    ['TypeScript 7', 'NodeNext', 'tsconfig.json'],
    ['TypeScript 7', 'bundler', 'tsconfig.bundler.json'],
  ] as const)(
    '%s: type-check strictly with skipLibCheck: false (%s resolution)',
    async (compiler, _name, config) => {
      const { code, output } = await run({
        command: process.execPath,
        // TypeScript 5 writes dist/ (run below); TypeScript 7 only checks.
        args: [
          path.join(work, TSC[compiler]),
          '-p',
          config,
          '--pretty',
          'false',
          ...(compiler === 'TypeScript 7' ? ['--noEmit'] : []),
        ],
        cwd: path.join(work, 'consumer'),
      });
      expect(output.trim(), `${compiler}: tsc -p ${config}`).toBe('');
      expect(code).toBe(0);
    },
    180_000,
  );

  test.each(PACKAGES.map((pkg) => [pkg.name, pkg.dir] as const))(
    "TypeScript 7 compiles %s's generated sources with the package's own tsconfig",
    async (name, dir) => {
      const { code, output } = await run({
        command: process.execPath,
        args: [
          path.join(work, TSC['TypeScript 7']),
          '-p',
          'tsconfig.json',
          '--noEmit',
          '--pretty',
          'false',
        ],
        cwd: path.isAbsolute(dir) ? dir : path.join(work, dir),
      });
      expect(output.trim(), `${name}: TypeScript 7`).toBe('');
      expect(code).toBe(0);
    },
  );

  test('run: every client gets an answer from its own mock', async () => {
    const output = await sh({
      command: process.execPath,
      args: ['dist/index.js'],
      cwd: path.join(work, 'consumer'),
    });
    const results = JSON.parse(output.trim().split('\n').pop()!) as Record<
      string,
      { ok: boolean; schemas: number }
    >;
    for (const pkg of PACKAGES) expect(results[pkg.name], pkg.name).toMatchObject({ ok: true });
  });

  test('MCP: the server of each package lists one tool per operation; a bin runs its server', async () => {
    const output = await sh({
      command: process.execPath,
      args: ['dist/mcp.js'],
      cwd: path.join(work, 'consumer'),
    });
    const tools = JSON.parse(output.trim().split('\n').pop()!) as Record<string, string[]>;
    expect(tools['@acme/petstore']?.sort()).toEqual(['createPets', 'listPets', 'showPetById']);
    expect(tools['@zapgen/actions-v2']).toHaveLength(26);
    expect(tools['@zapgen/partner-v1']).toHaveLength(4);
    const listed = await sh({
      command: NPM,
      args: ['exec', '--no', '--', 'petstore', 'mcp', '--mock', '--list'],
      cwd: path.join(work, 'consumer'),
    });
    expect(listed).toMatch(/^listPets {2}List all pets$/m);
  });

  test.each(PACKAGES.map((pkg) => pkg.name))(
    '%s can be required from CommonJS (require(esm))',
    async (name) => {
      const output = await sh({
        command: process.execPath,
        args: ['-e', `console.log(typeof require(${JSON.stringify(name)}).createClient)`],
        cwd: path.join(work, 'consumer'),
      });
      expect(output.trim()).toBe('function');
    },
  );
});

describe('package linters on every tarball', () => {
  const names = ['@zapgen/runtime', ...PACKAGES.map((pkg) => pkg.name)];

  test.each(names)('publint: %s', async (name) => {
    const dir = path.join(work, 'lint', name.replace(/[@/]/g, '_'));
    mkdirSync(dir, { recursive: true });
    await sh({ command: 'tar', args: ['xzf', tarballs.get(name)!, '-C', dir], cwd: work });
    const output = await sh({
      command: BIN('publint'),
      args: ['run', path.join(dir, 'package'), '--strict', '--pack', 'false'],
      cwd: work,
    });
    expect(output).toContain('All good!');
  });

  test.each(names)('attw (ES modules only): %s', async (name) => {
    // attw exits non-zero on any problem that is not ignored by the profile (sh throws then).
    const output = await sh({
      command: BIN('attw'),
      args: [tarballs.get(name)!, '--profile', 'esm-only', '--format', 'ascii'],
      cwd: work,
    });
    expect(output).toContain(name);
  });
});
