/**
 * What each kind of spec change does to code that uses the generated package, and so which part
 * of the package's semver version it bumps. A change is breaking when code written against the
 * previous package may stop compiling or behave differently: requests must not narrow (what the
 * caller sends), responses must not widen (what the caller reads).
 */

/** The part of the version a change bumps: `major` is a breaking change, `minor` an addition. */
export type Level = 'major' | 'minor' | 'patch';

export type Severity = 'breaking' | 'non-breaking';

/** Where a schema is used: sent by the caller, read by the caller, or an exported component only. */
export type Direction = 'request' | 'response' | 'schema';

export interface DiffRule {
  name: string;
  level: Level;
  description: string;
}

export function severityOf(level: Level): Severity {
  return level === 'major' ? 'breaking' : 'non-breaking';
}

/** Rules about operations, parameters, bodies, responses, security, extensions and the document. */
export const plainDiffRules: readonly DiffRule[] = [
  {
    name: 'operation-removed',
    level: 'major',
    description: 'an operation is gone, with its client method',
  },
  { name: 'operation-added', level: 'minor', description: 'a new operation' },
  {
    name: 'operation-id-changed',
    level: 'major',
    description: 'the operationId changed: the client method and its types are renamed',
  },
  {
    name: 'operation-path-changed',
    level: 'major',
    description: 'the path of an operation changed (client.GET(path) and deployed clients break)',
  },
  {
    name: 'operation-method-changed',
    level: 'major',
    description: 'the HTTP method of an operation changed',
  },
  {
    name: 'deprecated',
    level: 'patch',
    description: 'an operation, parameter or schema was marked deprecated, or no longer is',
  },
  {
    name: 'documentation-changed',
    level: 'patch',
    description: 'summaries, descriptions, titles, tags or examples only',
  },
  { name: 'parameter-removed', level: 'major', description: 'a parameter is gone' },
  { name: 'required-parameter-added', level: 'major', description: 'a new required parameter' },
  { name: 'optional-parameter-added', level: 'minor', description: 'a new optional parameter' },
  {
    name: 'parameter-became-required',
    level: 'major',
    description: 'an optional parameter became required',
  },
  {
    name: 'parameter-became-optional',
    level: 'patch',
    description: 'a required parameter became optional',
  },
  {
    name: 'parameter-serialization-changed',
    level: 'patch',
    description:
      'style, explode, allowReserved, media type or key prefix of a parameter (the client follows it)',
  },
  {
    name: 'required-request-body-added',
    level: 'major',
    description: 'an operation now needs a body',
  },
  {
    name: 'optional-request-body-added',
    level: 'minor',
    description: 'an operation accepts an optional body',
  },
  {
    name: 'request-body-removed',
    level: 'major',
    description: 'an operation no longer takes a body',
  },
  {
    name: 'request-body-became-required',
    level: 'major',
    description: 'an optional body became required',
  },
  {
    name: 'request-body-became-optional',
    level: 'patch',
    description: 'a required body became optional',
  },
  {
    name: 'request-media-type-removed',
    level: 'major',
    description: 'a media type of a request body is gone',
  },
  {
    name: 'request-media-type-added',
    level: 'minor',
    description: 'a request body accepts a new media type',
  },
  {
    name: 'success-response-removed',
    level: 'major',
    description: 'a 2xx response is gone (the result type changes)',
  },
  {
    name: 'error-response-removed',
    level: 'patch',
    description: 'a non-2xx response is no longer documented',
  },
  { name: 'response-added', level: 'minor', description: 'a new response status' },
  {
    name: 'response-media-type-removed',
    level: 'major',
    description: 'a media type of a response is gone',
  },
  {
    name: 'response-media-type-added',
    level: 'minor',
    description: 'a response has a new media type',
  },
  { name: 'response-header-removed', level: 'major', description: 'a response header is gone' },
  { name: 'response-header-added', level: 'minor', description: 'a new response header' },
  {
    name: 'response-header-became-optional',
    level: 'major',
    description: 'a required response header became optional',
  },
  {
    name: 'response-header-became-required',
    level: 'patch',
    description: 'an optional response header became required',
  },
  {
    name: 'security-tightened',
    level: 'major',
    description: 'an operation needs credentials or scopes that used to be enough without',
  },
  {
    name: 'security-loosened',
    level: 'patch',
    description: 'an operation accepts fewer or other credentials besides the old ones',
  },
  {
    name: 'security-scheme-removed',
    level: 'major',
    description: 'a security scheme is gone (and its createClient option)',
  },
  { name: 'security-scheme-added', level: 'minor', description: 'a new security scheme' },
  {
    name: 'security-scheme-changed',
    level: 'major',
    description: 'the type, location or name of a credential, or an OAuth flow, changed or is gone',
  },
  {
    name: 'security-scheme-updated',
    level: 'patch',
    description: 'URLs, scopes offered or the description of a security scheme',
  },
  {
    name: 'pagination-removed',
    level: 'major',
    description: 'x-zapgen-pagination is gone: client.paginate.<method> no longer exists',
  },
  {
    name: 'pagination-added',
    level: 'minor',
    description: 'x-zapgen-pagination: a new client.paginate.<method>',
  },
  {
    name: 'pagination-changed',
    level: 'patch',
    description: 'the pagination fields changed (the helper follows them)',
  },
  {
    name: 'polling-removed',
    level: 'major',
    description: 'x-zapgen-polling is gone: client.poll.<method> no longer exists',
  },
  {
    name: 'polling-added',
    level: 'minor',
    description: 'x-zapgen-polling: a new client.poll.<method>',
  },
  { name: 'polling-changed', level: 'patch', description: 'the polling field or interval changed' },
  {
    name: 'parameter-rule-added',
    level: 'major',
    description: 'a new x-zapgen-rules rule rejects arguments that used to be accepted',
  },
  { name: 'parameter-rule-removed', level: 'patch', description: 'an x-zapgen-rules rule is gone' },
  {
    name: 'operation-extension-changed',
    level: 'patch',
    description: 'x-zapgen-stability or x-zapgen-cache changed',
  },
  {
    name: 'schema-removed',
    level: 'major',
    description: 'a component schema is gone, with its exported type and validator',
  },
  {
    name: 'schema-added',
    level: 'minor',
    description: 'a new component schema (a new exported type and validator)',
  },
  {
    name: 'server-changed',
    level: 'patch',
    description: 'the servers (the default base URL) changed',
  },
  {
    name: 'api-version-changed',
    level: 'patch',
    description: "info.version, the API's own version, changed",
  },
  {
    name: 'config-surface-changed',
    level: 'major',
    description:
      "generate only: the config's names, namespaces, readWrite or transformers changed what code calls or gets (a method gone is breaking, an alias added an addition)",
  },
  {
    name: 'document-changed',
    level: 'patch',
    description:
      'generate only, when nothing above changed: the spec was rewritten in form only (a patch release)',
  },
];

