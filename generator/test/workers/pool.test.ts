import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../../src/pipeline.js';
import { FIXTURES_MODULE } from '../../src/emit/fixtures/index.js';
import { TYPES_MODULE } from '../../src/emit/typescript-types/index.js';
import { checkSources } from '../../src/verify/check.js';
import { poolSize, WorkerPool, WORKERS_VARIABLE } from '../../src/workers/pool.js';

const corpus = fileURLToPath(new URL('../../../test/corpus/', import.meta.url));

const TYPES = 'export interface Pet { name: string; tag?: "a" | "b" }\n';
const FIXTURES = [
  "import type { Pet } from './types.js';",
  "export const good = { name: 'x' } satisfies Pet;",
  "export const bad = { name: 'x', tag: 'c' } satisfies Pet;",
  '',
].join('\n');

/** Where the package has the verified files: the emitters' declarations. */
const PATHS = { types: TYPES_MODULE.file, fixtures: FIXTURES_MODULE.file };

const pools: WorkerPool[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function pool(size: number): WorkerPool {
  const opened = new WorkerPool(size);
  pools.push(opened);
  return opened;
}

/** Every file under `root`, by its relative path. */
function filesOf(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else files.set(path.relative(root, file), readFileSync(file));
    }
  };
  walk(root);
  return files;
}

describe('WorkerPool', () => {
  // One worker for both: from the sources, each worker compiles the generator again (tsx).
  it('answers a check in a worker as in this thread; a task that throws is rejected, naming it, and the worker serves on', async () => {
    const request = {
      runtimePackage: '@zapgen/runtime',
      paths: PATHS,
      types: TYPES,
      fixtures: FIXTURES,
    };
    const inThread = checkSources(request);
    expect(inThread.fixtures.map((diagnostic) => diagnostic.code)).toEqual([2322]);
    expect(await pool(0).run('verify-check', request)).toEqual(inThread);
    const workers = pool(1);
    expect(await workers.run('verify-check', request)).toEqual(inThread);
    await expect(
      workers.run('verify-check', {
        runtimePackage: '@zapgen/runtime',
        paths: PATHS,
        types: 42 as never,
      }),
    ).rejects.toThrow(/^verify-check \(in a worker thread\): /);
    const again = await workers.run('verify-check', {
      runtimePackage: '@zapgen/runtime',
      paths: PATHS,
      types: TYPES,
    });
    // The library depends on whether the types fit the reduced ES5 library (`library.ts`), which
    // is computed once per machine; either answer is right, the diagnostics are not.
    expect(again).toEqual({
      fixtures: [],
      types: [],
      library: expect.stringMatching(/^(reduced|whole)$/),
    });
  });

  it('rejects the tasks of a worker that dies instead of leaving them waiting', async () => {
    const workers = pool(1);
    const running = workers.run('verify-check', {
      runtimePackage: '@zapgen/runtime',
      paths: PATHS,
      types: TYPES,
      fixtures: FIXTURES,
    });
    const rejected = expect(running).rejects.toThrow(/running verify-check/);
    await workers.close();
    await rejected;
    await expect(workers.run('verify-forget', undefined)).rejects.toThrow(/closed/);
  });

  it.each([
    ['an explicit size', { requested: 3, variable: undefined }, 3],
    ['0 runs in this thread', { requested: 0, variable: '4' }, 0],
    ['ZAPGEN_WORKERS', { requested: undefined, variable: '2' }, 2],
  ])('sizes the pool: %s', (_name, { requested, variable }, want) => {
    const before = process.env[WORKERS_VARIABLE];
    try {
      if (variable === undefined) delete process.env[WORKERS_VARIABLE];
      else process.env[WORKERS_VARIABLE] = variable;
      expect(poolSize(requested)).toBe(want);
    } finally {
      if (before === undefined) delete process.env[WORKERS_VARIABLE];
      else process.env[WORKERS_VARIABLE] = before;
    }
  });

  it('refuses a ZAPGEN_WORKERS that is not a whole number', () => {
    const before = process.env[WORKERS_VARIABLE];
    process.env[WORKERS_VARIABLE] = 'two';
    try {
      expect(() => poolSize()).toThrow(/ZAPGEN_WORKERS must be a whole number.*"two"/);
    } finally {
      if (before === undefined) delete process.env[WORKERS_VARIABLE];
      else process.env[WORKERS_VARIABLE] = before;
    }
  });
});

describe('generate with and without worker threads', () => {
  // A corpus spec with fixtures and types for the worker to check.
  it.each(['scalar-galaxy.yaml'])('%s: the same bytes in a worker and in process', async (name) => {
    const outputs = await Promise.all(
      [1, 0].map(async (workers) => {
        const out = mkdtempSync(path.join(tmpdir(), `zapgen-workers-${workers}-`));
        folders.push(out);
        await generate({
          spec: path.join(corpus, name),
          out,
          specLabel: name,
          memo: false,
          workers,
        });
        return filesOf(out);
      }),
    );
    const [pooled, inProcess] = outputs as [Map<string, Buffer>, Map<string, Buffer>];
    expect([...pooled.keys()]).toEqual([...inProcess.keys()]);
    expect(pooled.has('src/fixtures.ts')).toBe(true);
    for (const [file, bytes] of inProcess) expect(pooled.get(file)!.equals(bytes), file).toBe(true);
  });
});
