/**
 * The run cache: lets `generate` and `check` skip loading, emitting and formatting when nothing
 * they depend on changed since a run that left the package exactly as generated. It never
 * decides what is generated, only whether the previous result still stands:
 *
 * - the key is a hash of zapgen itself (every file of its compiled code, its package.json, the
 *   version of each dependency and of Node), the options, the working directory and the version of
 *   `@zapgen/runtime` installed for the package;
 * - every file the spec was read from must have the bytes the run parsed (hashed as they were
 *   read, not afterwards: a spec saved while `generate` runs is not the one generated; a new
 *   `$ref` changes the file that holds it, so a newly referenced file cannot go unnoticed);
 * - every generated file in the package must have the bytes that were written, and no other
 *   file there may carry a zapgen header. So `check` still finds a hand edit, a deleted file
 *   and a stale one: any of them is a miss, and the full run reports it.
 *
 * A run is recorded only once both are verified: the spec files still hold the bytes read, and
 * the package holds exactly the bytes generated (another process may have written either).
 *
 * The cache lives in `node_modules/.cache/zapgen/` of the nearest `node_modules` at or above the
 * package folder (where build tools keep theirs: never committed, never in the package); with no
 * such folder there is no cache. A cache that cannot be read or written is a miss, never an error.
 */
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { specFileState } from './load/bounds.js';
import type { Finding } from './load/finding.js';
import { isGenerated } from './write/header.js';
import { listFiles, readStart } from './write/write-files.js';
import { Memo } from './memo/index.js';

/** Bumped when the record's layout changes. */
const RECORD_FORMAT = 2;

/** What a run reported that a cache hit reports again. */
export interface CachedSummary {
  api: string;
  operations: number;
  schemas: number;
  warnings: Finding[];
  version: string;
}

interface CacheRecord {
  format: number;
  key: string;
  /** sha256 of each file the spec was read from (absolute paths). */
  sources: Record<string, string>;
  /** sha256 of each generated file (paths relative to the package folder). */
  files: Record<string, string>;
  summary: CachedSummary;
}

/** The inputs of a run besides the spec's files. */
export interface RunIdentity {
  spec: string;
  out: string;
  packageName: string;
  apiName: string;
  /** The options of the API beside these (a config's filter, ...), as canonical text. */
  options?: string;
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hashFile(file: string): string | undefined {
  try {
    return sha256(readFileSync(file));
  } catch {
    return undefined;
  }
}

/** The folder of the running code (`dist/` or, under a test runner, `src/`). */
const codeRoot = path.dirname(fileURLToPath(import.meta.url));
let fingerprint: string | undefined;

/**
 * A hash of this zapgen: its code, its manifest, the versions of its dependencies and the Node
 * running it. The same code on another Node is another generator: neither a run recorded nor a
 * memo filled on Node 20 stands for Node 22 or 24 (the smoke run of `npm test` proves their
 * output, not the cache's).
 */
export function generatorFingerprint(): string {
  if (fingerprint !== undefined) return fingerprint;
  const hash = createHash('sha256');
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !entry.name.endsWith('.map'))
        hash
          .update(`${path.relative(codeRoot, full)}\0`)
          .update(readFileSync(full))
          .update('\0');
    }
  };
  walk(codeRoot);
  const manifestPath = path.join(codeRoot, '..', 'package.json');
  const manifest = readFileSync(manifestPath, 'utf8');
  hash.update(manifest);
  const { dependencies = {} } = JSON.parse(manifest) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(dependencies).sort())
    hash.update(`${name}@${installedVersion({ name, from: path.dirname(manifestPath) })}\0`);
  hash.update(`node@${process.version}\0`);
  fingerprint = hash.digest('hex');
  return fingerprint;
}

/** The version of package `name` as Node would resolve it from `from`, or `missing`. */
function installedVersion({ name, from }: { name: string; from: string }): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest))
      return (
        (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version ?? 'unknown'
      );
    if (path.dirname(dir) === dir) return 'missing';
  }
}

/** The cache file of a package folder, or undefined when no `node_modules` is at or above it. */
export function cacheFileFor(out: string): string | undefined {
  const resolved = path.resolve(out);
  const folder = cacheFolderFor(resolved);
  return folder && path.join(folder, `${sha256(resolved).slice(0, 32)}.json`);
}

/** `node_modules/.cache/zapgen` of the nearest `node_modules` at or above `dir`, if any. */
export function cacheFolderFor(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (existsSync(path.join(at, 'node_modules')))
      return path.join(at, 'node_modules', '.cache', 'zapgen');
    if (path.dirname(at) === at) return undefined;
  }
}

