/**
 * One MCP tool per operation of the model: its name, description, flat arguments (the parameters,
 * and the body's properties), input and output JSON Schemas, and the component schemas they use.
 */
import { operationPointer } from '../../json/pointer.js';
import {
  essence,
  firstJson,
  isStructuredMediaType,
  requestMediaType,
  streamedMedia,
  streamShape,
  successResponses,
} from '../../model/media-types.js';
import type {
  ApiModel,
  JsonValue,
  MediaTypeModel,
  OperationModel,
  PropertyModel,
  SchemaModel,
} from '../../model/types.js';
import { guarded, type Degradations } from '../shared/degrade.js';
import { toJsonSchema, type JsonSchema } from '../shared/json-schema.js';
import { sharedSchemaNames } from '../shared/shared-schemas.js';
import { argumentNames, toolNames } from './names.js';

/** Where one argument goes (the runtime's `ToolArgument`). */
export type ArgumentPlan = { name: string; nullable?: true } & (
  | { in: 'path' | 'query' | 'header' | 'cookie'; parameter: string }
  | { in: 'body'; property?: string }
);

/** What the module prints of one tool. */
export interface ToolPlan {
  name: string;
  operation: OperationModel;
  title?: string;
  description: string;
  arguments: ArgumentPlan[];
  properties: Record<string, JsonSchema>;
  required: string[];
  /**
   * `component`: the component schema every successful body references, whose (dereferenced)
   * schema `schema` is; the module shares one const of it among the tools (`index.ts`).
   */
  output?: { schema: JsonSchema; wrapped: boolean; component?: string };
  streaming: boolean;
}

/** The `$ref` of a component schema in a tool's schemas: `#/$defs/<name>`, as a URI fragment. */
export function definitionRef(name: string): string {
  return `#/$defs/${encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'))}`;
}

/** The component schemas of the model, by name. */
type Components = ReadonlyMap<string, SchemaModel>;

/** The tools of the model, in operation order; an operation the emitter cannot handle is left out, with a warning. */
export function toolPlans(model: ApiModel, degradations?: Degradations): ToolPlan[] {
  const components: Components = new Map(model.schemas.map((named) => [named.name, named.schema]));
  const names = toolNames(model);
  return model.operations.flatMap((operation) =>
    guarded(
      degradations,
      {
        pointer: operationPointer(operation),
        emitter: 'mcp',
        what: 'the MCP server has no tool for it',
      },
      () => [toolPlan({ operation, name: names.get(operation.operationId)!, model, components })],
      () => [],
    ),
  );
}

/**
 * The `$defs` name of each schema that references into other schemas share
 * (`ApiModel.sharedSchemas`): a tool's schema refers to it, as to a component schema, rather
 * than holding a copy at each use. Named as in types.ts and zod.ts, apart from every component.
 */
const sharedNames = new WeakMap<ApiModel, ReadonlyMap<SchemaModel, string>>();
function sharedDefinitions(model: ApiModel): ReadonlyMap<SchemaModel, string> {
  let names = sharedNames.get(model);
  if (!names) {
    names = sharedSchemaNames(
      model.sharedSchemas,
      model.schemas.map((named) => named.name),
    );
    sharedNames.set(model, names);
  }
  return names;
}

function jsonSchema(node: SchemaModel, model: ApiModel): JsonSchema {
  const shared = sharedDefinitions(model);
  return toJsonSchema({
    node,
    refUri: definitionRef,
    ...(shared.size && {
      sharedRef: (child: SchemaModel) => {
        const name = shared.get(child);
        return name === undefined ? undefined : definitionRef(name);
      },
    }),
    annotations: true,
  });
}

