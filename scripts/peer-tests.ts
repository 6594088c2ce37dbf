/**
 * Runs openapi-fetch's and openapi-react-query's own test files against zapgen: the drop-in
 * client (`@zapgen/<api>/fetch`) generated from each test's spec, and the path-style TanStack
 * Query hooks (`@zapgen/runtime/react-query`). Their tests are copied unchanged into a folder
 * outside this repository, beside a `src/index.ts` of ours in place of theirs; the specs they
 * test against are generated into packages with zapgen (after the repairs `peer-tests/specs.ts`
 * lists: the peers' test specs are not all valid OpenAPI). Then vitest runs every test file and
 * `tsc` type-checks them with the peers' own compiler options. A script, not a test: it needs the
 * peers' checkout and installs their test dependencies.
 *
 *   npx tsx scripts/peer-tests.ts <openapi-typescript checkout> [--work <dir>] [--report <file.md>]
 *
 * The checkout is openapi-ts/openapi-typescript at the commit recorded in the report (its
 * `packages/openapi-fetch` and `packages/openapi-react-query`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  fetchShim,
  playwrightConfig,
  reactQueryShim,
  staticServer,
  vitestConfig,
  type PeerPackage,
} from './peer-tests/harness.js';
import { repairedSpec } from './peer-tests/specs.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What the peers' tests import that this repository does not have, at the versions they pin. */
const HARNESS_DEPENDENCIES = [
  // The repository's vitest, installed here so that it finds the test environments (jsdom) here.
  `vitest@${JSON.parse(readFileSync(join(root, 'node_modules/vitest/package.json'), 'utf8')).version}`,
  'express@5.2.1',
  'node-forge@1.4.0',
  'undici@7.25.0',
  '@testing-library/react@16.3.2',
  '@testing-library/dom@10.4.1',
  'react-error-boundary@6.0.0',
  'jsdom@26.1.0',
  `@playwright/test@${JSON.parse(readFileSync(join(root, 'node_modules/playwright-core/package.json'), 'utf8')).version}`,
  '@types/express@5.0.3',
  '@types/node-forge@1.3.14',
];

/** What the harness takes from this repository, so that there is one copy of each. */
const FROM_REPOSITORY = [
  'typescript',
  'zod',
  'msw',
  'openapi-typescript-helpers',
  'react',
  'react-dom',
  'scheduler',
  '@tanstack/react-query',
  '@tanstack/query-core',
  '@types/node',
  '@types/react',
  '@types/react-dom',
];

interface Options {
  peers: string;
  work: string;
  report: string | undefined;
}

function options(): Options {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { work: { type: 'string' }, report: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(
      'Usage: npx tsx scripts/peer-tests.ts <openapi-typescript checkout> [--work <dir>] [--report <file.md>]',
    );
    process.exit(values.help ? 0 : 2);
  }
  const peers = resolve(positionals[0]!);
  const work = resolve(values.work ?? join(tmpdir(), 'zapgen-peer-tests'));
  if (!relative(root, work).startsWith('..'))
    throw new Error(`--work must be outside the repository: ${work}`);
  for (const needed of ['packages/openapi-fetch/test', 'packages/openapi-react-query/test'])
    if (!existsSync(join(peers, needed))) throw new Error(`${peers} has no ${needed}`);
  return { peers, work, report: values.report };
}

function commitOf(peers: string): string {
  const git = spawnSync('git', ['-C', peers, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
  if (git.status === 0) return git.stdout.trim();
  const file = join(peers, 'COMMIT');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : 'unknown';
}

function filesUnder(folder: string, test: (path: string) => boolean): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(test)
    .sort();
}

/** Installs the harness's own dependencies once, and links the repository's. */
function prepareDependencies(work: string): void {
  const modules = join(work, 'node_modules');
  const installed = (name: string) =>
    existsSync(join(modules, name, 'package.json')) &&
    !lstatSync(join(modules, name)).isSymbolicLink();
  const missing = HARNESS_DEPENDENCIES.filter(
    (spec) => !installed(spec.slice(0, spec.lastIndexOf('@'))),
  );
  if (missing.length > 0) {
    console.log(`installing ${missing.join(' ')} into ${work}`);
    for (const name of FROM_REPOSITORY)
      rmSync(join(modules, name), { force: true, recursive: true });
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        ...HARNESS_DEPENDENCIES,
      ],
      { cwd: work, stdio: 'inherit' },
    );
  }
  mkdirSync(join(modules, '@zapgen'), { recursive: true });
  mkdirSync(join(modules, '@tanstack'), { recursive: true });
  mkdirSync(join(modules, '@types'), { recursive: true });
  const links: [string, string][] = [
    ...FROM_REPOSITORY.map((name): [string, string] => [join(root, 'node_modules', name), name]),
    [join(root, 'packages/runtime'), '@zapgen/runtime'],
  ];
  for (const [target, name] of links) {
    rmSync(join(modules, name), { force: true, recursive: true });
    symlinkSync(target, join(modules, name));
  }
}

