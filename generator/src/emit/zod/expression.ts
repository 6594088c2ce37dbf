import type { JsonValue, SchemaModel } from '../../model/types.js';
import { stringLiteral } from '../shared/identifiers.js';
import { effectiveDefault, unionVariants } from './defaults.js';
import { discriminatorOf } from './discriminator.js';
import type { ZodContext } from './context.js';
import type { Check } from './flavour.js';
import { numberBase, stringBase } from './formats.js';
import { beyondSafeIntegers } from '../../model/fits.js';
import { isPrimitive } from '../../json/value.js';
import { printLiteral } from '../shared/literal.js';
import { objectExpression } from './objects.js';
import { intersectionPlan } from './intersection.js';
import { unicodePattern } from '../../json/pattern.js';
import { codecExpression, codecOf } from './codecs.js';

/**
 * The zod expression of a schema: the type and its checks, then `.nullable()`, then its default.
 * Whether a property is optional is its object's business (`objects.ts`).
 *
 * A scalar default is `.default(value)`, handed out as is. An object or array default is
 * `.prefault(value)`, which zod parses like an input: `default: {}` on an object whose own
 * properties have defaults becomes those defaults, as the spec means, and type-checks (zod 4's
 * `.default()` takes the output type, where those properties are required: TS2769).
 */
export function zodExpression(schema: SchemaModel, context: ZodContext): string {
  const shared = context.sharedConst?.(schema, context);
  if (shared !== undefined) return shared;
  const { flavour } = context;
  let expression = baseExpression(schema, context);
  const codec = codecOf(schema, context);
  if (codec) expression = codecExpression({ plan: codec, wire: expression, context });
  if (schema.nullable && schema.kind !== 'null') expression = flavour.nullable(expression);
  const fallback = effectiveDefault(schema, context);
  if (fallback) {
    // A codec's default is its wire value, decoded like an input: `prefault`.
    const method =
      codec || (fallback.value !== null && typeof fallback.value === 'object')
        ? 'prefault'
        : 'default';
    expression = flavour.withDefault({ expression, method, value: printLiteral(fallback.value) });
  }
  return expression;
}

function baseExpression(schema: SchemaModel, context: ZodContext): string {
  switch (schema.kind) {
    case 'ref':
      return refExpression(schema.name, context);
    case 'string':
      return stringExpression(schema, context);
    case 'number': {
      const { base, integral } = numberBase({
        integer: schema.integer,
        format: schema.format,
        beyondSafeIntegers: beyondSafeIntegers(schema),
      });
      const checks: Check[] = integral ? [integral] : [];
      if (schema.minimum !== undefined) checks.push({ kind: 'gte', args: `${schema.minimum}` });
      if (schema.exclusiveMinimum !== undefined)
        checks.push({ kind: 'gt', args: `${schema.exclusiveMinimum}` });
      if (schema.maximum !== undefined) checks.push({ kind: 'lte', args: `${schema.maximum}` });
      if (schema.exclusiveMaximum !== undefined)
        checks.push({ kind: 'lt', args: `${schema.exclusiveMaximum}` });
      if (schema.multipleOf !== undefined && schema.multipleOf > 0)
        checks.push({ kind: 'multipleOf', args: `${schema.multipleOf}` });
      if (schema.excluded?.length) checks.push(exclusionCheck(schema.excluded));
      return context.flavour.checked(base, checks);
    }
    case 'boolean':
      return 'z.boolean()';
    case 'null':
      return 'z.null()';
    case 'unknown':
      return 'z.unknown()';
    case 'never':
      return 'z.never()';
    case 'array':
      return arrayExpression(schema, context);
    case 'object':
      return objectExpression(schema, context, zodExpression);
    case 'union':
      return unionExpression(schema, context);
    case 'intersection':
      return intersectionExpression(schema, context);
    case 'enum':
      return valuesExpression(schema.values, context);
    case 'const':
      return valuesExpression([schema.value], context);
  }
}

/**
 * `allOf`: `z.intersection` of the parts. zod 4 reports a key as unknown only when no part of an
 * intersection knows it, so closed parts (`additionalProperties: false`) accept each other's
 * properties: what spec authors mean and what openapi-typescript's `A & B` says (strict JSON
 * Schema, ajv, would reject such values). Keys no part names, and defaults the parts disagree
 * on, are handled as `intersection.ts` explains.
 */
function intersectionExpression(
  schema: Extract<SchemaModel, { kind: 'intersection' }>,
  context: ZodContext,
): string {
  const plan = intersectionPlan(schema, context);
  const [first, ...rest] = plan.parts.map((part) => zodExpression(part, context));
  if (first === undefined) return 'z.unknown()';
  let expression = rest.reduce((left, right) => `z.intersection(${left}, ${right})`, first);
  const { flavour } = context;
  if (plan.closedTo) {
    context.useHelper('onlyKnownKeys');
    const known = plan.closedTo.known.map((name) => stringLiteral(name)).join(', ');
    const patterns = plan.closedTo.patterns
      .map((pattern) => `new RegExp(${stringLiteral(pattern)}, 'u')`)
      .join(', ');
    expression = flavour.checked(expression, [
      { kind: 'superRefine', args: `onlyKnownKeys([${known}], [${patterns}])` },
    ]);
  }
  if (plan.defaults) {
    context.useHelper('withDefaults');
    const printPath = (path: string[]) => `[${path.map((key) => stringLiteral(key)).join(', ')}]`;
    const entries = plan.defaults
      .flatMap(({ path, value }) =>
        value === undefined ? [] : [`[${printPath(path)}, ${printLiteral(value)}]`],
      )
      .join(', ');
    const required = plan.defaults
      .flatMap(({ path, value }) => (value === undefined ? [printPath(path)] : []))
      .join(', ');
    expression = flavour.preprocess({
      transform: `withDefaults([${entries}], [${required}])`,
      schema: expression,
    });
  }
  return expression;
}

