/**
 * Writing a generated package, all or nothing.
 *
 * Only changed files are written (the mtimes of the others stay), and generated files that are no
 * longer emitted are deleted. A file without the zapgen header belongs to the user and is never
 * overwritten unless `force` is set; nothing under `dist/`, `node_modules/` or `.git/` is looked at.
 *
 * Every problem that can be seen beforehand (a user's file in the way, a folder where a file goes,
 * `outDir` being a file) refuses the whole write. What can only fail while writing (a full disk, a
 * permission) is contained: new contents are staged next to their targets first, then swapped in
 * with renames, keeping the previous files until every rename has succeeded; on any failure the
 * previous files are put back, so the package on disk is byte-for-byte what it was.
 *
 * What a process cannot undo because it is killed half way, the next write does: each phase is
 * recorded in a journal first (journal.ts), and a write starts by recovering what an
 * interrupted one left. The whole write is synchronous: a signal handler (the CLI installs
 * one) runs only once it has finished, so SIGINT and SIGTERM never stop a swap half way.
 * Callers hold the folder's lock (lock.ts).
 */
import * as nodeFs from 'node:fs';
import path from 'node:path';
import { HEADER_SEARCH_LENGTH, isGenerated } from './header.js';
import { recoverInterruptedWrite, removeJournal, writeJournal, type Journal } from './journal.js';

/** A finished file (formatted, with its header), its path relative to the package root. */
export interface OutputFile {
  path: string;
  contents: string;
}

/** What `writeFiles` did. */
export interface WriteCounts {
  written: number;
  unchanged: number;
  deleted: number;
}

/** Folders of a package that never hold generated sources. */
const SKIPPED_FOLDERS = new Set(['dist', 'node_modules', '.git']);

/** The file system calls a write makes; tests replace some to simulate failures half way. */
export type WriteFs = Pick<
  typeof nodeFs,
  'mkdirSync' | 'writeFileSync' | 'renameSync' | 'unlinkSync' | 'rmdirSync'
>;

/** Where to write, and what counts as a generated file there. */
export interface WriteTarget {
  outDir: string;
  files: readonly OutputFile[];
  /** Header text that marks a file as generated (and so deletable when stale); default any zapgen header. */
  marker?: string;
  /**
   * Whether the file at `target` is known to hold `file`'s bytes without reading it (watch mode:
   * the session recorded the file's stamp when it last wrote or compared it, `session.ts`).
   * Default: every existing file is read and compared.
   */
  knownOnDisk?: (file: OutputFile, target: string) => boolean;
  /**
   * Told of each file found to hold its bytes already, with the file's status as it was before
   * its bytes were read: a caller that remembers it (watch mode) can tell, later, an edit made
   * after the compare from the compared file (the stamp then differs).
   */
  onUnchanged?: (file: OutputFile, target: string, before: nodeFs.BigIntStats) => void;
}

/** The write was refused before anything was changed: each problem names a file. */
export class WriteRefusedError extends Error {
  readonly problems: string[];

