/**
 * Signals and concurrent runs, with real child processes of the built CLI. A preloaded fs hook
 * (support/fs-hooks.mjs) slows the renames of a write's swap and reports each one, so that a
 * signal or a second run lands in the middle of the swap every time, not by chance.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { corpusSpec } from '../../../test/support/corpus.js';
import { bin, buildBin } from './bin.js';

const FS_HOOKS = fileURLToPath(new URL('./support/fs-hooks.mjs', import.meta.url));
const spec = 'petstore.yaml';
const out = 'pkg';
let root: string;
let project: string;
/** The package as generate writes it for each version of the spec: relative path → contents. */
const packages: Record<'v1' | 'v2' | 'v3', Map<string, string>> = {
  v1: new Map(),
  v2: new Map(),
  v3: new Map(),
};

const titled = (title: string) =>
  readFileSync(corpusSpec('oai-v30-petstore.yaml'), 'utf8').replace(
    /title: Swagger Petstore/,
    `title: ${title}`,
  );
const SPECS = {
  v1: titled('Petstore One'),
  v2: titled('Petstore Two'),
  v3: titled('Petstore Three'),
};

/** Every file under `dir` (dot files and zapgen's own files included): relative path → contents. */
function tree(dir: string, prefix = ''): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [file, text] of tree(dir, relative)) files.set(file, text);
    else files.set(relative, readFileSync(path.join(dir, relative), 'utf8'));
  }
  return files;
}

function zapgenSync(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args, '--spec', spec, '--out', out], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface Child {
  /** Resolves when stderr has printed `text`. */
  printed(text: string): Promise<void>;
  kill(signal: NodeJS.Signals): void;
  exit: Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stderr: string;
    stdout: string;
  }>;
}

/** `zapgen generate` in `project` with slow, reported swap renames. */
function slowGenerate(delayMs: number): Child {
  const child = spawn(
    process.execPath,
    ['--import', FS_HOOKS, bin, 'generate', '--spec', spec, '--out', out],
    {
      cwd: project,
      env: {
        ...process.env,
        ZAPGEN_HOOK_RENAME_DELAY_MS: String(delayMs),
        ZAPGEN_HOOK_REPORT: '1',
      },
    },
  );
  let stderr = '';
  let stdout = '';
  const waiting: { text: string; resolve: () => void }[] = [];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const wait of waiting.filter((each) => stderr.includes(each.text))) wait.resolve();
  });
  const exit = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stderr: string;
    stdout: string;
  }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr, stdout })));
  return {
    printed: (text) =>
      new Promise<void>((resolve, reject) => {
        if (stderr.includes(text)) return resolve();
        waiting.push({ text, resolve });
        void exit.then(() => reject(new Error(`exited without printing "${text}":\n${stderr}`)));
      }),
    kill: (signal) => child.kill(signal),
    exit,
  };
}