/**
 * Changes inside a schema: the level depends on where the schema is used. A `schema-` change is
 * in a component schema no operation uses: its exported type changes either way, so the stricter
 * level of the two applies.
 */
export const SCHEMA_CHANGES: Readonly<
  Record<string, { request: Level; response: Level; description: string }>
> = {
  'property-removed': { request: 'major', response: 'major', description: 'a property is gone' },
  'required-property-added': {
    request: 'major',
    response: 'minor',
    description: 'a new required property',
  },
  'optional-property-added': {
    request: 'minor',
    response: 'minor',
    description: 'a new optional property',
  },
  'property-became-required': {
    request: 'major',
    response: 'patch',
    description: 'an optional property became required',
  },
  'property-became-optional': {
    request: 'patch',
    response: 'major',
    description: 'a required property became optional',
  },
  'type-changed': {
    request: 'major',
    response: 'major',
    description: 'the type changed to an unrelated one',
  },
  'type-narrowed': {
    request: 'major',
    response: 'patch',
    description:
      'the type accepts fewer values (string to enum, number to integer, a union variant removed)',
  },
  'type-widened': {
    request: 'patch',
    response: 'major',
    description:
      'the type accepts more values (enum to string, integer to number, a union variant added)',
  },
  'enum-value-removed': {
    request: 'major',
    response: 'patch',
    description: 'an enum value is gone',
  },
  'enum-value-added': {
    request: 'minor',
    response: 'major',
    description: 'a new enum value (code reading it may not handle it)',
  },
  'became-nullable': { request: 'patch', response: 'major', description: 'null is now allowed' },
  'became-not-nullable': {
    request: 'major',
    response: 'patch',
    description: 'null is no longer allowed',
  },
  'constraint-narrowed': {
    request: 'major',
    response: 'patch',
    description:
      'a bound, length, pattern, format or closed object rejects values that used to pass',
  },
  'constraint-widened': {
    request: 'patch',
    response: 'major',
    description: 'a bound, length, pattern, format or closed object accepts more values',
  },
  'default-changed': {
    request: 'major',
    response: 'patch',
    description: 'a default value changed or is gone (omitting the value now means something else)',
  },
  'default-added': {
    request: 'patch',
    response: 'patch',
    description: 'a default value is now documented',
  },
  'discriminator-changed': {
    request: 'major',
    response: 'major',
    description: 'the discriminator property or its mapping changed',
  },
};

const LEVEL_ORDER: Record<Level, number> = { patch: 0, minor: 1, major: 2 };

/** The larger of two levels. */
export function maxLevel(a: Level, b: Level): Level {
  return LEVEL_ORDER[a] >= LEVEL_ORDER[b] ? a : b;
}

/** The level of a schema change in one direction. */
export function schemaChangeLevel({
  kind,
  direction,
}: {
  kind: string;
  direction: Direction;
}): Level {
  const change = SCHEMA_CHANGES[kind];
  if (!change) throw new Error(`internal: unknown schema change ${kind}`);
  return direction === 'schema' ? maxLevel(change.request, change.response) : change[direction];
}

/** Every rule, plain ones first, then each schema change in each direction. */
export const diffRules: readonly DiffRule[] = [
  ...plainDiffRules,
  ...(['request', 'response', 'schema'] as const).flatMap((direction) =>
    Object.entries(SCHEMA_CHANGES).map(([kind, change]) => ({
      name: `${direction}-${kind}`,
      level: schemaChangeLevel({ kind, direction }),
      description: `${change.description} (${direction === 'schema' ? 'in a component schema no operation uses' : `in a ${direction}`})`,
    })),
  ),
];

const BY_NAME = new Map(diffRules.map((rule) => [rule.name, rule]));

/** The rule called `name`; throws on a name the table does not know (a bug in the differ). */
export function ruleNamed(name: string): DiffRule {
  const rule = BY_NAME.get(name);
  if (!rule) throw new Error(`internal: unknown diff rule ${name}`);
  return rule;
}
