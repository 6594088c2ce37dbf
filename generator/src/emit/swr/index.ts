/**
 * `src/swr.ts`: SWR hooks of every named operation (React): `use<Op>(client, args, config)` for
 * reads (`null` arguments fetch nothing yet), `use<Op>Infinite` over a paginated operation's
 * pages, `use<Op>` with `trigger(args)` for writes; `matchKeys` for `mutate` after a change. The
 * hooks are the runtime's (`@zapgen/runtime/swr`), bound to each operation's definition and key.
 * Each hook declares its return type (the runtime's `QueryResponse`, ...): inferred, tsc would
 * print SWR's type with the operation's result spelled out into `swr.d.ts`, once per hook.
 */
import type { ApiModel, OperationModel } from '../../model/types.js';
import { routeName } from '../definitions/index.js';
import { operationNames, type OperationNames } from '../shared/operation-names.js';
import { argsOptional } from '../client/signatures.js';
import type { EmitContext, Emitter } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';
import { stringLiteral } from '../shared/identifiers.js';
import { commentText, jsDocComment } from '../shared/jsdoc.js';
import { ModuleBuilder } from '../shared/module.js';
import { namespaceObject } from '../shared/namespace-names.js';
import {
  infinitePageType,
  isQuery,
  readsPageHeaders,
  resourcesOf,
  resourceUnion,
} from '../shared/operation-scope.js';

/** The module, and what it exports for others. */
export const SWR_MODULE: ModuleDeclaration = {
  id: 'swr',
  file: 'src/swr.ts',
  subpath: './swr',
  exports: ['matchKeys'],
};

function doc(line: string): string {
  return jsDocComment([commentText(line)], { compact: true });
}

function operationCode(operation: OperationModel, names: OperationNames): string {
  const { fn, type } = names;
  const definition = routeName(names.definition);
  const hook = `use${type}`;
  const route = `${operation.method.toUpperCase()} ${operation.path}`;
  const parts: string[] = [];
  if (isQuery(operation)) {
    const args = `args: ${type}Args | null${argsOptional(operation) ? ' = {}' : ''}`;
    parts.push(
      `${doc(`\`useSWR\` of \`${fn}\` (${route}): its result with these arguments; \`null\` fetches nothing yet.`)}export function ${hook}(client: CallingClient, ${args}, config?: QueryConfig<${type}Result>): QueryResponse<${type}Result> {
  return useOperation<${type}Result>(client, ${definition}, API, args, config);
}`,
    );
    if (operation.extensions.pagination) {
      const page = infinitePageType(operation, `${type}Result`);
      const kept =
        page === `${type}Result`
          ? ''
          : ' Each page is `{ data, next }`: the body, and the page parameter of the next page, read from the `Link` header of its response (absent after the last page).';
      parts.push(
        `${doc(`\`useSWRInfinite\` of \`${fn}\`: \`setSize(size + 1)\` loads the next page while the pagination model says there is one.${kept}`)}export function ${hook}Infinite(client: CallingClient, ${args}, config?: InfiniteConfig<${page}>): InfiniteResponse<${page}> {
  return useOperationInfinite<${page}>(client, ${definition}, API, args, config);
}`,
      );
    }
  } else {
    parts.push(
      `${doc(`\`useSWRMutation\` of \`${fn}\` (${route}): \`trigger(args)\` sends it.`)}export function ${hook}(client: CallingClient, config?: MutationConfig<${type}Result, ${type}Args>): MutationResponse<${type}Result, ${type}Args> {
  return useOperationMutation<${type}Result, ${type}Args>(client, ${definition}, API, config);
}`,
    );
  }
  return parts.join('\n\n');
}

/** The text of `src/swr.ts`. */
export function swrSource(model: ApiModel, context: EmitContext): string {
  const names = operationNames(model);
  const runtime = `${context.runtimePackage}/swr`;
  const operations = model.operations.map((operation) => ({
    operation,
    names: names.get(operation.operationId)!,
  }));
  const queries = operations.filter(({ operation }) => isQuery(operation));
  const paginated = queries.filter(({ operation }) => operation.extensions.pagination);
  const mutations = operations.filter(({ operation }) => !isQuery(operation));
  const values = [
    'matchKeys as matchKeysOf',
    ...(queries.length ? ['useOperation'] : []),
    ...(paginated.length ? ['useOperationInfinite'] : []),
    ...(mutations.length ? ['useOperationMutation'] : []),
  ];
  const types = [
    ...(operations.length ? ['CallingClient'] : []),
    ...(paginated.length ? ['InfiniteConfig', 'InfiniteResponse'] : []),
    ...(mutations.length ? ['MutationConfig', 'MutationResponse'] : []),
    ...(queries.length ? ['QueryConfig', 'QueryResponse'] : []),
    ...(readsPageHeaders(model.operations) ? ['PageWithNext'] : []),
  ];
  const resources = resourcesOf(model.operations);
  const module = new ModuleBuilder({ modules: context.modules, id: SWR_MODULE.id })
    .import(runtime, values)
    .import(runtime, types, { type: true })
    .importModule(
      'routes',
      operations.map(({ names: n }) => routeName(n.definition)),
    )
    .importModule(
      'client',
      operations.flatMap(({ names: n }) => [`${n.type}Args`, `${n.type}Result`]),
      { type: true },
    );
  const header = [
    `/** The package's name: the first part of every key of this API. */\nconst API = ${stringLiteral(context.packageName)};`,
    `${doc(`A filter of this API's cached results for SWR's \`mutate\`: \`mutate(matchKeys({ resource: ${stringLiteral(resources[0] ?? '/things')} }))\` revalidates a resource's.`)}export function matchKeys(parts: { resource?: ${resourceUnion(model.operations)}; operationId?: ${model.operations.length ? model.operations.map((operation) => stringLiteral(operation.operationId)).join(' | ') : 'never'} } = {}): (key: unknown) => boolean {\n  return matchKeysOf({ api: API, ...parts });\n}`,
  ];
  // With the config's namespaces: the same hooks under the client's names (`hooks.pets.list.use`,
  // a `use` name, as React's rules of hooks read it), the flat ones kept.
  const namespaced = namespaceObject(model.operations, names, (operation) => {
    const hook = `use${names.get(operation.operationId)!.type}`;
    const infinite =
      isQuery(operation) && operation.extensions.pagination ? `, useInfinite: ${hook}Infinite` : '';
    return `{ use: ${hook}${infinite} }`;
  });
  const footer = namespaced
    ? [
        `${doc('The hooks of each operation under its namespace of the client: `hooks.pets.list.use(client, args)`.')}export const hooks = ${namespaced};`,
      ]
    : [];
  return module.text([
    ...header,
    ...operations.map(({ operation, names: n }) => operationCode(operation, n)),
    ...footer,
  ]);
}

/** `src/swr.ts`, the SWR hooks of every operation. */
export const swrEmitter: Emitter = {
  name: 'swr',
  provides: [SWR_MODULE],
  needs: ['routes', 'client'],
  emit: (model, context) => [{ path: SWR_MODULE.file, contents: swrSource(model, context) }],
};
