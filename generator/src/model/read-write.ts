/**
 * readOnly and writeOnly: the one place that decides whether a property exists in a request or
 * in a response, and (with the config's `readWrite: 'split'`) the model rewritten so that every
 * emitter reads request and response shapes of their own.
 *
 * The rule (OpenAPI 3.0 "Schema Object", 3.1 through JSON Schema's annotations): a `readOnly`
 * property is sent by the server only, a `writeOnly` one by the client only. In a request a
 * readOnly property is forbidden (`id?: never`, as openapi-fetch's `Writable` types it: a caller
 * who sets it is told so, and the validators refuse it); in a response a writeOnly property is
 * absent (as openapi-fetch's `Readable` and hey-api's `FooReadable` leave it out). A `required`
 * that names one of them applies in the other direction only.
 *
 * `splitReadWrite` adds, for each component schema whose shape depends on the direction, a
 * `<Name>Readable` (responses) and/or `<Name>Writable` (requests) component beside it (hey-api's
 * names), and points every operation's parameters and request bodies at the writable shapes and
 * its responses at the readable ones. The component `<Name>` itself stays as openapi-typescript
 * prints it, so that code written against the shared type compiles unchanged.
 */
import type {
  ApiModel,
  HeaderModel,
  MediaTypeModel,
  NamedSchema,
  OperationModel,
  ParameterModel,
  PropertyModel,
  SchemaModel,
} from './types.js';
import { childSchemas } from './children.js';
import { compareCodePoints } from './order.js';
import { joinPointer } from '../json/pointer.js';

/** Which way a value travels: sent by the client, or by the server. */
export type Direction = 'request' | 'response';

export type { ReadWriteMode } from '../config/types.js';

/** `present`; `forbidden` (a request must not carry it); `absent` (a response never has it). */
export type Presence = 'present' | 'forbidden' | 'absent';

type Components = ReadonlyMap<string, NamedSchema>;

/** How far references are followed to find a property's own readOnly/writeOnly. */
const MAX_REFS = 32;

/** `readOnly` or `writeOnly` of a property: its schema's, or that of the component it refers to. */
export function accessOf(
  property: PropertyModel,
  components: Components,
): 'readOnly' | 'writeOnly' | undefined {
  let node: SchemaModel | undefined = property.schema;
  for (let depth = 0; node && depth < MAX_REFS; depth += 1) {
    if (node.readOnly && !node.writeOnly) return 'readOnly';
    if (node.writeOnly && !node.readOnly) return 'writeOnly';
    if (node.kind !== 'ref') return undefined;
    node = components.get(node.name)?.schema;
  }
  return undefined;
}

/** Whether `property` exists in `direction`: the rule every emitter, the mock and the diff follow. */
export function presenceIn(
  property: PropertyModel,
  direction: Direction,
  components: Components,
): Presence {
  const access = accessOf(property, components);
  if (access === 'readOnly' && direction === 'request') return 'forbidden';
  if (access === 'writeOnly' && direction === 'response') return 'absent';
  return 'present';
}

/** The suffix of a component's shape in each direction (hey-api's `FooWritable`/`FooReadable`). */
const SUFFIX: Record<Direction, string> = { request: 'Writable', response: 'Readable' };

/**
 * The names of the components whose shape differs in `direction`: those with a property that is
 * not `present` there, and those that refer to one of them.
 */
function differing(components: Components, direction: Direction): Set<string> {
  const refs = new Map<string, Set<string>>();
  const result = new Set<string>();
  for (const [name, named] of components) {
    const names = new Set<string>();
    const visit = (node: SchemaModel): void => {
      if (node.kind === 'ref') names.add(node.name);
      if (node.kind === 'object' && !result.has(name))
        if (node.properties.some((p) => presenceIn(p, direction, components) !== 'present'))
          result.add(name);
      childSchemas(node).forEach(visit);
    };
    visit(named.schema);
    refs.set(name, names);
  }
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, names] of refs)
      if (!result.has(name) && [...names].some((target) => result.has(target))) {
        result.add(name);
        changed = true;
      }
  }
  return result;
}

/**
 * True when some property of the model is not in one of the directions: `'split'` then changes
 * the package (without one, it writes the same files as `'shared'`).
 */
