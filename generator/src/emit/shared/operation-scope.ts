/**
 * What the cache integrations (`tanstack-query`, `swr`) key an operation's results by: its API,
 * its resource and its operationId (built at run time by `@zapgen/runtime/query-keys`, whose
 * `resourceOf` the resource types here are made with), whether it reads (a query) or writes (a
 * mutation), and what a page of its infinite query is.
 */
import { pageHeaderNames } from '@zapgen/runtime/pagination';
import { resourceOf } from '@zapgen/runtime/query-keys';
import type { OperationModel } from '../../model/types.js';
import { stringLiteral } from './identifiers.js';

export { resourceOf };

/**
 * Reads are queries: GET and HEAD, and an operation of another method whose result the spec says
 * may be cached (`x-zapgen-cache`) or polled (`x-zapgen-polling`). The others are mutations.
 */
export function isQuery(operation: OperationModel): boolean {
  const { extensions } = operation;
  return (
    operation.method === 'get' ||
    operation.method === 'head' ||
    extensions.cache !== undefined ||
    extensions.polling !== undefined
  );
}

/** The resources of the operations, once each, in model order. */
export function resourcesOf(operations: readonly OperationModel[]): string[] {
  return [...new Set(operations.map((operation) => resourceOf(operation.path)))];
}

/** The resources as a union type of their literals (`never` without any). */
export function resourceUnion(operations: readonly OperationModel[]): string {
  const resources = resourcesOf(operations);
  return resources.length ? resources.map(stringLiteral).join(' | ') : 'never';
}

/**
 * The type of one page of a paginated operation's infinite query, whose body is `result`: the
 * body, or `PageWithNext<result>` when the next page is read from a response header (the
 * runtime's `infinitePages` keeps the next page's parameter beside the body, not the header).
 */
export function infinitePageType(operation: OperationModel, result: string): string {
  const pagination = operation.extensions.pagination;
  return pagination && pageHeaderNames(pagination).length > 0 ? `PageWithNext<${result}>` : result;
}

/** Whether some infinite query of `operations` reads its next page from a header (its module imports `PageWithNext`). */
export function readsPageHeaders(operations: readonly OperationModel[]): boolean {
  return operations.some(
    (operation) =>
      isQuery(operation) &&
      operation.extensions.pagination !== undefined &&
      pageHeaderNames(operation.extensions.pagination).length > 0,
  );
}
