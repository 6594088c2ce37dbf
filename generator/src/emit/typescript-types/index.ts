/**
 * `src/types.ts`: the API's types, printed from the model by zapgen's own printer in
 * openapi-typescript's public shape (`paths`, `webhooks`, `components`, `$defs`, `operations`),
 * plus a named export per component schema. The equivalence with openapi-typescript's output is
 * proven by a test (`test/contract/types-equivalence.test.ts`), not at generation.
 */
import type { ApiModel, OperationModel, PathItemModel } from '../../model/types.js';
import { isIdentifier, pascalCase } from '../shared/identifiers.js';
import type { Emitter } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';
import { circularAliases } from './degraded.js';
import { GLOBALS_REFERRED_TO } from './globals.js';
import { documentSource, METHODS, type DocumentPrinter } from './document.js';
import { typesOperationKey } from './operation-key.js';
import { createSchemaPrinter } from './schema.js';

/** A schema printed `unknown` instead of its type, located by its JSON pointer. */
export interface TypeWarning {
  pointer: string;
  rule: 'type-replaced';
  message: string;
}

/** Names `types.ts` declares itself: a component's named export never takes one. */
const ROOTS = new Set(['paths', 'webhooks', 'components', '$defs', 'operations']);

/**
 * The operations listed under `operations`: every client operation (by its operationId, as the
 * client names `operations["…"]`), then the webhooks' operations that have an operationId of their
 * own, as openapi-typescript lists them. A key already taken is printed inline instead.
 */
function listedOperations(model: ApiModel): Map<OperationModel, string> {
  const listed = new Map<OperationModel, string>();
  const taken = new Set<string>();
  const list = (operation: OperationModel) => {
    const key = typesOperationKey(operation.operationId);
    if (taken.has(key)) return;
    taken.add(key);
    listed.set(operation, key);
  };
  // In the order of a path item's methods as openapi-typescript visits them.
  const byMethod = (item: PathItemModel) =>
    METHODS.flatMap((method) => item.operations.filter((entry) => entry.method === method));
  for (const entry of model.paths)
    for (const { operation } of byMethod(entry.item)) list(operation);
  for (const webhook of model.webhooks)
    for (const { operation } of byMethod(webhook.item))
      if (!operation.operationIdDerived) list(operation);
  return listed;
}

/**
 * `export type Pet = components["schemas"]["Pet"]` for each component schema whose name, made a
 * type name, is an identifier no other component, no root of the file and no global type the file
 * refers to takes.
 */
function namedExports(model: ApiModel): Map<string, string> {
  const byAlias = new Map<string, string[]>();
  for (const { name } of model.schemas) {
    const alias = isIdentifier(name) && /^[A-Z]/.test(name) ? name : pascalCase(name);
    byAlias.set(alias, [...(byAlias.get(alias) ?? []), name]);
  }
  const result = new Map<string, string>();
  for (const [alias, names] of byAlias)
    if (names.length === 1 && !ROOTS.has(alias) && !GLOBALS_REFERRED_TO.has(alias))
      result.set(alias, names[0]!);
  return result;
}

const printed = new WeakMap<ApiModel, { text: string; warnings: TypeWarning[] }>();

/**
 * The text of `src/types.ts` and the schemas it could not type, printed once per model (the
 * verify phase reads the warnings of the text the emitter wrote).
 */
export function typesSource(model: ApiModel): { text: string; warnings: TypeWarning[] } {
  let result = printed.get(model);
  if (!result) {
    result = print(model);
    printed.set(model, result);
  }
  return result;
}

function print(model: ApiModel): { text: string; warnings: TypeWarning[] } {
  const warnings: TypeWarning[] = [];
  const components = new Map(model.schemas.map((named) => [named.name, named]));
  const replaced = circularAliases(model.schemas);
  for (const named of model.schemas) {
    if (!replaced.has(named.name)) continue;
    warnings.push({
      pointer: named.pointer,
      rule: 'type-replaced',
      message: `schema \`${named.name}\` refers to itself through references, unions, intersections and array items alone, which no TypeScript type can say (TS2502); it is \`unknown\` in types.ts`,
    });
  }
  let degradedAt: string | undefined;
  const schemas = createSchemaPrinter({
    components,
    ...(model.sharedSchemas && { shared: model.sharedSchemas }),
    onDegraded: (reason) => {
      if (degradedAt === undefined) return;
      warnings.push({
        pointer: degradedAt,
        rule: 'type-replaced',
        message: `this schema is ${reason}; the part past that is \`unknown\` in types.ts`,
      });
      degradedAt = undefined;
    },
  });
  const printer: DocumentPrinter = {
    schemas,
    listed: listedOperations(model),
    guard: (print, pointer) => {
      degradedAt = pointer || '#';
      try {
        return print();
      } catch (error) {
        warnings.push({
          pointer: pointer || '#',
          rule: 'type-replaced',
          message: `zapgen could not print this schema's type (${error instanceof Error ? error.message : String(error)}); it is \`unknown\` in types.ts`,
        });
        return 'unknown';
      } finally {
        degradedAt = undefined;
      }
    },
  };
  const document = documentSource({ model, printer, replaced, namedExports: namedExports(model) });
  const shared = schemas.sharedDeclarations();
  const text = shared.length ? `${document}\n${shared.join('\n\n')}\n` : document;
  return { text, warnings };
}

/** The module, and the roots other modules import from it (a component's named export too). */
export const TYPES_MODULE: ModuleDeclaration = {
  id: 'types',
  file: 'src/types.ts',
  subpath: './types',
  exports: ['paths', 'webhooks', 'components', '$defs', 'operations'],
};

/** `src/types.ts`: the types of the API (`paths`, `components`, `operations`, …). */
export const typescriptTypesEmitter: Emitter = {
  name: 'typescript-types',
  provides: [TYPES_MODULE],
  needs: [],
  emit: (model) => [{ path: TYPES_MODULE.file, contents: typesSource(model).text }],
};
