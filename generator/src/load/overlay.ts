/**
 * OpenAPI Overlay 1.0 (https://spec.openapis.org/overlay/v1.0.0): documents of `actions`, each a
 * JSONPath `target` (RFC 9535, evaluated by `jsonpath-rfc9535`: dependency-free, the compliance
 * suite passed, the evaluator Redocly uses) with an `update` to merge into every node selected or
 * `remove: true`. Applied in order to the bundled spec before it is validated, so the spec that is
 * checked and generated is the overlaid one. Every problem of an overlay is located in it
 * (`file:line:col`); a target that selects nothing is a warning, as other tools report it.
 *
 * Merging: an object update is merged into each selected object, recursively for nested objects
 * (arrays and other values are replaced); an update of a selected array is appended to it.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as JsonPath from 'jsonpath-rfc9535';

/**
 * The JSONPath engine is loaded by the first overlay action (its CommonJS build, synchronously):
 * a run without overlays does not read it.
 */
let jsonPath: typeof JsonPath | undefined;
const selectPaths: typeof JsonPath.paths = (...args) =>
  (jsonPath ??= createRequire(import.meta.url)('jsonpath-rfc9535') as typeof JsonPath).paths(
    ...args,
  );
import type { Finding } from './finding.js';
import { readSourceFile, type SourceFile } from './source-file.js';

export interface OverlayResult {
  document: Record<string, unknown>;
  findings: Finding[];
  /** The overlay files read (absolute paths) and the sha256 of the bytes parsed from each. */
  hashes: Record<string, string>;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `document` with each overlay of `overlays` (file paths) applied in order; the input is not changed. */
export function applyOverlays({
  document,
  overlays,
}: {
  document: Json;
  overlays: readonly string[];
}): OverlayResult {
  let current = structuredClone(document);
  const findings: Finding[] = [];
  const hashes: Record<string, string> = {};
  for (const overlay of overlays) {
    const read = readSourceFile(path.resolve(overlay));
    if (!read.ok) {
      findings.push(...read.findings);
      continue;
    }
    hashes[read.file.path] = read.file.sha256;
    current = applyOverlay({ document: current, file: read.file, findings });
  }
  return { document: current, findings, hashes };
}

function applyOverlay({
  document,
  file,
  findings,
}: {
  document: Json;
  file: SourceFile;
  findings: Finding[];
}): Json {
  const report = (
    segments: readonly (string | number)[],
    severity: Finding['severity'],
    message: string,
  ) =>
    findings.push({
      file: file.displayPath,
      ...file.locate(segments.map(String)),
      rule: 'overlay',
      severity,
      message,
    });
  const overlay = file.data;
  if (!isObject(overlay) || typeof overlay.overlay !== 'string') {
    report([], 'error', 'an overlay document starts with `overlay: 1.0.0`');
    return document;
  }
  if (!/^1\.\d+\.\d+$/.test(overlay.overlay))
    report(
      ['overlay'],
      'error',
      `overlay ${overlay.overlay} is not supported (zapgen applies Overlay 1.0)`,
    );
  if (!Array.isArray(overlay.actions) || overlay.actions.length === 0) {
    report(
      overlay.actions === undefined ? [] : ['actions'],
      'error',
      'an overlay has a non-empty list of actions',
    );
    return document;
  }
  if (findings.some((finding) => finding.severity === 'error' && finding.file === file.displayPath))
    return document;
  overlay.actions.forEach((action: unknown, index) => {
    const at = ['actions', index];
    if (!isObject(action) || typeof action.target !== 'string') {
      report(at, 'error', 'an action has a JSONPath `target`');
      return;
    }
    const remove = action.remove === true;
    if (!remove && action.update === undefined) {
      report(at, 'error', 'an action has an `update` or `remove: true`');
      return;
    }
    let selected: string[];
    try {
      selected = selectPaths(document as Parameters<typeof selectPaths>[0], action.target);
    } catch (error) {
      report(
        [...at, 'target'],
        'error',
        `${JSON.stringify(action.target)} is not a JSONPath (RFC 9535): ${(error as Error).message.split('\n')[0]}`,
      );
      return;
    }
    if (!selected.length) {
      report(
        [...at, 'target'],
        'warning',
        `${JSON.stringify(action.target)} selects nothing in the spec; the action changes nothing`,
      );
      return;
    }
    // Removals last index first, so that the indices of the others still hold.
    const located = selected.map(segmentsOf).reverse();
    for (const segments of located) {
      if (!segments.length) {
        report([...at, 'target'], 'error', 'the whole document cannot be removed or replaced');
        return;
      }
      const parent = nodeAt(document, segments.slice(0, -1));
      const key = segments.at(-1)!;
      if (remove) {
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else if (isObject(parent)) delete parent[key];
        continue;
      }
      const target = isObject(parent) || Array.isArray(parent) ? (parent as Json)[key] : undefined;
      if (Array.isArray(target)) target.push(structuredClone(action.update));
      else if (isObject(target) && isObject(action.update)) merge(target, action.update);
      else
        report(
          [...at, 'update'],
          'error',
          `${JSON.stringify(action.target)} selects ${target === null ? 'null' : typeof target}, which an update cannot merge into (it selects objects or arrays)`,
        );
    }
  });
  return document;
}

function merge(target: Json, update: Json): void {
  for (const [key, value] of Object.entries(update)) {
    const existing = Object.hasOwn(target, key) ? target[key] : undefined;
    if (isObject(existing) && isObject(value)) merge(existing, value);
    else
      Object.defineProperty(target, key, {
        value: structuredClone(value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
}

function nodeAt(document: unknown, segments: readonly string[]): unknown {
  let node = document;
  for (const segment of segments)
    node = isObject(node) || Array.isArray(node) ? (node as Json)[segment] : undefined;
  return node;
}

/** `$['paths']['/pets'][0]` → `paths`, `/pets`, `0` (RFC 9535 normalized paths). */
function segmentsOf(normalized: string): string[] {
  const segments: string[] = [];
  const pattern = /\[(?:'((?:[^'\\]|\\.)*)'|(\d+))\]/gy;
  pattern.lastIndex = 1;
  for (let match = pattern.exec(normalized); match; match = pattern.exec(normalized))
    segments.push(match[2] ?? unescapeName(match[1]!));
  return segments;
}

function unescapeName(name: string): string {
  return name.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_match, escaped: string) => {
    if (escaped.length === 5) return String.fromCharCode(parseInt(escaped.slice(1), 16));
    return { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[escaped] ?? escaped;
  });
}
