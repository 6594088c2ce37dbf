import ts from 'typescript';
// openapi-typescript's modules, not its entry point: see `openapi-typescript-parts.d.ts`.
import transformSchema from 'openapi-typescript/dist/transform/index.mjs';
import { resolveRef, scanDiscriminators } from 'openapi-typescript/dist/lib/utils.mjs';
import { astToString, UNKNOWN } from 'openapi-typescript/dist/lib/ts.mjs';
import type { GlobalContext, OpenAPI3, TransformNodeOptions } from 'openapi-typescript';
import type { ApiModel } from '../../model/types.js';
import type { Emitter } from '../emitter.js';
import { documentWithOperationIds } from './document.js';

/**
 * openapi-typescript's options, chosen for a published SDK:
 * - `alphabetize: false`: keep the spec's order, so the types read like the spec.
 * - `exportType: false`: `export interface` for `paths`/`components`/`operations` (better errors
 *   and hover text than type aliases).
 * - `enum: false`: no runtime enum objects; `types.ts` stays types only (zod carries the values).
 * - `emptyObjectsUnknown: true`: `type: object` without properties is an open object in OpenAPI;
 *   the default `Record<string, never>` would make every key of such a value unreadable.
 * - `defaultNonNullable` left at its default (true): a property with a default is present in
 *   responses, which is what servers do.
 */
const OPTIONS = {
  alphabetize: false,
  exportType: false,
  enum: false,
  emptyObjectsUnknown: true,
  defaultNonNullable: true,
} as const;

/** A schema of the document whose generated type is replaced, with the reason (see `verify/`). */
export interface TypeOverride {
  /** JSON pointer of the schema as openapi-typescript names it (`#/components/schemas/Json`). */
  pointer: string;
  reason: string;
}

/**
 * openapi-typescript's transform context, as its `openapiTS()` builds it, for a document that is
 * already bundled and validated.
 *
 * zapgen does not call `openapiTS()`: that runs Redocly's resolver, linter and bundler first,
 * which resolve `externalValue` URLs and remote `$ref`s over the network (generation must never
 * touch it) and repeat work the load phase has done. The transform itself is the same. The
 * document is copied first: openapi-typescript writes the enums of discriminator mappings into
 * the schemas it scans.
 */
function transformContext({
  document,
  overrides,
  markSchemas,
}: {
  document: OpenAPI3;
  overrides: ReadonlyMap<string, string>;
  markSchemas: boolean;
}): GlobalContext {
  const silent = true;
  return {
    ...OPTIONS,
    additionalProperties: false,
    arrayLength: false,
    discriminators: scanDiscriminators(document, { silent }),
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    propertiesRequiredByDefault: false,
    // Replaced types stay `unknown`: the one type every value satisfies.
    postTransform:
      overrides.size || markSchemas
        ? (type: ts.TypeNode, options: TransformNodeOptions) => {
            const path = options.path ?? '';
            const result = overrides.has(path) ? UNKNOWN : type;
            return markSchemas ? markedType({ type: result, path }) : result;
          }
        : undefined,
    silent,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    // Only `openapiTS()` reads the Redocly config, to bundle; the transform never does.
    redoc: undefined as unknown as GlobalContext['redoc'],
    resolve: ($ref: string) => resolveRef(document, $ref, { silent }),
  } as GlobalContext;
}

/** The comment before each schema's type in a `markSchemas` source: this prefix, then the encoded path. */
export const SCHEMA_MARK = 'zapgen-schema:';

/**
 * `type` in parentheses, after a comment naming the schema it was written for (its path as
 * openapi-typescript names it, URI-encoded so that no spec string can end the comment).
 */
function markedType({ type, path }: { type: ts.TypeNode; path: string }): ts.TypeNode {
  return ts.addSyntheticLeadingComment(
    ts.factory.createParenthesizedType(type),
    ts.SyntaxKind.MultiLineCommentTrivia,
    `${SCHEMA_MARK}${encodeURIComponent(path)}`,
    false,
  );
}

/**
 * The text of `src/types.ts`, with the types of `overrides` replaced by `unknown`. With
 * `markSchemas`, every schema's type is preceded by a `SCHEMA_MARK` comment: not for the package,
 * but for verify, to find which schema a diagnostic is in, wherever openapi-typescript wrote it.
 */
export function typesSource({
  model,
  overrides = [],
  markSchemas = false,
}: {
  model: ApiModel;
  overrides?: readonly TypeOverride[];
  markSchemas?: boolean;
}): string {
  const document = documentWithOperationIds(model) as unknown as OpenAPI3;
  const replaced = new Map(overrides.map((override) => [override.pointer, override.reason]));
  const nodes = transformSchema(
    document,
    transformContext({ document, overrides: replaced, markSchemas }),
  );
  const notes = [...replaced].map(
    ([pointer, reason]) => ` * - ${pointer}: ${reason.replace(/\*\//g, '* /')}`,
  );
  const preamble = notes.length
    ? `/**\n * Types written as \`unknown\` because openapi-typescript's type for them does not compile:\n${notes.join('\n')}\n */\n`
    : '';
  return `${preamble}${astToString(nodes)}`;
}

/** `src/types.ts`: the openapi-typescript types (`paths`, `components`, `operations`) of the API. */
export const typescriptTypesEmitter: Emitter = {
  name: 'typescript-types',
  emit: (model) => [{ path: 'src/types.ts', contents: typesSource({ model }) }],
};
