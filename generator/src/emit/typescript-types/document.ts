/**
 * The document around the schemas, in openapi-typescript's public shape: `paths`, `webhooks`,
 * `components` (schemas, responses, parameters, requestBodies, headers, pathItems), `$defs` and
 * `operations`, with its names, JSDoc and optionality rules, so that code written against
 * openapi-typescript's output compiles against zapgen's. One function per OpenAPI object, as
 * openapi-typescript's transforms are.
 */
import type {
  ApiModel,
  HeaderModel,
  HttpMethod,
  MediaTypeModel,
  NamedSchema,
  OperationModel,
  ParameterModel,
  PathItemModel,
  RequestBodyModel,
  ResponseModel,
} from '../../model/types.js';
import { isIdentifier, stringLiteral } from '../shared/identifiers.js';
import { docComment, schemaDoc } from './jsdoc.js';
import { componentType, type SchemaPrinter, type Where } from './schema.js';

export const METHODS: readonly HttpMethod[] = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
];
const LOCATIONS = ['query', 'header', 'path', 'cookie'] as const;
const REQUEST: Where = { defaultsRequired: false };
const RESPONSE: Where = { defaultsRequired: true };

/** A member name as openapi-typescript writes it: a number or an identifier bare, else quoted. */
export function memberKey(name: string): string {
  if (/^(?:0|[1-9]\d*)$/.test(name) && String(Number(name)) === name) return name;
  return isIdentifier(name) ? name : stringLiteral(name);
}

function block(members: readonly string[]): string {
  return `{\n${members.join('\n')}\n}`;
}

export interface DocumentPrinter {
  schemas: SchemaPrinter;
  /** The key under `operations` of each operation listed there. */
  listed: ReadonlyMap<OperationModel, string>;
  /** A schema's type, or `unknown` when printing it failed (recorded by the caller). */
  guard(print: () => string, pointer: string): string;
}

export function parametersType(
  parameters: readonly ParameterModel[],
  printer: DocumentPrinter,
): string {
  const groups = LOCATIONS.map((location) => {
    const inLocation = parameters.filter((parameter) => parameter.in === location);
    if (!inLocation.length) return `${location}?: never;`;
    const optional = (parameter: ParameterModel) => location !== 'path' && !parameter.required;
    const members = inLocation.map((parameter) => {
      const type =
        parameter.component !== undefined
          ? componentType('parameters', parameter.component)
          : printer.guard(
              () => printer.schemas.print(parameter.schema, REQUEST),
              parameter.pointer,
            );
      const doc = docComment({
        ...(parameter.deprecated && { deprecated: true }),
        ...(parameter.description !== undefined && { description: parameter.description }),
        ...(parameter.example !== undefined && { examples: [parameter.example] }),
      });
      return `${doc}${memberKey(parameter.name)}${optional(parameter) ? '?' : ''}: ${type};`;
    });
    return `${location}${inLocation.every(optional) ? '?' : ''}: ${block(members)};`;
  });
  return block(groups);
}

function contentType(content: readonly MediaTypeModel[], where: Where, printer: DocumentPrinter) {
  return block(
    content.map((media) => {
      const type = media.schemaless
        ? 'unknown'
        : printer.guard(() => printer.schemas.print(media.schema, where), media.pointer);
      return `${memberKey(media.mediaType)}: ${type};`;
    }),
  );
}

export function requestBodyType(body: RequestBodyModel, printer: DocumentPrinter): string {
  const content = body.content.length
    ? contentType(body.content, REQUEST, printer)
    : '{\n"*/*"?: never;\n}';
  return `{\ncontent: ${content};\n}`;
}

export function headerType(header: HeaderModel, printer: DocumentPrinter, pointer: string): string {
  return printer.guard(() => printer.schemas.print(header.schema, RESPONSE), pointer);
}

