import type { JsonValue, SchemaModel } from '../../model/types.js';
import { propertyKey, stringLiteral } from '../shared/identifiers.js';
import { OBJECT_MEMBERS, printLiteral } from '../shared/literal.js';
import type { ZodContext } from './context.js';
import { effectiveDefault, unionVariants } from './defaults.js';
import { discriminatorOf } from './discriminator.js';
import { numberBase, stringBaseType } from './formats.js';
import { beyondSafeIntegers } from '../../model/fits.js';
import { isPrimitive } from '../../json/value.js';
import { additionalOf } from './objects.js';
import { intersectionPlan } from './intersection.js';
import { codecOf, codecType } from './codecs.js';
import { unicodePattern } from '../../json/pattern.js';

/**
 * Classic zod's schema type of `zodExpression(schema)` (`z.ZodObject<{ id: z.ZodString; owner:
 * typeof UserSchema }, z.core.$loose>`), a component schema const's annotation where it names
 * another schema (`componentAnnotation`), or `undefined` for a construct it does not spell
 * (`z.preprocess` pipes, the `Blob` union): that const keeps its inferred type.
 *
 * Why: inferred, a const's type is written out in `zod.d.ts` with every referenced component
 * schema expanded in place, recursively (GitHub: 16.8 MB, and a consumer with `skipLibCheck:
 * false` spends most of its time checking it). Annotated, a reference stays `typeof UserSchema`.
 * The annotation is the very type zod infers (`zod-type.test.ts` asserts both ways, per construct),
 * so users' `z.infer`, `.shape` and `.extend` see no difference. Keep in step with `expression.ts`,
 * `objects.ts` and `flavour.ts`'s `CLASSIC` (every check method there returns `this`).
 */
export function zodType(schema: SchemaModel, context: ZodContext): string | undefined {
  try {
    const type = typeOf(schema, context);
    return typeDepth(type) > MAX_TYPE_DEPTH ? undefined : type;
  } catch (error) {
    if (error instanceof Unspelled) return undefined;
    throw error;
  }
}

/**
 * How deeply an annotation may nest type arguments. tsc compares the annotation with the
 * initializer's type level by level and gives up with TS2321 ("Excessive stack depth comparing
 * types") past about 70 (an inline object nested 35 deep, with a reference at the bottom, which
 * valid specs write: the battery's and the generality corpus' deep specs). Deeper consts keep
 * their inferred type, as they did before annotations.
 */
const MAX_TYPE_DEPTH = 48;

/** The deepest nesting of `<…>` in a printed type, not counting brackets inside string literals. */
function typeDepth(type: string): number {
  let depth = 0;
  let deepest = 0;
  let quote: string | undefined;
  for (let index = 0; index < type.length; index += 1) {
    const char = type[index];
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '<') deepest = Math.max(deepest, (depth += 1));
    else if (char === '>') depth -= 1;
  }
  return deepest;
}

/**
 * The annotation of a component schema's const: its `zodType`, only when that names another
 * component schema (`typeof UserSchema`), else `undefined`. A leaf's inferred type is written in
 * `zod.d.ts` exactly as annotated, so the annotation would change nothing there, yet tsc checks
 * every annotated initializer against it (~12 ms a const; 447 of GitHub's 969 consts are leaves).
 */
export function componentAnnotation(schema: SchemaModel, context: ZodContext): string | undefined {
  let namesComponent = false;
  const type = zodType(schema, {
    ...context,
    constName: (name) => {
      namesComponent = true;
      return context.constName(name);
    },
    // A shared schema's const is named like a component's (`typeof $ref_A_properties_b`).
    ...(context.sharedConst && {
      sharedConst: (node, inner) => {
        const name = context.sharedConst!(node, inner);
        if (name !== undefined) namesComponent = true;
        return name;
      },
    }),
  });
  return namesComponent ? type : undefined;
}

/** A construct whose type is not spelled here: the const's type is left to inference. */
class Unspelled extends Error {}

function typeOf(schema: SchemaModel, context: ZodContext): string {
  const shared = context.sharedConst?.(schema, context);
  if (shared !== undefined) return `typeof ${shared}`;
  let type = baseType(schema, context);
  const codec = codecOf(schema, context);
  if (codec) type = codecType({ plan: codec, wire: type });
  if (schema.nullable && schema.kind !== 'null') type = `z.ZodNullable<${type}>`;
  const fallback = effectiveDefault(schema, context);
  if (fallback) {
    const prefault = codec || (fallback.value !== null && typeof fallback.value === 'object');
    type = `z.${prefault ? 'ZodPrefault' : 'ZodDefault'}<${type}>`;
  }
  return type;
}

