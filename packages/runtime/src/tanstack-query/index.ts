/**
 * `@zapgen/runtime/tanstack-query`: what the generated `./tanstack-query` modules build their
 * query, infinite query and mutation options with. Framework-agnostic: typed with
 * `@tanstack/query-core`, imported by no adapter, so that one generated module serves React, Vue,
 * Svelte, Solid and Angular alike.
 */
export {
  operationInfiniteQueryOptions,
  operationMutationOptions,
  operationQueryKey,
  operationQueryOptions,
  resourceQueryKey,
} from './operations.js';
export type {
  CallingClient,
  InfiniteQueryOptionsInput,
  InfiniteQueryOptionsResult,
  MutationOptionsInput,
  MutationOptionsResult,
  QueryOptionsInput,
  QueryOptionsResult,
  OperationKey,
  OperationQueryKey,
  OperationScope,
  PageWithNext,
} from './operations.js';
