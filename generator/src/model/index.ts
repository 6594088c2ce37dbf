/**
 * `buildModel`: a bundled OpenAPI 3.0/3.1 document (internal `$ref`s only, not dereferenced) →
 * the spec-agnostic `ApiModel` that every emitter reads.
 */
import type { BuildContext } from './context.js';
import { isNode, stringOf, type Node } from './json.js';
import { operations } from './operations.js';
import { compareCodePoints } from './order.js';
import { joinPointer } from '../json/pointer.js';
import { buildMockModel } from './mock/index.js';
import { PointerResolver } from './pointer.js';
import { SchemaBuilder } from './schema.js';
import { securitySchemes } from './security.js';
import { servers } from './servers.js';
import { componentsModel, webhooksModel } from './components.js';
import { readDiscriminators, type DiscriminatorReading } from './discriminators.js';
import type { ApiModel, MockModel, NamedSchema } from './types.js';

export type * from './types.js';
export { compareStatuses } from './responses.js';
export { PointerResolver } from './pointer.js';
export { childSchemas } from './children.js';

/**
 * Builds the model of `document`. Never throws on a malformed but parseable document: what
 * cannot be understood is left out (the linter reports it), so emitters always get a model.
 */
export function buildModel(document: Record<string, unknown>): ApiModel {
  const openapi = stringOf(document.openapi) ?? '';
  const resolver = new PointerResolver(document);
  const componentSchemas = componentSchemaNodes(document);
  const context: BuildContext = {
    document,
    resolver,
    schemas: new SchemaBuilder({
      resolver,
      componentNames: new Set(Object.keys(componentSchemas)),
      openapi,
    }),
  };
  const info = isNode(document.info) ? document.info : {};
  const description = stringOf(info.description);
  const schemas = namedSchemas({
    context,
    nodes: componentSchemas,
    discriminators: readDiscriminators(document),
  });
  const { operations: operationModels, paths } = operations({ context, document });
  let mock: MockModel | undefined;
  return {
    openapi,
    info: {
      title: stringOf(info.title) ?? '',
      version: stringOf(info.version) ?? '',
      ...(description !== undefined && { description }),
    },
    servers: servers(document.servers),
    schemas,
    securitySchemes: securitySchemes({ document, resolver }),
    operations: operationModels,
    document,
    // Built when first read: the emitters of a package read it, diff and release never do.
    get mock() {
      return (mock ??= buildMockModel({ document, operations: operationModels, schemas }));
    },
    paths,
    webhooks: webhooksModel({ context, document }),
    components: componentsModel({ context, document }),
  };
}

function componentSchemaNodes(document: Node): Node {
  const components = document.components;
  return isNode(components) && isNode(components.schemas) ? components.schemas : {};
}

/** The component schemas, sorted by name (code point order). */
function namedSchemas({
  context,
  nodes,
  discriminators,
}: {
  context: BuildContext;
  nodes: Node;
  discriminators: DiscriminatorReading;
}): NamedSchema[] {
  return Object.keys(nodes)
    .sort(compareCodePoints)
    .map((name) => {
      const pointer = joinPointer({ pointer: '#/components/schemas', keys: [name] });
      const narrowing = discriminators.narrowed.get(name);
      const discriminatorProperty = discriminators.declared.get(name);
      return {
        name,
        schema: context.schemas.build({ node: nodes[name], pointer }),
        pointer,
        ...(narrowing && {
          typeDiscriminator: {
            propertyName: narrowing.propertyName,
            value: narrowing.values[0] ?? name,
            values: narrowing.values,
          },
        }),
        ...(discriminatorProperty !== undefined && { discriminatorProperty }),
      };
    });
}
