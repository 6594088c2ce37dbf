/**
 * Which files a `$ref` may make the loader read. What a referenced file holds is copied into the
 * generated package (its `openapi.json`, docs, fixtures), so a spec can name only files of its
 * own: in the spec's folder or below it (its root), never hidden (`.npmrc`, `.env.json`, `.git/`),
 * and with the extension of spec data (`.json`, `.yaml`, `.yml`) or, for a description, of text
 * (Redocly's `description: { $ref: intro.md }`). Anything else is refused before it is opened: a
 * spec handed over by someone else cannot copy `../.npmrc` or `~/.aws/credentials.json` into a
 * published package.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** Spec data: what a schema, a parameter list or an example's value may be read from. */
export const DATA_FILE = /\.(json|ya?ml)$/i;

/** Text a description may be read from (Redocly's `description: { $ref: intro.md }`): its text, not YAML. */
export const TEXT_FILE = /\.(md|markdown|txt|html?)$/i;

/** The folder a spec's files must be in, as given and as the file system resolves it. */
export interface SpecRoot {
  folder: string;
  real: string;
}

export function specRoot(folder: string): SpecRoot {
  const resolved = path.resolve(folder);
  return { folder: resolved, real: realPath(resolved) ?? resolved };
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
  const shown = rootShown(root);
  const files =
    kind === 'data'
      ? '.json, .yaml and .yml files'
      : '.json, .yaml and .yml files (and .md, .txt or .html text for a description)';
  const named = namedRefusal({ file, folder: root.folder, kind, files });
  if (named === 'outside')
    return `it is outside the spec's folder ${shown}, and zapgen reads no file outside it`;
  if (named !== undefined) return named;
  // A link is judged by what it points to as well: a link inside the folder to a file outside
  // it is outside it, and one named `data.json` pointing at `.env` or `deploy.sh` is that file.
  const real = realPath(file);
  if (real === undefined) return undefined;
  const target = namedRefusal({ file: real, folder: root.real, kind, files });
  if (target === 'outside') return `it is a link to a file outside the spec's folder ${shown}`;
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

function rootShown(root: SpecRoot): string {
  const relative = path.relative(process.cwd(), root.folder);
  return `${(relative || '.').split(path.sep).join('/')}/`;
}
