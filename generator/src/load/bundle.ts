/**
 * Bundles a spec split over several files into one document with internal `$ref`s only.
 *
 * The entry file is the root. The first `$ref` to a node of another file places that node: under
 * `components` when OpenAPI has a map of components for what stands there (a parameter, schema,
 * response, request body, header, example, link or callback: as Redocly's bundler does, so that
 * a shared node is a named component, never an index into the first operation that used it), or
 * where the `$ref` stands otherwise (a path item); a component entry that is such a `$ref` always
 * wins. Every other `$ref` to it points there. A `$ref` back into the entry file
 * (`../openapi.yaml#/components/schemas/X`) becomes `#/components/schemas/X`.
 *
 * Where OpenAPI takes no Reference Object (a map of properties, a parameter list, `info`), a
 * `$ref` is what JSON Reference says: replaced by its target, every time. A target that is itself
 * a reference is followed in turn. One pass over the tree, no copies: the bundle reuses the parsed
 * objects. A Swagger 2.0 document is bundled as 2.0 (its components are maps of the root) and
 * converted afterwards (`swagger2.ts`).
 *
 * The order of `paths`, `webhooks` and each `components` map carries no meaning, so it is made
 * canonical (sorted): a spec whose paths are listed in another order bundles to the same bytes.
 */
import path from 'node:path';
import type { Finding } from './finding.js';
import { acceptsReference, componentKindAt, isDataKey, roleOf, type KeyRole } from './keywords.js';
import { resolveSchemaIds } from './schema-ids.js';
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
import { refusal, specRoot, specRootProblem, type SpecRoot } from './spec-files.js';

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

/**
 * Reads `entryPath` and every file it references, and bundles them. `specRoot`: the folder every
 * referenced file must be in (default: the entry's own folder; see `spec-files.ts`); one that
 * does not hold the entry is an error, and nothing is read.
 */
export function bundleSpec(entryPath: string, options: { specRoot?: string } = {}): Bundle {
  const entry = path.resolve(entryPath);
  if (options.specRoot === undefined)
    return new Bundler(specRoot(path.dirname(entry), entry)).run(entry);
  const problem = specRootProblem(options.specRoot, entry);
  if (problem === undefined) return new Bundler(specRoot(options.specRoot, entry, true)).run(entry);
  return {
    document: undefined,
    sourceMap: new SourceMap(),
    files: [],
    hashes: {},
    findings: [
      {
        file: displayPath(entry),
        line: 1,
        column: 1,
        rule: 'spec-files',
        severity: 'error',
        message: `the spec root (--spec-root, specRoot) ${problem}`,
      },
    ],
  };
}

class Bundler {
  readonly sourceMap = new SourceMap();
  readonly findings: Finding[] = [];
  readonly #files = new Map<string, SourceFile | 'missing' | 'broken'>();
  /** Why a `missing` file was not read (`file not found`, `is a folder`, `is a FIFO`), and the rule. */
  readonly #missing = new Map<string, { rule: string; reason: string }>();
  /** Referenced files that are not the spec's own (`spec-files.ts`), never opened: why. */
  readonly #refusals = new Map<string, string | undefined>();
  /** `<file>#<pointer>` of an inlined node → its pointer in the bundle. */
  readonly #placed = new Map<string, string>();
  readonly #placedByFile = new Map<string, { pointer: string; at: string }[]>();
  readonly #visited = new WeakSet<object>();
  readonly #path: string[] = [];
  /** The role of each key of `#path` (keyword, name, index): where a Reference Object may stand. */
  readonly #roles: KeyRole[] = [];
  /** The containers on the way from the root to the node being walked (a `$ref` to one is a cycle). */
  readonly #ancestors = new Set<object>();
  /** The kinds of `components` that external targets were placed into (sorted again at the end). */
  readonly #hoisted = new Set<string>();
  #entry!: SourceFile;