const NUMBER_TYPES: Record<string, string> = {
  'z.number()': 'z.ZodNumber',
  'z.int()': 'z.ZodInt',
  'z.int32()': 'z.ZodInt32',
};

function baseType(schema: SchemaModel, context: ZodContext): string {
  switch (schema.kind) {
    case 'ref': {
      if (!context.lookup(schema.name)) return 'z.ZodNever';
      const reference = `typeof ${context.constName(schema.name)}`;
      return context.isDeferred(schema.name) ? `z.ZodLazy<${reference}>` : reference;
    }
    case 'string': {
      const type = stringBaseType(schema.format, context.binaryAsBlob);
      if (type === undefined) throw new Unspelled();
      return type;
    }
    case 'number': {
      const { base } = numberBase({
        integer: schema.integer,
        format: schema.format,
        beyondSafeIntegers: beyondSafeIntegers(schema),
      });
      const type = NUMBER_TYPES[base];
      if (type === undefined) throw new Unspelled();
      return type;
    }
    case 'boolean':
      return 'z.ZodBoolean';
    case 'null':
      return 'z.ZodNull';
    case 'unknown':
      return 'z.ZodUnknown';
    case 'never':
      return 'z.ZodNever';
    case 'array': {
      if (!schema.prefixItems?.length) return `z.ZodArray<${typeOf(schema.items, context)}>`;
      const prefix = schema.prefixItems.map((item) => typeOf(item, context)).join(', ');
      const rest = schema.items.kind === 'never' ? 'null' : typeOf(schema.items, context);
      return `z.ZodTuple<[${prefix}], ${rest}>`;
    }
    case 'object':
      return objectType(schema, context);
    case 'union': {
      const variants = unionVariants(schema).map((variant) => typeOf(variant, context));
      if (variants.length === 0) return 'z.ZodNever';
      if (variants.length === 1) return variants[0]!;
      const discriminator = discriminatorOf(schema, context);
      if (discriminator)
        return `z.ZodDiscriminatedUnion<[${variants.join(', ')}], ${stringLiteral(discriminator)}>`;
      return `z.${schema.mode === 'oneOf' ? 'ZodXor' : 'ZodUnion'}<readonly [${variants.join(', ')}]>`;
    }
    case 'intersection': {
      const plan = intersectionPlan(schema, context);
      // Defaults of the parts are filled in by a `z.preprocess` pipe.
      if (plan.defaults) throw new Unspelled();
      const [first, ...rest] = plan.parts.map((part) => typeOf(part, context));
      if (first === undefined) return 'z.ZodUnknown';
      return rest.reduce((left, right) => `z.ZodIntersection<${left}, ${right}>`, first);
    }
    case 'enum':
      return valuesType(schema.values);
    case 'const':
      return valuesType([schema.value]);
  }
}

function objectType(schema: Extract<SchemaModel, { kind: 'object' }>, context: ZodContext): string {
  const members = schema.properties.map(({ name, required, schema: value }) => {
    // Read through `ownMember`'s `z.preprocess` (objects.ts).
    if (OBJECT_MEMBERS.has(name)) throw new Unspelled();
    // A required property's default is not applied (objects.ts).
    const type = typeOf(
      required && value.default ? { ...value, default: undefined } : value,
      context,
    );
    const optional = !required && !effectiveDefault(value, context);
    return `${propertyKey(name)}: ${optional ? `z.ZodOptional<${type}>` : type}`;
  });
  const shape = members.length ? `{ ${members.join('; ')} }` : '{}';
  const extra = additionalOf(schema);
  // Valid `patternProperties` make the object loose, checked by a refinement (objects.ts).
  const patterns = (schema.patternProperties ?? []).filter(
    ({ pattern }) => unicodePattern(pattern) !== undefined,
  );
  if (patterns.length || extra === true) return `z.ZodObject<${shape}, z.core.$loose>`;
  if (extra === false) return `z.ZodObject<${shape}, z.core.$strict>`;
  const extraType = typeOf(extra, context);
  return schema.properties.length
    ? `z.ZodObject<${shape}, z.core.$catchall<${extraType}>>`
    : `z.ZodRecord<z.ZodString, ${extraType}>`;
}

/** `z.enum` of strings, `z.literal` of other primitives, `z.unknown()` refined otherwise. */
function valuesType(values: JsonValue[]): string {
  if (values.length === 0) return 'z.ZodNever';
  if (values.every((value) => typeof value === 'string')) {
    const keys = [...new Set(values as string[])].map(
      (value) => `${propertyKey(value)}: ${stringLiteral(value)}`,
    );
    return `z.ZodEnum<{ ${keys.join('; ')} }>`;
  }
  if (values.every(isPrimitive))
    return `z.ZodLiteral<${values.map((value) => printLiteral(value)).join(' | ')}>`;
  return 'z.ZodUnknown';
}
