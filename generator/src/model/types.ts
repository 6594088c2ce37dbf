/**
 * The spec-agnostic intermediate model. Every emitter reads this, never the raw document.
 *
 * Built once per spec by `buildModel()` from the bundled, validated document. Names here are
 * the spec's own strings (not yet made into identifiers): emitters decide how to print them.
 */

import type {
  JsonValue,
  OperationDefinition,
  PaginationDefinition,
  ParameterLocation,
  ParameterRef,
  ParameterStyle,
  SecurityRequirement,
} from '@zapgen/runtime';
import type { MockCollectionDefinition, MockDefinition } from '@zapgen/runtime/mock';
import type { WebhookSignatureDefinition } from '@zapgen/runtime/webhooks';
import type { MockDeclaration, ParameterRule } from '../extensions/index.js';

// The runtime's types wherever the model holds what the runtime is handed (one contract).
export type { JsonValue, ParameterLocation, ParameterRef, ParameterStyle };
export type { MockDeclaration, ParameterRule };

/** A whole API. */
export interface ApiModel {
  /** OpenAPI version string of the source (`3.0.3`, `3.1.0`, ...). */
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers: ServerModel[];
  /** Component schemas, sorted by name. */
  schemas: NamedSchema[];
  securitySchemes: SecuritySchemeModel[];
  /** Operations sorted by operationId. */
  operations: OperationModel[];
  /** The bundled document (internal `$ref`s only), exactly as written to `openapi.json`. */
  document: Record<string, unknown>;
  /** What the generated mock simulates: collections, behaviours, error shapes (`x-zapgen-mock` and inference). */
  mock: MockModel;
  /** `paths` in document order: what `types.ts` prints under `paths`. */
  paths: PathEntryModel[];
  /** 3.1 `webhooks` in document order (their operations are not client operations). */
  webhooks: { name: string; item: PathItemModel }[];
  /**
   * 3.0 `callbacks` of the client's operations, in operationId then document order: each
   * expression's path item, named `<operationId>.<callback name>`.
   */
  callbacks: { name: string; operationId: string; expression: string; item: PathItemModel }[];
  /** The reusable objects of `components` that `types.ts` prints beside the schemas. */
  components: ComponentsModel;
  /**
   * Constraints of the spec the model leaves out, each located by a pointer into `document`: the
   * generation prints them as warnings, with `rule` (`schema-not` when absent: a `not` it cannot
   * read; `emit-degraded`: a `type` that names no type).
   */
  warnings?: readonly { pointer: string; message: string; rule?: 'emit-degraded' }[];
  /**
   * Set when requests and responses have shapes of their own (the config's `readWrite: 'split'`,
   * `read-write.ts`): the schema that now stands at each pointer of a parameter or media type
   * whose schema differs from the document's.
   */
  readWrite?: { replaced: ReadonlyMap<string, SchemaModel> };
  /**
   * Schemas that `$ref`s into the inside of other schemas share (`SchemaBuilder.sharedTargets`),
   * each with its pointer: emitters name each once instead of printing it at every use.
   */
  sharedSchemas?: ReadonlyMap<SchemaModel, string>;
}

/** One entry of `paths`: a path item, or a `$ref` to one of `components.pathItems`. */
export interface PathEntryModel {
  path: string;
  /** The name under `components.pathItems` when the entry is a `$ref` to it. */
  component?: string;
  item: PathItemModel;
}

/** A path item: its own parameters and its operations, in document order. */
export interface PathItemModel {
  /** The path item's own parameters (each operation's `parameters` already include them). */
  parameters: ParameterModel[];
  operations: { method: HttpMethod; operation: OperationModel }[];
}

export interface HeaderModel {
  name: string;
  required: boolean;
  schema: SchemaModel;
  description?: string;
  deprecated?: boolean;
  /** The name under `components.headers` when the header is a `$ref` to it. */
  component?: string;
}

