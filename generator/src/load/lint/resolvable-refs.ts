import { isDataKey } from '../keywords.js';
import { escapeSegment, getAt, parsePointer } from '../../json/pointer.js';
import { decodeFragment } from './document.js';
import type { LintRule } from './rule.js';

/** Every `$ref` of the bundle points at a node of the bundle. */
export const resolvableRefs: LintRule = {
  name: 'resolvable-refs',
  severity: 'error',
  description: 'every $ref resolves',
  check(document, report) {
    forEachRef(document, (ref, pointer) => {
      // References to other files that could not be bundled were reported by the loader.
      if (!ref.startsWith('#')) return;
      if (getAt(document, parsePointer(decodeFragment(ref))) === undefined) {
        report(`${pointer}/$ref`, `$ref "${ref}" does not resolve`);
      }
    });
  },
};

/** Calls `visit` for each `$ref` outside data (examples, enums, extensions), with the pointer of its object. */
export function forEachRef(root: unknown, visit: (ref: string, pointer: string) => void): void {
  const walk = (node: unknown, pointer: string, parentKey: string | undefined): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, `${pointer}/${index}`, parentKey));
      return;
    }
    const object = node as Record<string, unknown>;
    if (typeof object.$ref === 'string') visit(object.$ref, pointer);
    for (const key of Object.keys(object)) {
      const value = object[key];
      if (typeof value !== 'object' || value === null || isDataKey({ key, parentKey, value }))
        continue;
      walk(value, `${pointer}/${escapeSegment(key)}`, key);
    }
  };
  walk(root, '', undefined);
}