interface GeneratedSpec extends PeerPackage {
  source: string;
  repairs: string[];
  generated: boolean;
  log: string;
}

/** Repairs and generates every spec the peers' tests use. */
function generatePackages(peers: string, work: string): GeneratedSpec[] {
  const specs = [
    ...filesUnder(
      join(peers, 'packages/openapi-fetch/test'),
      (path) => path.endsWith('.yaml') && path.includes('/schemas/'),
    ),
    ...filesUnder(join(peers, 'packages/openapi-react-query/test'), (path) =>
      path.endsWith('.yaml'),
    ),
  ];
  mkdirSync(join(work, 'specs'), { recursive: true });
  return specs.map((source) => {
    const name = basename(source, '.yaml');
    const { text, repairs } = repairedSpec(source);
    const spec = join(work, 'specs', `${name}.yaml`);
    writeFileSync(spec, text);
    const folder = join(work, 'packages', name);
    const run = spawnSync(
      process.execPath,
      [
        join(root, 'generator/bin/zapgen.js'),
        'generate',
        '--spec',
        spec,
        '--out',
        folder,
        '--name',
        `@peer/${name}`,
        '--force',
      ],
      { encoding: 'utf8' },
    );
    const generated = run.status === 0 && existsSync(join(folder, 'src/fetch.ts'));
    console.log(
      `${name}: ${generated ? 'generated' : 'NOT generated'} (${repairs.length} repairs)`,
    );
    return { name, folder, source, repairs, generated, log: `${run.stdout}${run.stderr}` };
  });
}

/** The specs a test file imports the types of (`./schemas/common.js` is `./schemas/common.yaml`). */
function specsOf(testFile: string, specs: GeneratedSpec[]): string[] {
  const text = readFileSync(testFile, 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(/from\s+["'](\.{1,2}\/[^"']+)\.js["']/g)) {
    const yaml = `${resolve(dirname(testFile), match[1]!)}.yaml`;
    const spec = specs.find((entry) => entry.source === yaml);
    if (spec !== undefined) found.add(spec.name);
  }
  return [...found];
}

interface FileResult {
  file: string;
  passed: number;
  failed: number;
  skipped: number;
  failures: { name: string; message: string }[];
  /** A file that did not run at all (an import failed): its error. */
  error?: string;
}

/** Runs vitest on a harness and reads its JSON report; a test file missing from it did not run. */
function runVitest(config: string, output: string, expected: string[]): FileResult[] {
  rmSync(output, { force: true });
  const run = spawnSync(
    process.execPath,
    [
      join(dirname(config), 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      config,
      '--reporter=json',
      `--outputFile=${output}`,
    ],
    { encoding: 'utf8', cwd: dirname(config), maxBuffer: 64 * 1024 * 1024 },
  );
  writeFileSync(`${output}.log`, `${run.stdout}${run.stderr}`);
  const failure = /(Caused by|Error)[^\n]*/.exec(
    `${run.stderr}${run.stdout}`.replace(/\x1b\[[0-9;]*m/g, ''),
  )?.[0];
  if (!existsSync(output))
    return expected.map((file) => ({
      file,
      passed: 0,
      failed: 0,
      skipped: 0,
      failures: [],
      error: failure ?? 'vitest wrote no report',
    }));
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    testResults: {
      name: string;
      message?: string;
      assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
    }[];
  };
  const ran = new Set(report.testResults.map((file) => file.name));
  const notRun = expected
    .filter((file) => !ran.has(file))
    .map((file) => ({
      file,
      passed: 0,
      failed: 0,
      skipped: 0,
      failures: [],
      error: failure ?? 'did not run',
    }));
  return [
    ...notRun,
    ...report.testResults.map((file) => {
      const count = (status: string) =>
        file.assertionResults.filter((test) => test.status === status).length;
      return {
        file: file.name,
        passed: count('passed'),
        failed: count('failed'),
        skipped: file.assertionResults.length - count('passed') - count('failed'),
        failures: file.assertionResults
          .filter((test) => test.status === 'failed')
          .map((test) => ({
            name: test.fullName,
            message: (test.failureMessages[0] ?? '').split('\n').slice(0, 3).join(' ').trim(),
          })),
        ...(file.assertionResults.length === 0 && file.message ? { error: file.message } : {}),
      };
    }),
  ];
}

/** Type-checks a harness with a tsconfig of the peer's; errors by file. */
function typeCheck(project: string): Map<string, string[]> {
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '--pretty', 'false', '-p', project],
    { encoding: 'utf8' },
  );
  const errors = new Map<string, string[]>();
  for (const line of run.stdout.split('\n')) {
    const match = /^(.+?)\(\d+,\d+\): error (.*)$/.exec(line);
    if (match === null) continue;
    const file = resolve(dirname(project), match[1]!);
    errors.set(file, [...(errors.get(file) ?? []), line.trim()]);
  }
  return errors;
}

