/**
 * Turning wire strings back into parameter values: the inverse of the client's serialization,
 * per OpenAPI style and explode, guided by each parameter's value shape.
 */
import type {
  OperationDefinition,
  ParameterDefinition,
  ParameterLocation,
  ValueShape,
} from '../definition.js';
import { ownValue, setOwn } from '../own.js';

export type ParameterGroups = Partial<Record<ParameterLocation, Record<string, unknown>>>;

/** What the server received, before parsing. */
export interface RawParameters {
  pathValues: Record<string, string>;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
}

const DELIMITERS: Partial<Record<ParameterDefinition['style'], string>> = {
  form: ',',
  simple: ',',
  spaceDelimited: ' ',
  pipeDelimited: '|',
};

/**
 * Converts one wire string to the JSON type its shape asks for; leaves it as is when it does not
 * fit. An integer beyond 2^53 is an exact `bigint` (`exactIntegers` says who keeps it).
 */
export function coerce(value: string, shape: ValueShape | undefined): unknown {
  switch (shape?.type) {
    case 'integer':
    case 'number': {
      if (value.trim() === '') return value;
      const number = Number(value);
      if (shape.type === 'integer' && !Number.isSafeInteger(number) && /^\s*-?\d+\s*$/.test(value))
        return BigInt(value.trim());
      return Number.isFinite(number) ? number : value;
    }
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    case 'null':
      return value === '' || value === 'null' ? null : value;
    default:
      return value;
  }
}

function itemShape(shape: ValueShape | undefined): ValueShape | undefined {
  return shape?.type === 'array' ? shape.items : undefined;
}

function propertyShape(shape: ValueShape | undefined, key: string): ValueShape | undefined {
  if (shape?.type !== 'object') return undefined;
  return ownValue(shape.properties, key) ?? shape.additional;
}

/** `k1,v1,k2,v2` (explode false) or `k1=v1,k2=v2` (explode true) into an object. */
function pairsToObject(
  parts: string[],
  exploded: boolean,
  shape: ValueShape | undefined,
): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  if (exploded) {
    for (const part of parts) {
      const at = part.indexOf('=');
      if (at < 0) continue;
      const key = part.slice(0, at);
      setOwn(object, key, coerce(part.slice(at + 1), propertyShape(shape, key)));
    }
  } else {
    for (let index = 0; index + 1 < parts.length; index += 2) {
      const key = parts[index] ?? '';
      setOwn(object, key, coerce(parts[index + 1] ?? '', propertyShape(shape, key)));
    }
  }
  return object;
}

/** A delimited string (path, header, or exploded=false query value) into a value of its shape. */
function fromDelimited(text: string, parameter: ParameterDefinition, delimiter: string): unknown {
  const shape = parameter.shape;
  if (shape?.type === 'array') {
    return text === '' ? [] : text.split(delimiter).map((item) => coerce(item, itemShape(shape)));
  }
  if (shape?.type === 'object')
    return pairsToObject(text === '' ? [] : text.split(delimiter), parameter.explode, shape);
  return coerce(text, shape);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function parsePath(raw: string, parameter: ParameterDefinition): unknown {
  const { name, style, explode, shape } = parameter;
  let text = raw;
  let delimiter = ',';
  if (style === 'label') {
    text = text.replace(/^\./, '');
    if (explode) delimiter = '.';
  } else if (style === 'matrix') {
    text = text.startsWith(`;${name}=`) ? text.slice(name.length + 2) : text.replace(/^;/, '');
    if (explode) delimiter = `;${name}=`;
  }
  if (shape?.type === 'array' || shape?.type === 'object') {
    const parts = text === '' ? [] : text.split(delimiter).map(decode);
    return shape.type === 'array'
      ? parts.map((part) => coerce(part, shape.items))
      : pairsToObject(parts, explode, shape);
  }
  return coerce(decode(text), shape);
}

/** Query keys that belong to some other declared parameter of the operation. */
function claimedKeys(operation: OperationDefinition, except: ParameterDefinition): Set<string> {
  return new Set(
    operation.parameters
      .filter((p) => p.in === 'query' && p !== except && !p.keyPrefix)
      .map((p) => p.name),
  );
}

function parseQuery(
  query: URLSearchParams,
  parameter: ParameterDefinition,
  operation: OperationDefinition,
): unknown {
  const { name, shape, style, explode } = parameter;
  if (parameter.contentType) {
    const text = query.get(name);
    if (text === null) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  if (
    parameter.keyPrefix !== undefined ||
    (shape?.type === 'object' && style === 'form' && explode)
  ) {
    const prefix = parameter.keyPrefix ?? '';
    // Without a prefix, the object's keys are every query key no other parameter declares.
    const claimed = prefix ? new Set<string>() : claimedKeys(operation, parameter);
    const object: Record<string, unknown> = {};
    for (const [key, value] of query) {
      if (!key.startsWith(prefix) || claimed.has(key)) continue;
      const property = key.slice(prefix.length);
      setOwn(object, property, coerce(value, propertyShape(shape, property)));
    }
    return Object.keys(object).length ? object : undefined;
  }
  if (style === 'deepObject') {
    const object: Record<string, unknown> = {};
    const prefix = `${name}[`;
    for (const [key, value] of query) {
      if (!key.startsWith(prefix) || !key.endsWith(']')) continue;
      const property = key.slice(prefix.length, -1);
      setOwn(object, property, coerce(value, propertyShape(shape, property)));
    }
    return Object.keys(object).length ? object : undefined;
  }
  const values = query.getAll(name);
  if (!values.length) return undefined;
  if (shape?.type === 'array' && explode && style === 'form')
    return values.map((value) => coerce(value, shape.items));
  return fromDelimited(values[values.length - 1] ?? '', parameter, DELIMITERS[style] ?? ',');
}

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), decode(part.slice(at + 1).trim()));
  }
  return cookies;
}

function headerValue(headers: RawParameters['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * `value` with the exact `bigint`s that `coerce` read kept where the operation's validators take
 * them (`transformers.bigint`: its codecs), else as the numbers `JSON.parse` would have given.
 */
export function exactIntegers(operation: OperationDefinition, value: unknown): unknown {
  if (operation.codecs !== undefined) return value;
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map((item) => exactIntegers(operation, item));
  if (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    const object: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      setOwn(object, key, exactIntegers(operation, item));
    return object;
  }
  return value;
}

/** Parses every declared parameter of the operation; absent ones are left out. */
export function deserializeParameters(
  operation: OperationDefinition,
  raw: RawParameters,
): ParameterGroups {
  const groups: ParameterGroups = {};
  const cookies = parseCookies(headerValue(raw.headers, 'cookie'));
  for (const parameter of operation.parameters) {
    let value: unknown;
    switch (parameter.in) {
      case 'path': {
        const text = ownValue(raw.pathValues, parameter.name);
        value = text === undefined ? undefined : parsePath(text, parameter);
        break;
      }
      case 'query':
        value = parseQuery(raw.query, parameter, operation);
        break;
      case 'header': {
        const text = headerValue(raw.headers, parameter.name);
        value = text === undefined ? undefined : fromDelimited(text, parameter, ',');
        break;
      }
      case 'cookie': {
        const text = cookies.get(parameter.name);
        value = text === undefined ? undefined : fromDelimited(text, parameter, ',');
        break;
      }
    }
    if (value === undefined) continue;
    (groups[parameter.in] ??= {})[parameter.name] = exactIntegers(operation, value);
  }
  return groups;
}
