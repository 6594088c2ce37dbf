import type { SchemaModel } from '../../model/types.js';
import { stringLiteral } from '../shared/identifiers.js';
import { OBJECT_MEMBERS, objectKey } from '../shared/literal.js';
import type { ZodContext } from './context.js';
import type { Check } from './flavour.js';
import { effectiveDefault } from './defaults.js';
import { unicodePattern } from '../../json/pattern.js';

type ObjectSchemaModel = Extract<SchemaModel, { kind: 'object' }>;
type Print = (schema: SchemaModel, context: ZodContext) => string;

/** The zod shape (`{ id: z.string(), tag: z.string().optional() }`) of an object's properties. */
export function shapeExpression(
  properties: ObjectSchemaModel['properties'],
  context: ZodContext,
  print: Print,
): string {
  if (!properties.length) return '{}';
  const entries = properties.map(({ name, required, schema }) => {
    // A default already makes the key optional on input (and present on output). A required
    // property must be present whatever its default says (JSON Schema's \`required\`, and the
    // generated types), so its default is not applied.
    const printed = print(
      required && schema.default ? { ...schema, default: undefined } : schema,
      context,
    );
    const value =
      !required && !effectiveDefault(schema, context) ? context.flavour.optional(printed) : printed;
    if (!OBJECT_MEMBERS.has(name)) return `${objectKey(name)}: ${value}`;
    // zod reads \`input[name]\`: for a name of Object.prototype's, a value the data does not have is
    // inherited (\`Object\` for \`constructor\`). \`ownMember\` turns that back into "absent".
    context.useHelper('ownMember');
    return `${objectKey(name)}: ${context.flavour.preprocess({ transform: `ownMember(${stringLiteral(name)})`, schema: value })}`;
  });
  return `{ ${entries.join(', ')} }`;
}

/** How an object treats keys it does not name: open, closed, or typed. */
export function additionalOf(schema: ObjectSchemaModel): boolean | SchemaModel {
  const extra = schema.additionalProperties;
  if (typeof extra === 'boolean') return extra;
  if (extra.kind === 'unknown' && !extra.nullable) return true;
  if (extra.kind === 'never') return false;
  return extra;
}

/**
 * Objects: `z.looseObject` when open (unknown keys accepted and kept), `z.strictObject` when closed,
 * `.catchall()`/`z.record()` when extra values are typed. `patternProperties`, `propertyNames` and
 * the property counts become refinements.
 */
export function objectExpression(
  schema: ObjectSchemaModel,
  context: ZodContext,
  print: Print,
): string {
  const shape = shapeExpression(schema.properties, context, print);
  const extra = additionalOf(schema);
  const patterns = (schema.patternProperties ?? []).flatMap(({ pattern, schema: value }) => {
    const source = unicodePattern(pattern);
    return source === undefined ? [] : [{ pattern: source, schema: value }];
  });
  const { flavour } = context;
  const checks: Check[] = [];
  let expression: string;
  if (patterns.length) {
    // Keys matching a pattern are exempt from `additionalProperties`: the refinement checks both.
    context.useHelper('patternPropertiesMatch');
    const list = patterns.map(
      ({ pattern, schema: value }) =>
        `[new RegExp(${stringLiteral(pattern)}, 'u'), ${print(value, context)}]`,
    );
    const known = schema.properties.map(({ name }) => stringLiteral(name));
    const rest = typeof extra === 'boolean' ? String(extra) : print(extra, context);
    expression = `z.looseObject(${shape})`;
    checks.push({
      kind: 'refine',
      args: `patternPropertiesMatch({ patterns: [${list.join(', ')}], known: [${known.join(', ')}], additional: ${rest} }), { message: 'Expected properties to match patternProperties and additionalProperties' }`,
    });
  } else if (extra === true) {
    expression = `z.looseObject(${shape})`;
  } else if (extra === false) {
    expression = `z.strictObject(${shape})`;
  } else if (schema.properties.length) {
    expression = flavour.catchall({ object: `z.object(${shape})`, extra: print(extra, context) });
  } else {
    expression = `z.record(z.string(), ${print(extra, context)})`;
  }
  if (schema.propertyNames) {
    context.useHelper('keysMatch');
    checks.push({
      kind: 'refine',
      args: `keysMatch(${print(schema.propertyNames, context)}), { message: 'Expected property names to match propertyNames' }`,
    });
  }
  // A closed object refuses them already; an open one would keep a writeOnly value that leaked.
  if (extra !== false) {
    for (const name of schema.writeOnlyOmitted ?? []) {
      checks.push({
        kind: 'refine',
        args: `(value) => !Object.prototype.hasOwnProperty.call(value, ${stringLiteral(name)}), { message: 'Expected no writeOnly property in a response', path: [${stringLiteral(name)}] }`,
      });
    }
  }
  if (schema.minProperties !== undefined) {
    checks.push({
      kind: 'refine',
      args: `(value) => Object.keys(value).length >= ${schema.minProperties}, { message: 'Expected at least ${schema.minProperties} properties' }`,
    });
  }
  if (schema.maxProperties !== undefined) {
    checks.push({
      kind: 'refine',
      args: `(value) => Object.keys(value).length <= ${schema.maxProperties}, { message: 'Expected at most ${schema.maxProperties} properties' }`,
    });
  }
  expression = flavour.checked(expression, checks);
  if ((schema.patternProperties ?? []).length > patterns.length) {
    expression += ' /* patternProperties skipped: not valid JavaScript regular expressions */';
  }
  return expression;
}