function harness(options: {
  peers: string;
  work: string;
  peer: 'openapi-fetch' | 'openapi-react-query';
  index: string;
}): string {
  const folder = join(options.work, options.peer);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, 'src'), { recursive: true });
  cpSync(join(options.peers, 'packages', options.peer, 'test'), join(folder, 'test'), {
    recursive: true,
  });
  for (const file of ['tsconfig.json', 'package.json'])
    cpSync(join(options.peers, 'packages', options.peer, file), join(folder, file));
  // The peer's package.json names its own entry point; the harness has none to build.
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ name: manifest['name'], private: true, type: 'module' }, null, 2),
  );
  writeFileSync(join(folder, 'src/index.ts'), options.index);
  return folder;
}

function table(results: FileResult[], typeErrors: Map<string, string[]>, base: string): string[] {
  const lines = [
    '| test file | passed | failed | skipped | type errors |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const result of results) {
    const errors = typeErrors.get(result.file)?.length ?? 0;
    lines.push(
      `| ${relative(base, result.file)} | ${result.passed} | ${result.failed} | ${result.skipped} | ${errors} |`,
    );
  }
  const sum = (key: 'passed' | 'failed' | 'skipped') =>
    results.reduce((total, result) => total + result[key], 0);
  const allErrors = [...typeErrors.values()].reduce((total, list) => total + list.length, 0);
  lines.push(
    `| **total** | ${sum('passed')} | ${sum('failed')} | ${sum('skipped')} | ${allErrors} |`,
  );
  return lines;
}

function failuresOf(results: FileResult[], typeErrors: Map<string, string[]>, base: string) {
  const lines: string[] = [];
  for (const result of results) {
    const name = relative(base, result.file);
    if (result.error) lines.push(`- ${name}: did not run: ${result.error.split('\n')[0]}`);
    for (const failure of result.failures)
      lines.push(`- ${name} › ${failure.name}: ${failure.message}`);
  }
  for (const [file, errors] of typeErrors)
    for (const error of errors)
      lines.push(`- type error: ${relative(base, file)}: ${error.replace(/^.*?error /, '')}`);
  return lines;
}

/**
 * openapi-fetch's browser test: its page (relative `baseUrl`, the API mocked in the browser)
 * bundled with esbuild against the drop-in client of its spec, run by Playwright in Chromium.
 */
