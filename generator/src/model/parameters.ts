/** Parameters of an operation: path-item and operation lists merged, refs resolved, defaults applied. */
import { PARAMETER_EXTENSIONS, readWith } from '../extensions/index.js';
import type { BuildContext } from './context.js';
import { componentRef } from './component-ref.js';
import { examplesOf } from './media.js';
import { isNode, stringOf, type Node } from './json.js';
import { joinPointer } from '../json/pointer.js';
import { type Resolved } from './pointer.js';
import type { ParameterLocation, ParameterModel, ParameterStyle } from './types.js';

const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);
const STYLES = new Set<string>([
  'matrix',
  'label',
  'form',
  'simple',
  'spaceDelimited',
  'pipeDelimited',
  'deepObject',
]);

/**
 * The parameters of an operation: the path item's, then the operation's. An operation parameter
 * with the same name and location replaces the path item's in place.
 */
export function pathItemParameters({
  context,
  pathItem,
}: {
  context: BuildContext;
  pathItem: Resolved;
}): ParameterModel[] {
  return parameterList({ context, owner: pathItem });
}

export function operationParameters({
  context,
  pathItem,
  operation,
}: {
  context: BuildContext;
  pathItem: Resolved;
  operation: Resolved;
}): ParameterModel[] {
  const merged: ParameterModel[] = [];
  for (const owner of [pathItem, operation]) {
    for (const parameter of parameterList({ context, owner })) {
      const index = merged.findIndex((existing) => sameParameter(existing, parameter));
      if (index === -1) merged.push(parameter);
      else merged[index] = parameter;
    }
  }
  return merged;
}

/** Header names are case-insensitive; other locations compare names exactly. */
function sameParameter(a: ParameterModel, b: ParameterModel): boolean {
  if (a.in !== b.in) return false;
  return a.in === 'header' ? a.name.toLowerCase() === b.name.toLowerCase() : a.name === b.name;
}

function parameterList({
  context,
  owner,
}: {
  context: BuildContext;
  owner: Resolved;
}): ParameterModel[] {
  if (!isNode(owner.node) || !Array.isArray(owner.node.parameters)) return [];
  const result: ParameterModel[] = [];
  owner.node.parameters.forEach((entry, index) => {
    const found = context.resolver.follow({
      node: entry,
      pointer: joinPointer({ pointer: owner.pointer, keys: ['parameters', index] }),
    });
    if (!found || !isNode(found.node)) return;
    const parameter = parameterModel({ context, node: found.node, pointer: found.pointer });
    const component = componentRef({ entry, kind: 'parameters', document: context.document });
    if (parameter) result.push(component === undefined ? parameter : { ...parameter, component });
  });
  return result;
}

/** One parameter object found at `pointer`, or undefined when it has no name or location. */
export function parameterModel({
  context,
  node,
  pointer,
}: {
  context: BuildContext;
  node: Node;
  pointer: string;
}): ParameterModel | undefined {
  const name = stringOf(node.name);
  const location = stringOf(node.in);
  if (name === undefined || location === undefined || !LOCATIONS.has(location)) return undefined;
  const where = location as ParameterLocation;
  const style = (
    typeof node.style === 'string' && STYLES.has(node.style) ? node.style : defaultStyle(where)
  ) as ParameterStyle;
  const schema = schemaSource({ node, pointer });
  const examples = examplesOf({ context, node, pointer });
  const keyPrefix = readWith(
    PARAMETER_EXTENSIONS['x-zapgen-key-prefix'],
    node['x-zapgen-key-prefix'],
  );
  const description = stringOf(node.description);
  return {
    name,
    in: where,
    ...(description !== undefined && { description }),
    // OpenAPI requires path parameters to be required; a spec that forgets still means it.
    required: where === 'path' || node.required === true,
    deprecated: node.deprecated === true,
    style,
    explode: typeof node.explode === 'boolean' ? node.explode : style === 'form',
    allowReserved: node.allowReserved === true,
    allowEmptyValue: node.allowEmptyValue === true,
    ...(schema.contentType !== undefined && { contentType: schema.contentType }),
    schema: context.schemas.build({ node: schema.node, pointer: schema.pointer }),
    pointer: schema.pointer,
    ...(keyPrefix !== undefined && { keyPrefix }),
    ...(examples.length > 0 && { example: examples[0] }),
  };
}

function defaultStyle(location: ParameterLocation): ParameterStyle {
  return location === 'query' || location === 'cookie' ? 'form' : 'simple';
}

/** Where the schema of a parameter sits: `schema`, or the first media type of `content`. */
function schemaSource({ node, pointer }: { node: Node; pointer: string }): {
  node: unknown;
  pointer: string;
  contentType?: string;
} {
  if (node.schema === undefined && isNode(node.content)) {
    const [entry] = Object.entries(node.content);
    if (entry) {
      const [contentType, media] = entry;
      return {
        node: isNode(media) ? media.schema : undefined,
        pointer: joinPointer({ pointer, keys: ['content', contentType, 'schema'] }),
        contentType,
      };
    }
  }
  return { node: node.schema, pointer: joinPointer({ pointer, keys: ['schema'] }) };
}