export function responseType(response: ResponseModel, printer: DocumentPrinter): string {
  const headers = response.headers.map((header) => {
    const optional = header.component === undefined && !header.required;
    const type =
      header.component !== undefined
        ? componentType('headers', header.component)
        : headerType(header, printer, '');
    const doc = docComment({
      ...(header.deprecated && { deprecated: true }),
      ...(header.description !== undefined && { description: header.description }),
    });
    return `${doc}${memberKey(header.name)}${optional ? '?' : ''}: ${type};`;
  });
  headers.push('[name: string]: unknown;');
  const content = response.content.length
    ? `content: ${contentType(response.content, RESPONSE, printer)};`
    : 'content?: never;';
  return `{\nheaders: ${block(headers)};\n${content}\n}`;
}

/** The members of an operation: `parameters`, `requestBody` and `responses`. */
export function operationType(operation: OperationModel, printer: DocumentPrinter): string {
  const body = operation.requestBody;
  const requestBody = !body
    ? 'requestBody?: never;'
    : `${docComment(body.description && body.component === undefined ? { description: body.description } : {})}requestBody${body.required ? '' : '?'}: ${
        body.component !== undefined
          ? componentType('requestBodies', body.component)
          : requestBodyType(body, printer)
      };`;
  const responses = operation.responses.map((response) => {
    const type =
      response.component !== undefined
        ? componentType('responses', response.component)
        : responseType(response, printer);
    // openapi-typescript documents the response object where it is written, not a `$ref`'s target.
    const doc =
      response.component === undefined && response.description
        ? docComment({ description: response.description })
        : '';
    return `${doc}${memberKey(response.status)}: ${type};`;
  });
  return block([
    `parameters: ${parametersType(operation.parameters, printer)};`,
    requestBody,
    `responses: ${responses.length ? block(responses) : 'never'};`,
  ]);
}

/** A path item: its parameters, then each method, `never` where it has no operation. */
export function pathItemType(item: PathItemModel, printer: DocumentPrinter): string {
  const members = [`parameters: ${parametersType(item.parameters, printer)};`];
  for (const method of METHODS) {
    const found = item.operations.find((entry) => entry.method === method);
    if (!found) {
      members.push(`${method}?: never;`);
      continue;
    }
    const { operation } = found;
    const key = printer.listed.get(operation);
    const doc = docComment({
      ...(operation.summary !== undefined && { summary: operation.summary }),
      ...(operation.deprecated && { deprecated: true }),
      ...(operation.description !== undefined && { description: operation.description }),
    });
    members.push(
      `${doc}${method}: ${key === undefined ? operationType(operation, printer) : `operations[${stringLiteral(key)}]`};`,
    );
  }
  return block(members);
}

/** `interface name { … }`, or openapi-typescript's `Record<string, never>` alias when empty. */
function root(name: string, members: readonly string[]): string {
  return members.length
    ? `export interface ${name} ${block(members)}\n`
    : `export type ${name} = Record<string, never>;\n`;
}

/** The component schemas, each narrowed where a discriminator selects it. */
function schemasMembers({
  schemas,
  printer,
  replaced,
}: {
  schemas: readonly NamedSchema[];
  printer: DocumentPrinter;
  replaced: ReadonlySet<string>;
}): string[] {
  const byName = new Map(schemas.map((named) => [named.name, named]));
  return schemas.map((named) => {
    const doc = docComment(schemaDoc(named.schema));
    const type = replaced.has(named.name)
      ? 'unknown'
      : printer.guard(() => componentSchemaType(named, printer, byName), named.pointer);
    return `${doc}${memberKey(named.name)}: ${type};`;
  });
}

/** A component schema, its discriminator property narrowed to the values that select it. */
function componentSchemaType(
  named: NamedSchema,
  printer: DocumentPrinter,
  components: ReadonlyMap<string, NamedSchema>,
): string {
  const type = printer.schemas.print(named.schema, RESPONSE);
  const narrowing = named.typeDiscriminator;
  if (!narrowing) return type;
  const literal = narrowing.values.map((value) => stringLiteral(value)).join(' | ');
  const part = `{\n${memberKey(narrowing.propertyName)}: ${literal};\n}`;
  const { schema } = named;
  // `allOf: [{ $ref: Parent }]` alone is read as the reference itself. A parent that extends a
  // discriminated schema has the property narrowed to its own name, which this schema's literal
  // contradicts (`{ _type: "Response" } & { _type: "Identifiable" }` is never): leave it out of the
  // parent, as an intersection's discriminated member leaves it out (openapi-typescript's `Omit`).
  // Not a union: `Omit` of a union keeps only the keys common to its variants.
  const parent =
    schema.kind === 'ref' && !schema.nullable ? components.get(schema.name) : undefined;
  if (parent?.discriminatorProperty === narrowing.propertyName && parent.schema.kind !== 'union')
    return `${part} & Omit<${type}, ${stringLiteral(narrowing.propertyName)}>`;
  const wrapped =
    schema.nullable || schema.kind === 'union' || /\|/.test(type) ? `(${type})` : type;
  return `${part} & ${wrapped}`;
}

