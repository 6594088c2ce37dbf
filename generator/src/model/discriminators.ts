/**
 * Discriminators, as the types read them. A schema that a discriminator maps to, or that extends
 * a discriminated schema through `allOf`, has its discriminator property narrowed to the values
 * that select it (`petType: "cat"`), and an `allOf` member that is a discriminated schema leaves
 * that property out (`Omit<Pet, "petType">`): so that a `switch` on the property narrows a union
 * of such schemas. This is openapi-typescript's reading (its `scanDiscriminators`), which code
 * written against its types relies on; the fixtures carry the same values.
 *
 * Only component schemas are narrowed: an inline schema has no name to infer a value from.
 */
import { isNode, type Node } from './json.js';
import { unescapeSegment } from '../json/pointer.js';

const COMPONENT = '#/components/schemas/';

export interface Narrowing {
  propertyName: string;
  values: string[];
}

export interface DiscriminatorReading {
  /** Component name → the discriminator property's narrowed values. */
  narrowed: Map<string, Narrowing>;
  /** Component name → its discriminator property, declared or inherited through `allOf`. */
  declared: Map<string, string>;
}

interface Discriminator {
  propertyName: string;
  mapping: Record<string, string>;
}

function discriminatorOf(node: unknown): Discriminator | undefined {
  if (!isNode(node) || !isNode(node.discriminator)) return undefined;
  const { propertyName, mapping } = node.discriminator;
  if (typeof propertyName !== 'string' || propertyName === '') return undefined;
  const entries = isNode(mapping)
    ? Object.entries(mapping).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      )
    : [];
  return { propertyName, mapping: Object.fromEntries(entries) };
}

/** The component named by a `#/components/schemas/<name>` reference. */
function componentOf(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith(COMPONENT)) return undefined;
  const segment = ref.slice(COMPONENT.length);
  if (segment.includes('/')) return undefined;
  try {
    return unescapeSegment(decodeURIComponent(segment));
  } catch {
    return unescapeSegment(segment);
  }
}

/** True when the narrowing can be written into the schema: an object or an `allOf`. */
function narrowable(node: unknown): boolean {
  return isNode(node) && (Array.isArray(node.allOf) || node.type === 'object');
}

export function readDiscriminators(document: Node): DiscriminatorReading {
  const components =
    isNode(document.components) && isNode(document.components.schemas)
      ? document.components.schemas
      : {};
  const narrowed = new Map<string, Narrowing>();
  const declared = new Map<string, string>();
  const narrow = (name: string, propertyName: string, values: string[]) => {
    if (!narrowable(components[name]) || narrowed.has(name)) return false;
    narrowed.set(name, { propertyName, values });
    return true;
  };

  // 1. A `oneOf` with a discriminator, anywhere: each component it maps to is narrowed to the
  //    mapping's values for it, or else to its own name.
  walk(document, (node) => {
    const discriminator = discriminatorOf(node);
    if (!discriminator || !Array.isArray(node.oneOf)) return;
    const values = new Map<string, string[]>();
    for (const member of node.oneOf) {
      const name = isNode(member) ? componentOf(member.$ref) : undefined;
      if (name !== undefined && !values.has(name)) values.set(name, [name]);
    }
    const defined = new Map<string, string[]>();
    for (const [value, target] of Object.entries(discriminator.mapping)) {
      const name = componentOf(target);
      if (name === undefined) continue;
      defined.set(name, [...(defined.get(name) ?? []), value]);
    }
    for (const [name, list] of defined) values.set(name, list);
    for (const [name, list] of values) narrow(name, discriminator.propertyName, list);
  });

  // 2. A component that extends a discriminated component through `allOf`: narrowed to the
  //    parent mapping's values for it, else to the mapping key naming it, else to its own name.
  //    It is discriminated in turn, for its own children.
  for (const [name, node] of Object.entries(components)) {
    const own = discriminatorOf(node);
    if (own) declared.set(name, own.propertyName);
  }
  const parents = new Map<string, Discriminator>();
  for (const [name, node] of Object.entries(components)) {
    const own = discriminatorOf(node);
    if (own) parents.set(name, own);
  }
  for (const [name, node] of Object.entries(components)) {
    if (!isNode(node) || !Array.isArray(node.allOf)) continue;
    for (const member of node.allOf) {
      if (!isNode(member) || typeof member.$ref !== 'string') continue;
      const parent = componentOf(member.$ref);
      const discriminator = parent === undefined ? undefined : parents.get(parent);
      if (!discriminator) break;
      if (!declared.has(name)) declared.set(name, discriminator.propertyName);
      if (!parents.has(name)) parents.set(name, discriminator);
      if (discriminatorOf(node)) continue;
      const ref = `${COMPONENT}${name}`;
      const mapped = Object.entries(discriminator.mapping)
        .filter(([, target]) => target === ref)
        .map(([value]) => value);
      if (mapped.length) {
        narrow(name, discriminator.propertyName, mapped);
        continue;
      }
      const byName = Object.entries(discriminator.mapping).find(
        ([, target]) => (target.startsWith('#') ? lastSegment(target) : target) === name,
      )?.[0];
      if (!narrowed.has(name))
        narrowed.set(name, { propertyName: discriminator.propertyName, values: [byName ?? name] });
    }
  }
  return { narrowed, declared };
}

function lastSegment(ref: string): string {
  return unescapeSegment(ref.split('/').pop() ?? ref);
}

/** Every object node of `value`, depth first (the document is a tree: `$ref`s are not followed). */
function walk(value: unknown, visit: (node: Node) => void): void {
  const stack: unknown[] = [value];
  while (stack.length) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push(current[index]);
    } else if (isNode(current)) {
      visit(current);
      const keys = Object.keys(current);
      for (let index = keys.length - 1; index >= 0; index -= 1) stack.push(current[keys[index]!]);
    }
  }
}