function keyOf(identity: RunIdentity): string {
  return sha256(
    JSON.stringify({
      generator: generatorFingerprint(),
      cwd: process.cwd(),
      spec: path.resolve(identity.spec),
      out: path.resolve(identity.out),
      packageName: identity.packageName,
      apiName: identity.apiName,
      options: identity.options ?? '',
      // generate warns when the runtime installed for the package does not match: a change of it is a miss.
      runtime: installedVersion({ name: '@zapgen/runtime', from: path.resolve(identity.out) }),
    }),
  );
}

/**
 * The generated files of a package folder as they are on disk: path → sha256. The files of
 * `known` (path → sha256) are taken to have those bytes, when the caller has just compared them.
 */
function generatedFiles(
  out: string,
  known: Readonly<Record<string, string>> = {},
): Record<string, string> | undefined {
  const files: Record<string, string> = {};
  for (const file of listFiles(out)) {
    const full = path.join(out, file);
    if (!isGenerated(readStart(full))) continue;
    const hash = Object.hasOwn(known, file) ? known[file] : hashFile(full);
    if (hash === undefined) return undefined;
    files[file] = hash;
  }
  return files;
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/**
 * The summary of the last run when it still stands for `identity`: same zapgen, options and
 * spec bytes, and the package on disk exactly as that run left it. Otherwise undefined.
 */
export function cachedRun(
  identity: RunIdentity,
): (CachedSummary & { files: number; sources: string[] }) | undefined {
  const file = cacheFileFor(identity.out);
  if (!file) return undefined;
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as CacheRecord;
    if (record.format !== RECORD_FORMAT || record.key !== keyOf(identity)) return undefined;
    if (!Object.entries(record.sources).every(([source, hash]) => specFileState(source) === hash))
      return undefined;
    const onDisk = generatedFiles(identity.out);
    if (!onDisk || !sameRecord(record.files, onDisk)) return undefined;
    return {
      ...record.summary,
      files: Object.keys(record.files).length,
      sources: Object.keys(record.sources),
    };
  } catch {
    return undefined;
  }
}

/** What `recordRun` did: recorded, or why not. */
export type RecordOutcome =
  { recorded: true } | { recorded: false; changedSources: string[]; changedFiles: boolean };

/**
 * Records a run that left the package exactly as generated (a `generate`, or a `check` that found
 * no drift), after verifying it: each spec file must still hold the bytes the run read
 * (`sources`, path → sha256 of what was parsed, or `unreadable`: see `sourceStates`) and the package's generated files must be
 * exactly `outputs` (path → the bytes generated). Anything else is not recorded, so that the
 * next run is a full one; `changedSources` names the spec files saved during the run.
 */
export function recordRun({
  identity,
  sources,
  outputs,
  summary,
  verified = false,
}: {
  identity: RunIdentity;
  sources: Readonly<Record<string, string>>;
  /** Each generated file (path relative to the package) → sha256 of its bytes. */
  outputs: Readonly<Record<string, string>>;
  summary: CachedSummary;
  /**
   * The caller compared every output with the file on disk, holding the package's lock since:
   * a write (or `check`) that found each file with those bytes or wrote them. The outputs are
   * then not read and hashed again (GitHub's package: 44 MB); a file missing from the folder,
   * or another one with a zapgen header, still stops the record.
   */
  verified?: boolean;
}): RecordOutcome {
  // Read again through the same bounded reader: a source swapped for a FIFO must not hang this.
  const changedSources = Object.entries(sources)
    .filter(([source, hash]) => specFileState(source) !== hash)
    .map(([source]) => source);
  const file = cacheFileFor(identity.out);
  // The package must hold exactly what was generated: each output with its bytes, and no other
  // file with a zapgen header. What is recorded is the package's generated files as on disk.
  const files = generatedFiles(identity.out, verified ? outputs : {});
  const changedFiles =
    !files ||
    Object.keys(files).some((name) => !Object.hasOwn(outputs, name)) ||
    Object.entries(outputs).some(
      ([name, hash]) => (files[name] ?? hashFile(path.join(identity.out, name))) !== hash,
    );
  if (changedSources.length || changedFiles)
    return { recorded: false, changedSources, changedFiles };
  if (!file) return { recorded: true };
  try {
    const record: CacheRecord = {
      format: RECORD_FORMAT,
      key: keyOf(identity),
      sources: { ...sources },
      files: files!,
      summary,
    };
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed, so that a concurrent run never reads half a record.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(record));
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written only costs the next run its shortcut.
  }
  return { recorded: true };
}

