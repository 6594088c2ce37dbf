/**
 * The zod emitter: `src/zod.ts` and its type-level test `src/zod-agreement.ts`.
 *
 * Choices that a reader of the generated code may wonder about:
 * - Recursive schemas (members of a reference cycle) are annotated `z.ZodType<T>` with `T` spelled
 *   out (`output-type.ts`), and references to consts declared further down go through `z.lazy`.
 *   Every other component const is annotated with the zod type it infers (`zod-type.ts`), so that
 *   `zod.d.ts` names the schemas it refers to (`typeof PetSchema`) instead of spelling them out.
 * - One schema serves requests and responses: `readOnly`/`writeOnly` do not change validation
 *   (a required read-only property is required in request bodies too).
 * - Defaults are applied (`.default()`), which makes the key optional on input and present on
 *   output, matching openapi-typescript's `defaultNonNullable`. A default that does not fit its
 *   schema is dropped (`defaults.ts`).
 * - `oneOf` is `z.xor` (exactly one variant), or `z.discriminatedUnion` when the discriminator
 *   makes that exact (`discriminator.ts`); `anyOf` and `type` arrays are `z.union`; `allOf` is
 *   `z.intersection`.
 * - Formats: see `formats.ts`. Patterns JavaScript cannot compile are skipped with a comment.
 * - Descriptions become JSDoc on component consts only (never `.describe()`: it bloats output).
 * - Parameter groups validate typed values, as the client receives them: no string coercion.
 */
import type { Emitter } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';
import { zodModule } from './module.js';
import { CLASSIC, MINI } from './flavour.js';
import { Degradations } from '../shared/degrade.js';

/** The package's `./zod` export; its exports are named after the spec's schemas and operations. */
const ZOD_MODULE: ModuleDeclaration = {
  id: 'zod',
  file: 'src/zod.ts',
  subpath: './zod',
  exports: [],
};
/** The client's validators, in zod/mini (see `flavour.ts`); the definitions import them. */
const VALIDATORS_MODULE: ModuleDeclaration = {
  id: 'validators',
  file: 'src/validators.ts',
  exports: [],
};

/**
 * `src/zod.ts`: zod 4 schemas of every component schema and operation (`componentSchemas`,
 * `operationSchemas`), the package's `./zod` export; and `src/validators.ts`, the same schemas in
 * zod/mini, which the client validates with so that its bundles stay small. Whether their output types agree with `types.ts`'s `components` is
 * a test of the generator (`test/support/zod-agreement.ts`), never part of the package.
 */
export const zodEmitter: Emitter = {
  name: 'zod',
  provides: [ZOD_MODULE, VALIDATORS_MODULE],
  needs: [],
  emit: (model, context) => [
    {
      path: ZOD_MODULE.file,
      contents: zodModule({
        model,
        runtimePackage: context.runtimePackage,
        flavour: CLASSIC,
        degradations: context.degradations,
        ...(context.transformers && { transformers: context.transformers }),
      }),
    },
    {
      path: VALIDATORS_MODULE.file,
      contents: zodModule({
        model,
        runtimePackage: context.runtimePackage,
        flavour: MINI,
        client: true,
        // Recorded once, by zod.ts: the same schema fails the same way here.
        degradations: context.degradations && new Degradations(),
        ...(context.transformers && { transformers: context.transformers }),
      }),
    },
  ],
};