function toolPlan(options: {
  operation: OperationModel;
  name: string;
  model: ApiModel;
  components: Components;
}): ToolPlan {
  const { operation, name, model, components } = options;
  const plan: ToolPlan = {
    name,
    operation,
    description: description(operation),
    arguments: [],
    properties: {},
    required: [],
    streaming: successResponses(operation).some(
      (response) => streamedMedia(response.content) !== undefined,
    ),
  };
  const title = operation.summary?.replace(/\s+/g, ' ').trim();
  if (title) plan.title = title;
  const add = (argument: ArgumentPlan, schema: JsonSchema, required: boolean) => {
    plan.arguments.push(argument);
    Object.defineProperty(plan.properties, argument.name, {
      value: schema,
      enumerable: true,
      writable: true,
    });
    if (required) plan.required.push(argument.name);
  };

  // A name given in two locations (a path `id` and a query `id`) is qualified by each location.
  const counts = new Map<string, number>();
  for (const parameter of operation.parameters)
    counts.set(parameter.name, (counts.get(parameter.name) ?? 0) + 1);
  const keyOf = (parameter: OperationModel['parameters'][number]) =>
    counts.get(parameter.name)! > 1 ? `${parameter.in}_${parameter.name}` : parameter.name;
  const parameterNames = argumentNames(operation.parameters.map(keyOf), new Set());
  for (const parameter of operation.parameters) {
    const schema = annotated(jsonSchema(parameter.schema, model), {
      description: parameter.description,
      deprecated: parameter.deprecated,
      example: parameter.example,
    });
    add(
      {
        name: parameterNames.get(keyOf(parameter))!,
        in: parameter.in,
        parameter: parameter.name,
        ...(parameter.schema.nullable ? { nullable: true as const } : {}),
      },
      schema,
      parameter.required || parameter.in === 'path',
    );
  }
  const taken = new Set(parameterNames.values());

  const body = operation.requestBody;
  const media = requestMediaType(operation);
  if (body !== undefined && media !== undefined) {
    const properties =
      isStructuredMediaType(media.mediaType) && !media.schemaless
        ? objectProperties(media.schema, components)?.filter(
            (property) => property.required || !property.schema.readOnly,
          )
        : undefined;
    const spread = properties?.length
      ? argumentNames(
          properties.map((property) => property.name),
          new Set(),
        )
      : undefined;
    if (spread && properties && ![...spread.values()].some((entry) => taken.has(entry))) {
      for (const property of properties)
        add(
          {
            name: spread.get(property.name)!,
            in: 'body',
            property: property.name,
            ...(property.schema.nullable ? { nullable: true as const } : {}),
          },
          jsonSchema(property.schema, model),
          body.required && property.required,
        );
    } else {
      const argument = taken.has('body') ? 'requestBody' : 'body';
      add(
        { name: argument, in: 'body', ...(media.schema.nullable ? { nullable: true } : {}) },
        annotated(media.schemaless ? {} : jsonSchema(media.schema, model), {
          description: body.description ?? `The request body (${essence(media.mediaType)}).`,
        }),
        body.required,
      );
    }
  }

  const output = plan.streaming
    ? streamOutputOf(operation, model)
    : outputOf(operation, components, model);
  if (output) plan.output = output;
  return plan;
}

/** `schema` with the annotations its parameter or body gives, which win over the schema's own. */
function annotated(
  schema: JsonSchema,
  given: { description?: string; deprecated?: boolean; example?: JsonValue },
): JsonSchema {
  return {
    ...schema,
    ...(given.description ? { description: given.description } : {}),
    ...(given.deprecated ? { deprecated: true } : {}),
    ...(given.example !== undefined && schema.examples === undefined
      ? { examples: [given.example] }
      : {}),
  };
}

