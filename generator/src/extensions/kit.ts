/**
 * What the `x-zapgen-*` extension schemas are written with: zod schemas whose every failure reads
 * as a linter message about one field ("intervalMs must be an integer >= 1", at that field), and
 * whose output is what the model keeps. `problemsOf` is the linter's reading of a schema,
 * `readWith` the model's: one schema, two readers that cannot disagree.
 */
import { z } from 'zod';
import { isObject, setOwn } from '../json/pointer.js';
import { toJson, type JsonValue } from '../json/value.js';

/** A failure of an extension value: where in the value (keys and indexes), and what is wrong. */
export interface Problem {
  path: (string | number)[];
  message: string;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
};

/**
 * The message of an issue the schema does not word itself: the phrase that follows the field's
 * name. Helpers below word the rest (lists, integers, objects, kinds).
 */
function phrase(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? 'must be a non-empty string'
        : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return undefined;
  }
}

/** How every extension schema is parsed, the nested parses of the helpers below included. */
const PARSE = { error: phrase } as const;

/** The output of `schema` for `value`, or undefined when it does not fit (the linter says why). */
export function readWith<T>(schema: z.ZodType<T>, value: unknown): T | undefined {
  if (value === undefined) return undefined;
  const result = schema.safeParse(value, PARSE);
  return result.success ? result.data : undefined;
}

/** Every way `value` fails `schema`, located in the value; `name` labels the value itself. */
export function problemsOf(schema: z.ZodType, value: unknown, name: string): Problem[] {
  const result = schema.safeParse(value, PARSE);
  if (result.success) return [];
  return result.error.issues.flatMap((issue): Problem[] => {
    const path = issue.path.map((key) => (typeof key === 'number' ? key : String(key)));
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: [...path, key],
        message: `unknown field "${key}" ${issue.message}`,
      }));
    }
    const last = path[path.length - 1];
    if (last !== undefined && !present(value, path)) {
      return [
        {
          path: path.slice(0, -1),
          message: `missing required field "${String(last)}" (it ${issue.message})`,
        },
      ];
    }
    return [{ path, message: `${label(path, name)} ${issue.message}` }];
  });
}

/** Whether `path` leads to a value in `root` (own keys only). */
function present(root: unknown, path: readonly (string | number)[]): boolean {
  let node = root;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === 'number' && key < node.length) node = node[key];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return false;
  }
  return node !== undefined;
}

/** The field a path ends at, for messages: `count`, `filters[1]`, or the extension's name. */
function label(path: readonly (string | number)[], name: string): string {
  const last = path[path.length - 1];
  if (last === undefined) return name;
  if (typeof last === 'string') return last;
  const before = path[path.length - 2];
  return `${before === undefined ? name : String(before)}[${last}]`;
}

/* ------------------------------------------------------------------------------------------
 * The vocabulary of the extension schemas.
 * ---------------------------------------------------------------------------------------- */

/** A non-empty string. */
export const nonEmpty = z
  .string({ error: 'must be a non-empty string' })
  .min(1, { error: 'must be a non-empty string' });

/** A JSON pointer into a record or a body: `""` (the whole) or `/a/b`. */
export const jsonPointer = z
  .string({ error: 'must be a JSON pointer ("" or starting with /)' })
  .refine((value) => value === '' || value.startsWith('/'), {
    error: 'must be a JSON pointer ("" or starting with /)',
  });

/** An integer from `minimum` (to `maximum`). */
export function integer(minimum: number, maximum?: number) {
  const error =
    maximum === undefined
      ? `must be an integer >= ${minimum}`
      : `must be an integer from ${minimum} to ${maximum}`;
  const atLeast = z.int({ error }).min(minimum, { error });
  return maximum === undefined ? atLeast : atLeast.max(maximum, { error });
}

/** Any JSON value (a literal of the spec), as the model keeps it; required where it stands. */
export const json: z.ZodType<JsonValue> = z
  .custom<unknown>((value) => value !== undefined, { error: 'must be a value' })
  .transform(toJson);

/** An object of exactly these fields (each optional where its schema says so). */
export function fields<Shape extends z.ZodRawShape>(shape: Shape, what?: string) {
  const names = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `(expected ${names})`
        : issue.code === 'invalid_type'
          ? `must be ${what ?? `an object with ${names}`}`
          : undefined,
  });
}

/** A list of `item`s, at least `minimum` of them; `noun` names them in messages. */
export function listOf<T extends z.ZodType>(
  item: T,
  options: { minimum?: number; noun?: string } = {},
) {
  const { minimum = 0, noun } = options;
  const list =
    minimum === 0 ? 'a list' : minimum === 1 ? 'a non-empty list' : `a list of at least ${minimum}`;
  const error = `must be ${list}${noun ? `${minimum > 1 ? '' : ' of'} ${noun}` : ''}`;
  return z.array(item, { error }).min(minimum, { error });
}

/**
 * An object whose keys are the spec's names and whose values are `item`s. Not `z.record`: that
 * leaves out a key named `__proto__`, which is just a name here.
 */
export function mapOf<T>(item: z.ZodType<T>): z.ZodType<Record<string, T>> {
  return z
    .custom<Record<string, unknown>>(isObject, { error: 'must be an object' })
    .transform((value, context) => {
      const result: Record<string, T> = {};
      for (const [key, member] of Object.entries(value)) {
        const parsed = parseInto({ schema: item, value: member, context, path: [key] });
        if (parsed.ok) setOwn(result, key, parsed.value);
      }
      return result;
    });
}

/**
 * An object read by the schema that `choose` picks from the keys it has (`{ flag }` or
 * `{ some, where }`), or refused with the phrase `choose` returns instead.
 */
export function byKeys<T>(
  what: string,
  choose: (value: Record<string, unknown>) => z.ZodType<T> | string,
): z.ZodType<T> {
  return z
    .custom<Record<string, unknown>>(isObject, { error: `must be ${what}` })
    .transform((value, context) => {
      const chosen = choose(value);
      if (typeof chosen === 'string') {
        context.issues.push({ code: 'custom', message: chosen, input: value });
        return z.NEVER;
      }
      const parsed = parseInto({ schema: chosen, value, context, path: [] });
      return parsed.ok ? parsed.value : z.NEVER;
    });
}

/** An object with a `kind`, read by the member of `options` of that kind. */
export function byKind<
  const Options extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]],
>(options: Options) {
  return z.discriminatedUnion('kind', options, {
    error: (issue) =>
      issue.code === 'invalid_union' && 'options' in issue
        ? `must be one of ${(issue.options as unknown[]).map(String).join(', ')}${
            isObject(issue.input) && issue.input.kind !== undefined
              ? ` (found ${JSON.stringify(issue.input.kind)})`
              : ''
          }`
        : 'must be an object with a kind',
  });
}

/** Parses `value` with `schema` inside another schema's transform, its issues located under `path`. */
function parseInto<T>(input: {
  schema: z.ZodType<T>;
  value: unknown;
  context: z.core.$RefinementCtx;
  path: (string | number)[];
}): { ok: true; value: T } | { ok: false } {
  const result = input.schema.safeParse(input.value, PARSE);
  if (result.success) return { ok: true, value: result.data };
  for (const issue of result.error.issues)
    input.context.issues.push({ ...issue, path: [...input.path, ...issue.path], input: undefined });
  return { ok: false };
}
