import type { TransformersConfig } from '../config/types.js';
import type { ApiModel } from '../model/types.js';
import type { SurfaceRecord } from '../model/surface.js';
import type { ModuleDeclaration, ModuleRegistry } from './registry.js';
import type { Degradations } from './shared/degrade.js';
import type { Memo } from '../memo/index.js';
import type { KeptWork } from '../memo/kept.js';

/** What every emitter knows about the package it writes. */
export interface EmitContext {
  /** Short API name, the folder name under `spec/` and `packages/` (`actions-v2`). */
  apiName: string;
  /** npm package name of the generated package (`@zapgen/actions-v2`). */
  packageName: string;
  /** npm package name of the shared runtime (`@zapgen/runtime`). */
  runtimePackage: string;
  /** Where the spec came from, as printed in headers (`spec/actions-v2`). */
  specLabel: string;
  /** sha256 (hex) of the bundled document. */
  specHash: string;
  /** The package version and the whole `CHANGELOG.md`, computed from the previous package (`release/`). */
  release: { version: string; changelog: string };
  /** What the config made of the surface (names, namespaces, readWrite), recorded in package.json. */
  surface?: SurfaceRecord;
  /** Where each module of the package is, for the imports between them (`registry.ts`). */
  modules: ModuleRegistry;
  /**
   * Where an emitter records a schema or operation it writes in a weaker form because it cannot
   * handle it (see `shared/degrade.ts`); without it (unit tests), such an error is thrown.
   */
  degradations?: Degradations;
  /**
   * Work of earlier runs keyed by content hashes (`memo/index.ts`), for an emitter that reuses
   * the part of its output an edit did not reach; absent: compute everything (same bytes).
   */
  memo?: Memo;
  /**
   * Work of the runs before in this process (a watch session: `memo/kept.ts`), kept in memory
   * only; absent: compute everything (same bytes).
   */
  kept?: KeptWork;
  /** Dates and int64 as `Date` and `bigint` (the config's `transformers`); absent: wire values. */
  transformers?: TransformersConfig;
}

/** One output file, its path relative to the package root, before formatting and the header. */
export interface EmittedFile {
  path: string;
  contents: string;
  /**
   * For `src/fixtures.ts`: the fixture consts whose `satisfies` clauses the emitter could not
   * prove, which the verify phase checks with TypeScript (absent: check them all).
   */
  unproven?: ReadonlySet<string>;
}

/**
 * One output kind. Emitters take every decision from the model (`model/media-types.ts` says which
 * body is sent and which response a call resolves with); the bundled document itself is read only
 * by the JSON Schema tools that need it whole: openapi-typescript (types), ajv (fixtures) and the
 * bundle (`openapi.json`).
 */
export interface Emitter {
  name: string;
  /** The modules this emitter writes, with what they export to the others. */
  provides: readonly ModuleDeclaration[];
  /** The modules (by id) that this emitter's modules import. */
  needs: readonly string[];
  emit(model: ApiModel, context: EmitContext): EmittedFile[] | Promise<EmittedFile[]>;
}