function runBrowserTest(work: string, fetchHarness: string): FileResult[] {
  const app = join(fetchHarness, 'test/e2e/app');
  const dist = join(work, 'e2e-dist');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  execFileSync(
    join(root, 'node_modules/.bin/esbuild'),
    [
      join(app, 'app.ts'),
      '--bundle',
      '--format=esm',
      `--outfile=${join(dist, 'app.js')}`,
      `--define:__ZAPGEN_PEER_SPECS__=${JSON.stringify(['e2e'])}`,
    ],
    { cwd: work, stdio: 'inherit' },
  );
  writeFileSync(
    join(dist, 'index.html'),
    readFileSync(join(app, 'index.html'), 'utf8').replace('./app.ts', './app.js'),
  );
  writeFileSync(join(work, 'serve-e2e.mjs'), staticServer());
  const port = 4173;
  writeFileSync(
    join(work, 'playwright.e2e.config.mjs'),
    playwrightConfig({
      root: fetchHarness,
      port,
      serve: `${process.execPath} ${join(work, 'serve-e2e.mjs')} ${dist} ${port}`,
    }),
  );
  const run = spawnSync(
    process.execPath,
    [
      join(work, 'node_modules/@playwright/test/cli.js'),
      'test',
      '-c',
      join(work, 'playwright.e2e.config.mjs'),
      '--reporter=json',
    ],
    { cwd: work, encoding: 'utf8', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } },
  );
  const file = join(fetchHarness, 'test/e2e/index.e2e.ts');
  try {
    type Suite = {
      specs?: {
        title: string;
        tests: { results: { status: string; error?: { message?: string } }[] }[];
      }[];
      suites?: Suite[];
    };
    const report = JSON.parse(run.stdout) as { suites: Suite[] };
    const specs = (suite: Suite): NonNullable<Suite['specs']> => [
      ...(suite.specs ?? []),
      ...(suite.suites ?? []).flatMap(specs),
    ];
    const all = report.suites.flatMap(specs);
    const failed = all.filter((spec) =>
      spec.tests.some((test) => test.results.some((result) => result.status !== 'passed')),
    );
    return [
      {
        file,
        passed: all.length - failed.length,
        failed: failed.length,
        skipped: 0,
        failures: failed.map((spec) => ({
          name: spec.title,
          message:
            spec.tests
              .flatMap((test) => test.results)
              .find((result) => result.error)
              ?.error?.message?.split('\n')[0] ?? 'failed',
        })),
      },
    ];
  } catch {
    return [
      {
        file,
        passed: 0,
        failed: 0,
        skipped: 0,
        failures: [],
        error:
          `${run.stderr}${run.stdout}`.split('\n').find((line) => line.trim() !== '') ??
          'did not run',
      },
    ];
  }
}