/** What an agent reads about the tool: the summary and description, the route, how it pages. */
function description(operation: OperationModel): string {
  const summary = operation.summary?.trim();
  const details = operation.description?.trim();
  const paragraphs = [
    ...(operation.deprecated ? ['Deprecated.'] : []),
    ...(summary ? [summary] : []),
    ...(details && details !== summary ? [details] : []),
    `${operation.method.toUpperCase()} ${operation.path}`,
  ];
  const pagination = operation.extensions.pagination;
  if (pagination?.kind === 'page')
    paragraphs.push(
      `Answers one page: ${pagination.pageParameter} selects it (the first is ${pagination.firstPage})${pagination.sizeParameter ? `, ${pagination.sizeParameter} its size` : ''}. The result says whether more pages follow.`,
    );
  if (pagination?.kind === 'cursor')
    paragraphs.push(
      `Answers one page: leave ${pagination.cursorParameter} out for the first, then give the value the result names for the next${pagination.sizeParameter ? `; ${pagination.sizeParameter} is its size` : ''}. The result says whether more pages follow.`,
    );
  if (pagination?.kind === 'offset')
    paragraphs.push(
      `Answers one page: ${pagination.offsetParameter} is the first item's position (0 for the start), ${pagination.limitParameter} the number of items. The result says whether more follow.`,
    );
  return paragraphs.join('\n\n');
}

/**
 * The properties of a schema whose every value is a plain object with known properties (an
 * object, a reference to one, all of several), so that an agent can give them one by one;
 * undefined for anything else (a map, a union, nullable).
 */
function objectProperties(
  schema: SchemaModel,
  components: Components,
  seen: ReadonlySet<string> = new Set(),
): PropertyModel[] | undefined {
  if (schema.nullable) return undefined;
  switch (schema.kind) {
    case 'ref': {
      const target = components.get(schema.name);
      if (target === undefined || seen.has(schema.name)) return undefined;
      return objectProperties(target, components, new Set([...seen, schema.name]));
    }
    case 'object':
      return typeof schema.additionalProperties === 'object' ||
        schema.patternProperties?.length ||
        !schema.properties.length
        ? undefined
        : schema.properties;
    case 'intersection': {
      const parts = schema.parts.map((part) => objectProperties(part, components, seen));
      if (parts.some((part) => part === undefined)) return undefined;
      const merged = new Map<string, PropertyModel>();
      for (const property of parts.flat() as PropertyModel[]) {
        const earlier = merged.get(property.name);
        merged.set(
          property.name,
          earlier === undefined
            ? property
            : {
                name: property.name,
                required: earlier.required || property.required,
                schema: {
                  kind: 'intersection',
                  parts: [earlier.schema, property.schema],
                  nullable: false,
                },
              },
        );
      }
      return [...merged.values()];
    }
    default:
      return undefined;
  }
}

/** Whether every value of `schema` is an object (a JSON object, never null or an array). */
function isObjectValued(
  schema: SchemaModel,
  components: Components,
  seen: ReadonlySet<string> = new Set(),
): boolean {
  if (schema.nullable) return false;
  const isObject = (value: JsonValue) =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  switch (schema.kind) {
    case 'ref': {
      const target = components.get(schema.name);
      return (
        target !== undefined &&
        !seen.has(schema.name) &&
        isObjectValued(target, components, new Set([...seen, schema.name]))
      );
    }
    case 'object':
      return true;
    case 'intersection':
      return schema.parts.some((part) => isObjectValued(part, components, seen));
    case 'union':
      return (
        schema.variants.length > 0 &&
        schema.variants.every((variant) => isObjectValued(variant, components, seen))
      );
    case 'enum':
      return schema.values.length > 0 && schema.values.every(isObject);
    case 'const':
      return isObject(schema.value);
    default:
      return false;
  }
}

/** The schema itself when it is a reference: the component's, followed to its end. */
function dereferenced(schema: SchemaModel, components: Components): SchemaModel {
  let current = schema;
  const seen = new Set<string>();
  while (current.kind === 'ref' && !current.nullable && !seen.has(current.name)) {
    seen.add(current.name);
    const target = components.get(current.name);
    if (target === undefined) break;
    current = target;
  }
  return current;
}

/**
 * The structured result's schema: when every successful response has a JSON body with a schema,
 * the body's (an object at the root, as MCP wants), or `{ result: body }` when a body may be
 * something else. Without it, the tool answers with text.
 */