/** `components` other than schemas and security schemes, each list in document order. */
export interface ComponentsModel {
  parameters: { name: string; parameter: ParameterModel }[];
  responses: { name: string; response: ResponseModel }[];
  requestBodies: { name: string; requestBody: RequestBodyModel }[];
  headers: { name: string; header: HeaderModel }[];
  pathItems: { name: string; item: PathItemModel }[];
}

export interface ServerModel {
  url: string;
  description?: string;
  variables: { name: string; default: string; enum?: string[]; description?: string }[];
}

export interface NamedSchema {
  /** The key under `components.schemas`. */
  name: string;
  schema: SchemaModel;
  /** JSON pointer of the schema in the bundled document, e.g. `#/components/schemas/Pet`. */
  pointer: string;
  /**
   * The values this schema's discriminator property is narrowed to, where a discriminator maps to
   * the schema or the schema extends a discriminated one (see `discriminators.ts`): the types
   * print it as a literal, and values written `satisfies` the type carry the first.
   */
  typeDiscriminator?: { propertyName: string; value: string; values: string[] };
  /** The schema declares a `discriminator` of its own (`allOf` members that extend it omit that property). */
  discriminatorProperty?: string;
  /**
   * Not in the document: the shape of component `from` in requests (`FooWritable`) or responses
   * (`FooReadable`), added by `readWrite: 'split'` (`read-write.ts`).
   */
  derived?: { from: string; direction: 'request' | 'response' };
}

export type SecuritySchemeModel =
  | {
      name: string;
      type: 'apiKey';
      in: 'query' | 'header' | 'cookie';
      paramName: string;
      description?: string;
    }
  | { name: string; type: 'http'; scheme: string; bearerFormat?: string; description?: string }
  | { name: string; type: 'oauth2'; flows: OAuthFlowsModel; description?: string }
  | { name: string; type: 'openIdConnect'; openIdConnectUrl: string; description?: string }
  | { name: string; type: 'mutualTLS'; description?: string };

export interface OAuthFlowModel {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  scopes: Record<string, string>;
}

export interface OAuthFlowsModel {
  implicit?: OAuthFlowModel;
  password?: OAuthFlowModel;
  clientCredentials?: OAuthFlowModel;
  authorizationCode?: OAuthFlowModel;
}

/**
 * Security requirements of an operation: OR across the array, AND within one requirement.
 * An empty array means no authentication; a requirement with no schemes (`{}`) makes auth optional.
 */
export type SecurityRequirementModel = SecurityRequirement;

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

export interface OperationModel {
  /** The spec's operationId, or one derived from method and path when the spec has none. */
  operationId: string;
  /** True when `operationId` was derived (the spec had none). */
  operationIdDerived: boolean;
  method: HttpMethod;
  path: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  /** Parameters after merging path-level and operation-level ones, in spec order. */
  parameters: ParameterModel[];
  requestBody?: RequestBodyModel;
  /** Responses sorted: exact statuses ascending, then ranges (`4XX`), then `default`. */
  responses: ResponseModel[];
  /** Effective security (operation-level, else document-level). */
  security: SecurityRequirementModel[];
  /** The spec's machine-readable `x-zapgen-*` rules of this operation. */
  extensions: OperationExtensions;
  /** The name the config's `names.functions` gives the operation's function (before it is made safe). */
  functionName?: string;
  /**
   * Where the client exposes the operation, from the config's `namespaces`: `client.pets.list()`
   * (more than one when a migrated SDK kept an alias).
   */
  namespaces?: readonly { path: readonly string[]; method: string }[];
}

export interface ParameterModel {
  name: string;
  in: ParameterLocation;
  description?: string;
  required: boolean;
  deprecated: boolean;
  /** Resolved style: the spec's, or the default for the location (form for query/cookie, simple for path/header). */
  style: ParameterStyle;
  /** Resolved explode: the spec's, or true for form style, false otherwise. */
  explode: boolean;
  allowReserved: boolean;
  allowEmptyValue: boolean;
  /** Parameter with `content` instead of `schema`: the media type used to serialize it. */
  contentType?: string;
  schema: SchemaModel;
  /** JSON pointer of `schema` in the bundled document. */
  pointer: string;
  /** `x-zapgen-key-prefix`: object parameter whose keys are sent as `<prefix><key>=<value>`. */
  keyPrefix?: string;
  example?: JsonValue;
  /** The name under `components.parameters` when the parameter is a `$ref` to it. */
  component?: string;
}

