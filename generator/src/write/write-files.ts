/**
 * Writing a generated package: only changed files are written (mtimes of the others stay), and
 * generated files that are no longer emitted are deleted. Files without the header are the
 * user's and are never touched, nor is anything under `dist/` or `node_modules/`.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HEADER_SEARCH_LENGTH, isGenerated } from './header.js';

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

/** Where to write, and what counts as a generated file there. */
export interface WriteTarget {
  outDir: string;
  files: readonly OutputFile[];
  /** Header text that marks a file as generated (and so deletable when stale); default any zapgen header. */
  marker?: string;
}

/** Writes `files` under `outDir` (sorted by path) and deletes stale generated files. */
export function writeFiles({ outDir, files, marker }: WriteTarget): WriteCounts {
  const counts: WriteCounts = { written: 0, unchanged: 0, deleted: 0 };
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of sorted) {
    const target = path.join(outDir, file.path);
    const bytes = Buffer.from(file.contents, 'utf8');
    if (readIfExists(target)?.equals(bytes)) {
      counts.unchanged += 1;
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    counts.written += 1;
  }
  for (const stale of staleFiles({ outDir, files, marker })) {
    unlinkSync(path.join(outDir, stale));
    removeEmptyFolders({ outDir, from: path.dirname(path.join(outDir, stale)) });
    counts.deleted += 1;
  }
  return counts;
}

/** Generated files on disk under `outDir` that are not in `files` (relative posix paths, sorted). */
export function staleFiles({ outDir, files, marker }: WriteTarget): string[] {
  const emitted = new Set(files.map((file) => file.path));
  return listFiles(outDir).filter((file) => !emitted.has(file) && isGenerated(readStart(path.join(outDir, file)), marker));
}

/** Every file under `root` (relative posix paths, sorted), skipping `dist/`, `node_modules/`. */
export function listFiles(root: string, prefix = ''): string[] {
  let entries;
  try {
    entries = readdirSync(path.join(root, prefix), { withFileTypes: true });
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

/** The bytes of a file, or undefined when there is none. */
export function readIfExists(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function readStart(file: string): string {
  const buffer = Buffer.alloc(HEADER_SEARCH_LENGTH);
  const descriptor = openSync(file, 'r');
  try {
    return buffer.toString('utf8', 0, readSync(descriptor, buffer, 0, buffer.length, 0));
  } finally {
    closeSync(descriptor);
  }
}

/** Removes folders left empty by a deletion, up to (not including) the package root. */
function removeEmptyFolders({ outDir, from }: { outDir: string; from: string }): void {
  const root = path.resolve(outDir);
  for (let folder = path.resolve(from); folder.startsWith(`${root}${path.sep}`); folder = path.dirname(folder)) {
    if (readdirSync(folder).length) return;
    rmdirSync(folder);
  }
}