function outputOf(
  operation: OperationModel,
  components: Components,
  model: ApiModel,
): ToolPlan['output'] | undefined {
  const bodies = successResponses(operation).map((response) => firstJson(response.content));
  if (!bodies.length || bodies.some((media) => media === undefined || media.schemaless))
    return undefined;
  const schemas = bodies.map((media) => media!.schema);
  const wrapped = !schemas.every((schema) => isObjectValued(schema, components));
  const converted = [
    ...new Map(
      schemas.map((schema) => {
        const json = jsonSchema(wrapped ? schema : dereferenced(schema, components), model);
        return [JSON.stringify(json), json];
      }),
    ).values(),
  ];
  const body = converted.length === 1 ? converted[0]! : { anyOf: converted };
  if (wrapped)
    return {
      schema: { type: 'object', properties: { result: body }, required: ['result'] },
      wrapped,
    };
  const [first] = schemas;
  const component =
    first?.kind === 'ref' &&
    schemas.every(
      (schema) => schema.kind === 'ref' && !schema.nullable && schema.name === first.name,
    )
      ? first.name
      : undefined;
  return {
    schema: { ...body, type: 'object' },
    wrapped,
    ...(component !== undefined && { component }),
  };
}

/**
 * The structured result of a streaming tool: the items it received (each as the runtime yields
 * it: a whole server-sent event, or a record), how many, and whether it stopped before the end.
 * Only when every successful response is a stream; otherwise the tool answers with text.
 */
function streamOutputOf(operation: OperationModel, model: ApiModel): ToolPlan['output'] {
  const media = successResponses(operation).map((response) => streamedMedia(response.content));
  if (!media.length || media.some((entry) => entry === undefined)) return undefined;
  const items = [
    ...new Map(
      (media as MediaTypeModel[]).map((entry) => {
        const json = streamItemSchema(entry, model);
        return [JSON.stringify(json), json];
      }),
    ).values(),
  ];
  return {
    schema: {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: items.length === 1 ? items[0]! : { anyOf: items },
          description: "The items the stream sent, in order (at most the server's limit).",
        },
        count: { type: 'integer', minimum: 0, description: 'How many items were received.' },
        truncated: {
          type: 'boolean',
          description: 'Whether the tool stopped reading at its limit before the stream ended.',
        },
      },
      required: ['items', 'count', 'truncated'],
    },
    wrapped: false,
  };
}

/** One item of a stream as the runtime yields it: for server-sent events whose schema is the data's, the event around it. */
function streamItemSchema(media: MediaTypeModel, model: ApiModel): JsonSchema {
  const item = media.schemaless ? {} : jsonSchema(media.schema, model);
  const shape = streamShape(media, model.schemas);
  if (shape?.kind !== 'sse' || shape.envelope) return item;
  return {
    type: 'object',
    properties: {
      event: { type: 'string' },
      data: item,
      id: { type: 'string' },
      retry: { type: 'integer' },
    },
    required: ['event', 'data'],
  };
}

/** The component schemas that `schemas` reference, through one another, as JSON Schemas sorted by name. */
export function referencedComponents(
  schemas: readonly unknown[],
  model: ApiModel,
): { name: string; schema: JsonSchema }[] {
  const byRef = new Map([
    ...model.schemas.map((named) => [definitionRef(named.name), named] as const),
    ...[...sharedDefinitions(model)].map(
      ([schema, name]) => [definitionRef(name), { name, schema }] as const,
    ),
  ]);
  const found = new Map<string, { name: string; schema: JsonSchema }>();
  const pending = [...schemas];
  while (pending.length) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (typeof value === 'object' && value !== null) {
      const ref = (value as { $ref?: unknown }).$ref;
      const named = typeof ref === 'string' ? byRef.get(ref) : undefined;
      if (named && !found.has(named.name)) {
        const converted = jsonSchema(named.schema, model);
        found.set(named.name, { name: named.name, schema: converted });
        pending.push(converted);
      }
      pending.push(...Object.values(value));
    }
  }
  return [...found.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
