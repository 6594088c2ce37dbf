/** Finding a spec's entry file and loading it into one bundled document. */
import { statSync } from 'node:fs';
import path from 'node:path';
import { applyOverlays } from './overlay.js';
import { bundleSpec, type Bundle } from './bundle.js';
import { normalizeDialect, type DialectNote } from './dialect.js';
import type { Finding } from './finding.js';
import type { SourceMap } from './source-map.js';
import { convertSwagger2, isSwagger2 } from './swagger2.js';
import { validateOpenApiSchema } from './validate-schema.js';
import { forEachRef } from './lint/resolvable-refs.js';
import { decodeFragment } from './lint/document.js';
import { getAt, parsePointer } from '../json/pointer.js';

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

/**
 * Reads a spec (file or folder) and every file it references, bundled into one document, with
 * the `overlays` (Overlay 1.0 files) applied in order: their files join the spec's, their
 * problems are located in them. `specRoot`: the folder a `$ref` may read files in (default: the
 * entry's folder; `spec-files.ts`).
 */
export function loadSpec(
  spec: string,
  options: { overlays?: readonly string[]; specRoot?: string | undefined } = {},
): LoadedSpec {
  const entry = resolveEntry(spec);
  const bundle = bundleSpec(
    entry,
    options.specRoot === undefined ? {} : { specRoot: options.specRoot },
  );
  if (options.overlays?.length && bundle.document) {
    const overlaid = applyOverlays({ document: bundle.document, overlays: options.overlays });
    bundle.document = overlaid.document;
    bundle.findings.push(...overlaid.findings);
    bundle.files.push(...Object.keys(overlaid.hashes));
    Object.assign(bundle.hashes, overlaid.hashes);
  }
  if (isSwagger2(bundle.document)) upgradeSwagger2(bundle);
  if (typeof bundle.document?.openapi === 'string' && bundle.document.openapi.startsWith('3.2'))
    bundle.findings.push({
      ...bundle.sourceMap.locate('/openapi'),
      rule: 'openapi-version',
      severity: 'warning',
      message: `OpenAPI ${bundle.document.openapi} is read as 3.1, which it extends: what 3.2 adds (the QUERY method, additionalOperations, tag hierarchies) is checked against 3.1 and not generated; a streamed media type's itemSchema is its items' schema`,
    });
  if (bundle.document)
    bundle.findings.push(...dialectWarnings(normalizeDialect(bundle.document), bundle.sourceMap));
  return { entry, ...bundle };
}

/**
 * A bundled Swagger 2.0 document, valid against the 2.0 schema, becomes its OpenAPI 3.0
 * conversion (positions still in the 2.0 files). An invalid one stays as it is: validation
 * reports its errors against the 2.0 schema.
 */
function upgradeSwagger2(bundle: Bundle): void {
  const document = bundle.document!;
  if (bundle.findings.some((finding) => finding.severity === 'error')) return;
  if (validateOpenApiSchema(document).length) return;
  // A reference that does not resolve in the 2.0 document is reported as written there (the
  // converter would rename it): validation runs the resolvable-refs rule on the 2.0 document.
  let dangling = false;
  forEachRef(document, (ref) => {
    if (ref.startsWith('#') && getAt(document, parsePointer(decodeFragment(ref))) === undefined)
      dangling = true;
  });
  if (dangling) return;
  const converted = convertSwagger2(document);
  if ('error' in converted) {
    bundle.findings.push({
      ...bundle.sourceMap.locate('/swagger'),
      rule: 'swagger-2-conversion',
      severity: 'error',
      message: `this Swagger 2.0 document cannot be converted to OpenAPI 3.0: ${converted.error}`,
    });
    return;
  }
  bundle.document = converted.document;
  bundle.sourceMap.translateWith(converted.translate);
}

/** Located warnings for the keywords read as the other version's: the first few of each kind, then a count. */
const WARNINGS_PER_KEYWORD = 10;

function dialectWarnings(notes: readonly DialectNote[], sourceMap: SourceMap): Finding[] {
  const shown: DialectNote[] = [];
  const counts = new Map<string, number>();
  for (const note of notes) {
    const keyword = note.pointer.slice(note.pointer.lastIndexOf('/') + 1);
    const count = (counts.get(keyword) ?? 0) + 1;
    counts.set(keyword, count);
    if (count <= WARNINGS_PER_KEYWORD) shown.push(note);
    else if (count === WARNINGS_PER_KEYWORD + 1) {
      const more =
        notes.filter((other) => other.pointer.endsWith(`/${keyword}`)).length -
        WARNINGS_PER_KEYWORD;
      shown.push({
        pointer: note.pointer,
        message: `${note.message} (and so are ${more} more \`${keyword}\` here and after)`,
      });
    }
  }
  const locations = sourceMap.locateMany(shown.map((note) => note.pointer));
  return shown.map((note, index) => ({
    ...locations[index]!,
    rule: note.rule ?? 'other-version-keyword',
    severity: 'warning' as const,
    message: note.message,
  }));
}
