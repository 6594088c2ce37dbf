/**
 * The build and the strict consumer check of many generated packages in one tsc program each
 * (the sweep's batches of small documents: a tsc start, TypeScript's lib, zod's and @types/node's
 * declarations cost the same for a 1 KB spec as for a large one, and dominate a small one's time).
 * Packages are `<batch>/p<index>`. Every diagnostic is attributed to the package whose file it
 * names (or whose import line of the consumer it is on); one that names none is `unattributed`.
 * A package with any diagnostic, or a batch with an unattributed one, is not reported from the
 * batch: the sweep checks those documents again one at a time, so every failure it reports comes
 * from the per-document check and names its document.
 */
import { copyFileSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { attribute, typeCheckSkipped } from '../../../scripts/corpus/classify.js';
import { contractCompilerOptions, run, TSC } from '../../support/contract-helpers.js';
import {
  CONSUMER_OPTIONS,
  consumerTsc,
  exportedSpecifiers,
  warmBuildInfo,
} from './corpus-steps.js';

export interface BatchCheck {
  /** Diagnostics (with their continuation lines) per package index; packages without any are absent. */
  byPackage: Map<number, string[]>;
  /** Diagnostics that name no package of the batch. */
  unattributed: string[];
  /**
   * tsc exited with an error without printing a diagnostic (a crash, out of memory), or stopped
   * before the type check (`typeCheckSkipped`): no package passes.
   */
  failed: boolean;
  ms: number;
}

/** The folder of package `index` of a batch. */
export const batchPackage = (batch: string, index: number) => path.join(batch, `p${index}`);

/**
 * Type-checks and compiles the packages `indexes` of `batch` in one program, with the compiler
 * options `typecheck` gives each of them alone (they must be the same: `sameOptions`), each
 * package's `src/` to its own `dist/` (with declarations).
 */
export async function batchBuild({
  batch,
  indexes,
}: {
  batch: string;
  indexes: readonly number[];
}): Promise<BatchCheck> {
  const options = {
    ...contractCompilerOptions({
      dir: batchPackage(batch, indexes[0]!),
      emit: true,
      declarations: true,
    }),
    rootDir: '.',
    outDir: 'out',
  };
  const configPath = path.join(batch, 'tsconfig.batch.json');
  writeFileSync(
    configPath,
    `${JSON.stringify({ compilerOptions: options, include: indexes.map((index) => `p${index}/src`) }, null, 2)}\n`,
  );
  const start = performance.now();
  const { code, output } = await run({
    command: process.execPath,
    args: ['--max-old-space-size=6144', TSC, '-p', configPath, '--pretty', 'false'],
    cwd: batch,
  });
  // `out/p<i>/src/…` is what `typecheck` writes to `p<i>/dist/…`.
  for (const index of indexes) {
    const dist = path.join(batchPackage(batch, index), 'dist');
    rmSync(dist, { recursive: true, force: true });
    try {
      renameSync(path.join(batch, 'out', `p${index}`, 'src'), dist);
    } catch {
      // Nothing emitted for it: its import in the fixtures step fails, and it is checked alone.
    }
  }
  rmSync(path.join(batch, 'out'), { recursive: true, force: true });
  const attributed = attribute({
    output,
    owner: (line) => {
      const match = /^p(\d+)\//.exec(line);
      return match ? Number(match[1]) : undefined;
    },
  });
  return {
    ...attributed,
    failed:
      (code !== 0 && !attributed.byPackage.size && !attributed.unattributed.length) ||
      typeCheckSkipped(output),
    ms: Math.round(performance.now() - start),
  };
}

/** Whether two packages are checked with the same compiler options (so one program can build both). */
export const sameOptions = (a: string, b: string) =>
  JSON.stringify(contractCompilerOptions({ dir: a, emit: true, declarations: true })) ===
  JSON.stringify(contractCompilerOptions({ dir: b, emit: true, declarations: true }));

/**
 * The strict consumer (`skipLibCheck: false`) of every subpath of the packages `indexes`, one
 * import per line, in one program: `<batch>.consumer/`, with each package linked under its name
 * (the names must differ), incremental from the libraries' build info (`warmBuildInfo`).
 */
export async function batchConsumer({
  batch,
  indexes,
  warm = true,
}: {
  batch: string;
  indexes: readonly number[];
  /** Start from the libraries' build info (false: check them too, from scratch). */
  warm?: boolean;
}): Promise<BatchCheck & { subpaths: Map<number, string[]> }> {
  const consumer = `${batch}.consumer`;
  rmSync(consumer, { recursive: true, force: true });
  mkdirSync(consumer, { recursive: true });
  const lines: string[] = [];
  /** The package of each line of index.ts (1-based, as tsc counts). */
  const lineOwner: number[] = [];
  const subpaths = new Map<number, string[]>();
  const modules: string[] = [];
  for (const index of indexes) {
    const dir = batchPackage(batch, index);
    const exported = exportedSpecifiers(dir);
    subpaths.set(index, exported.subpaths);
    const link = path.join(consumer, 'node_modules', ...exported.name.split('/'));
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(dir, link, 'dir');
    exported.specifiers.forEach((specifier, at) => {
      lines.push(`import * as p${index}_${at} from ${JSON.stringify(specifier)};`);
      lineOwner[lines.length] = index;
    });
    modules.push(...exported.specifiers.map((_, at) => `p${index}_${at}`));
  }
  // As the consumer of one package (`consumerCheck`): every module used.
  lines.push(`export const modules = [${modules.join(', ')}] as const;`);
  writeFileSync(path.join(consumer, 'index.ts'), `${lines.join('\n')}\n`);
  writeFileSync(
    path.join(consumer, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: CONSUMER_OPTIONS, files: ['index.ts'] }, null, 2)}\n`,
  );
  const start = performance.now();
  const template = warm ? await warmBuildInfo(consumer) : undefined;
  const buildInfo = path.join(consumer, 'consumer.tsbuildinfo');
  if (template) copyFileSync(template, buildInfo);
  const { code, output } = await consumerTsc({ consumer, buildInfo });
  const batchName = path.basename(batch);
  const attributed = attribute({
    output,
    owner: (line) => {
      const file = new RegExp(`(?:^|/)${batchName}/p(\\d+)/`).exec(line);
      if (file) return Number(file[1]);
      const own = /^index\.ts\((\d+),/.exec(line);
      return own ? lineOwner[Number(own[1])] : undefined;
    },
  });
  return {
    ...attributed,
    failed:
      (code !== 0 && !attributed.byPackage.size && !attributed.unattributed.length) ||
      typeCheckSkipped(output),
    ms: Math.round(performance.now() - start),
    subpaths,
  };
}
