import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI3, OpenAPITSOptions } from 'openapi-typescript';
import type { Emitter } from '../emitter.js';
import { documentWithOperationIds } from './document.js';

/**
 * openapi-typescript options, chosen for a published SDK:
 * - `alphabetize: false`: keep the spec's order, so the types read like the spec.
 * - `exportType: false`: `export interface` for `paths`/`components`/`operations` (better errors
 *   and hover text than type aliases).
 * - `enum: false`: no runtime enum objects; `types.ts` stays types only (zod carries the values).
 * - `emptyObjectsUnknown: true`: `type: object` without properties is an open object in OpenAPI;
 *   the default `Record<string, never>` would make every key of such a value unreadable.
 * - `defaultNonNullable` left at its default (true): a property with a default is present in
 *   responses, which is what servers do.
 * - `silent: true`: the generator reports problems itself; no console output from a library.
 */
const OPTIONS: OpenAPITSOptions = {
  alphabetize: false,
  exportType: false,
  enum: false,
  emptyObjectsUnknown: true,
  silent: true,
};

/** `src/types.ts`: the openapi-typescript types (`paths`, `components`, `operations`) of the API. */
export const typescriptTypesEmitter: Emitter = {
  name: 'typescript-types',
  async emit(model) {
    const document = documentWithOperationIds(model) as unknown as OpenAPI3;
    const contents = astToString(await openapiTS(document, OPTIONS));
    return [{ path: 'src/types.ts', contents }];
  },
};