  constructor(readonly root: SpecRoot) {}

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
    for (const kind of this.#hoisted) {
      const segments = kind.split('/');
      const parent = getAt(root, segments.slice(0, -1)) as Record<string, unknown>;
      parent[segments.at(-1)!] = sortedKeys(parent[segments.at(-1)!] as Record<string, unknown>);
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

  /**
   * A component entry (in Swagger 2.0, an entry of `definitions`, `parameters` or `responses`)
   * that is itself an external `$ref` is where its target goes.
   */
  #reserveComponents(root: Record<string, unknown>): void {
    const maps: [string[], unknown][] = isObject(root.components)
      ? Object.entries(root.components).map(([kind, entries]) => [['components', kind], entries])
      : [];
    if (root.swagger === '2.0')
      for (const kind of SWAGGER2_ROOT_MAPS) maps.push([[kind], root[kind]]);
    for (const [at, entries] of maps) {
      if (!isObject(entries)) continue;
      for (const [name, node] of Object.entries(entries)) {
        if (!isObject(node) || typeof node.$ref !== 'string') continue;
        const target = this.#target(node.$ref, this.#entry);
        if (!target || target.file === this.#entry.path) continue;
        const key = `${target.file}#${target.pointer}`;
        if (!this.#placed.has(key)) this.#place(key, target, toPointer([...at, name]));
      }
    }
  }

  #walk(node: unknown, parentKey: string | undefined, context: Context): void {
    if (typeof node !== 'object' || node === null || this.#visited.has(node)) return;
    this.#visited.add(node);
    this.#ancestors.add(node);
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1)
        this.#child(node, String(index), context);
    } else {
      for (const key of Object.keys(node)) {
        if (isDataKey({ key, parentKey, value: (node as Record<string, unknown>)[key] })) {
          this.#exampleFile(node as Record<string, unknown>, key, context);
          continue;
        }
        this.#child(node as Record<string, unknown>, key, context);
      }
    }
    this.#ancestors.delete(node);
  }

