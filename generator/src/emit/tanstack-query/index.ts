/**
 * `src/tanstack-query.ts`: TanStack Query options for every named operation, one module for
 * every adapter (React, Vue, Svelte, Solid, Angular): `<op>QueryOptions` for reads, with
 * `<op>InfiniteQueryOptions` when the operation is paginated (the model `paginate` walks),
 * `<op>MutationOptions` for writes, and structured keys (`<op>QueryKey`, `resourceQueryKey`,
 * `apiQueryKey`) to read, set and invalidate the cache by operation, resource or API. The options
 * are plain objects built by `@zapgen/runtime/tanstack-query`; the module imports nothing of
 * TanStack Query but its types, so a bundle that does not import it carries none of it.
 */
import type { ApiModel, OperationModel } from '../../model/types.js';
import { routeName } from '../definitions/index.js';
import { operationNames, type OperationNames } from '../shared/operation-names.js';
import { argsOptional } from '../client/signatures.js';
import type { EmitContext, Emitter } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';
import { pascalCase, stringLiteral } from '../shared/identifiers.js';
import {
  infinitePageType,
  isQuery,
  readsPageHeaders,
  resourcesOf,
  resourceUnion,
} from '../shared/operation-scope.js';
import { commentText, jsDocComment } from '../shared/jsdoc.js';
import { ModuleBuilder } from '../shared/module.js';
import { namespaceObject } from '../shared/namespace-names.js';

/** The module, and what it exports for others. */
export const TANSTACK_QUERY_MODULE: ModuleDeclaration = {
  id: 'tanstack-query',
  file: 'src/tanstack-query.ts',
  subpath: './tanstack-query',
  exports: ['apiQueryKey', 'resourceQueryKey'],
};

function doc(lines: string[]): string {
  return jsDocComment(lines.map(commentText), { compact: true });
}

/** The declarations of one operation. */
function operationCode(operation: OperationModel, names: OperationNames): string {
  const { fn, type } = names;
  const definition = routeName(names.definition);
  const route = `${operation.method.toUpperCase()} ${operation.path}`;
  const args = `args${argsOptional(operation) ? '?' : ''}: ${type}Args`;
  // With options after them, optional arguments are given as \`undefined\` at worst.
  const argsGiven = `args: ${type}Args${argsOptional(operation) ? ' | undefined' : ''}`;
  const parts: string[] = [];
  // The key's parts (API, resource, operationId) are the runtime's to build, from the definition.
  const keyed = `api: API, operation: ${definition}`;
  if (isQuery(operation)) {
    parts.push(
      `${doc([`The query key of \`${fn}\` with these arguments; without them, the prefix of every \`${fn}\` query (to invalidate them all).`])}export function ${fn}QueryKey(args?: ${type}Args): OperationQueryKey<${type}Result> {
  return operationQueryKey<${type}Result>(API, ${definition}, args);
}`,
      `${doc([`Query options of \`${fn}\` (${route}): for \`useQuery\`, \`createQuery\`, \`injectQuery\`, \`queryClient.fetchQuery\`, ...`, '', 'Its error is the typed error the client throws (`ApiError`, `NetworkError`, ...).'])}export function ${fn}QueryOptions(client: CallingClient, ${args}): QueryOptionsResult<${type}Result, {}>;
export function ${fn}QueryOptions<TOptions extends QueryOptionsInput<${type}Result>>(client: CallingClient, ${argsGiven}, options: TOptions): QueryOptionsResult<${type}Result, TOptions>;
export function ${fn}QueryOptions(client: CallingClient, ${args}, options?: QueryOptionsInput<${type}Result>) {
  return operationQueryOptions<${type}Result, object>({ client, ${keyed}, args, options });
}`,
    );
    const pagination = operation.extensions.pagination;
    if (pagination) {
      // A cursor page's parameter is the cursor (null for the first page); the others' a number.
      const param = pagination.kind === 'cursor' ? ', string | number | null' : '';
      const page = infinitePageType(operation, `${type}Result`);
      const kept =
        page === `${type}Result`
          ? []
          : [
              '',
              'Each page is `{ data, next }`: the body, and the page parameter of the next page, read from the `Link` header of its response (absent after the last page).',
            ];
      parts.push(
        `${doc([`Infinite query options of \`${fn}\`: one page per \`fetchNextPage()\`, while the pagination model says there is another (as \`paginate\` walks them).`, ...kept])}export function ${fn}InfiniteQueryOptions(client: CallingClient, ${args}): InfiniteQueryOptionsResult<${page}, {}${param}>;
export function ${fn}InfiniteQueryOptions<TOptions extends InfiniteQueryOptionsInput<${page}${param}>>(client: CallingClient, ${argsGiven}, options: TOptions): InfiniteQueryOptionsResult<${page}, TOptions${param}>;
export function ${fn}InfiniteQueryOptions(client: CallingClient, ${args}, options?: InfiniteQueryOptionsInput<${page}${param}>) {
  return operationInfiniteQueryOptions<${page}, object${param}>({ client, ${keyed}, args, options });
}`,
      );
    }
  } else {
    parts.push(
      `${doc([`Mutation options of \`${fn}\` (${route}): for \`useMutation\`, \`createMutation\`, \`injectMutation\`; \`mutate(args)\` takes its arguments.`])}export function ${fn}MutationOptions(client: CallingClient): MutationOptionsResult<${type}Result, ${type}Args, {}>;
