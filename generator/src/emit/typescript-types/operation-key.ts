/**
 * The key of an operation in the `operations` interface of `src/types.ts`. openapi-typescript
 * writes `#` in an operationId as `/` (a workaround for its `$ref` parser, openapi-typescript#1542),
 * so every emitter that names `operations["…"]` must use this, not the raw operationId.
 */
export function typesOperationKey(operationId: string): string {
  return operationId.replace(/#/g, '/');
}