export interface RequestBodyModel {
  description?: string;
  required: boolean;
  /** The name under `components.requestBodies` when the body is a `$ref` to it. */
  component?: string;
  /** One entry per media type, in spec order. */
  content: MediaTypeModel[];
}

export interface MediaTypeModel {
  mediaType: string;
  schema: SchemaModel;
  /** JSON pointer of `schema` in the bundled document. */
  pointer: string;
  /** `example` and the values of `examples` (inline or resolved component examples). */
  examples: JsonValue[];
  /** Present when the media type has no `schema` (examples only): nothing to validate against. */
  schemaless?: true;
  /** The `encoding` of a form body, by property: where the spec gives a part's content type or headers. */
  encoding?: Record<string, PartEncodingModel>;
}

/** How one property of a form body is sent (the spec's Encoding object). */
export interface PartEncodingModel {
  /** The part's content type, as the spec writes it (`image/png`, `image/png, image/jpeg`). */
  contentType?: string;
  /** The part's own headers (`Content-Type` left out). */
  headers?: PartHeaderModel[];
}

/** A header an Encoding object declares for its part. */
export interface PartHeaderModel {
  name: string;
  required: boolean;
  /** The value the header's schema fixes or defaults (`const`, a one-value `enum`, `default`), as text. */
  value?: string;
}

export interface ResponseModel {
  /** `200`, `4XX`, `default`. */
  status: string;
  description: string;
  content: MediaTypeModel[];
  headers: HeaderModel[];
  /** The name under `components.responses` when the response is a `$ref` to it. */
  component?: string;
}

/** What the operation's `x-zapgen-*` extensions say (see spec/README.md, `extensions/`). */
export interface OperationExtensions {
  rules: ParameterRule[];
  stability?: NonNullable<OperationDefinition['stability']>;
  cache?: NonNullable<OperationDefinition['cache']>;
  pagination?: PaginationDefinition;
  polling?: NonNullable<OperationDefinition['polling']>;
  /** `x-zapgen-mock`: what the mock does for this operation, as the spec declares it. */
  mock?: MockDeclaration;
  /** `x-zapgen-idempotency`: the header that carries the operation's idempotency key. */
  idempotency?: { header: string };
  /** `x-zapgen-webhook-signature`: how the sender of this webhook or callback signs it. */
  webhookSignature?: WebhookSignatureDefinition;
  /** `x-zapgen-webhook-event`: the header naming the webhook, and the values that name this one (default: its key). */
  webhookEvent?: { header: string; values?: string[] };
}

/* ------------------------------------------------------------------------------------------
 * The mock (`x-zapgen-mock`, spec/README.md): the runtime's `MockDefinition` before printing.
 * ---------------------------------------------------------------------------------------- */

/** A collection of the mock's store: the runtime's, named, with the component schema of its items. */
export interface MockCollectionModel extends Omit<MockCollectionDefinition, 'base'> {
  name: string;
  /** Component schema of the items (the emitter takes each new record's base from its fixture). */
  schema: string;
  /** True when found from the paths rather than declared. */
  inferred: boolean;
}

/** What the generated mock simulates: the runtime's `MockDefinition`, collections as a sorted list. */
export interface MockModel extends Omit<MockDefinition, 'collections'> {
  /** Sorted by name. */
  collections: MockCollectionModel[];
}

/* ------------------------------------------------------------------------------------------
 * Schemas. The three nullable forms of the input (3.0 `nullable: true`, 3.1 `type: [T, "null"]`,
 * and a `oneOf`/`anyOf` member `{type: "null"}`) all become `nullable: true` on the non-null node.
 * ---------------------------------------------------------------------------------------- */

