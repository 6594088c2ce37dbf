/**
 * Bundles a spec split over several files into one document with internal `$ref`s only.
 *
 * The entry file is the root. The first `$ref` to a node of another file inlines that node where
 * the `$ref` stands (a component entry that is such a `$ref` always wins, so shared schemas land
 * under `#/components/...`); every other `$ref` to it points there. A `$ref` back into the entry
 * file (`../openapi.yaml#/components/schemas/X`) becomes `#/components/schemas/X`. One pass over
 * the tree, no copies: the bundle reuses the parsed objects.
 *
 * The order of `paths`, `webhooks` and each `components` map carries no meaning, so it is made
 * canonical (sorted): a spec whose paths are listed in another order bundles to the same bytes.
 */
import path from 'node:path';
import type { Finding } from './finding.js';
import { isDataKey } from './keywords.js';
import {
  fragmentToPointer,
  getAt,
  isObject,
  parsePointer,
  pointerToFragment,
  setOwn,
  toPointer,
} from '../json/pointer.js';
import { SourceMap } from './source-map.js';
import { displayPath, readSourceFile, type SourceFile } from './source-file.js';

/** A bundled spec and where each of its nodes came from. */
export interface Bundle {
  /** Undefined when the entry file itself could not be read. */
  document: Record<string, unknown> | undefined;
  sourceMap: SourceMap;
  /** Every file read, entry first (absolute paths). */
  files: string[];
  /** sha256 of the bytes parsed from each file that was read (absolute path → hash). */
  hashes: Record<string, string>;
  /** Unreadable files, YAML syntax errors and `$ref`s that cannot be followed. */
  findings: Finding[];
}

interface Context {
  file: SourceFile;
  /** Pointer segments, in `file`, of the node mounted at depth `depth` of the bundle path. */
  base: readonly string[];
  depth: number;
}

/** Reads `entryPath` and every file it references, and bundles them. */
export function bundleSpec(entryPath: string): Bundle {
  return new Bundler().run(path.resolve(entryPath));
}

class Bundler {
  readonly sourceMap = new SourceMap();
  readonly findings: Finding[] = [];
  readonly #files = new Map<string, SourceFile | 'missing' | 'broken'>();
  /** Why a `missing` file was not read (`file not found`, `is a folder`, `is a FIFO`), and the rule. */
  readonly #missing = new Map<string, { rule: string; reason: string }>();
  /** `<file>#<pointer>` of an inlined node → its pointer in the bundle. */
  readonly #placed = new Map<string, string>();
  readonly #placedByFile = new Map<string, { pointer: string; at: string }[]>();
  readonly #visited = new WeakSet<object>();
  readonly #path: string[] = [];
  #entry!: SourceFile;

  run(entryPath: string): Bundle {
    const entry = this.#read(entryPath);
    if (typeof entry === 'string') return this.#result(undefined);
    this.#entry = entry;
    if (!isObject(entry.data)) {
      this.findings.push({
        file: entry.displayPath,
        line: 1,
        column: 1,
        rule: 'openapi-schema',
        severity: 'error',
        message: 'the document is not an object (an OpenAPI document starts with `openapi:`)',
      });
      return this.#result(undefined);
    }
    this.sourceMap.mount({ pointer: '', file: entry, segments: [] });
    const root = entry.data;
    sortNameMaps(root);
    const context: Context = { file: entry, base: [], depth: 0 };
    this.#reserveComponents(root);
    this.#visited.add(root);
    // Components first, so that their inlined nodes are the canonical copies.
    const keys = Object.keys(root).sort(
      (a, b) => Number(b === 'components') - Number(a === 'components'),
    );
    for (const key of keys) {
      if (!isDataKey({ key, parentKey: undefined, value: root[key] }))
        this.#child(root, key, context);
    }
    return this.#result(root);
  }

  #result(document: Record<string, unknown> | undefined): Bundle {
    return {
      document,
      sourceMap: this.sourceMap,
      files: [...this.#files.keys()],
      hashes: Object.fromEntries(
        [...this.#files].flatMap(([file, read]) =>
          typeof read === 'string' ? [] : [[file, read.sha256]],
        ),
      ),
      findings: this.findings,
    };
  }

