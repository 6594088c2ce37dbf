/**
 * The shape of `zapgen.config.ts` (also `.mts`, `.js`, `.mjs`, `.json`): the APIs a project
 * generates and, per API, the public surface of its package. Imported by configs through
 * `@zapgen/generator/config`, which loads nothing of the generation machinery.
 */

/** The HTTP methods an operation can have, in the order of an OpenAPI path item. */
export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;

/** An HTTP method an operation can have. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A list of values to keep (`include`) and a list to leave out (`exclude`). */
export interface IncludeExclude<T> {
  /** When given, an operation must match one of these. */
  include?: readonly T[];
  /** An operation that matches one of these is left out. */
  exclude?: readonly T[];
}

/**
 * Which operations the package exposes. An operation is kept when it passes every criterion
 * given; the component schemas (and parameters, responses, ...) that only left-out operations
 * used are left out too, from every file of the package.
 */
export interface FilterConfig {
  /** Operation tags: an operation is included when one of its tags is listed, excluded likewise. */
  tags?: IncludeExclude<string>;
  /**
   * Path templates as written in the spec, matched as globs: `*` is one segment, `**` any
   * number, `{id}` is literal (`/pets/**`, `/pets/{petId}`, `/admin/*`).
   */
  paths?: IncludeExclude<string>;
  /** HTTP methods, lower or upper case. */
  methods?: IncludeExclude<HttpMethod | Uppercase<HttpMethod>>;
  /** operationIds. */
  operationIds?: IncludeExclude<string>;
  /** `false` leaves out operations marked `deprecated: true` (default: kept). */
  deprecated?: boolean;
}

/** What a naming function is told about an operation. */
export interface OperationInfo {
  operationId: string;
  method: HttpMethod;
  path: string;
  tags: readonly string[];
}

/** How operations are named. */
export interface NamesConfig {
  /**
   * The name of each operation's exported function (`listPets(client, args)`) and of its client
   * method when it has no namespace: `'camelCase'` of the operationId (the default), or a
   * function returning the name (`undefined` for the default). Made a safe, unique identifier.
   */
  functions?: 'camelCase' | ((operation: OperationInfo) => string | undefined);
}

/**
 * Resource namespaces of the client: `client.pets.list()`, `client.pets.owners.retrieve()`. The
 * operation's own exported function stays (for tree-shaking); its flat client method gives way
 * to the namespaced one.
 */
export interface NamespacesConfig {
  /**
   * For the operations `operations` does not list: `'tags'` (the first tag is the namespace; the
   * method is the function name without the tag's words: `listPets` → `pets.list`), `'paths'`
   * (each literal path segment is a level, `v1`-like and `api` segments skipped; the method is
   * `list`/`retrieve` for GET on a collection/item, `create`, `update`, `delete`), or a function
   * returning `'pets.owners.list'` (`undefined`: no namespace). Default: only `operations`.
   */
  from?: 'tags' | 'paths' | ((operation: OperationInfo) => string | undefined);
  /**
   * Per operation, by operationId or `'<method> <path>'` (`'get /pets/{petId}'`): the namespace
   * path and method name, dot-separated (`'pets.retrieve'`), or several (an SDK's aliases).
   * Keys are matched after the filter: one that names no operation of the package is a warning.
   */
  operations?: Readonly<Record<string, string | readonly string[]>>;
}

/**
 * How values the JSON wire carries as strings and numbers reach users (hey-api's
 * `@hey-api/transformers` options). Off by default: the package hands out the wire values.
 * `types.ts` stays the wire shape either way (openapi-typescript's); the zod validators'
 * output types and what they decode to are the converted values.
 */
export interface TransformersConfig {
  /**
   * `format: date-time` and `format: date` strings as `Date`s: the zod validators are codecs
   * (`z.codec`) that decode the string to a `Date` and encode a `Date` back. A `date` decodes
   * to UTC midnight of its day and never shifts by a day (see `@zapgen/runtime/codecs`).
   */
  dates?: boolean;
  /**
   * `format: int64` integers as `bigint`s: the zod validators are codecs from a JSON number
   * (or the exact `bigint` that `parseJson` of `@zapgen/runtime/codecs` reads beyond 2^53).
   */
  bigint?: boolean;
}

/** One API: a spec and the package generated from it. */
export interface ApiConfig {
  /**
   * Short name, printed in messages and used to select the API (`--api`); default the spec's
   * folder (for `openapi.yaml`) or file name.
   */
  name?: string;
  /** The spec: an entry file, or a folder holding `openapi.yaml|yml|json`. Relative to the config file. */
  spec: string;
  /** The package folder. Relative to the config file. */
  output: string;
  /** npm package name; default `@zapgen/<name>`. */
  packageName?: string;
  /** Which operations the package exposes (default: all of them). */
  filter?: FilterConfig;
  /**
   * OpenAPI Overlay 1.0 documents applied to the spec, in order, before it is validated and
   * generated (relative to the config file): a vendor's spec stays as published.
   */
  overlays?: readonly string[];
  /**
   * The folder a `$ref` may read the spec's files in (relative to the config file); default the
   * spec entry's folder. Widen it, to a folder that holds the spec, for a spec whose entry sits in
   * a subfolder and names files in sibling folders (`spec/namespaces/cat.yaml` ->
   * `../schemas/_common.yaml`). Hidden files and files other than `.json`, `.yaml` and `.yml` (and
   * text for descriptions) are never read, under any root.
   */
  specRoot?: string;
  /** How operations are named (default: camelCase of the operationId). */
  names?: NamesConfig;
  /** Resource namespaces of the client (default: none, one flat method per operation). */
  namespaces?: NamespacesConfig;
  /**
   * readOnly and writeOnly properties. `'shared'` (the default): one type per schema, as
   * openapi-typescript prints it (a readOnly property is `readonly`, and present in requests
   * too). `'split'`: requests and responses get shapes of their own wherever they differ:
   * `FooWritable` (readOnly properties are `?: never`, refused by the validators and the mock)
   * for parameters and request bodies, `FooReadable` (writeOnly properties left out, never
   * answered by the mock) for responses, in the types, zod, fixtures, mock and `zapgen diff`.
   * `Foo` itself is unchanged.
   */
  readWrite?: ReadWriteMode;
  /** Dates and 64-bit integers as `Date` and `bigint` (default: the wire's strings and numbers). */
  transformers?: TransformersConfig;
}

/** How readOnly and writeOnly properties shape the package (see `ApiConfig.readWrite`). */
export type ReadWriteMode = 'shared' | 'split';

/** `zapgen.config.ts`. */
export interface ZapgenConfig {
  /** One entry per API; names and output folders must be distinct. */
  apis: readonly ApiConfig[];
}

/** Types a config: `export default defineConfig({ apis: [...] })`. Returns `config` unchanged. */
export function defineConfig(config: ZapgenConfig): ZapgenConfig {
  return config;
}
