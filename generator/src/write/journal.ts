/**
 * The swap journal: what a write is doing, on disk, so that a run killed half way (SIGKILL, a
 * crash, a power cut) can be finished or undone by the next one. `writeFiles` writes
 * `<out>/.zapgen-write.json` before it touches anything and updates it at each phase:
 *
 * - `staging`: new contents are being written beside their targets (`<file><suffix>.tmp`);
 *   no target changed yet. Recovery deletes the staged files.
 * - `swapping`: targets are being renamed to backups (`<file><suffix>.bak`) and the staged
 *   files renamed into place. Recovery puts every backup back and deletes what was new: the
 *   package is again what it was before the run.
 * - `committed`: every rename succeeded. Recovery deletes the backups left.
 *
 * The next write (under the folder's lock, so the journal's writer is gone) recovers first.
 * Leftovers of a run without a journal (a zapgen before it) are cleaned up too: a staged
 * file is deleted, a backup is put back where its target is missing and deleted otherwise.
 */
import * as nodeFs from 'node:fs';
import path from 'node:path';

/** The journal's name in the package folder. */
export const JOURNAL_FILE = '.zapgen-write.json';

export interface Journal {
  format: 1;
  phase: 'staging' | 'swapping' | 'committed';
  /** What staged and backup files end with before `.tmp` / `.bak`. */
  suffix: string;
  /** Files written (relative posix paths), and whether each replaces a file. */
  writes: { path: string; replaces: boolean }[];
  /** Stale files deleted (relative posix paths). */
  deletes: string[];
  /** Folders created for new files (relative), outermost first. */
  createdFolders: string[];
}

/** Staged and backup files of any write: `<file>.zapgen-<pid>-<time>.tmp|.bak`. */
const LEFTOVER = /\.zapgen-\d+-[a-z0-9]+\.(tmp|bak)$/;

/** Records `journal` in `outDir`, durably (written aside, flushed, renamed). */
export function writeJournal({ outDir, journal }: { outDir: string; journal: Journal }): void {
  const file = path.join(outDir, JOURNAL_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  const descriptor = nodeFs.openSync(temporary, 'w');
  try {
    nodeFs.writeFileSync(descriptor, JSON.stringify(journal));
    nodeFs.fsyncSync(descriptor);
  } finally {
    nodeFs.closeSync(descriptor);
  }
  nodeFs.renameSync(temporary, file);
}

export function removeJournal(outDir: string): void {
  attempt(() => nodeFs.unlinkSync(path.join(outDir, JOURNAL_FILE)));
}

/**
 * Finishes or undoes what an interrupted write left in `outDir` (see the module comment);
 * returns what it did, in words, or undefined when there was nothing to do. Call it holding
 * the folder's lock.
 */
export function recoverInterruptedWrite(outDir: string): string | undefined {
  if (!nodeFs.existsSync(outDir)) return undefined;
  const file = path.join(outDir, JOURNAL_FILE);
  let journal: Journal | undefined;
  try {
    journal = JSON.parse(nodeFs.readFileSync(file, 'utf8')) as Journal;
  } catch {
    journal = undefined;
  }
  const done = journal ? replay({ outDir, journal }) : undefined;
  for (const name of nodeFs.readdirSync(outDir))
    if (name.startsWith(`${JOURNAL_FILE}.`))
      attempt(() => nodeFs.unlinkSync(path.join(outDir, name)));
  removeJournal(outDir);
  const swept = sweepLeftovers(outDir);
  if (!done && !swept) return undefined;
  return [done, swept ? `${swept} leftover file(s) of an earlier run cleaned up` : undefined]
    .filter(Boolean)
    .join('; ');
}

function replay({ outDir, journal }: { outDir: string; journal: Journal }): string {
  const at = (relative: string) => path.join(outDir, relative);
  const temp = (relative: string) => `${at(relative)}${journal.suffix}.tmp`;
  const backup = (relative: string) => `${at(relative)}${journal.suffix}.bak`;
  const remove = (file: string) => attempt(() => nodeFs.unlinkSync(file));
  if (journal.phase === 'committed') {
    for (const write of journal.writes) remove(backup(write.path));
    for (const stale of journal.deletes) remove(backup(stale));
    return 'an interrupted write had completed: its backups were removed';
  }
  for (const write of journal.writes) {
    if (journal.phase === 'swapping') {
      if (nodeFs.existsSync(backup(write.path)))
        attempt(() => nodeFs.renameSync(backup(write.path), at(write.path)));
      else if (!write.replaces && !nodeFs.existsSync(temp(write.path))) remove(at(write.path));
    }
    remove(temp(write.path));
  }
  for (const stale of journal.deletes)
    if (nodeFs.existsSync(backup(stale)))
      attempt(() => nodeFs.renameSync(backup(stale), at(stale)));
  for (const folder of [...journal.createdFolders].reverse())
    attempt(() => nodeFs.rmdirSync(at(folder)));
  return journal.phase === 'staging'
    ? 'an interrupted write had changed nothing: its staged files were removed'
    : 'an interrupted write was rolled back: the package is as it was before it';
}

/** Staged and backup files found under `outDir` without a journal; returns how many. */
function sweepLeftovers(outDir: string, prefix = ''): number {
  let count = 0;
  let entries: nodeFs.Dirent[];
  try {
    entries = nodeFs.readdirSync(path.join(outDir, prefix), { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!['dist', 'node_modules', '.git'].includes(entry.name))
        count += sweepLeftovers(outDir, relative);
      continue;
    }
    const match = LEFTOVER.exec(entry.name);
    if (!match || !entry.isFile()) continue;
    const full = path.join(outDir, relative);
    const target = full.slice(0, full.length - match[0].length);
    count += 1;
    if (match[1] === 'bak' && !nodeFs.existsSync(target))
      attempt(() => nodeFs.renameSync(full, target));
    else attempt(() => nodeFs.unlinkSync(full));
  }
  return count;
}

function attempt(step: () => void): void {
  try {
    step();
  } catch {
    // Best effort: whatever could not be undone is reported by the write that follows.
  }
}
