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
import { callbacksModel } from './callbacks.js';
import { readDiscriminators, type DiscriminatorReading } from './discriminators.js';
import { valueFits } from './fits.js';
import type { ApiModel, MockModel, NamedSchema, SchemaModel } from './types.js';

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
  const model: ApiModel = {
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
    callbacks: callbacksModel({ context, document, operations: operationModels }),
    components: componentsModel({ context, document }),
    warnings: context.schemas.warnings,
  };
  // Read after every schema of the document is built: only then are the references counted.
  model.sharedSchemas = context.schemas.sharedTargets();
  return model;
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
  const built = Object.keys(nodes)
    .sort(compareCodePoints)
    .map((name) => {
      const pointer = joinPointer({ pointer: '#/components/schemas', keys: [name] });
      return { name, pointer, schema: context.schemas.build({ node: nodes[name], pointer }) };
    });
  const byName = new Map(built.map((named) => [named.name, named.schema]));
  const lookup = (name: string) => byName.get(name);
  return built.map((named) => {
    const narrowing = discriminators.narrowed.get(named.name);
    const values = narrowing && acceptedValues({ schema: named.schema, narrowing, lookup });
    const discriminatorProperty = discriminators.declared.get(named.name);
    return {
      ...named,
      ...(narrowing &&
        values?.length && {
          typeDiscriminator: {
            propertyName: narrowing.propertyName,
            value: values[0]!,
            values,
          },
        }),
      ...(discriminatorProperty !== undefined && { discriminatorProperty }),
    };
  });
}

/**
 * The narrowing values that the schema's own declaration of the discriminator property accepts.
 * A value inferred from a component's name (`CheckoutFormFixedPlan`) where the property says
 * `const: fixed` would make the narrowed type `never` (openapi-typescript replaces the
 * property, so that its type promises a value the API rejects): such a value is dropped, and
 * the property keeps the type the spec gives it, which discriminates a union just as well.
 */
function acceptedValues({
  schema,
  narrowing,
  lookup,
}: {
  schema: SchemaModel;
  narrowing: { propertyName: string; values: string[] };
  lookup: (name: string) => SchemaModel | undefined;
}): string[] {
  return narrowing.values.filter((value) =>
    propertyAccepts({ schema, name: narrowing.propertyName, value, lookup, seen: new Set() }),
  );
}

/**
 * True when some value of `schema` may carry `value` as its property `name`: every part of an
 * intersection and some variant of a union declare it so (or leave it free), through references
 * (`Check: allOf: [CheckDiscriminator]`, a union whose variants say `type: deadman | threshold`,
 * rejects `type: "Check"`).
 */
function propertyAccepts({
  schema,
  name,
  value,
  lookup,
  seen,
}: {
  schema: SchemaModel;
  name: string;
  value: string;
  lookup: (name: string) => SchemaModel | undefined;
  seen: Set<string>;
}): boolean {
  const accepts = (part: SchemaModel) =>
    propertyAccepts({ schema: part, name, value, lookup, seen });
  switch (schema.kind) {
    case 'ref': {
      const target = seen.has(schema.name) ? undefined : lookup(schema.name);
      if (!target) return true;
      seen.add(schema.name);
      const result = accepts(target);
      seen.delete(schema.name);
      return result;
    }
    case 'object':
      return schema.properties
        .filter((property) => property.name === name && !property.undeclared)
        .every((property) => valueFits({ schema: property.schema, value, lookup }));
    case 'intersection':
      return schema.parts.every(accepts);
    case 'union':
      return schema.variants.some(accepts);
    default:
      return true;
  }
}