/** The component schemas in the document's order (the model sorts them by name), as the spec reads. */
function documentOrder(model: ApiModel): NamedSchema[] {
  const components = model.document.components;
  const nodes =
    typeof components === 'object' && components !== null
      ? (components as Record<string, unknown>).schemas
      : undefined;
  if (typeof nodes !== 'object' || nodes === null) return model.schemas;
  const position = new Map(Object.keys(nodes).map((name, index) => [name, index]));
  return [...model.schemas].sort(
    (a, b) => (position.get(a.name) ?? Infinity) - (position.get(b.name) ?? Infinity),
  );
}

/** The whole text of `types.ts`. */
export function documentSource({
  model,
  printer,
  replaced,
  namedExports,
}: {
  model: ApiModel;
  printer: DocumentPrinter;
  /** Component schemas printed `unknown` (see `degraded.ts`). */
  replaced: ReadonlySet<string>;
  /** `export type Name = components["schemas"]["Name"]` for each entry. */
  namedExports: ReadonlyMap<string, string>;
}): string {
  const paths = model.paths.map((entry) => {
    const type =
      entry.component !== undefined
        ? componentType('pathItems', entry.component)
        : pathItemType(entry.item, printer);
    return `${memberKey(entry.path)}: ${type};`;
  });
  const webhooks = model.webhooks.map(
    (webhook) => `${memberKey(webhook.name)}: ${pathItemType(webhook.item, printer)};`,
  );
  const group = (name: string, members: string[]) =>
    `${name}: ${members.length ? block(members) : 'never'};`;
  const { components } = model;
  const componentMembers = [
    group('schemas', schemasMembers({ schemas: documentOrder(model), printer, replaced })),
    group(
      'responses',
      components.responses.map(
        ({ name, response }) =>
          `${docComment(response.description ? { description: response.description } : {})}${memberKey(name)}: ${responseType(response, printer)};`,
      ),
    ),
    group(
      'parameters',
      components.parameters.map(({ name, parameter }) => {
        const doc = docComment({
          ...(parameter.deprecated && { deprecated: true }),
          ...(parameter.description !== undefined && { description: parameter.description }),
        });
        return `${doc}${memberKey(name)}: ${printer.guard(() => printer.schemas.print(parameter.schema, REQUEST), parameter.pointer)};`;
      }),
    ),
    group(
      'requestBodies',
      components.requestBodies.map(
        ({ name, requestBody }) =>
          `${docComment(requestBody.description ? { description: requestBody.description } : {})}${memberKey(name)}: ${requestBodyType(requestBody, printer)};`,
      ),
    ),
    group(
      'headers',
      components.headers.map(
        ({ name, header }) =>
          `${docComment(header.description ? { description: header.description } : {})}${memberKey(name)}: ${headerType(header, printer, '')};`,
      ),
    ),
    group(
      'pathItems',
      components.pathItems.map(
        ({ name, item }) =>
          `${memberKey(name)}: ${pathItemType(item, { ...printer, listed: new Map() })};`,
      ),
    ),
  ];
  const operations = [...printer.listed].map(([operation, key]) => {
    return `${memberKey(key)}: ${operationType(operation, printer)};`;
  });
  const aliases = [...namedExports].map(
    ([alias, name]) => `export type ${alias} = ${componentType('schemas', name)};\n`,
  );
  return [
    root('paths', paths),
    root('webhooks', webhooks),
    `export interface components ${block(componentMembers)}\n`,
    'export type $defs = Record<string, never>;\n',
    root('operations', operations),
    ...(aliases.length ? ['', ...aliases] : []),
  ].join('');
}
