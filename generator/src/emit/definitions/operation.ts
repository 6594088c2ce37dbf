import type {
  ApiDefinition,
  BodyEncoding,
  OperationDefinition,
  OperationValidators,
  SecuritySchemeDefinition,
} from '@zapgen/runtime';
import type {
  ApiModel,
  MediaTypeModel,
  OperationModel,
  SecuritySchemeModel,
} from '../../model/types.js';
import { stringLiteral } from '../shared/identifiers.js';
import { Code, printLiteral, typedEntry, type Emitted } from '../shared/literal.js';
import {
  firstJson,
  isFormMediaType,
  isStructuredMediaType,
  requestMediaType,
  streamedMedia,
  streamShape,
} from '../../model/media-types.js';
import { valueShape } from './shape.js';
import { idempotencyHeader, requestIdHeader } from '../../model/headers.js';

type OAuthFlows = Extract<SecuritySchemeDefinition, { type: 'oauth2' }>['flows'];

/** Name of the local function returning one validator of an operation (see `client/index.ts`). */
export const VALIDATOR_OF = 'validatorOf';
/** Name of the exported const with the oauth2 flows, keyed by scheme name. */
export const OAUTH_FLOWS = 'oauthFlows';

function securityScheme(
  scheme: SecuritySchemeModel,
  apiKeyOptions: ReadonlyMap<string, string>,
): Emitted<SecuritySchemeDefinition> {
  switch (scheme.type) {
    case 'apiKey':
      return {
        type: 'apiKey',
        in: scheme.in,
        name: scheme.paramName,
        option: apiKeyOptions.get(scheme.name) ?? scheme.name,
      };
    case 'http':
      return { type: 'http', scheme: scheme.scheme, bearerFormat: scheme.bearerFormat };
    case 'oauth2':
      return { type: 'oauth2', flows: new Code(`${OAUTH_FLOWS}[${stringLiteral(scheme.name)}]`) };
    case 'openIdConnect':
      return { type: 'openIdConnect', openIdConnectUrl: scheme.openIdConnectUrl };
    case 'mutualTLS':
      return { type: 'mutualTLS' };
  }
}

/** The `ApiDefinition` literal without operations: package name, servers, security schemes. */
export function apiDefinition(input: {
  model: ApiModel;
  packageName: string;
  apiKeyOptions: ReadonlyMap<string, string>;
}): string {
  const { model, packageName, apiKeyOptions } = input;
  const api: Emitted<Omit<ApiDefinition, 'operations'>> = {
    name: packageName,
    servers: model.servers.map((server) => ({
      url: server.url,
      variables: Object.fromEntries(
        server.variables.map((variable) => [
          variable.name,
          { default: variable.default, enum: variable.enum },
        ]),
      ),
    })),
    requestIdHeader: requestIdHeader(model),
    securitySchemes: Object.fromEntries(
      model.securitySchemes.map((scheme) => [
        scheme.name,
        typedEntry({
          key: scheme.name,
          value: securityScheme(scheme, apiKeyOptions),
          type: 'SecuritySchemeDefinition',
        }),
      ]),
    ),
  };
  return printLiteral(api);
}

/** The oauth2 flows of every oauth2 scheme, keyed by scheme name (authorization/token URLs, scopes). */
export function oauthFlows(model: ApiModel): string | undefined {
  const schemes = model.securitySchemes.filter((scheme) => scheme.type === 'oauth2');
  if (!schemes.length) return undefined;
  const flows: Emitted<Record<string, OAuthFlows>> = Object.fromEntries(
    schemes.map((scheme) => [
      scheme.name,
      Object.fromEntries(
        Object.entries(scheme.flows).map(([kind, flow]) => [
          kind,
          {
            authorizationUrl: flow.authorizationUrl,
            tokenUrl: flow.tokenUrl,
            refreshUrl: flow.refreshUrl,
            scopes: flow.scopes,
          },
        ]),
      ),
    ]),
  );
  return printLiteral(flows);
}

/**
 * `validatorOf({ schemas: getAppSchemas, member: 'responses', status: '200' })`: a validator the zod
 * emitter writes for this operation. A call of a function without side effects rather than
 * `getAppSchemas.responses['200']`: a bundler keeps a property read even when nothing uses it (it
 * might run a getter), and so would keep every operation's validators; and hundreds of optional
 * chains at module level exceed the TypeScript checker's control-flow limit (TS2563) on large specs.
 */
function validator(input: {
  schemas: string;
  member: 'parameters' | 'body' | 'responses' | 'items';
  status?: string;
  /** Read the member directly: in a module of one operation, where every validator is used. */
  direct?: boolean;
}): Code {
  if (input.direct)
    return new Code(
      input.status === undefined
        ? `${input.schemas}.${input.member}`
        : `${input.schemas}.${input.member}?.[${stringLiteral(input.status)}]`,
    );
  const status = input.status === undefined ? '' : `, status: ${stringLiteral(input.status)}`;
  return new Code(
    `${VALIDATOR_OF}({ schemas: ${input.schemas}, member: ${stringLiteral(input.member)}${status} })`,
  );
}