/** A component reference: its const, or `z.lazy` when the const is declared further down (cycles). */
export function refExpression(name: string, context: ZodContext): string {
  if (!context.lookup(name)) return 'z.never() /* unresolved reference */';
  const constName = context.constName(name);
  return context.isDeferred(name) ? `z.lazy(() => ${constName})` : constName;
}

/** JSON Schema's `not: {enum: [...]}` on an open string or number: those values are rejected. */
function exclusionCheck(excluded: readonly (string | number)[]): Check {
  const listed = printLiteral(excluded);
  return {
    kind: 'refine',
    args: `(value) => !${listed}.includes(value), { message: ${stringLiteral(`Expected none of ${JSON.stringify(excluded)}`)} }`,
  };
}

function stringExpression(
  schema: Extract<SchemaModel, { kind: 'string' }>,
  context: ZodContext,
): string {
  const base = stringBase({
    format: schema.format,
    binaryAsBlob: context.binaryAsBlob,
    flavour: context.flavour,
  });
  if (base.startsWith('z.union')) return base;
  const checks: Check[] = [];
  // zod counts UTF-16 code units where JSON Schema counts code points; equal for BMP text.
  if (schema.minLength !== undefined)
    checks.push({ kind: 'minLength', args: `${schema.minLength}` });
  if (schema.maxLength !== undefined)
    checks.push({ kind: 'maxLength', args: `${schema.maxLength}` });
  const pattern = schema.pattern === undefined ? undefined : unicodePattern(schema.pattern);
  if (pattern !== undefined)
    checks.push({ kind: 'regex', args: `new RegExp(${stringLiteral(pattern)}, 'u')` });
  if (schema.excluded?.length) checks.push(exclusionCheck(schema.excluded));
  const expression = context.flavour.checked(base, checks);
  return schema.pattern !== undefined && pattern === undefined
    ? `${expression} /* pattern skipped: not a valid JavaScript regular expression */`
    : expression;
}

function arrayExpression(
  schema: Extract<SchemaModel, { kind: 'array' }>,
  context: ZodContext,
): string {
  let expression: string;
  const tuple = !!schema.prefixItems?.length;
  if (schema.prefixItems?.length) {
    const prefix = schema.prefixItems.map((item) => zodExpression(item, context)).join(', ');
    expression =
      schema.items.kind === 'never'
        ? `z.tuple([${prefix}])`
        : context.flavour.tupleWithRest({ prefix, rest: zodExpression(schema.items, context) });
  } else {
    expression = `z.array(${zodExpression(schema.items, context)})`;
  }
  const checks: Check[] = [];
  if (schema.minItems !== undefined) {
    checks.push(
      tuple
        ? {
            kind: 'refine',
            args: `(items) => items.length >= ${schema.minItems}, { message: 'Expected at least ${schema.minItems} items' }`,
          }
        : { kind: 'minLength', args: `${schema.minItems}` },
    );
  }
  if (schema.maxItems !== undefined) {
    checks.push(
      tuple
        ? {
            kind: 'refine',
            args: `(items) => items.length <= ${schema.maxItems}, { message: 'Expected at most ${schema.maxItems} items' }`,
          }
        : { kind: 'maxLength', args: `${schema.maxItems}` },
    );
  }
  if (schema.uniqueItems) {
    context.useHelper('hasUniqueItems');
    checks.push({ kind: 'refine', args: `hasUniqueItems, { message: 'Expected unique items' }` });
  }
  return context.flavour.checked(expression, checks);
}

function unionExpression(
  schema: Extract<SchemaModel, { kind: 'union' }>,
  context: ZodContext,
): string {
  const variants = unionVariants(schema).map((variant) => zodExpression(variant, context));
  if (variants.length === 0) return 'z.never()';
  if (variants.length === 1) return variants[0]!;
  const discriminator = discriminatorOf(schema, context);
  if (discriminator)
    return `z.discriminatedUnion(${stringLiteral(discriminator)}, [${variants.join(', ')}])`;
  // `oneOf` means exactly one variant matches: `z.xor`. Its output type is the same union.
  return schema.mode === 'oneOf'
    ? `z.xor([${variants.join(', ')}])`
    : `z.union([${variants.join(', ')}])`;
}

/** `enum`/`const`: `z.enum` for strings, `z.literal` for other primitives, JSON equality otherwise. */
function valuesExpression(values: JsonValue[], context: ZodContext): string {
  if (values.length === 0) return 'z.never()';
  if (values.every((value) => typeof value === 'string')) {
    return `z.enum([${values.map((value) => stringLiteral(value as string)).join(', ')}])`;
  }
  if (values.every(isPrimitive)) {
    const literals = values.map((value) => printLiteral(value));
    return literals.length === 1
      ? `z.literal(${literals[0]})`
      : `z.literal([${literals.join(', ')}])`;
  }
  // Objects and arrays cannot be literals: compare canonical JSON.
  context.useHelper('oneOfJson');
  return context.flavour.checked('z.unknown()', [
    {
      kind: 'refine',
      args: `oneOfJson([${values.map((value) => printLiteral(value)).join(', ')}]), { message: 'Expected one of the allowed values' }`,
    },
  ]);
}
