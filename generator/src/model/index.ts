import type { ApiModel } from './types.js';

export type * from './types.js';

/**
 * Builds the spec-agnostic model of a bundled OpenAPI 3.0/3.1 document.
 *
 * Work in progress: returns the document's metadata only until the schema, parameter and
 * operation builders land.
 */
export function buildModel(document: Record<string, unknown>): ApiModel {
  const info = (document.info ?? {}) as { title?: string; version?: string; description?: string };
  return {
    openapi: String(document.openapi ?? ''),
    info: { title: info.title ?? '', version: info.version ?? '' },
    servers: [{ url: '/', variables: [] }],
    schemas: [],
    securitySchemes: [],
    operations: [],
    document,
  };
}