  #child(parent: Record<string, unknown> | unknown[], key: string, context: Context): void {
    const container = parent as Record<string, unknown>;
    const value = container[key];
    if (typeof value !== 'object' || value === null) return;
    const role = roleOf({
      inArray: Array.isArray(parent),
      parentKey: this.#path.at(-1),
      parentRole: this.#roles.at(-1),
      grandparentKey: this.#path.at(-2),
    });
    this.#path.push(key);
    this.#roles.push(role);
    let childContext = context;
    if (isObject(value) && Object.hasOwn(value, '$ref') && value.$ref === null)
      this.#refFinding(
        context,
        '$ref has no value: in YAML an unquoted `#` starts a comment, so `$ref: #/a/b` is empty (quote it: `$ref: "#/a/b"`)',
      );
    // A target that is itself a reference (a file holding only `$ref: ./Other.yaml`) is followed
    // in turn, as JSON Reference says, a bounded number of times.
    let current: unknown = value;
    for (let hop = 0; hop < MAX_REFERENCE_HOPS; hop += 1) {
      if (!isObject(current) || typeof current.$ref !== 'string' || this.#visited.has(current))
        break;
      const inlined = this.#reference(
        current,
        childContext,
        acceptsReference(this.#path, this.#roles) && !this.#mergesSiblings(current, childContext),
      );
      if (inlined === DROPPED) {
        delete container[key];
        this.#path.pop();
        this.#roles.pop();
        return;
      }
      if (!inlined) break;
      if (
        typeof inlined.value === 'object' &&
        inlined.value !== null &&
        (this.#ancestors.has(inlined.value) || inlined.value === current)
      ) {
        this.#refFinding(
          childContext,
          `$ref "${current.$ref}" stands where OpenAPI takes no Reference Object, so it is replaced by its target, and its target contains it (a cycle)`,
        );
        break;
      }
      container[key] = inlined.value;
      childContext = inlined.context;
      current = inlined.value;
    }
    this.#walk(container[key], key, childContext);
    this.#path.pop();
    this.#roles.pop();
  }

  /**
   * An Example's `value` or an `example` written as `{ $ref: ./examples/order.json }`. To OpenAPI
   * that is literal data, but Redocly, swagger-parser and openapi-typescript read the file, and
   * the authors who write it (a habit of Redocly-kept specs) mean the file's content: read as
   * data, never walked for references, with a warning. Only a lone `$ref` to another file counts:
   * `{ $ref: '#/...' }`, or one with siblings, stays the literal object it is.
   */
  #exampleFile(container: Record<string, unknown>, key: string, context: Context): void {
    const value = container[key];
    if (key !== 'value' && key !== 'example') return;
    if (!isObject(value) || typeof value.$ref !== 'string' || Object.keys(value).length !== 1)
      return;
    const ref = value.$ref;
    const target = ref.startsWith('#') ? undefined : this.#target(ref, context.file);
    if (!target || target.file === context.file.path) return;
    this.#path.push(key);
    const segments = [...context.base, ...this.#path.slice(context.depth), '$ref'];
    const warn = (message: string) =>
      this.findings.push({
        file: context.file.displayPath,
        ...context.file.locate(segments),
        rule: 'example-ref',
        severity: 'warning',
        message,
      });
    // Data is copied into the package as it is: only the spec's own data files are read.
    const refused = refusal(target.file, this.root, 'data');
    if (refused !== undefined) {
      warn(
        `\`${key}: { $ref: ${JSON.stringify(ref)} }\` is read as the literal object it is, since zapgen does not read ${displayPath(target.file)}: ${refused}`,
      );
      this.#path.pop();
      return;
    }
    const file = this.#read(target.file);
    const data =
      typeof file === 'string' ? undefined : getAt(file.data, parsePointer(target.pointer));
    if (typeof file === 'string' || data === undefined) {
      warn(
        `\`${key}: { $ref: ${JSON.stringify(ref)} }\` names data that cannot be read (${typeof file === 'string' ? (this.#missing.get(target.file)?.reason ?? displayPath(target.file)) : `no ${target.pointer} in ${file.displayPath}`}), so it is read as the literal object it is`,
      );
    } else {
      // A copy: the same file may be data here and a document node elsewhere.
      container[key] = structuredClone(data);
      this.sourceMap.mount({
        pointer: toPointer(this.#path),
        file,
        segments: parsePointer(target.pointer),
      });
      warn(
        `\`${key}: { $ref: ${JSON.stringify(ref)} }\` is literal data to OpenAPI (\`externalValue\` names a file); read as the file's content, as Redocly and openapi-typescript read it`,
      );
    }
    this.#path.pop();
  }

  /**
   * A Reference Object with siblings other than `summary` and `description`
   * (`{ $ref: Filter.yaml, required: true }`), where OpenAPI takes a parameter, request body,
   * response or other non-schema object: OpenAPI 3.1 does not allow them, but Redocly and
   * openapi-typescript read them as overrides of the target's fields, and their authors mean
   * that. The target is copied here with the siblings merged in, with a warning. (Beside a
   * schema's `$ref`, siblings are JSON Schema and stay.)
   */
  #mergesSiblings(node: Record<string, unknown>, context: Context): boolean {
    const kind = componentKindAt(this.#path, this.#roles);
    if (kind === undefined || kind === 'schemas') return false;
    const siblings = Object.keys(node).filter(
      (key) => key !== '$ref' && key !== 'summary' && key !== 'description',
    );
    if (!siblings.length) return false;
    const segments = [...context.base, ...this.#path.slice(context.depth), siblings[0]!];
    this.findings.push({
      file: context.file.displayPath,
      ...context.file.locate(segments),
      rule: 'ref-siblings',
      severity: 'warning',
      message: `${siblings.map((key) => `\`${key}\``).join(', ')} beside \`$ref\` is not OpenAPI (a Reference Object takes only summary and description); read as overriding the target's, in a copy of it`,
    });
    return true;
  }

  /**
   * Rewrites the `$ref` of `node` in place, or returns the node it should be replaced with.
   * `accepts`: OpenAPI allows a Reference Object here. Where it does not (a `$ref` to a map of
   * properties, to a parameter list), the reference is resolved as JSON Reference says: replaced
   * by its target, never turned into a pointer that OpenAPI would then reject.
   */
  #reference(
    node: Record<string, unknown>,
    context: Context,
    accepts: boolean,
  ): { value: unknown; context: Context } | typeof DROPPED | undefined {
    const ref = node.$ref as string;
    if (ref.startsWith('#') && context.file === this.#entry && accepts) return undefined;
    const target = this.#target(ref, context.file, (reason) =>
      this.#refFinding(context, `$ref "${ref}" ${reason}`),
    );
    if (!target) return undefined;
    const here = toPointer(this.#path);
    if (target.file === this.#entry.path) {
      if (accepts) {
        node.$ref = pointerToFragment(target.pointer);
        return undefined;
      }
      return this.#replacement({
        node,
        ref,
        file: this.#entry,
        pointer: target.pointer,
        here,
        context,
      });
    }
    const key = `${target.file}#${target.pointer}`;
    const placed = this.#placed.get(key) ?? this.#placedWithin(target);
    if (placed !== undefined && placed !== here && accepts) {
      node.$ref = pointerToFragment(placed);
      return undefined;
    }
    const refused = this.#refused(target.file);
    if (refused !== undefined) {
      const why = `zapgen does not read ${displayPath(target.file)}: ${refused}`;
      if (!this.#atDocumentation()) {
        this.#refFinding(context, `$ref "${ref}" is not followed, since ${why}`, 'spec-files');
        return undefined;
      }
      const key = this.#path.at(-1)!;
      this.#refFinding(
        context,
        `\`${key}: { $ref: ${JSON.stringify(ref)} }\` is left out, since ${why}`,
        'spec-files',
        'warning',
      );
      return DROPPED;
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
    const value = getAt(file.data, parsePointer(target.pointer));
    const kind = accepts ? this.#componentKind() : undefined;
    if (placed === undefined && value !== undefined && kind) {
      node.$ref = pointerToFragment(this.#hoist({ key, target, file, value, kind }));
      return undefined;
    }
    if (placed === undefined && value !== undefined) this.#place(key, target, here);
    return this.#replacement({ node, ref, file, pointer: target.pointer, here, context });
  }

  /** Where the target of a `$ref` at the current path goes when hoisted: `components/<kind>`, or Swagger 2.0's root map. */
  #componentKind(): string[] | undefined {
    const kind = componentKindAt(this.#path, this.#roles);
    if (kind === undefined) return undefined;
    if ((this.#entry.data as Record<string, unknown>).swagger !== '2.0')
      return ['components', kind];
    // Swagger 2.0 (converted after bundling): its component entries sit in maps at the root.
    if (this.#path.length === 2 && SWAGGER2_ROOT_MAPS.includes(this.#path[0]!)) return undefined;
    const map = SWAGGER2_MAPS[kind];
    return map === undefined ? undefined : [map];
  }

  /**
   * Places the target of an external `$ref` under `components` (named after the file or the
   * pointer's last segment) and returns its pointer there. Every reference to it then points at a
   * component, as Redocly's bundler does, instead of into the first operation that used it: a
   * shared header parameter or schema is a named type, not an index into another operation.
   */
  #hoist({
    key,
    target,
    file,
    value,
    kind,
  }: {
    key: string;
    target: { file: string; pointer: string };
    file: SourceFile;
    value: unknown;
    kind: string[];
  }): string {
    let container = this.#entry.data as Record<string, unknown>;
    for (const key of kind) {
      if (!isObject(container[key])) container[key] = {};
      container = container[key] as Record<string, unknown>;
    }
    const entries = container;
    const base = componentName(target);
    let name = base;
    for (let suffix = 2; Object.hasOwn(entries, name); suffix += 1) name = `${base}_${suffix}`;
    setOwn(entries, name, value);
    this.#hoisted.add(kind.join('/'));
    const at = toPointer([...kind, name]);
    this.#place(key, target, at);
    this.sourceMap.mount({ pointer: at, file, segments: parsePointer(target.pointer) });
    // Walked where it now stands (a target that is itself a reference followed there), then the
    // walk goes back to the reference.
    const path = this.#path.splice(0);
    const roles = this.#roles.splice(0);
    this.#path.push(...kind);
    this.#roles.push(...kind.map(() => 'keyword' as const));
    this.#child(entries, name, {
      file,
      base: parsePointer(target.pointer),
      depth: kind.length + 1,
    });
    this.#path.splice(0, kind.length, ...path);
    this.#roles.splice(0, kind.length, ...roles);
    return at;
  }

  /** The target of `node`'s reference, which replaces it at `here` (positions still pointing into `file`). */
  #replacement({
    node,
    ref,
    file,
    pointer,
    here,
    context,
  }: {
    node: Record<string, unknown>;
    ref: string;
    file: SourceFile;
    pointer: string;
    here: string;
    context: Context;
  }): { value: unknown; context: Context } | undefined {
    let value = getAt(file.data, parsePointer(pointer));
    if (value === undefined) {
      this.#refFinding(
        context,
        `$ref "${ref}" does not resolve: ${file.displayPath} has no ${pointer || 'content'}`,
      );
      return undefined;
    }
    const siblings = Object.keys(node).filter((name) => name !== '$ref');
    if (siblings.length && isObject(value)) {
      value = { ...value, ...Object.fromEntries(siblings.map((name) => [name, node[name]])) };
    }
    this.sourceMap.mount({ pointer: here, file, segments: parsePointer(pointer) });
    return {
      value,
      context: { file, base: parsePointer(pointer), depth: this.#path.length },
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

  /** Why a referenced file is not read where the walk stands (`spec-files.ts`), once per file and kind. */
  #refused(absolutePath: string): string | undefined {
    const kind = this.#atDocumentation() ? 'documentation' : 'data';
    const key = `${kind}:${absolutePath}`;
    if (!this.#refusals.has(key)) this.#refusals.set(key, refusal(absolutePath, this.root, kind));
    return this.#refusals.get(key);
  }

  /** The walk stands at a description or summary: documentation, not a part of the API. */
  #atDocumentation(): boolean {
    const key = this.#path.at(-1);
    return this.#roles.at(-1) === 'keyword' && (key === 'description' || key === 'summary');
  }

  #read(absolutePath: string): SourceFile | 'missing' | 'broken' {
    const known = this.#files.get(absolutePath);
    if (known) return known;
    const result = readSourceFile(absolutePath);
    if (result.ok) {
      const file = result.file;
      if (file.mentionsSchemaIds) resolveSchemaIds({ data: file.data, file: absolutePath });
      this.#files.set(absolutePath, file);
      return file;
    }
    const missing = result.refused !== undefined;
    // The entry's own absence is reported as is; a missing referenced file at the `$ref`.
    if (!missing || this.#files.size === 0) this.findings.push(...result.findings);
    if (result.refused) this.#missing.set(absolutePath, result.refused);
    const state = missing ? 'missing' : 'broken';
    this.#files.set(absolutePath, state);
    return state;
  }

  #refFinding(
    context: Context,
    message: string,
    rule = 'resolvable-refs',
    severity: Finding['severity'] = 'error',
  ): void {
    const segments = [...context.base, ...this.#path.slice(context.depth), '$ref'];
    const position = context.file.locate(segments);
    this.findings.push({
      file: context.file.displayPath,
      ...position,
      rule,
      severity,
      message,
    });
  }
}

/** What `#reference` returns for a documentation string it leaves out. */
const DROPPED = Symbol('dropped');

/** How many references in a row (a reference to a reference ...) are followed from one place. */
const MAX_REFERENCE_HOPS = 32;

/** The maps of a Swagger 2.0 document's root that hold what 3.0 keeps under `components`. */
const SWAGGER2_MAPS: Record<string, string | undefined> = {
  schemas: 'definitions',
  parameters: 'parameters',
  responses: 'responses',
};
const SWAGGER2_ROOT_MAPS = ['definitions', 'parameters', 'responses'];

/** A component name (`^[a-zA-Z0-9._-]+$`) for an external target: its pointer's last segment, or its file's name. */
function componentName(target: { file: string; pointer: string }): string {
  const segments = parsePointer(target.pointer);
  const raw = segments.at(-1) ?? path.basename(target.file).replace(/\.(ya?ml|json)$/i, '');
  return raw.replace(/[^a-zA-Z0-9._-]+/g, '_') || 'component';
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