  /** A component entry that is itself an external `$ref` is where its target goes. */
  #reserveComponents(root: Record<string, unknown>): void {
    const components = root.components;
    if (!isObject(components)) return;
    for (const [kind, entries] of Object.entries(components)) {
      if (!isObject(entries)) continue;
      for (const [name, node] of Object.entries(entries)) {
        if (!isObject(node) || typeof node.$ref !== 'string') continue;
        const target = this.#target(node.$ref, this.#entry);
        if (!target || target.file === this.#entry.path) continue;
        const key = `${target.file}#${target.pointer}`;
        if (!this.#placed.has(key)) this.#place(key, target, toPointer(['components', kind, name]));
      }
    }
  }

  #walk(node: unknown, parentKey: string | undefined, context: Context): void {
    if (typeof node !== 'object' || node === null || this.#visited.has(node)) return;
    this.#visited.add(node);
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1)
        this.#child(node, String(index), context);
      return;
    }
    for (const key of Object.keys(node)) {
      if (isDataKey({ key, parentKey, value: (node as Record<string, unknown>)[key] })) continue;
      this.#child(node as Record<string, unknown>, key, context);
    }
  }

  #child(parent: Record<string, unknown> | unknown[], key: string, context: Context): void {
    const container = parent as Record<string, unknown>;
    const value = container[key];
    if (typeof value !== 'object' || value === null) return;
    this.#path.push(key);
    let childContext = context;
    if (isObject(value) && typeof value.$ref === 'string' && !this.#visited.has(value)) {
      const inlined = this.#reference(value, context);
      if (inlined) {
        container[key] = inlined.value;
        childContext = inlined.context;
      }
    }
    this.#walk(container[key], key, childContext);
    this.#path.pop();
  }

  /** Rewrites the `$ref` of `node` in place, or returns the node it should be replaced with. */
  #reference(
    node: Record<string, unknown>,
    context: Context,
  ): { value: unknown; context: Context } | undefined {
    const ref = node.$ref as string;
    if (ref.startsWith('#') && context.file === this.#entry) return undefined;
    const target = this.#target(ref, context.file, (reason) =>
      this.#refFinding(context, `$ref "${ref}" ${reason}`),
    );
    if (!target) return undefined;
    if (target.file === this.#entry.path) {
      node.$ref = pointerToFragment(target.pointer);
      return undefined;
    }
    const key = `${target.file}#${target.pointer}`;
    const here = toPointer(this.#path);
    const placed = this.#placed.get(key) ?? this.#placedWithin(target);
    if (placed !== undefined && placed !== here) {
      node.$ref = pointerToFragment(placed);
      return undefined;
    }
    const file = this.#read(target.file);
    if (file === 'missing') {
      const why = this.#missing.get(target.file);
      this.#refFinding(
        context,
        `$ref "${ref}" cannot be followed: ${why?.reason ?? displayPath(target.file)}`,
        why?.rule === 'file-not-found' ? undefined : why?.rule,
      );
      return undefined;
    }
    if (file === 'broken') return undefined;
    let value = getAt(file.data, parsePointer(target.pointer));
    if (value === undefined) {
      this.#refFinding(
        context,
        `$ref "${ref}" does not resolve: ${file.displayPath} has no ${target.pointer || 'content'}`,
      );
      return undefined;
    }
    if (placed === undefined) this.#place(key, target, here);
    const siblings = Object.keys(node).filter((name) => name !== '$ref');
    if (siblings.length && isObject(value)) {
      value = { ...value, ...Object.fromEntries(siblings.map((name) => [name, node[name]])) };
    }
    this.sourceMap.mount({ pointer: here, file, segments: parsePointer(target.pointer) });
    return {
      value,
      context: { file, base: parsePointer(target.pointer), depth: this.#path.length },
    };
  }

  #place(key: string, target: { file: string; pointer: string }, at: string): void {
    this.#placed.set(key, at);
    const list = this.#placedByFile.get(target.file) ?? [];
    list.push({ pointer: target.pointer, at });
    this.#placedByFile.set(target.file, list);
  }

  /** A node inside an already inlined node is reached through it. */
  #placedWithin(target: { file: string; pointer: string }): string | undefined {
    for (const { pointer, at } of this.#placedByFile.get(target.file) ?? []) {
      if (target.pointer.startsWith(`${pointer}/`))
        return at + target.pointer.slice(pointer.length);
    }
    return undefined;
  }

  #target(
    ref: string,
    from: SourceFile,
    onInvalid?: (reason: string) => void,
  ): { file: string; pointer: string } | undefined {
    const hash = ref.indexOf('#');
    const filePart = hash < 0 ? ref : ref.slice(0, hash);
    if (/^[a-z][a-z0-9+.-]+:/i.test(filePart)) {
      onInvalid?.('is remote: zapgen reads local files only (download it next to the spec)');
      return undefined;
    }
    const pointer = fragmentToPointer(hash < 0 ? '' : ref.slice(hash + 1));
    if (pointer === undefined) {
      onInvalid?.('has a fragment that is not a JSON pointer (expected #/a/b)');
      return undefined;
    }
    let file = from.path;
    if (filePart) {
      try {
        file = path.resolve(path.dirname(from.path), decodeURI(filePart));
      } catch {
        onInvalid?.('is not a valid URI reference');
        return undefined;
      }
    }
    return { file, pointer };
  }

  #read(absolutePath: string): SourceFile | 'missing' | 'broken' {
    const known = this.#files.get(absolutePath);
    if (known) return known;
    const result = readSourceFile(absolutePath);
    if (result.ok) {
      this.#files.set(absolutePath, result.file);
      return result.file;
    }
    const missing = result.refused !== undefined;
    // The entry's own absence is reported as is; a missing referenced file at the `$ref`.
    if (!missing || this.#files.size === 0) this.findings.push(...result.findings);
    if (result.refused) this.#missing.set(absolutePath, result.refused);
    const state = missing ? 'missing' : 'broken';
    this.#files.set(absolutePath, state);
    return state;
  }

  #refFinding(context: Context, message: string, rule = 'resolvable-refs'): void {
    const segments = [...context.base, ...this.#path.slice(context.depth), '$ref'];
    const position = context.file.locate(segments);
    this.findings.push({
      file: context.file.displayPath,
      ...position,
      rule,
      severity: 'error',
      message,
    });
  }
}

/** Sorts (in place) the maps of the root whose key order means nothing. */
function sortNameMaps(root: Record<string, unknown>): void {
  for (const key of ['paths', 'webhooks'] as const) {
    if (isObject(root[key])) root[key] = sortedKeys(root[key]);
  }
  const components = root.components;
  if (!isObject(components)) return;
  for (const [kind, entries] of Object.entries(components)) {
    if (isObject(entries) && !kind.startsWith('x-')) components[kind] = sortedKeys(entries);
  }
}

function sortedKeys(map: Record<string, unknown>): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(map).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    setOwn(sorted, key, map[key]);
  return sorted;
}
