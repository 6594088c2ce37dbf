/**
 * What the package on disk says about its last release: its version and the spec hash that
 * version was computed from (in `package.json`), the bundled spec it was generated from
 * (`openapi.json`) and the entries of its `CHANGELOG.md`. Nothing here needs git.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { withoutHeader } from '../diff/index.js';
import { isObject } from '../json/pointer.js';
import { MANIFEST_KEY } from '../emit/package/package-json.js';
import type { SurfaceRecord } from './surface.js';

/** The package's copy of its bundled spec, which the next release is diffed against. */
export const BUNDLED_SPEC_FILE = 'openapi.json';

export interface PreviousPackage {
  /** `version` of `package.json`, when there is one and it is semver. */
  version?: string;
  /** The spec hash recorded with that version; absent in a package of an earlier zapgen. */
  specHash?: string;
  /** What the config made of the surface then (`surface.ts`); absent for the default. */
  surface?: SurfaceRecord;
  /** The bundled spec of the package, without zapgen's header; absent when missing or unreadable. */
  document?: Record<string, unknown>;
  /** sha256 (hex) of the text `document` was parsed from: a key for what is derived from it. */
  documentDigest?: string;
  /** `CHANGELOG.md` from its first `## ` entry on. */
  entries?: string;
}

/**
 * Reads the package at `outDir`; a missing or unreadable file leaves its field out. When the
 * recorded spec hash is `specHash` (the spec did not change), `openapi.json` is not needed and
 * not read: it can be megabytes.
 */
export function readPreviousPackage({
  outDir,
  specHash,
}: {
  outDir: string;
  specHash?: string;
}): PreviousPackage {
  const manifest = readJson(path.join(outDir, 'package.json'));
  const recorded =
    isObject(manifest) && isObject(manifest[MANIFEST_KEY]) ? manifest[MANIFEST_KEY] : {};
  const unchanged = specHash !== undefined && recorded.specHash === specHash;
  const documentText = unchanged ? undefined : readText(path.join(outDir, BUNDLED_SPEC_FILE));
  const document = documentText === undefined ? undefined : parseJson(documentText);
  const changelog = readText(path.join(outDir, 'CHANGELOG.md'));
  const entriesAt = changelog?.search(/^## /m) ?? -1;
  return {
    ...(isObject(manifest) &&
      typeof manifest.version === 'string' && { version: manifest.version }),
    ...(typeof recorded.specHash === 'string' && { specHash: recorded.specHash }),
    ...(isObject(recorded.surface) && { surface: recorded.surface as SurfaceRecord }),
    ...(isObject(document) && {
      document: withoutHeader(document),
      documentDigest: createHash('sha256').update(documentText!).digest('hex'),
    }),
    ...(changelog !== undefined &&
      entriesAt >= 0 && { entries: changelog.slice(entriesAt).trim() }),
  };
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function readJson(file: string): unknown {
  const text = readText(file);
  return text === undefined ? undefined : parseJson(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