function main(): void {
  const { peers, work, report } = options();
  const commit = commitOf(peers);
  mkdirSync(work, { recursive: true });
  prepareDependencies(work);
  const specs = generatePackages(peers, work);
  const usable = specs.filter((spec) => spec.generated);

  const fetchTests = filesUnder(join(peers, 'packages/openapi-fetch/test'), (path) =>
    /\.test\.(ts|js)$/.test(path),
  );
  const reactTests = filesUnder(join(peers, 'packages/openapi-react-query/test'), (path) =>
    /\.test\.tsx?$/.test(path),
  );
  const fetchHarness = join(work, 'openapi-fetch');
  const reactHarness = join(work, 'openapi-react-query');
  const specsByTest: Record<string, string[]> = {};
  for (const [tests, from, to] of [
    [fetchTests, join(peers, 'packages/openapi-fetch'), fetchHarness],
    [reactTests, join(peers, 'packages/openapi-react-query'), reactHarness],
  ] as const)
    for (const test of tests) specsByTest[join(to, relative(from, test))] = specsOf(test, usable);

  harness({
    peers,
    work,
    peer: 'openapi-fetch',
    index: fetchShim({ harness: fetchHarness, packages: usable, specsByTest }),
  });
  harness({ peers, work, peer: 'openapi-react-query', index: reactQueryShim() });

  const fetchSrc = join(fetchHarness, 'src/index.ts');
  writeFileSync(
    join(work, 'vitest.openapi-fetch.config.mjs'),
    vitestConfig({
      root: fetchHarness,
      environment: 'node',
      include: ['test/**/*.test.{ts,js}'],
      // The browser test runs in Chromium (runBrowserTest); the examples' inputs are absent.
      exclude: ['test/examples/**', 'test/e2e/**'],
      alias: {},
    }),
  );
  writeFileSync(
    join(work, 'vitest.openapi-react-query.config.mjs'),
    vitestConfig({
      root: reactHarness,
      environment: 'jsdom',
      include: ['test/**/*.test.{ts,tsx}'],
      exclude: [],
      alias: { 'openapi-fetch': fetchSrc },
    }),
  );
  // openapi-react-query imports `openapi-fetch` by name: the same drop-in, for tsc too (the
  // runtime's own imports of openapi-fetch's types resolve from the repository, where it lives).
  const stub = join(work, 'node_modules/openapi-fetch');
  rmSync(stub, { recursive: true, force: true });
  mkdirSync(stub, { recursive: true });
  writeFileSync(
    join(stub, 'package.json'),
    JSON.stringify({ name: 'openapi-fetch', type: 'module', types: './index.d.ts' }),
  );
  const shim = JSON.stringify(relative(stub, fetchSrc).replace(/\.ts$/, '.js'));
  writeFileSync(
    join(stub, 'index.d.ts'),
    `export * from ${shim};\nexport { default } from ${shim};\n`,
  );
  // Its tsconfig extends the peers' root one, which is not beside the harness: merged in.
  const reactTsconfig = JSON.parse(readFileSync(join(reactHarness, 'tsconfig.json'), 'utf8'));
  const rootOptions = JSON.parse(
    readFileSync(join(peers, 'tsconfig.json'), 'utf8'),
  ).compilerOptions;
  reactTsconfig.extends = undefined;
  reactTsconfig.compilerOptions = { ...rootOptions, ...reactTsconfig.compilerOptions };
  writeFileSync(join(reactHarness, 'tsconfig.json'), JSON.stringify(reactTsconfig, null, 2));

  console.log('running openapi-fetch tests');
  const harnessPath = (tests: string[], from: string, to: string) =>
    tests.map((test) => join(to, relative(from, test)));
  const fetchResults = runVitest(
    join(work, 'vitest.openapi-fetch.config.mjs'),
    join(work, 'openapi-fetch.json'),
    harnessPath(
      fetchTests.filter((test) => !test.includes('/examples/')),
      join(peers, 'packages/openapi-fetch'),
      fetchHarness,
    ),
  );
  console.log('running openapi-react-query tests');
  const reactResults = runVitest(
    join(work, 'vitest.openapi-react-query.config.mjs'),
    join(work, 'openapi-react-query.json'),
    harnessPath(reactTests, join(peers, 'packages/openapi-react-query'), reactHarness),
  );
  console.log('running openapi-fetch browser test');
  fetchResults.push(...runBrowserTest(work, fetchHarness));
  console.log('type-checking');
  const fetchTypes = typeCheck(join(fetchHarness, 'tsconfig.json'));
  for (const [file, errors] of typeCheck(
    join(fetchHarness, 'test/no-strict-null-checks/tsconfig.json'),
  ))
    if (file.includes('no-strict-null-checks')) fetchTypes.set(file, errors);
  const reactTypes = typeCheck(join(reactHarness, 'tsconfig.json'));

  const notRun = [
    ...filesUnder(join(peers, 'packages/openapi-fetch/test/examples'), (path) =>
      path.endsWith('.test.ts'),
    ).map(
      (path) =>
        `${relative(join(peers, 'packages/openapi-fetch'), path)}: not run, its inputs (GitHub's and Stripe's schemas) are absent from the checkout`,
    ),
  ];
  const lines = [
    `# Peer tests: openapi-fetch and openapi-react-query against zapgen`,
    '',
    `openapi-ts/openapi-typescript ${commit}; zapgen ${execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()}; ${new Date().toISOString()}; Node ${process.version}.`,
    '',
    '## Specs',
    '',
    ...specs.map(
      (spec) =>
        `- ${relative(peers, spec.source)}: ${spec.generated ? 'generated' : `**not generated**: ${spec.log.split('\n').slice(-3).join(' ')}`}; ${spec.repairs.length} repairs${spec.repairs.length ? ` (${spec.repairs.slice(0, 4).join('; ')}${spec.repairs.length > 4 ? '; …' : ''})` : ''}`,
    ),
    '',
    '## openapi-fetch (the drop-in client)',
    '',
    ...table(fetchResults, fetchTypes, fetchHarness),
    '',
    ...failuresOf(fetchResults, fetchTypes, fetchHarness),
    ...notRun.map((line) => `- ${line}`),
    '',
    '## openapi-react-query (the path-style hooks)',
    '',
    ...table(reactResults, reactTypes, reactHarness),
    '',
    ...failuresOf(reactResults, reactTypes, reactHarness),
    '',
  ];
  const text = lines.join('\n');
  console.log(text);
  if (report !== undefined) writeFileSync(report, text);
}

main();
