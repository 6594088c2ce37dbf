/**
 * The one printer of values as TypeScript expressions, for every emitter: strings through
 * `stringLiteral` and keys through `objectKey`, so that no spec string can break out of a
 * literal, and a key named `__proto__` defines a property instead of setting the prototype.
 */
import type { Validator } from '@zapgen/runtime';
import type { JsonValue } from '../../model/types.js';
import { propertyKey, stringLiteral } from './identifiers.js';

/** A piece of TypeScript written as is (a reference such as `validators.body`). */
export class Code {
  constructor(readonly text: string) {}
}

/** A value to print: JSON-like data whose `undefined` members are left out, and `Code` written verbatim. */
export type Printable =
  | Code
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly Printable[]
  | { readonly [key: string]: Printable };

/**
 * A value of type `T` as an emitter writes it: plain data, where any member may instead be
 * `Code` (an expression such as a validator's name, checked when the generated module is
 * type-checked); a validator can only be `Code`. `T` itself fits it when it holds no validator,
 * so the runtime's own types describe what the emitters print (`Emitted<OperationDefinition>`).
 */
export type Emitted<T> =
  | Code
  | (T extends Validator
      ? never
      : T extends string | number | boolean | null | undefined
        ? T
        : T extends readonly (infer Item)[]
          ? readonly Emitted<Item>[]
          : { readonly [K in keyof T]: Emitted<T[K]> });

/**
 * A key in an object literal expression. `__proto__` is written computed: as a plain or quoted
 * key it would set the object's prototype. (In a type literal a plain key is right: use
 * `propertyKey` there.)
 */
export function objectKey(name: string): string {
  return name === '__proto__' ? `[${stringLiteral(name)}]` : propertyKey(name);
}

/**
 * Names every object type has through `Object.prototype`. A property of an object literal with
 * such a name loses its contextual type when the literal is typed by an index signature
 * (`Record<string, T>`): TypeScript takes the member's own type instead, so `'apiKey'` widens to
 * `string`. A value under such a key says its type itself (`typedEntry`).
 */
export const OBJECT_MEMBERS: ReadonlySet<string> = new Set([
  'constructor',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__proto__',
]);

/**
 * The value of a `Record<string, type>` entry keyed by a spec's name: as is, or with
 * `satisfies type` when the name is one of `Object.prototype`'s members (see above).
 */
export function typedEntry<T>({
  key,
  value,
  type,
}: {
  key: string;
  value: Emitted<T>;
  type: string;
}): Emitted<T> {
  return needsOwnType(key) ? new Code(`${printLiteral(value)} satisfies ${type}`) : value;
}

/** Whether the value under `key` in a `Record<string, T>` literal must state its type (see `typedEntry`). */
export function needsOwnType(key: string): boolean {
  return OBJECT_MEMBERS.has(key);
}

/** `value` as an expression; objects and arrays one member per line, indented from `indent`. */
export function printLiteral(value: Printable, indent = ''): string {
  if (value instanceof Code) return value.text;
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number')
    return !Number.isFinite(value) ? 'null' : Object.is(value, -0) ? '0' : JSON.stringify(value);
  if (typeof value === 'boolean') return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((item: Printable) => `${inner}${printLiteral(item, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as { readonly [key: string]: Printable }).filter(
    ([, member]) => member !== undefined,
  );
  if (!entries.length) return '{}';
  return `{\n${entries.map(([key, member]) => `${inner}${objectKey(key)}: ${printLiteral(member, inner)},`).join('\n')}\n${indent}}`;
}

/**
 * `JSON.parse(\`...\`)`: `value` as JSON data the checker does not look into. An object literal
 * costs every build of the package (and its declaration emit) a type per member, only to be
 * asserted away (`as T`) or related member by member to a declared type; a string costs nothing,
 * and `JSON.parse` of it is the same value (`__proto__` an own property, `-0` and non-finite
 * numbers as `printLiteral` writes them) and loads faster than the literal. Pretty-printed, each
 * line indented from `indent`, so the file stays readable. In the template, `\`, `` ` `` and `$`
 * are escaped: no spec string can end it or interpolate (and JSON escapes every line break inside
 * a string, so the lines are JSON's own).
 */
export function jsonData(value: JsonValue, indent: string): string {
  const json = JSON.stringify(value, null, 2) ?? 'null';
  const escaped = json.replace(/[\\`$]/g, (char) => `\\${char}`);
  return `JSON.parse(\`${escaped.replaceAll('\n', `\n${indent}`)}\`)`;
}
