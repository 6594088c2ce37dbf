import { propertyKey, stringLiteral } from '../shared/identifiers.js';

/** A piece of TypeScript written as is (a reference such as `validators["id"]?.body`). */
export class Code {
  constructor(readonly text: string) {}
}

/** A value to print: JSON-like data, `undefined` members are left out, `Code` is written verbatim. */
export type Printable = Code | string | number | boolean | null | undefined | readonly Printable[] | { readonly [key: string]: Printable };

/**
 * Prints `value` as a TypeScript expression: strings through `stringLiteral`, keys through
 * `propertyKey`, so that no spec string can break out of the literal.
 */
export function printLiteral(value: Printable): string {
  if (value instanceof Code) return value.text;
  if (value === null) return 'null';
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map((item: Printable) => printLiteral(item)).join(', ')}]`;
  const entries = Object.entries(value as { readonly [key: string]: Printable }).filter(([, member]) => member !== undefined);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([key, member]) => `${propertyKey(key)}: ${printLiteral(member)},`).join('\n')}\n}`;
}