export function directionsDiffer(model: ApiModel): boolean {
  const components: Components = new Map(model.schemas.map((named) => [named.name, named]));
  const seen = new WeakSet<SchemaModel>();
  const marked = (node: SchemaModel): boolean => {
    if (seen.has(node)) return false;
    seen.add(node);
    if (node.kind === 'object' && node.properties.some((p) => accessOf(p, components))) return true;
    return childSchemas(node).some(marked);
  };
  return (
    model.schemas.some((named) => marked(named.schema)) ||
    model.operations.some(
      (operation) =>
        operation.parameters.some((parameter) => marked(parameter.schema)) ||
        (operation.requestBody?.content ?? []).some((media) => marked(media.schema)) ||
        operation.responses.some((response) =>
          response.content.some((media) => marked(media.schema)),
        ),
    )
  );
}

/** Rewrites schema trees for one direction; unchanged subtrees keep their identity. */
class Shaper {
  readonly #memo = new WeakMap<SchemaModel, SchemaModel>();
  constructor(
    readonly direction: Direction,
    readonly components: Components,
    /** The derived component name of each differing component. */
    readonly renamed: ReadonlyMap<string, string>,
  ) {}

  shape(node: SchemaModel): SchemaModel {
    let result = this.#memo.get(node);
    if (!result) {
      result = this.#shape(node);
      this.#memo.set(node, result);
    }
    return result;
  }

  #list<T extends SchemaModel>(nodes: readonly T[]): { nodes: SchemaModel[]; changed: boolean } {
    const shaped = nodes.map((node) => this.shape(node));
    return { nodes: shaped, changed: shaped.some((node, index) => node !== nodes[index]) };
  }

  #shape(node: SchemaModel): SchemaModel {
    switch (node.kind) {
      case 'ref': {
        const name = this.renamed.get(node.name);
        return name === undefined ? node : { ...node, name };
      }
      case 'array': {
        const items = this.shape(node.items);
        const prefix = node.prefixItems && this.#list(node.prefixItems);
        if (items === node.items && !prefix?.changed) return node;
        return { ...node, items, ...(prefix && { prefixItems: prefix.nodes }) };
      }
      case 'union': {
        const { nodes, changed } = this.#list(node.variants);
        if (!changed) return node;
        const discriminator = node.discriminator && {
          ...node.discriminator,
          mapping: Object.fromEntries(
            Object.entries(node.discriminator.mapping).map(([value, name]) => [
              value,
              this.renamed.get(name) ?? name,
            ]),
          ),
        };
        return { ...node, variants: nodes, ...(discriminator && { discriminator }) };
      }
      case 'intersection': {
        const { nodes, changed } = this.#list(node.parts);
        return changed ? { ...node, parts: nodes } : node;
      }
      case 'object':
        return this.#object(node);
      default:
        return node;
    }
  }

  #object(node: Extract<SchemaModel, { kind: 'object' }>): SchemaModel {
    let changed = false;
    const omitted: string[] = [];
    const properties = node.properties.flatMap((property): PropertyModel[] => {
      const presence = presenceIn(property, this.direction, this.components);
      if (presence === 'absent') {
        changed = true;
        omitted.push(property.name);
        return [];
      }
      if (presence === 'forbidden') {
        changed = true;
        const { description, deprecated } = property.schema;
        const never: SchemaModel = {
          kind: 'never',
          nullable: false,
          readOnly: true,
          ...(description !== undefined && { description }),
          ...(deprecated && { deprecated }),
        };
        return [{ name: property.name, required: false, schema: never }];
      }
      const schema = this.shape(property.schema);
      if (schema === property.schema) return [property];
      changed = true;
      return [{ ...property, schema }];
    });
    const extra =
      typeof node.additionalProperties === 'object'
        ? this.shape(node.additionalProperties)
        : node.additionalProperties;
    const patterns = node.patternProperties?.map((entry) => ({
      ...entry,
      schema: this.shape(entry.schema),
    }));
    if (extra !== node.additionalProperties) changed = true;
    if (patterns?.some((entry, index) => entry.schema !== node.patternProperties![index]!.schema))
      changed = true;
    if (!changed) return node;
    return {
      ...node,
      properties,
      additionalProperties: extra,
      ...(patterns && { patternProperties: patterns }),
      ...(omitted.length && { writeOnlyOmitted: omitted }),
    };
  }
}

/** `base` + `suffix`, numbered while a name is taken. */
function freeName(base: string, taken: Set<string>): string {
  let name = base;
  for (let index = 2; taken.has(name); index += 1) name = `${base}${index}`;
  taken.add(name);
  return name;
}

/**
 * Gives requests and responses their own shapes (the config's `readWrite: 'split'`): derived
 * components are added to `model.schemas`, and operations, their components (request bodies,
 * responses, parameters, headers) and the mock's collections are rewritten in place.
 * `model.readWrite.replaced` then holds, by the JSON pointer of each parameter and media type
 * whose schema differs from the document's, the schema that stands there (what fixtures are
 * checked against).
 */
