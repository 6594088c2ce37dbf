/** Finding a spec's entry file and loading it into one bundled document. */
import { statSync } from 'node:fs';
import path from 'node:path';
import { bundleSpec, type Bundle } from './bundle.js';

/** Entry file names looked for when a folder is given, in order. */
export const ENTRY_NAMES = ['openapi.yaml', 'openapi.yml', 'openapi.json'] as const;

/** A loaded spec: the bundle plus the entry file it came from. */
export interface LoadedSpec extends Bundle {
  /** Absolute path of the entry file. */
  entry: string;
}

/** The entry file of `spec`: the file itself, or the `openapi.yaml|yml|json` of a folder. */
export function resolveEntry(spec: string): string {
  const absolute = path.resolve(spec);
  let isFolder: boolean;
  try {
    isFolder = statSync(absolute).isDirectory();
  } catch {
    return absolute; // Reported as a missing file by the loader.
  }
  if (!isFolder) return absolute;
  for (const name of ENTRY_NAMES) {
    const candidate = path.join(absolute, name);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Try the next name.
    }
  }
  return path.join(absolute, ENTRY_NAMES[0]);
}

/** Reads a spec (file or folder) and every file it references, bundled into one document. */
export function loadSpec(spec: string): LoadedSpec {
  const entry = resolveEntry(spec);
  return { entry, ...bundleSpec(entry) };
}
