/**
 * A spec as committed at a git ref, copied into a temporary folder with the same layout, so the
 * loader reads it like any spec. Only the spec's folder and the files the current spec reads are
 * copied (a spec may `$ref` files beside its folder), not the whole tree.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Enough for the largest specs (GitHub's description is 12 MB). */
const MAX_BUFFER = 1 << 28;

export interface GitBase {
  /** The spec inside the temporary folder (file or folder, as the revision was given). */
  spec: string;
  /** True when the ref has no entry file for this spec (a new API). */
  missing: boolean;
  /** The temporary folder, and how findings there are shown (`HEAD:`). */
  root: string;
  display: string;
  dispose(): void;
}

function git({ args, cwd }: { args: string[]; cwd: string }): Buffer {
  return execFileSync('git', args, {
    cwd,
    maxBuffer: MAX_BUFFER,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The top folder of the work tree holding `folder`, or undefined outside git. */
export function repositoryRoot(folder: string): string | undefined {
  try {
    return path.resolve(
      git({ args: ['rev-parse', '--show-toplevel'], cwd: folder })
        .toString('utf8')
        .trim(),
    );
  } catch {
    return undefined;
  }
}

/** True when `ref` names a commit of the repository at `root`. */
export function isCommit({ ref, root }: { ref: string; root: string }): boolean {
  if (ref.startsWith('-')) return false;
  try {
    git({ args: ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd: root });
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies, from commit `ref` of the repository at `root`, the folder of `entry` and the `files`
 * the revision reads (absolute paths) into a temporary folder.
 */
export function checkoutSpec({
  ref,
  root,
  spec,
  entry,
  files,
}: {
  ref: string;
  root: string;
  spec: string;
  entry: string;
  files: readonly string[];
}): GitBase {
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const inside = (file: string) =>
    !relative(file).startsWith('..') && !path.isAbsolute(relative(file));
  const wanted = [path.dirname(entry), ...files].filter(inside).map(relative);
  const listed = git({
    args: [
      'ls-tree',
      '-r',
      '-z',
      '--name-only',
      ref,
      '--',
      ...new Set(wanted.map((item) => item || '.')),
    ],
    cwd: root,
  })
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
  const target = mkdtempSync(path.join(tmpdir(), 'zapgen-base-'));
  try {
    for (const file of listed) {
      const destination = path.join(target, ...file.split('/'));
      mkdirSync(path.dirname(destination), { recursive: true });
      writeFileSync(destination, git({ args: ['show', `${ref}:${file}`], cwd: root }));
    }
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    throw error;
  }
  return {
    spec: path.join(target, path.relative(root, path.resolve(spec))),
    missing: !listed.includes(relative(entry)),
    root: target,
    display: `${ref}:`,
    dispose: () => rmSync(target, { recursive: true, force: true }),
  };
}
