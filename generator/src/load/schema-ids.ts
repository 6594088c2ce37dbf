/**
 * JSON Schema 2020-12 identifiers in an OpenAPI 3.1 file: `$id` (a schema resource with its own
 * base URI) and `$anchor` (a plain-name fragment). A `$ref` that names one
 * (`/components/schemas/details#detail_id`, `#detail_id`) is rewritten into the JSON pointer of
 * the schema it designates in the same file, and the identifiers are dropped: every later reader
 * (bundler, model, ajv) sees plain pointers only, and no `$id` changes what a pointer means.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getAt, isObject, parsePointer, pointerToFragment, toPointer } from '../json/pointer.js';
import { isDataKey } from './keywords.js';

interface Reference {
  node: Record<string, unknown>;
  base: URL;
}

/** Rewrites, in `data` (the parsed file at `file`), every `$ref` that names a `$id` or an `$anchor` of the file. */
export function resolveSchemaIds({ data, file }: { data: unknown; file: string }): void {
  const fileUrl = pathToFileURL(file);
  const resources = new Map<string, string[]>();
  const anchors = new Map<string, string[]>();
  const references: Reference[] = [];
  const identified: Record<string, unknown>[] = [];

  const visit = (node: unknown, base: URL, segments: string[], parentKey?: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, base, [...segments, String(index)], parentKey));
      return;
    }
    if (!isObject(node)) return;
    if (typeof node.$id === 'string') {
      try {
        base = new URL(node.$id, base);
        resources.set(withoutFragment(base), segments);
        identified.push(node);
      } catch {
        // Not a URI reference: left to the OpenAPI schema's validation.
      }
    }
    if (typeof node.$anchor === 'string') {
      anchors.set(`${withoutFragment(base)}#${node.$anchor}`, segments);
      identified.push(node);
    }
    if (typeof node.$ref === 'string') references.push({ node, base });
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'object' && value !== null && !isDataKey({ key, parentKey, value }))
        visit(value, base, [...segments, key], key);
    }
  };
  visit(data, fileUrl, []);
  if (resources.size === 0 && anchors.size === 0) return;

  for (const { node, base } of references) {
    let url: URL;
    try {
      url = new URL(node.$ref as string, base);
    } catch {
      continue;
    }
    const resource = withoutFragment(url);
    const fragment = decodeURIComponent(url.hash.slice(1));
    let target: string[] | undefined = fragment.startsWith('/')
      ? resources.get(resource)?.concat(parsePointer(fragment))
      : fragment
        ? anchors.get(`${resource}#${fragment}`)
        : resources.get(resource);
    // `#/components/...` inside a schema with an `$id` means the root of that schema in JSON
    // Schema, but its authors (and the tools they use) mean the document's root.
    if (
      target &&
      getAt(data, target) === undefined &&
      getAt(data, parsePointer(fragment)) !== undefined
    )
      target = parsePointer(fragment);
    if (target) node.$ref = pointerToFragment(toPointer(target));
    else if (base.href !== fileUrl.href && url.protocol === 'file:' && resource !== fileUrl.href) {
      // Relative to a nested `$id`: written relative to the file, as the bundler reads it.
      node.$ref = `${path.relative(path.dirname(file), fileURLToPath(resource))}${url.hash}`;
    }
  }
  for (const node of identified) {
    if (typeof node.$id === 'string') delete node.$id;
    if (typeof node.$anchor === 'string') delete node.$anchor;
  }
}

function withoutFragment(url: URL): string {
  return url.href.replace(/#.*$/, '');
}