beforeAll(() => {
  buildBin();
  root = mkdtempSync(path.join(tmpdir(), 'zapgen-interrupt-'));
  // The package of each version, generated undisturbed from the one before (its changelog and
  // version follow), at the same place relative to its spec.
  let before: string | undefined;
  for (const version of ['v1', 'v2', 'v3'] as const) {
    const dir = path.join(root, `reference-${version}`);
    mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
    writeFileSync(path.join(dir, spec), SPECS[version]);
    if (before) cpSync(path.join(before, out), path.join(dir, out), { recursive: true });
    before = dir;
    const result = zapgenSync(dir, 'generate');
    if (result.status !== 0) throw new Error(result.stderr);
    packages[version] = tree(path.join(dir, out));
  }
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeEach(() => {
  // A project whose package is v1, and whose spec is now v2.
  project = mkdtempSync(path.join(root, 'project-'));
  mkdirSync(path.join(project, 'node_modules'));
  cpSync(path.join(root, 'reference-v1', out), path.join(project, out), { recursive: true });
  writeFileSync(path.join(project, spec), SPECS.v2);
});

/**
 * Each file the new spec changes is renamed to its backup and its staged copy into place; files
 * whose bytes stay the same are not touched (their headers do not carry the spec's hash).
 */
const swapRenames = () =>
  2 * [...packages.v2].filter(([file, text]) => packages.v1.get(file) !== text).length;

describe('a signal during the swap', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s: the swap finishes, nothing is left behind, exit %i', async (signal, code) => {
    const child = slowGenerate(50);
    await child.printed('zapgen-hook: rename 3\n');
    child.kill(signal);
    const exit = await child.exit;
    expect(exit.stderr).toContain(`zapgen: stopped by ${signal}; no package was left half written`);
    expect(exit.code).toBe(code);
    expect(swapRenames()).toBeGreaterThan(3);
    expect(exit.stderr).toContain(`zapgen-hook: rename ${swapRenames()}\n`);
    expect(tree(path.join(project, out))).toEqual(packages.v2);
  });

  it('a signal before the write leaves the package as it was, and no lock', async () => {
    // Slow renames only delay the swap; a signal while the lock is taken and the spec read stops it.
    const child = slowGenerate(0);
    child.kill('SIGINT');
    const exit = await child.exit;
    expect([130, null]).toContain(exit.code);
    expect(tree(path.join(project, out))).toEqual(
      exit.stderr.includes('rename 1') ? packages.v2 : packages.v1,
    );
  });
});

describe('a run killed during the swap (SIGKILL: no handler runs)', () => {
  it('leaves state that the next generate rolls back, even when it cannot generate', async () => {
    const child = slowGenerate(50);
    await child.printed('zapgen-hook: rename 5\n');
    child.kill('SIGKILL');
    expect((await child.exit).signal).toBe('SIGKILL');
    const torn = tree(path.join(project, out));
    expect(torn).not.toEqual(packages.v1);
    expect(torn).not.toEqual(packages.v2);

    // The spec is broken now: nothing can be generated, but the package is repaired.
    writeFileSync(path.join(project, spec), `${SPECS.v2}\npaths: duplicate\n`);
    const next = zapgenSync(project, 'generate');
    expect(next.status).toBe(1);
    expect(next.stderr).toContain('an interrupted write was rolled back');
    expect(tree(path.join(project, out))).toEqual(packages.v1);
  });

  it('is finished by the next generate of a valid spec', async () => {
    const child = slowGenerate(50);
    await child.printed('zapgen-hook: rename 5\n');
    child.kill('SIGKILL');
    await child.exit;
    const next = zapgenSync(project, 'generate');
    expect(next.status, next.stderr).toBe(0);
    expect(tree(path.join(project, out))).toEqual(packages.v2);
    expect(zapgenSync(project, 'check').status).toBe(0);
  });
});

describe('two runs into one folder', () => {
  it('the second waits for the first, says so, and then writes its own spec whole', async () => {
    // Slow enough that the second run, starting after the first rename, finds the swap under way.
    const first = slowGenerate(1000);
    await first.printed('zapgen-hook: rename 1\n');
    // The spec changes again while the first run writes; a second run starts.
    writeFileSync(path.join(project, spec), SPECS.v3);
    const second = spawnSync(process.execPath, [bin, 'generate', '--spec', spec, '--out', out], {
      cwd: project,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const firstExit = await first.exit;
    expect(firstExit.code, firstExit.stderr).toBe(0);
    expect(second.stderr).toMatch(
      new RegExp(
        `petstore: waiting for zapgen generate \\(pid \\d+, since [^)]+\\) to finish with ${out}`,
      ),
    );
    expect(second.status, second.stderr).toBe(0);
    expect(tree(path.join(project, out))).toEqual(packages.v3);
    const check = zapgenSync(project, 'check');
    expect(check.status, check.stdout).toBe(0);
  });

  it('a lock left by a process that is gone is taken over without waiting', () => {
    writeFileSync(
      path.join(project, out, '.zapgen.lock'),
      JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), command: 'generate', since: 'then' }),
    );
    const result = zapgenSync(project, 'generate');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('waiting');
    expect(existsSync(path.join(project, out, '.zapgen.lock'))).toBe(false);
    expect(tree(path.join(project, out))).toEqual(packages.v2);
  });
});