/**
 * The route of one operation: its `OperationDefinition` without validators, what goes on the wire
 * (in `routes.ts`, which the drop-in client imports without any validator). Without `shapes`,
 * the route of an operation whose parameter schemas the emitter could not read
 * (`shared/degrade.ts`): the runtime reads parameters without a shape as they come.
 */
export function operationRoute(input: {
  model: ApiModel;
  operation: OperationModel;
  shapes?: boolean;
  /** The expression loading the operation's validators (`OperationDefinition.validators`). */
  loadValidators?: string;
  /** The expression of the runtime's codecs, for an operation whose values convert (`transformers`). */
  codecs?: string;
}): string {
  const { model, operation, shapes = true, loadValidators, codecs } = input;
  const body = operation.requestBody;
  const bodyMedia = requestMediaType(operation);
  const { extensions } = operation;
  const route: Emitted<OperationDefinition> = {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    deprecated: operation.deprecated || undefined,
    parameters: operation.parameters.map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required,
      style: parameter.style,
      explode: parameter.explode,
      allowReserved: parameter.allowReserved || undefined,
      keyPrefix: parameter.keyPrefix,
      contentType: parameter.contentType,
      deprecated: parameter.deprecated || undefined,
      shape: shapes ? valueShape(parameter.schema, model.schemas) : undefined,
    })),
    requestBody:
      body && bodyMedia
        ? {
            required: body.required,
            // The typed media type first: it is the one the runtime sends.
            mediaTypes: [
              bodyMedia.mediaType,
              ...body.content
                .map((media) => media.mediaType)
                .filter((type) => type !== bodyMedia.mediaType),
            ],
            encoding: bodyEncoding(bodyMedia.encoding),
            shape:
              shapes && isFormMediaType(bodyMedia.mediaType)
                ? valueShape(bodyMedia.schema, model.schemas)
                : undefined,
          }
        : undefined,
    responses: operation.responses.map((response) => {
      const streamed = streamedMedia(response.content);
      const shape = streamed && streamShape(streamed, model.schemas);
      return {
        status: response.status,
        mediaTypes: response.content.map((media) => media.mediaType),
        stream: shape && {
          envelope: shape.envelope || undefined,
          data: shape.data === 'text' ? ('text' as const) : undefined,
        },
      };
    }),
    security: operation.security.map((requirement) =>
      requirement.map(({ scheme, scopes }) => ({ scheme, scopes })),
    ),
    idempotencyHeader: idempotencyHeader(operation),
    pagination: extensions.pagination,
    polling: extensions.polling,
    stability: extensions.stability,
    cache: extensions.cache,
    validators: loadValidators === undefined ? undefined : new Code(loadValidators),
    codecs: codecs === undefined ? undefined : new Code(codecs),
  };
  return printLiteral(route);
}

/**
 * The validators of one operation for the runtime's `withValidators(route, validators)`, or
 * `undefined` when it has none; `schemas` names its validators' const in `validators.ts`.
 */
export function operationValidators(input: {
  operation: OperationModel;
  schemas: string;
  /** Read each validator as `schemas.member` (see `validator`). */
  direct?: boolean;
}): string | undefined {
  const { operation, schemas, direct } = input;
  const bodyMedia = requestMediaType(operation);
  const responses = Object.fromEntries(
    operation.responses
      .filter((response) => firstJson(response.content))
      .map((response) => [
        response.status,
        validator({ schemas, member: 'responses', status: response.status, direct }),
      ]),
  );
  const items = Object.fromEntries(
    itemResponses(operation).map((response) => [
      response.status,
      validator({ schemas, member: 'items', status: response.status, direct }),
    ]),
  );
  const validators: Emitted<OperationValidators> = {
    parameters: operation.parameters.length
      ? validator({ schemas, member: 'parameters', direct })
      : undefined,
    body:
      operation.requestBody && bodyMedia && isStructuredMediaType(bodyMedia.mediaType)
        ? validator({ schemas, member: 'body', direct })
        : undefined,
    responses: Object.keys(responses).length ? responses : undefined,
    items: Object.keys(items).length ? items : undefined,
  };
  return Object.values(validators).some((value) => value !== undefined)
    ? printLiteral(validators)
    : undefined;
}

/** The responses of an operation with a streamed media type whose items have a schema. */
export function itemResponses(operation: OperationModel): OperationModel['responses'] {
  return operation.responses.filter((response) => {
    const media = streamedMedia(response.content);
    return media !== undefined && !media.schemaless;
  });
}

/** The runtime's `BodyEncoding`s of a form body: a part header's `required` said only when true. */
function bodyEncoding(
  encoding: MediaTypeModel['encoding'],
): Record<string, BodyEncoding> | undefined {
  if (encoding === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(encoding).map(([name, part]) => [
      name,
      {
        ...(part.contentType !== undefined && { contentType: part.contentType }),
        ...(part.headers !== undefined && {
          headers: part.headers.map((header) => ({
            name: header.name,
            ...(header.required && { required: true }),
            ...(header.value !== undefined && { value: header.value }),
          })),
        }),
      },
    ]),
  );
}
