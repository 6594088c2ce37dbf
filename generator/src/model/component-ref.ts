import { isNode } from './json.js';
import { unescapeSegment } from '../json/pointer.js';

/**
 * The name under `components.<kind>` that `entry` refers to when it is a `$ref` straight to one
 * (`{$ref: '#/components/parameters/limit'}` → `limit`): the types print such a reference as
 * `components["parameters"]["limit"]`, as openapi-typescript does.
 */
export function componentRef({
  entry,
  kind,
  document,
}: {
  entry: unknown;
  kind: 'parameters' | 'responses' | 'requestBodies' | 'headers' | 'pathItems';
  document: Record<string, unknown>;
}): string | undefined {
  if (!isNode(entry) || typeof entry.$ref !== 'string') return undefined;
  const prefix = `#/components/${kind}/`;
  if (!entry.$ref.startsWith(prefix)) return undefined;
  const segment = entry.$ref.slice(prefix.length);
  if (segment.includes('/')) return undefined;
  let name = segment;
  try {
    name = decodeURIComponent(segment);
  } catch {
    // Not percent-encoded: keep it as written.
  }
  name = unescapeSegment(name);
  const components = document.components;
  const group = isNode(components) ? components[kind] : undefined;
  return isNode(group) && Object.hasOwn(group, name) ? name : undefined;
}
