/**
 * How openapi-typescript's types read the component schemas where they differ from the JSON
 * Schema, so that the values zapgen writes `satisfies <type>` (fixtures) are chosen to fit both.
 *
 * Discriminators: openapi-typescript narrows the discriminator property of each schema a
 * discriminator maps to (its `scanDiscriminators` rewrites that property as an enum of the mapping
 * keys, or of the schema's name when there is no mapping), and injects a literal property into
 * a schema that extends a discriminated one through `allOf` (the schema's name, or its mapping
 * key). A fixture of such a schema must carry that value. openapi-typescript's own scan is run,
 * on a copy of the document, so that the reading is exactly the one the types are made with.
 */
// openapi-typescript's module, not its entry point: see `openapi-typescript-parts.d.ts`.
import { scanDiscriminators } from 'openapi-typescript/dist/lib/utils.mjs';
import type { OpenAPI3 } from 'openapi-typescript';
import { isNode, type Node } from './json.js';
import { escapeSegment, unescapeSegment } from '../json/pointer.js';

/** The value openapi-typescript's type requires for a component's discriminator property. */
export interface TypeDiscriminator {
  propertyName: string;
  value: string;
}

/** Descriptions openapi-typescript writes on the enum properties its scan adds or replaces. */
const ADDED = 'discriminator enum property added by openapi-typescript';
const REPLACED = '(enum property replaced by openapi-typescript)';

const COMPONENT = '#/components/schemas/';

/** The discriminator value openapi-typescript's type requires, by component schema name. */
export function typeDiscriminators(document: Node): Map<string, TypeDiscriminator> {
  const result = new Map<string, TypeDiscriminator>();
  const components = componentSchemas(document);
  if (!Object.keys(components).length) return result;
  const copy = structuredClone(document);
  const { objects, refsHandled } = scanDiscriminators(copy as unknown as OpenAPI3, {
    silent: true,
  });
  const scanned = componentSchemas(copy);

  for (const name of Object.keys(components)) {
    const patched = patchedEnum(scanned[name]);
    if (patched) {
      result.set(name, patched);
      continue;
    }
    // A schema that extends a discriminated one (allOf/anyOf) gets a literal property.
    const pointer = `${COMPONENT}${escapeSegment(name)}`;
    const schema = scanned[name];
    const discriminator = objects[pointer];
    if (!isNode(schema) || schema.discriminator || refsHandled.includes(pointer) || !discriminator)
      continue;
    if (!Array.isArray(schema.allOf) && !Array.isArray(schema.anyOf)) continue;
    const mapped = Object.entries(discriminator.mapping ?? {}).find(
      ([, target]) => lastSegment(target) === name,
    )?.[0];
    result.set(name, { propertyName: discriminator.propertyName, value: mapped ?? name });
  }
  return result;
}

/** The enum property openapi-typescript's scan wrote into `schema` (directly, or as an added `allOf` part). */
function patchedEnum(schema: unknown): TypeDiscriminator | undefined {
  if (!isNode(schema)) return undefined;
  const places = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf.filter(isNode) : [])];
  for (const place of places) {
    if (!isNode(place.properties)) continue;
    for (const [propertyName, property] of Object.entries(place.properties)) {
      if (
        !isNode(property) ||
        !Array.isArray(property.enum) ||
        typeof property.description !== 'string'
      )
        continue;
      if (property.description !== ADDED && !property.description.endsWith(REPLACED)) continue;
      const [value] = property.enum;
      if (typeof value === 'string') return { propertyName, value };
    }
  }
  return undefined;
}

function componentSchemas(document: Node): Node {
  return isNode(document.components) && isNode(document.components.schemas)
    ? document.components.schemas
    : {};
}

/** The last segment of a `$ref` (or a bare schema name), as openapi-typescript compares them. */
function lastSegment(target: string): string {
  const segment = target.split('/').pop() ?? target;
  return unescapeSegment(segment);
}