export interface SchemaCommon {
  nullable: boolean;
  title?: string;
  description?: string;
  /** Present only when the spec gives a default. */
  default?: { value: JsonValue };
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  /** `example` and `examples` values of the schema. */
  examples?: JsonValue[];
}

export type SchemaModel = SchemaCommon &
  (
    | RefSchema
    | StringSchema
    | NumberSchema
    | BooleanSchema
    | NullSchema
    | ArraySchema
    | ObjectSchema
    | UnionSchema
    | IntersectionSchema
    | EnumSchema
    | ConstSchema
    | UnknownSchema
    | NeverSchema
  );

/** Reference to a component schema (by name). */
export interface RefSchema {
  kind: 'ref';
  name: string;
}

export interface StringSchema {
  kind: 'string';
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  contentEncoding?: string;
  contentMediaType?: string;
  /** Values it may not take (`not: {enum: [...]}` beside it): JSON Schema's `not`, narrowed. */
  excluded?: string[];
}

export interface NumberSchema {
  kind: 'number';
  integer: boolean;
  /** Values it may not take (`not: {enum: [...]}` beside it). */
  excluded?: number[];
  format?: string;
  minimum?: number;
  maximum?: number;
  /** Always the 3.1 numeric form (3.0 boolean forms are converted). */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

export interface BooleanSchema {
  kind: 'boolean';
}

/** A schema that only accepts null (`type: "null"`); `nullable` is true. */
export interface NullSchema {
  kind: 'null';
}

export interface ArraySchema {
  kind: 'array';
  /** Items schema; `unknown` when absent. */
  items: SchemaModel;
  /** 3.1 tuple prefix. */
  prefixItems?: SchemaModel[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

export interface PropertyModel {
  name: string;
  required: boolean;
  /** Named by `required` only, with no schema of its own: present, with any JSON value. */
  undeclared?: true;
  schema: SchemaModel;
}

export interface ObjectSchema {
  kind: 'object';
  properties: PropertyModel[];
  /**
   * `true`: open (unknown keys accepted and kept) — the default when the spec is silent.
   * `false`: closed. A schema: typed extra values (record or catchall).
   */
  additionalProperties: boolean | SchemaModel;
  /**
   * The spec says `additionalProperties: true` (or `{}`) itself: the types then declare the extra
   * keys (`[key: string]: unknown`), so that code may read them; a schema that is silent gets none.
   */
  extraKeysDeclared?: true;
  patternProperties?: { pattern: string; schema: SchemaModel }[];
  propertyNames?: SchemaModel;
  minProperties?: number;
  maxProperties?: number;
  /**
   * The writeOnly properties a response shape left out (`readWrite: 'split'`): the response
   * validators refuse them, since an open object would otherwise accept a leaked one.
   */
  writeOnlyOmitted?: string[];
}

export interface UnionSchema {
  kind: 'union';
  /** `oneOf` (exactly one), `anyOf` (at least one), `types` (a `type` array such as `[string, integer]`). */
  mode: 'oneOf' | 'anyOf' | 'types';
  variants: SchemaModel[];
  discriminator?: { propertyName: string; mapping: Record<string, string> };
}

/** `allOf`. */
export interface IntersectionSchema {
  kind: 'intersection';
  parts: SchemaModel[];
}

/** `enum`, values without `null` (null makes the node nullable). */
export interface EnumSchema {
  kind: 'enum';
  values: JsonValue[];
  /** The base type, when the schema states one. */
  baseType?: 'string' | 'number' | 'integer' | 'boolean';
}

export interface ConstSchema {
  kind: 'const';
  value: JsonValue;
}

/** `{}` or `true`: any value. */
export interface UnknownSchema {
  kind: 'unknown';
}

/** `false` or `not: {}`: no value. */
export interface NeverSchema {
  kind: 'never';
}
