/**
 * The two ways zod 4 spells the same schema. Classic zod (`zod`) chains methods:
 * `z.string().min(1).optional()`. zod/mini (`zod/mini`) is functional, `z.optional(z.string().check(z.minLength(1)))`,
 * so that a bundler keeps only the functions a schema calls: classic zod cannot be tree-shaken
 * (about 25 kB gzipped in any bundle that validates), zod/mini costs a few kB. The public `./zod`
 * export is classic (users chain and compose it); the client's own validators are mini
 * (`validators.ts`). Every printer asks its flavour how to write a wrapper or a check, so the
 * schema logic exists once and the two modules cannot drift apart.
 */

/** A check on a value of a schema, named as zod/mini's check functions are. */
export interface Check {
  kind:
    | 'minLength'
    | 'maxLength'
    | 'gte'
    | 'gt'
    | 'lte'
    | 'lt'
    | 'multipleOf'
    | 'regex'
    | 'refine'
    | 'superRefine';
  /** The arguments as source (`1`, `/^a$/`, `(value) => ..., { message: '...' }`). */
  args: string;
}

export interface ZodFlavour {
  name: 'classic' | 'mini';
  /** Where `z` is imported from. */
  module: string;
  /** zod's type of any schema in this flavour (`z.ZodType<Output, Input>`). */
  schemaType: string;
  optional(expression: string): string;
  nullable(expression: string): string;
  /** A scalar default handed out as is, or an object default parsed as input (`prefault`). */
  withDefault(input: { expression: string; method: 'default' | 'prefault'; value: string }): string;
  /** `expression` with `checks` applied, in order; the expression itself when there are none. */
  checked(expression: string, checks: readonly Check[]): string;
  /** A tuple of `prefix` items followed by any number of `rest` items. */
  tupleWithRest(input: { prefix: string; rest: string }): string;
  /** An object that also takes keys it does not name, each valid against `extra`. */
  catchall(input: { object: string; extra: string }): string;
  /** `schema` applied to what `transform` makes of the input. */
  preprocess(input: { transform: string; schema: string }): string;
}

/** Classic zod's method for each check (`.min(1)` for a length, as on strings and arrays). */
const CLASSIC_METHODS: Record<Check['kind'], string> = {
  minLength: 'min',
  maxLength: 'max',
  gte: 'gte',
  gt: 'gt',
  lte: 'lte',
  lt: 'lt',
  multipleOf: 'multipleOf',
  regex: 'regex',
  refine: 'refine',
  superRefine: 'superRefine',
};

export const CLASSIC: ZodFlavour = {
  name: 'classic',
  module: 'zod',
  schemaType: 'ZodType',
  optional: (expression) => `${expression}.optional()`,
  nullable: (expression) => `${expression}.nullable()`,
  withDefault: ({ expression, method, value }) => `${expression}.${method}(${value})`,
  checked: (expression, checks) =>
    checks.reduce(
      (text, check) => `${text}.${CLASSIC_METHODS[check.kind]}(${check.args})`,
      expression,
    ),
  tupleWithRest: ({ prefix, rest }) => `z.tuple([${prefix}]).rest(${rest})`,
  catchall: ({ object, extra }) => `${object}.catchall(${extra})`,
  preprocess: ({ transform, schema }) => `z.preprocess(${transform}, ${schema})`,
};

export const MINI: ZodFlavour = {
  name: 'mini',
  module: 'zod/mini',
  schemaType: 'ZodMiniType',
  optional: (expression) => `z.optional(${expression})`,
  nullable: (expression) => `z.nullable(${expression})`,
  // zod/mini names the default wrapper `_default` (`default` is a reserved word for its exports).
  withDefault: ({ expression, method, value }) =>
    `z.${method === 'default' ? '_default' : 'prefault'}(${expression}, ${value})`,
  checked: (expression, checks) =>
    checks.length
      ? `${expression}.check(${checks.map((check) => `z.${check.kind}(${check.args})`).join(', ')})`
      : expression,
  tupleWithRest: ({ prefix, rest }) => `z.tuple([${prefix}], ${rest})`,
  catchall: ({ object, extra }) => `z.catchall(${object}, ${extra})`,
  preprocess: ({ transform, schema }) => `z.pipe(z.transform(${transform}), ${schema})`,
};
