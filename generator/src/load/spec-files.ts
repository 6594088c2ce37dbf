/**
 * Which files a `$ref` may make the loader read. What a referenced file holds is copied into the
 * generated package (its `openapi.json`, docs, fixtures), so a spec can name only files of its
 * own: in the spec's folder or below it (its root), never hidden (`.npmrc`, `.env.json`, `.git/`),
 * and with the extension of spec data (`.json`, `.yaml`, `.yml`) or, for a description, of text
 * (Redocly's `description: { $ref: intro.md }`). Anything else is refused before it is opened: a
 * spec handed over by someone else cannot copy `../.npmrc` or `~/.aws/credentials.json` into a
 * published package. A spec whose entry file sits in a subfolder and names sibling folders
 * (`spec/namespaces/cat.yaml` -> `../schemas/_common.yaml`) is read with a wider root, which its
 * user chooses (`--spec-root`, a config's `specRoot`; Vite's `server.fs.allow` is the precedent):
 * the other rules hold under any root.
 */
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/** Spec data: what a schema, a parameter list or an example's value may be read from. */
export const DATA_FILE = /\.(json|ya?ml)$/i;

/** The extensions of text a description may be read from, as messages name them. */
const TEXT_EXTENSIONS = ['md', 'markdown', 'txt', 'htm', 'html'];

/** Text a description may be read from (Redocly's `description: { $ref: intro.md }`): its text, not YAML. */
export const TEXT_FILE = new RegExp(`\\.(${TEXT_EXTENSIONS.join('|')})$`, 'i');

/** The folder a spec's files must be in, as given and as the file system resolves it. */
export interface SpecRoot {
  folder: string;
  real: string;
  /** The spec's entry file (absolute): a refusal names the root that would hold both files. */
  entry?: string;
  /** Whether the user chose the root (`--spec-root`, `specRoot`) rather than the entry's folder. */
  chosen?: boolean;
}

export function specRoot(folder: string, entry?: string, chosen = false): SpecRoot {
  const resolved = path.resolve(folder);
  return {
    folder: resolved,
    real: realPath(resolved) ?? resolved,
    ...(entry !== undefined && { entry }),
    chosen,
  };
}

/**
 * Why a spec root chosen by the user (`--spec-root`, a config's `specRoot`) cannot be used for
 * the spec entry file `entry`, or undefined when it can: it must be a folder holding the spec.
 * The message starts with the folder; the caller names the option.
 */
export function specRootProblem(folder: string, entry: string): string | undefined {
  const resolved = path.resolve(folder);
  const shown = shownFolder(resolved);
  const stats = statSync(resolved, { throwIfNoEntry: false });
  if (stats === undefined)
    return `${shown} does not exist; it must be a folder that holds the spec ${displayFile(entry)}`;
  if (!stats.isDirectory())
    return `${shown} is not a folder; it must be a folder that holds the spec ${displayFile(entry)}`;
  if (!within(entry, resolved))
    return `${shown} does not hold the spec ${displayFile(entry)}; it must be the spec's folder or a folder above it`;
  return undefined;
}

/**
 * Why `file` (absolute) is not read, or undefined when it may be. `kind`: `documentation` where a
 * description or summary stands (spec data or text), `data` anywhere else (spec data only: a
 * text file's words are no schema, and would be copied as one).
 */
export function refusal(
  file: string,
  root: SpecRoot,
  kind: 'documentation' | 'data' = 'data',
): string | undefined {
  // A root the user chose is named as such: it is what they would widen.
  const shown = `${root.chosen ? 'the spec root' : "the spec's folder"} ${shownFolder(root.folder)}`;
  const files =
    kind === 'data'
      ? '.json, .yaml and .yml files'
      : `.json, .yaml and .yml files (and ${TEXT_EXTENSIONS.map((extension) => `.${extension}`).join(', ')} text for a description or summary)`;
  const named = namedRefusal({ file, folder: root.folder, kind, files });
  if (named === 'outside')
    return `it is outside ${shown}, and zapgen reads no file outside it${widerRootHint(file, root, kind)}`;
  if (named !== undefined) return named;
  // A link is judged by what it points to as well: a link inside the folder to a file outside
  // it is outside it, and one named `data.json` pointing at `.env` or `deploy.sh` is that file.
  const real = realPath(file);
  if (real === undefined) return undefined;
  const target = namedRefusal({ file: real, folder: root.real, kind, files });
  if (target === 'outside') return `it is a link to a file outside ${shown}`;
  return target === undefined
    ? undefined
    : `it is a link, and the file it points to is refused (${target})`;
}

/** Why a file is refused by its path alone (`outside` the folder, hidden, not a spec file). */
function namedRefusal({
  file,
  folder,
  kind,
  files,
}: {
  file: string;
  folder: string;
  kind: 'documentation' | 'data';
  files: string;
}): string | undefined {
  if (!within(file, folder)) return 'outside';
  if (
    path
      .relative(folder, file)
      .split(path.sep)
      .some((segment) => segment.startsWith('.'))
  )
    return `it is hidden (or in a hidden folder): zapgen reads only the spec's own ${files}`;
  if (!(DATA_FILE.test(file) || (kind === 'documentation' && TEXT_FILE.test(file))))
    return `zapgen reads only the spec's own ${files}`;
  return undefined;
}

/**
 * How to allow `file`, outside `root`: the folder holding both it and the spec's entry, as
 * `--spec-root`/`specRoot`. Never offered when the file would still be refused under that folder
 * (hidden, not spec data or text, a link out of it), nor when that folder is the file system's root.
 */
function widerRootHint(file: string, root: SpecRoot, kind: 'documentation' | 'data'): string {
  if (root.entry === undefined) return '';
  const wider = commonFolder(path.dirname(root.entry), path.dirname(file));
  if (wider === path.parse(wider).root) return '';
  if (refusal(file, specRoot(wider), kind) !== undefined) return '';
  const shown = shownFolder(wider);
  return `; if it is one of the spec's own files, allow the folder that holds both with --spec-root ${shown} (or a config's specRoot naming it)`;
}

function commonFolder(a: string, b: string): string {
  let folder = a;
  while (!(folder === b || within(b, folder)) && path.dirname(folder) !== folder)
    folder = path.dirname(folder);
  return folder;
}

function within(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return (
    relative !== '' &&
    relative !== '..' &&
    !relative.startsWith(`..${path.sep}`) &&
    !path.isAbsolute(relative)
  );
}

function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined; // Missing: reported as such when it is read.
  }
}

function shownFolder(folder: string): string {
  return `${displayFile(folder)}/`;
}

function displayFile(file: string): string {
  return (path.relative(process.cwd(), file) || '.').split(path.sep).join('/');
}