export function splitReadWrite(model: ApiModel): void {
  // The mock infers its collections from the operations as the spec writes them.
  const mock = model.mock;
  const components: Components = new Map(model.schemas.map((named) => [named.name, named]));
  const taken = new Set(components.keys());
  const shapers = (['request', 'response'] as const).map((direction) => {
    const renamed = new Map<string, string>();
    for (const name of [...differing(components, direction)].sort())
      renamed.set(name, freeName(`${name}${SUFFIX[direction]}`, taken));
    return new Shaper(direction, components, renamed);
  });
  const [request, response] = shapers as [Shaper, Shaper];
  const derived: NamedSchema[] = shapers.flatMap((shaper) =>
    [...shaper.renamed].map(([from, name]) => {
      const original = components.get(from)!;
      return {
        ...original,
        name,
        pointer: joinPointer({ pointer: '#/components/schemas', keys: [name] }),
        schema: shaper.shape(original.schema),
        derived: { from, direction: shaper.direction },
      };
    }),
  );
  model.schemas = [...model.schemas, ...derived].sort((a, b) => compareCodePoints(a.name, b.name));

  const replaced = new Map<string, SchemaModel>();
  const done = new WeakSet<object>();
  /** Shapes the schema of `entry` once; a parameter or media type rewritten is recorded by pointer. */
  const reshape = (
    entry: MediaTypeModel | ParameterModel | HeaderModel,
    shaper: Shaper,
    pointer?: string,
  ) => {
    if (done.has(entry)) return;
    done.add(entry);
    const schema = shaper.shape(entry.schema);
    if (schema === entry.schema) return;
    entry.schema = schema;
    if (pointer !== undefined) replaced.set(pointer, schema);
  };
  const media = (entry: MediaTypeModel, shaper: Shaper) => reshape(entry, shaper, entry.pointer);
  const parameter = (entry: ParameterModel) => reshape(entry, request, entry.pointer);
  const header = (entry: HeaderModel) => reshape(entry, response);
  const operation = (entry: OperationModel) => {
    if (done.has(entry)) return;
    done.add(entry);
    entry.parameters.forEach(parameter);
    entry.requestBody?.content.forEach((item) => media(item, request));
    for (const answer of entry.responses) {
      answer.content.forEach((item) => media(item, response));
      answer.headers.forEach(header);
    }
  };
  model.operations.forEach(operation);
  for (const { item } of [...model.paths, ...model.components.pathItems]) {
    item.parameters.forEach(parameter);
    item.operations.forEach((entry) => operation(entry.operation));
  }
  const { components: reusable } = model;
  reusable.parameters.forEach((entry) => parameter(entry.parameter));
  reusable.requestBodies.forEach((entry) =>
    entry.requestBody.content.forEach((item) => media(item, request)),
  );
  for (const entry of reusable.responses) {
    entry.response.content.forEach((item) => media(item, response));
    entry.response.headers.forEach(header);
  }
  reusable.headers.forEach((entry) => header(entry.header));

  for (const collection of mock.collections) {
    const hidden = topLevelProperties(components.get(collection.schema)?.schema, components)
      .filter((property) => presenceIn(property, 'response', components) === 'absent')
      .map((property) => property.name);
    if (hidden.length) collection.hidden = [...new Set(hidden)].sort(compareCodePoints);
  }
  model.readWrite = { replaced };
  // A shared schema reshaped for a direction is shared as much as the schema it was made from.
  if (model.sharedSchemas?.size) {
    const shared = new Map(model.sharedSchemas);
    for (const [node, pointer] of model.sharedSchemas)
      for (const shaper of shapers) {
        const shaped = shaper.shape(node);
        if (!shared.has(shaped)) shared.set(shaped, pointer);
      }
    model.sharedSchemas = shared;
  }
}

/** The properties an object value of `schema` has at its top level (through refs and allOf). */
function topLevelProperties(
  schema: SchemaModel | undefined,
  components: Components,
): PropertyModel[] {
  const seen = new Set<string>();
  const visit = (node: SchemaModel | undefined): PropertyModel[] => {
    if (!node) return [];
    if (node.kind === 'ref') {
      if (seen.has(node.name)) return [];
      seen.add(node.name);
      return visit(components.get(node.name)?.schema);
    }
    if (node.kind === 'object') return node.properties;
    if (node.kind === 'intersection') return node.parts.flatMap(visit);
    return [];
  };
  return visit(schema);
}