  constructor({ outDir, problems }: { outDir: string; problems: string[] }) {
    super(
      `nothing was written to ${outDir}:\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
    this.name = 'WriteRefusedError';
    this.problems = problems;
  }
}

/** Writing failed half way (disk full, permissions); the previous files were restored. */
export class WriteFailedError extends Error {
  constructor({ outDir, file, cause }: { outDir: string; file: string; cause: unknown }) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `writing ${file} in ${outDir} failed (${reason}); the previous files were restored, nothing was changed`,
      { cause },
    );
    this.name = 'WriteFailedError';
  }
}

/** What writing would do: the files whose bytes change, those that stay, the stale ones. */
export interface WritePlan {
  writes: OutputFile[];
  unchanged: number;
  deletes: string[];
}

/**
 * Plans the write of `files` under `outDir`, or throws `WriteRefusedError` listing every file that
 * is in the way. `force` allows overwriting files that zapgen did not generate.
 */
export function planWrite({
  outDir,
  files,
  marker,
  knownOnDisk,
  onUnchanged,
  force = false,
}: WriteTarget & { force?: boolean }): WritePlan {
  const problems: string[] = [];
  const kind = kindOf(outDir);
  if (kind === 'file')
    throw new WriteRefusedError({ outDir, problems: [`${outDir} is a file, not a folder`] });
  const plan: WritePlan = { writes: [], unchanged: 0, deletes: [] };
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of sorted) {
    const blocker = blockingAncestor({ outDir, file: file.path });
    if (blocker) {
      problems.push(`${file.path}: ${blocker} is a file, so the folder cannot be created`);
      continue;
    }
    const target = path.join(outDir, file.path);
    const targetKind = kindOf(target);
    if (targetKind === 'folder' || targetKind === 'other') {
      problems.push(
        `${file.path}: a ${targetKind === 'folder' ? 'folder' : 'special file'} is in the way`,
      );
      continue;
    }
    if (targetKind === 'file') {
      // Taken before the bytes are read, so that an edit made while or after they are compared
      // changes the file's status from this one.
      const status = onUnchanged && statusOf(target);
      if (knownOnDisk?.(file, target)) {
        plan.unchanged += 1;
        if (status) onUnchanged(file, target, status);
        continue;
      }
      const before = nodeFs.readFileSync(target);
      if (before.equals(Buffer.from(file.contents, 'utf8'))) {
        plan.unchanged += 1;
        if (status) onUnchanged(file, target, status);
        continue;
      }
      if (!force && !isGenerated(before.subarray(0, HEADER_SEARCH_LENGTH).toString('utf8'))) {
        problems.push(
          `${file.path}: exists and was not generated by zapgen (it has no zapgen header); move it away, or pass --force to overwrite it`,
        );
        continue;
      }
    }
    plan.writes.push(file);
  }
  if (problems.length) throw new WriteRefusedError({ outDir, problems });
  plan.deletes = kind === 'missing' ? [] : staleFiles({ outDir, files, marker });
  return plan;
}

/** What `writeFiles` did, and what it found left by an interrupted run and repaired first. */
export interface WriteResult extends WriteCounts {
  recovered?: string;
}

/** Writes `files` under `outDir` and deletes stale generated files, all or nothing (see the module comment). */
export function writeFiles(target: WriteTarget & { force?: boolean; fs?: WriteFs }): WriteResult {
  const fs = target.fs ?? nodeFs;
  const { outDir } = target;
  const recovered = kindOf(outDir) === 'folder' ? recoverInterruptedWrite(outDir) : undefined;
  const plan = planWrite(target);
  const suffix = `.zapgen-${process.pid}-${Date.now().toString(36)}`;
  const createdFolders: string[] = [];
  const staged: { file: string; temp: string; target: string }[] = [];
  const swapped: { target: string; backup?: string; temp?: string }[] = [];
  const counts = {
    written: plan.writes.length,
    unchanged: plan.unchanged,
    deleted: plan.deletes.length,
    ...(recovered && { recovered }),
  };
  if (!plan.writes.length && !plan.deletes.length) return counts;

  const root = path.resolve(outDir);
  const journal: Journal = {
    format: 1,
    phase: 'staging',
    suffix,
    writes: plan.writes.map((file) => ({
      path: file.path,
      replaces: kindOf(path.join(outDir, file.path)) === 'file',
    })),
    deletes: plan.deletes,
    createdFolders: [],
  };
  const record = (phase: Journal['phase']) => {
    journal.phase = phase;
    journal.createdFolders = createdFolders
      .map((folder) => path.relative(root, folder).split(path.sep).join('/'))
      .filter((folder) => folder !== '' && !folder.startsWith('..'));
    writeJournal({ outDir, journal });
  };

  const undo = () => {
    for (const step of swapped.reverse()) {
      attempt(() => {
        if (step.temp) fs.unlinkSync(step.target);
        if (step.backup) fs.renameSync(step.backup, step.target);
      });
    }
    for (const { temp } of staged) attempt(() => fs.unlinkSync(temp));
    removeJournal(outDir);
    for (const folder of createdFolders.reverse()) attempt(() => fs.rmdirSync(folder));
  };

  let current = '';
  try {
    createFolders({ fs, folder: outDir, created: createdFolders });
    record('staging');
    for (const file of plan.writes) {
      current = file.path;
      const destination = path.join(outDir, file.path);
      createFolders({ fs, folder: path.dirname(destination), created: createdFolders });
      const temp = `${destination}${suffix}.tmp`;
      staged.push({ file: file.path, temp, target: destination });
      fs.writeFileSync(temp, file.contents, 'utf8');
    }
    current = '';
    record('swapping');
    for (const { file, temp, target: destination } of staged) {
      current = file;
      const step: { target: string; backup?: string; temp?: string } = { target: destination };
      if (nodeFs.existsSync(destination)) {
        step.backup = `${destination}${suffix}.bak`;
        fs.renameSync(destination, step.backup);
      }
      swapped.push(step);
      fs.renameSync(temp, destination);
      step.temp = temp;
    }
    for (const stale of plan.deletes) {
      current = stale;
      const destination = path.join(outDir, stale);
      const backup = `${destination}${suffix}.bak`;
      fs.renameSync(destination, backup);
      swapped.push({ target: destination, backup });
    }
    current = '';
    record('committed');
  } catch (error) {
    undo();
    throw new WriteFailedError({ outDir, file: current || '(the write journal)', cause: error });
  }
  // Committed: the backups are no longer needed.
  for (const step of swapped) if (step.backup) attempt(() => fs.unlinkSync(step.backup!));
  for (const stale of plan.deletes)
    removeEmptyFolders({ fs, outDir, from: path.dirname(path.join(outDir, stale)) });
  removeJournal(outDir);
  return counts;
}

/** Generated files on disk under `outDir` that are not in `files` (relative posix paths, sorted). */
export function staleFiles({ outDir, files, marker }: WriteTarget): string[] {
  const emitted = new Set(files.map((file) => file.path));
  return listFiles(outDir).filter(
    (file) => !emitted.has(file) && isGenerated(readStart(path.join(outDir, file)), marker),
  );
}

/** Every file under `root` (relative posix paths, sorted), skipping `dist/`, `node_modules/`. */
export function listFiles(root: string, prefix = ''): string[] {
  let entries;
  try {
    entries = nodeFs.readdirSync(path.join(root, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) files.push(...listFiles(root, relative));
    } else if (entry.isFile()) {
      files.push(relative);
    }
  }
  return files.sort();
}

/** The bytes of a file, or undefined when there is none (or it is not a file). */
export function readIfExists(file: string): Buffer | undefined {
  try {
    return nodeFs.readFileSync(file);
  } catch {
    return undefined;
  }
}

function statusOf(file: string): nodeFs.BigIntStats | undefined {
  try {
    return nodeFs.statSync(file, { bigint: true });
  } catch {
    return undefined;
  }
}

function kindOf(file: string): 'missing' | 'file' | 'folder' | 'other' {
  let stats: nodeFs.Stats;
  try {
    stats = nodeFs.statSync(file);
  } catch {
    return 'missing';
  }
  return stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : 'other';
}

/** The first folder on the way to `file` (relative to `outDir`) that exists as something else. */
function blockingAncestor({ outDir, file }: { outDir: string; file: string }): string | undefined {
  const segments = file.split('/').slice(0, -1);
  for (let index = 1; index <= segments.length; index += 1) {
    const relative = segments.slice(0, index).join('/');
    const kind = kindOf(path.join(outDir, relative));
    if (kind === 'missing') return undefined;
    if (kind !== 'folder') return relative;
  }
  return undefined;
}

/** Creates `folder` and its missing parents, recording each one created (outermost first). */
function createFolders({
  fs,
  folder,
  created,
}: {
  fs: WriteFs;
  folder: string;
  created: string[];
}): void {
  const missing: string[] = [];
  for (
    let current = path.resolve(folder);
    !nodeFs.existsSync(current);
    current = path.dirname(current)
  )
    missing.unshift(current);
  for (const each of missing) {
    fs.mkdirSync(each);
    created.push(each);
  }
}

export function readStart(file: string): string {
  const buffer = Buffer.alloc(HEADER_SEARCH_LENGTH);
  const descriptor = nodeFs.openSync(file, 'r');
  try {
    return buffer.toString('utf8', 0, nodeFs.readSync(descriptor, buffer, 0, buffer.length, 0));
  } finally {
    nodeFs.closeSync(descriptor);
  }
}

/** Removes folders left empty by a deletion, up to (not including) the package root. */
function removeEmptyFolders({
  fs,
  outDir,
  from,
}: {
  fs: WriteFs;
  outDir: string;
  from: string;
}): void {
  const root = path.resolve(outDir);
  for (
    let folder = path.resolve(from);
    folder.startsWith(`${root}${path.sep}`);
    folder = path.dirname(folder)
  ) {
    if (nodeFs.readdirSync(folder).length) return;
    fs.rmdirSync(folder);
  }
}

/** Runs a clean-up step; a failure there must not hide the error being handled. */
function attempt(step: () => void): void {
  try {
    step();
  } catch {
    // Best effort: the original error is what the user needs to see.
  }
}
