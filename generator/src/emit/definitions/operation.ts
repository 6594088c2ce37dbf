import type { ApiModel, OperationModel, SecuritySchemeModel } from '../../model/types.js';
import { stringLiteral } from '../shared/identifiers.js';
import { Code, printLiteral, typedEntry, type Printable } from '../shared/literal.js';
import { firstJson, isStructuredMediaType, requestMediaType } from '../../model/media-types.js';
import { printableShape, valueShape } from './shape.js';

/** Name of the local function returning one validator of an operation (see `client/index.ts`). */
export const VALIDATOR_OF = 'validatorOf';
/** Name of the exported const with the oauth2 flows, keyed by scheme name. */
export const OAUTH_FLOWS = 'oauthFlows';

function securityScheme(
  scheme: SecuritySchemeModel,
  apiKeyOptions: ReadonlyMap<string, string>,
): Printable {
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
  return printLiteral({
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
  });
}

/** The oauth2 flows of every oauth2 scheme, keyed by scheme name (authorization/token URLs, scopes). */
export function oauthFlows(model: ApiModel): string | undefined {
  const schemes = model.securitySchemes.filter((scheme) => scheme.type === 'oauth2');
  if (!schemes.length) return undefined;
  return printLiteral(
    Object.fromEntries(
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
    ),
  );
}

/**
 * `validatorOf({ schemas: getAppSchemas, member: 'responses', status: '200' })`: a validator the zod
 * emitter writes for this operation. A call of a function without side effects rather than
 * `getAppSchemas.responses['200']`: a bundler keeps a property read even when nothing uses it (it
 * might run a getter), and so would keep every operation's validators; and hundreds of optional
 * chains at module level exceed the TypeScript checker's control-flow limit (TS2563) on large specs.
 */
function validatorCall(input: {
  schemas: string;
  member: 'parameters' | 'body' | 'responses';
  status?: string;
}): Code {
  const status = input.status === undefined ? '' : `, status: ${stringLiteral(input.status)}`;
  return new Code(
    `${VALIDATOR_OF}({ schemas: ${input.schemas}, member: ${stringLiteral(input.member)}${status} })`,
  );
}

/**
 * The `OperationDefinition` literal of one operation; `schemas` names its validators' const in
 * `zod.ts`. Without `schemas`, the definition of an operation whose schemas the emitters could not
 * handle (`shared/degrade.ts`): where and how it is sent, without validators or parameter shapes
 * (the runtime skips what is missing).
 */
export function operationDefinition(input: {
  model: ApiModel;
  operation: OperationModel;
  schemas: string | undefined;
}): string {
  const { model, operation, schemas } = input;
  const validator = (member: Omit<Parameters<typeof validatorCall>[0], 'schemas'>) =>
    schemas === undefined ? undefined : validatorCall({ schemas, ...member });
  const id = operation.operationId;
  const body = operation.requestBody;
  const bodyMedia = requestMediaType(operation);
  const { extensions } = operation;
  return printLiteral({
    operationId: id,
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
      shape:
        schemas === undefined
          ? undefined
          : printableShape(valueShape(parameter.schema, model.schemas)),
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
            validator: isStructuredMediaType(bodyMedia.mediaType)
              ? validator({ member: 'body' })
              : undefined,
          }
        : undefined,
    responses: operation.responses.map((response) => ({
      status: response.status,
      mediaTypes: response.content.map((media) => media.mediaType),
      body: firstJson(response.content)
        ? validator({ member: 'responses', status: response.status })
        : undefined,
    })),
    security: operation.security.map((requirement) =>
      requirement.map(({ scheme, scopes }) => ({ scheme, scopes })),
    ),
    parameterValidator: operation.parameters.length
      ? validator({ member: 'parameters' })
      : undefined,
    pagination: extensions.pagination as unknown as Printable,
    polling: extensions.polling,
    stability: extensions.stability,
    cache: extensions.cache as unknown as Printable,
  });
}
