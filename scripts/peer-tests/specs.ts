/**
 * The peers' test specs, made valid OpenAPI. openapi-typescript accepts documents that break the
 * OpenAPI schema (responses without `description`, `operationId` inside a response, `openapi:
 * "3.1"`, optional path parameters, RFC 6570 operators in path templates); zapgen validates
 * first. Each repair is mechanical, keeps the document's meaning, and is reported.
 */
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A response object: a `description` (empty when missing) and no stray `operationId`. */
function repairResponse(response: unknown, where: string, repairs: string[]): void {
  if (!isObject(response) || '$ref' in response) return;
  if (!('description' in response)) {
    response['description'] = '';
    repairs.push(`${where}: added the missing description`);
  }
  if ('operationId' in response) {
    delete response['operationId'];
    repairs.push(`${where}: removed an operationId (not a member of a response object)`);
  }
}

/**
 * A path template written with RFC 6570 operators (`{.name}`, `{;name}`, `{name*}`) becomes
 * plain `{name}`, and the operator becomes the parameter's `style` and `explode`, which is what
 * openapi-fetch reads it as.
 */
function repairTemplate(path: string, item: Json, repairs: string[]): string {
  const styles = new Map<string, { style: string; explode: boolean }>();
  const plain = path.replace(/\{([.;]?)([^{}*]+)(\*?)\}/g, (_whole, operator, name, star) => {
    if (operator !== '' || star !== '')
      styles.set(name, {
        style: operator === '.' ? 'label' : operator === ';' ? 'matrix' : 'simple',
        explode: star === '*',
      });
    return `{${name}}`;
  });
  const parameterLists = [
    item['parameters'],
    ...HTTP_METHODS.map((method) => (item[method] as Json | undefined)?.['parameters']),
  ];
  for (const list of parameterLists) {
    if (!Array.isArray(list)) continue;
    for (const parameter of list) {
      if (!isObject(parameter) || parameter['in'] !== 'path') continue;
      if (parameter['required'] !== true) {
        parameter['required'] = true;
        repairs.push(
          `${path} parameter ${String(parameter['name'])}: required: true (a path parameter always is)`,
        );
      }
      const style = styles.get(String(parameter['name']));
      if (style !== undefined) {
        parameter['style'] = style.style;
        parameter['explode'] = style.explode;
        repairs.push(
          `${path} parameter ${String(parameter['name'])}: template operator as style ${style.style}, explode ${style.explode}`,
        );
      }
    }
  }
  return plain;
}

/** The document of `file`, repaired, and what was repaired. */
export function repairedSpec(file: string): { text: string; repairs: string[] } {
  const document = parse(readFileSync(file, 'utf8')) as Json;
  const repairs: string[] = [];
  if (document['openapi'] === '3.1') {
    document['openapi'] = '3.1.0';
    repairs.push('openapi: "3.1" → "3.1.0"');
  }
  if (!isObject(document['info'])) {
    document['info'] = { title: 'untitled', version: '0' };
    repairs.push('added the missing info');
  }
  const paths = isObject(document['paths']) ? document['paths'] : {};
  const repairedPaths: Json = {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) {
      repairedPaths[path] = item;
      continue;
    }
    const plain = repairTemplate(path, item, repairs);
    if (plain !== path) repairs.push(`${path} → ${plain}`);
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation) || !isObject(operation['responses'])) continue;
      for (const [status, response] of Object.entries(operation['responses']))
        repairResponse(response, `${method.toUpperCase()} ${path} ${status}`, repairs);
    }
    repairedPaths[plain] = item;
  }
  if (isObject(document['paths'])) document['paths'] = repairedPaths;
  const components = isObject(document['components']) ? document['components'] : {};
  if (isObject(components['responses']))
    for (const [name, response] of Object.entries(components['responses']))
      repairResponse(response, `components.responses.${name}`, repairs);
  return { text: stringify(document), repairs };
}
