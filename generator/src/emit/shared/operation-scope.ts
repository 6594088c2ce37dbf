/**
 * What the cache integrations (`tanstack-query`, `swr`) key an operation's results by: its API,
 * its resource and its operationId, and whether it reads (a query) or writes (a mutation).
 */
import type { OperationModel } from '../../model/types.js';
import { stringLiteral } from './identifiers.js';

/**
 * The resource of an operation: its path without trailing parameters or slash, the collection
 * its item paths belong to (`/v1/zaps/{id}/` → `/v1/zaps`).
 */
export function resourceOf(path: string): string {
  const segments = path.replace(/\/+$/, '').split('/');
  while (segments.length > 1 && /^\{[^{}]+\}$/.test(segments.at(-1)!)) segments.pop();
  return segments.join('/') || '/';
}

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

/** `const <fn>Scope = { api: API, resource, operationId } as const;` (the module declares `API`). */
export function scopeDeclaration(operation: OperationModel, name: string): string {
  return `const ${name} = { api: API, resource: ${stringLiteral(resourceOf(operation.path))}, operationId: ${stringLiteral(operation.operationId)} } as const;`;
}

/** The resources of the operations, once each, in model order. */
export function resourcesOf(operations: readonly OperationModel[]): string[] {
  return [...new Set(operations.map((operation) => resourceOf(operation.path)))];
}