export function ${fn}MutationOptions<TOptions extends MutationOptionsInput<${type}Result, ${type}Args>>(client: CallingClient, options: TOptions): MutationOptionsResult<${type}Result, ${type}Args, TOptions>;
export function ${fn}MutationOptions(client: CallingClient, options?: MutationOptionsInput<${type}Result, ${type}Args>) {
  return operationMutationOptions<${type}Result, ${type}Args, object>({ client, ${keyed}, options });
}`,
    );
  }
  return parts.join('\n\n');
}

/** The text of `src/tanstack-query.ts`. */
export function tanstackQuerySource(model: ApiModel, context: EmitContext): string {
  const names = operationNames(model);
  const prefix = pascalCase(context.apiName);
  const runtime = `${context.runtimePackage}/tanstack-query`;
  const operations = model.operations.map((operation) => ({
    operation,
    names: names.get(operation.operationId)!,
  }));
  const queries = operations.filter(({ operation }) => isQuery(operation));
  const paginated = queries.filter(({ operation }) => operation.extensions.pagination);
  const mutations = operations.filter(({ operation }) => !isQuery(operation));
  const resources = resourcesOf(model.operations);
  const runtimeValues = [
    ...(paginated.length ? ['operationInfiniteQueryOptions'] : []),
    ...(mutations.length ? ['operationMutationOptions'] : []),
    ...(queries.length ? ['operationQueryKey', 'operationQueryOptions'] : []),
    'resourceQueryKey as resourceKey',
  ];
  const runtimeTypes = [
    ...(operations.length ? ['CallingClient'] : []),
    ...(paginated.length ? ['InfiniteQueryOptionsInput', 'InfiniteQueryOptionsResult'] : []),
    ...(mutations.length ? ['MutationOptionsInput', 'MutationOptionsResult'] : []),
    'OperationKey',
    ...(queries.length ? ['OperationQueryKey', 'QueryOptionsInput', 'QueryOptionsResult'] : []),
    ...(readsPageHeaders(model.operations) ? ['PageWithNext'] : []),
  ];
  const clientTypes = operations.flatMap(({ names: n }) => [`${n.type}Args`, `${n.type}Result`]);
  const module = new ModuleBuilder({ modules: context.modules, id: TANSTACK_QUERY_MODULE.id })
    .import(runtime, runtimeValues)
    .import(runtime, runtimeTypes, { type: true })
    .importModule(
      'routes',
      operations.map(({ names: n }) => routeName(n.definition)),
    )
    .importModule('client', clientTypes, { type: true });
  const resourceType = `${prefix}Resource`;
  const header = [
    `/** The package's name: the first part of every query key of this API. */\nconst API = ${stringLiteral(context.packageName)};`,
    `${doc(['The key of every query of this API: `queryClient.invalidateQueries({ queryKey: apiQueryKey })`.'])}export const apiQueryKey: readonly [OperationKey] = [{ api: API }];`,
    `${doc(['The resources of this API: each operation path without its trailing parameters (`/v1/zaps/{id}` belongs to `/v1/zaps`).'])}export type ${resourceType} = ${resourceUnion(model.operations)};`,
    `${doc(['The key of every query of one resource, to invalidate them after a change: `queryClient.invalidateQueries({ queryKey: resourceQueryKey(' + stringLiteral(resources[0] ?? '/things') + ') })`.'])}export function resourceQueryKey(resource: ${resourceType}): readonly [OperationKey] {\n  return resourceKey(API, resource);\n}`,
  ];
  // With the config's namespaces: the same factories under the client's names, the flat ones kept.
  const namespaced = namespaceObject(model.operations, names, (operation) => {
    const { fn } = names.get(operation.operationId)!;
    if (!isQuery(operation)) return `{ mutationOptions: ${fn}MutationOptions }`;
    const infinite = operation.extensions.pagination
      ? `, infiniteQueryOptions: ${fn}InfiniteQueryOptions`
      : '';
    return `{ queryKey: ${fn}QueryKey, queryOptions: ${fn}QueryOptions${infinite} }`;
  });
  const footer = namespaced
    ? [
        `${doc(['The options of each operation under its namespace of the client: `useQuery(queries.pets.list.queryOptions(client, args))`.'])}export const queries = ${namespaced};`,
      ]
    : [];
  return module.text([
    ...header,
    ...operations.map(({ operation, names: n }) => operationCode(operation, n)),
    ...footer,
  ]);
}

/** `src/tanstack-query.ts`, the TanStack Query options of every operation. */
export const tanstackQueryEmitter: Emitter = {
  name: 'tanstack-query',
  provides: [TANSTACK_QUERY_MODULE],
  needs: ['routes', 'client'],
  emit: (model, context) => [
    { path: TANSTACK_QUERY_MODULE.file, contents: tanstackQuerySource(model, context) },
  ],
};
