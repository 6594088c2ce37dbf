/**
 * The JSON Schemas a tool is listed with, assembled from the generated tool definition and the
 * shared component schemas. Inputs are flattened for agents: component references are inlined
 * (a recursive one stays a `$ref` into `$defs`), so that a model sees each argument whole. Outputs
 * keep their references in `$defs` (hosts validate them, models rarely read them) and leave out
 * what a validator could reject a correct answer for (`format`, whose checks differ from tool to
 * tool and are annotations in JSON Schema 2020-12) or what only costs space (`examples`).
 */
import type { JsonSchema, ToolDefinition } from './definition.js';

const DEFS = '#/$defs/';

/** Keywords whose value is a map of names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/** Keywords whose value is a schema or a list of schemas. */
const SCHEMA_VALUES = new Set([
  'items',
  'prefixItems',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'additionalProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/** Beyond this many schema nodes, an input keeps its further references in `$defs`. */
const INLINE_BUDGET = 5_000;

/** The `$defs` name a reference points to, or undefined for any other reference. */
export function referencedName(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith(DEFS)) return undefined;
  const token = decodeURIComponent(ref.slice(DEFS.length));
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A copy of `schema` with `visit` applied to every schema node, children first. */
function mapSchema(schema: unknown, visit: (node: JsonSchema) => JsonSchema): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const copy: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    let mapped = value;
    if (SCHEMA_MAPS.has(keyword) && typeof value === 'object' && value !== null)
      mapped = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, mapSchema(child, visit)]),
      );
    else if (SCHEMA_VALUES.has(keyword))
      mapped = Array.isArray(value)
        ? value.map((child) => mapSchema(child, visit))
        : mapSchema(value, visit);
    Object.defineProperty(copy, keyword, { value: mapped, enumerable: true, writable: true });
  }
  return visit(copy);
}

/** The names of the component schemas `schema` reaches, through one another. */
function reachedNames(schema: unknown, schemas: Record<string, JsonSchema>): string[] {
  const reached = new Set<string>();
  const pending = [schema];
  while (pending.length) {
    mapSchema(pending.pop(), (node) => {
      const name = referencedName(node.$ref);
      if (name !== undefined && !reached.has(name) && Object.hasOwn(schemas, name)) {
        reached.add(name);
        pending.push(schemas[name]);
      }
      return node;
    });
  }
  return [...reached].sort();
}

/** `schema` with a `$defs` holding every component schema it still references. */
function withDefinitions(schema: JsonSchema, schemas: Record<string, JsonSchema>): JsonSchema {
  const names = reachedNames(schema, schemas);
  if (!names.length) return schema;
  return { ...schema, $defs: Object.fromEntries(names.map((name) => [name, schemas[name]])) };
}

/** `schema` with its references inlined, except recursive ones and those past the budget. */
function inlined(schema: unknown, schemas: Record<string, JsonSchema>): unknown {
  let budget = INLINE_BUDGET;
  const expand = (node: unknown, open: readonly string[]): unknown =>
    mapSchema(node, (copy) => {
      budget -= 1;
      const name = referencedName(copy.$ref);
      if (name === undefined || !Object.hasOwn(schemas, name)) return copy;
      if (open.includes(name) || budget <= 0) return copy;
      const { $ref: _ref, ...siblings } = copy;
      const target = expand(schemas[name], [...open, name]) as JsonSchema;
      // The reference's own annotations (a property's description) win over the component's.
      return { ...target, ...siblings };
    });
  return expand(schema, []);
}

/** The input schema a tool is listed with: one flat object of its arguments. */
export function inputSchemaOf(
  tool: ToolDefinition,
  schemas: Record<string, JsonSchema>,
): JsonSchema & { type: 'object' } {
  const root: JsonSchema = {
    type: 'object',
    properties: tool.input.properties,
    ...(tool.input.required.length ? { required: [...tool.input.required] } : {}),
    additionalProperties: false,
  };
  return { ...withDefinitions(inlined(root, schemas) as JsonSchema, schemas), type: 'object' };
}

/** What an output schema leaves out (see the module's comment). */
function forOutput(node: JsonSchema): JsonSchema {
  const { format: _format, examples: _examples, ...rest } = node;
  return rest;
}

/** The output schema a tool is listed with, or undefined when it answers with text only. */
export function outputSchemaOf(
  tool: ToolDefinition,
  schemas: Record<string, JsonSchema>,
): (JsonSchema & { type: 'object' }) | undefined {
  if (tool.output === undefined) return undefined;
  const root = mapSchema(tool.output.schema, forOutput) as JsonSchema;
  const used = Object.fromEntries(
    reachedNames(root, schemas).map((name) => [name, mapSchema(schemas[name], forOutput)]),
  ) as Record<string, JsonSchema>;
  return { ...withDefinitions(root, used), type: 'object' };
}
