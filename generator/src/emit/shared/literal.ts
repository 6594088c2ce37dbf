/**
 * The one printer of values as TypeScript expressions, for every emitter: strings through
 * `stringLiteral` and keys through `objectKey`, so that no spec string can break out of a
 * literal, and a key named `__proto__` defines a property instead of setting the prototype.
 */
import { propertyKey, stringLiteral } from './identifiers.js';

/** A piece of TypeScript written as is (a reference such as `validators.body`). */
export class Code {
  constructor(readonly text: string) {}
}

/** A value to print: JSON-like data whose `undefined` members are left out, and `Code` written verbatim. */
export type Printable = Code | string | number | boolean | null | undefined | readonly Printable[] | { readonly [key: string]: Printable };

/**
 * A key in an object literal expression. `__proto__` is written computed: as a plain or quoted
 * key it would set the object's prototype. (In a type literal a plain key is right: use
 * `propertyKey` there.)
 */
export function objectKey(name: string): string {
  return name === '__proto__' ? `[${stringLiteral(name)}]` : propertyKey(name);
}

/** `value` as an expression; objects and arrays one member per line, indented from `indent`. */
export function printLiteral(value: Printable, indent = ''): string {
  if (value instanceof Code) return value.text;
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number') return !Number.isFinite(value) ? 'null' : Object.is(value, -0) ? '0' : JSON.stringify(value);
  if (typeof value === 'boolean') return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((item: Printable) => `${inner}${printLiteral(item, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as { readonly [key: string]: Printable }).filter(([, member]) => member !== undefined);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([key, member]) => `${inner}${objectKey(key)}: ${printLiteral(member, inner)},`).join('\n')}\n${indent}}`;
}
