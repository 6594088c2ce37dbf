import type { ParameterDefinition } from '../definition.js';
import { encodeValue, primitiveText } from './encode.js';

/** A value as styles see it: a primitive, a list, or key/value pairs. */
type Shaped =
  | { kind: 'primitive'; text: string }
  | { kind: 'array'; items: string[] }
  | { kind: 'object'; entries: [string, string][] };

function shape(value: unknown): Shaped {
  if (Array.isArray(value)) return { kind: 'array', items: value.map(primitiveText) };
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined && entry !== null)
      .map(([key, entry]): [string, string] => [key, primitiveText(entry)]);
    return { kind: 'object', entries };
  }
  return { kind: 'primitive', text: primitiveText(value) };
}

/** Value of a parameter defined with `content`: the JSON text, as one primitive. */
function contentShape(parameter: ParameterDefinition, value: unknown): Shaped {
  return {
    kind: 'primitive',
    text:
      typeof value === 'string' && !/json/i.test(parameter.contentType ?? '')
        ? value
        : JSON.stringify(value),
  };
}

function shapeOf(parameter: ParameterDefinition, value: unknown): Shaped {
  return parameter.contentType === undefined ? shape(value) : contentShape(parameter, value);
}

/** Flattens shaped values into `[a, b, c]` for the comma-joined (non-exploded) forms. */
function flat(shaped: Shaped, encode: (text: string) => string): string[] {
  if (shaped.kind === 'primitive') return [encode(shaped.text)];
  if (shaped.kind === 'array') return shaped.items.map(encode);
  return shaped.entries.flatMap(([key, text]) => [encode(key), encode(text)]);
}

/** Serializes a path parameter value (simple, label or matrix), already percent-encoded. */
export function serializePathValue(parameter: ParameterDefinition, value: unknown): string {
  // The common case (`/apps/{app}`: a simple-style string or number) without shaping the value.
  if (
    parameter.style === 'simple' &&
    parameter.contentType === undefined &&
    (typeof value === 'string' || typeof value === 'number')
  )
    return encodeValue(String(value));
  const shaped = shapeOf(parameter, value);
  const encode = (text: string) => encodeValue(text);
  const name = encode(parameter.name);
  switch (parameter.style) {
    case 'label': {
      if (shaped.kind === 'object' && parameter.explode)
        return shaped.entries.map(([key, text]) => `.${encode(key)}=${encode(text)}`).join('');
      if (shaped.kind === 'array' && parameter.explode)
        return shaped.items.map((item) => `.${encode(item)}`).join('');
      return `.${flat(shaped, encode).join(',')}`;
    }
    case 'matrix': {
      if (shaped.kind === 'primitive')
        return shaped.text === '' ? `;${name}` : `;${name}=${encode(shaped.text)}`;
      if (parameter.explode && shaped.kind === 'array')
        return shaped.items.map((item) => `;${name}=${encode(item)}`).join('');
      if (parameter.explode && shaped.kind === 'object')
        return shaped.entries.map(([key, text]) => `;${encode(key)}=${encode(text)}`).join('');
      const joined = flat(shaped, encode).join(',');
      return joined === '' ? `;${name}` : `;${name}=${joined}`;
    }
    default: {
      if (shaped.kind === 'object' && parameter.explode)
        return shaped.entries.map(([key, text]) => `${encode(key)}=${encode(text)}`).join(',');
      return flat(shaped, encode).join(',');
    }
  }
}

/** A parameter's name percent-encoded, computed once per definition. */
const encodedNames = new WeakMap<ParameterDefinition, string>();

function encodedName(parameter: ParameterDefinition): string {
  let name = encodedNames.get(parameter);
  if (name === undefined) {
    name = encodeValue(parameter.name);
    encodedNames.set(parameter, name);
  }
  return name;
}

/**
 * The common case (`?per_page=10`: a string, number or boolean) without shaping the value: every
 * style writes a primitive as `name=value` (already encoded). Undefined for any other value.
 */
export function primitiveQueryPair(
  parameter: ParameterDefinition,
  value: unknown,
): string | undefined {
  if (parameter.contentType !== undefined) return undefined;
  // A safe integer or a boolean is never changed by percent-encoding.
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isSafeInteger(value)))
    return `${encodedName(parameter)}=${value}`;
  if (typeof value === 'string' || typeof value === 'number')
    return `${encodedName(parameter)}=${encodeValue(String(value), parameter.allowReserved === true)}`;
  return undefined;
}

/** Serializes a query parameter into `name=value` pairs (already encoded), one string per pair. */
export function serializeQueryPairs(parameter: ParameterDefinition, value: unknown): string[] {
  const primitive = primitiveQueryPair(parameter, value);
  if (primitive !== undefined) return [primitive];
  const shaped = shapeOf(parameter, value);
  const encode = (text: string) => encodeValue(text, parameter.allowReserved === true);
  const name = encodedName(parameter);
  if (parameter.keyPrefix !== undefined && shaped.kind === 'object') {
    return shaped.entries.map(
      ([key, text]) => `${encodeValue(parameter.keyPrefix + key)}=${encode(text)}`,
    );
  }
  switch (parameter.style) {
    case 'spaceDelimited':
    case 'pipeDelimited': {
      if (shaped.kind === 'primitive') return [`${name}=${encode(shaped.text)}`];
      const separator = parameter.style === 'spaceDelimited' ? '%20' : '|';
      if (parameter.explode && shaped.kind === 'array')
        return shaped.items.map((item) => `${name}=${encode(item)}`);
      return [`${name}=${flat(shaped, encode).join(separator)}`];
    }
    case 'deepObject': {
      if (shaped.kind === 'object')
        return shaped.entries.map(([key, text]) => `${name}[${encodeValue(key)}]=${encode(text)}`);
      if (shaped.kind === 'array') return shaped.items.map((item) => `${name}=${encode(item)}`);
      return [`${name}=${encode(shaped.text)}`];
    }
    default: {
      if (parameter.explode && shaped.kind === 'array')
        return shaped.items.map((item) => `${name}=${encode(item)}`);
      if (parameter.explode && shaped.kind === 'object')
        return shaped.entries.map(([key, text]) => `${encodeValue(key)}=${encode(text)}`);
      return [`${name}=${flat(shaped, encode).join(',')}`];
    }
  }
}

/** Serializes a header parameter value (style simple): no percent-encoding. */
export function serializeHeaderValue(parameter: ParameterDefinition, value: unknown): string {
  const shaped = shapeOf(parameter, value);
  const keep = (text: string) => text;
  if (shaped.kind === 'object' && parameter.explode)
    return shaped.entries.map(([key, text]) => `${key}=${text}`).join(',');
  return flat(shaped, keep).join(',');
}

/** Serializes a cookie parameter (style form) into `name=value` pairs. */
export function serializeCookiePairs(parameter: ParameterDefinition, value: unknown): string[] {
  const shaped = shapeOf(parameter, value);
  const encode = (text: string) => encodeValue(text);
  const name = encodeValue(parameter.name);
  if (parameter.explode && shaped.kind === 'array')
    return shaped.items.map((item) => `${name}=${encode(item)}`);
  if (parameter.explode && shaped.kind === 'object')
    return shaped.entries.map(([key, text]) => `${encodeValue(key)}=${encode(text)}`);
  return [`${name}=${flat(shaped, encode).join(',')}`];
}
