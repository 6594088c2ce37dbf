import type { PointerResolver } from './pointer.js';
import type { SchemaBuilder } from './schema.js';

/** What the builders of one document share: memoised `$ref` resolution and schema conversion. */
export interface BuildContext {
  /** The bundled document. */
  document: Record<string, unknown>;
  resolver: PointerResolver;
  schemas: SchemaBuilder;
}