/**
 * The memo (`memo/index.ts`: work reused between runs, keyed by content hashes) of the package
 * folder `out`: the one this process used last for it (watch mode, repeated runs), else the one
 * saved beside the run cache by the same zapgen, else an empty one.
 */
export function memoOf(out: string): Memo {
  const file = memoFileFor(out);
  const key = file ?? path.resolve(out);
  const open = openMemos.get(key);
  if (open) {
    // Most recently used last: the oldest is the one dropped.
    openMemos.delete(key);
    openMemos.set(key, open);
    return open;
  }
  const memo = (file && readMemo(file)) || new Memo();
  openMemos.set(key, memo);
  while (openMemos.size > MEMOS_KEPT) openMemos.delete(openMemos.keys().next().value!);
  return memo;
}

/**
 * Ends the run of `memo` (what it did not use is dropped) and writes it beside the run cache,
 * when there is one. A memo that cannot be written only costs the next run its reuse.
 *
 * The file is a header line and one `key<TAB>JSON` line per entry. A run after a small edit
 * makes a few entries of thousands, so they are appended to the file this process read or
 * wrote, rather than the whole file written again (GitHub's is 17 MB). Entries are content
 * addressed, so an appended entry is right whatever else the file holds; the entries no run uses
 * any more are dropped when they are as many as the live ones (the file is written whole again).
 */
export function saveMemo({ out, memo }: { out: string; memo: Memo }): void {
  memo.endRun();
  const file = memoFileFor(out);
  if (!file) return;
  try {
    const known = memoFiles.get(memo);
    const fresh = memo.lines({ fresh: true });
    if (
      known?.file === file &&
      known.lines + fresh.length <= 2 * memo.size + MEMO_SLACK &&
      firstLine(file) === memoHeader()
    ) {
      // The leading newline ends a line that an interrupted append left unfinished.
      if (fresh.length) appendFileSync(file, `\n${fresh.map(memoLine).join('')}`);
      memoFiles.set(memo, { file, lines: known.lines + fresh.length });
    } else {
      const lines = memo.lines();
      mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, `${memoHeader()}\n${lines.map(memoLine).join('')}`);
      renameSync(temporary, file);
      memoFiles.set(memo, { file, lines: lines.length });
    }
    memo.saved();
  } catch {
    // As for the record: a miss next time, never an error.
  }
}

/** Bumped when the layout of the memo file changes. */
const MEMO_FORMAT = 2;

/** Dead lines a memo file may hold beyond as many as its live entries before it is compacted. */
const MEMO_SLACK = 1000;

/** The first line of a memo file: its format and the zapgen that wrote it (another one starts empty). */
function memoHeader(): string {
  return JSON.stringify({ format: MEMO_FORMAT, generator: generatorFingerprint() });
}

const memoLine = ([key, json]: [string, string]) => `${key}\t${json}\n`;

/** The lines in each memo's file as this process last read or wrote it. */
const memoFiles = new WeakMap<Memo, { file: string; lines: number }>();

/** Memos of the package folders this process generated last (watch mode, tests, scripts). */
const openMemos = new Map<string, Memo>();
const MEMOS_KEPT = 4;

/** The memo file of a package folder, or undefined when there is no run cache. */
export function memoFileFor(out: string): string | undefined {
  return cacheFileFor(out)?.replace(/\.json$/, '.memo');
}

function firstLine(file: string): string | undefined {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(512);
    const text = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
    const end = text.indexOf('\n');
    return end === -1 ? undefined : text.slice(0, end);
  } finally {
    closeSync(fd);
  }
}

/**
 * The memo in `file`, its values left as text until looked up. A line that is not one key, a
 * tab and a value (one an interrupted append cut) is skipped; a value that is not JSON is a miss.
 */
export function readMemo(file: string): Memo | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    const end = text.indexOf('\n');
    if (end === -1 || text.slice(0, end) !== memoHeader()) return undefined;
    const texts: [string, string][] = [];
    let lines = 0;
    for (const line of text.slice(end + 1).split('\n')) {
      if (!line) continue;
      lines += 1;
      const tab = line.indexOf('\t');
      if (tab <= 0 || line.includes('\t', tab + 1)) continue;
      texts.push([line.slice(0, tab), line.slice(tab + 1)]);
    }
    const memo = new Memo([], texts);
    memoFiles.set(memo, { file, lines });
    return memo;
  } catch {
    return undefined;
  }
}
