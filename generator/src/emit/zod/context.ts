import type { TransformersConfig } from '../../config/types.js';
import type { SchemaModel } from '../../model/types.js';
import type { ZodFlavour } from './flavour.js';

/** Helper functions a generated `zod.ts` may need; each is printed once, only when used. */
export type HelperName =
  | 'isSet'
  | 'hasUniqueItems'
  | 'keysMatch'
  | 'patternPropertiesMatch'
  | 'oneOfJson'
  | 'ownMember'
  | 'onlyKnownKeys'
  | 'withDefaults';

/** The conversions of `@zapgen/runtime/codecs` a generated module may import (`codecs.ts`). */
export type CodecName = 'dateTimeCodec' | 'dateCodec' | 'int64Codec';

/** zod's two types of a schema: what `parse` returns, and what it accepts. */
export type TypeMode = 'output' | 'input';

/** What the schema printers need to know about the component schemas around them. */
export interface ZodContext {
  /** The component schema named `name`, or `undefined` for a dangling reference. */
  lookup(name: string): SchemaModel | undefined;
  /** The exported const of a component schema (`PetSchema`). */
  constName(name: string): string;
  /**
   * The spelled-out output type (`Pet`) or input type (`PetInput`) of a recursive component
   * schema, or `undefined` when the schema is not part of a reference cycle and its types are inferred.
   */
  typeName(name: string, mode?: TypeMode): string | undefined;
  /** True when a reference must be deferred with `z.lazy` (its const is not declared yet). */
  isDeferred(name: string): boolean;
  /** Binary strings (`format: binary`) also accept a `Blob` (multipart and raw bodies). */
  binaryAsBlob: boolean;
  /** Records that the generated module needs a helper. */
  useHelper(name: HelperName): void;
  /** How wrappers and checks are written: classic zod or zod/mini. */
  flavour: ZodFlavour;
  /** Dates and int64 as codecs to `Date` and `bigint` (`codecs.ts`); absent: wire values. */
  transformers?: TransformersConfig;
  /** Records that the generated module imports a conversion of `@zapgen/runtime/codecs`. */
  useCodec(name: CodecName): void;
  /**
   * The module-local const that stands for `schema` when it is one that references into other
   * schemas share (`ApiModel.sharedSchemas`), declared on first use (`shared-consts.ts`);
   * undefined for any other schema, which is printed where it is used.
   */
  sharedConst?(schema: SchemaModel, context: ZodContext): string | undefined;
}

/** Follows references to the schema they name; `undefined` for dangling references and ref cycles. */
export function resolveRef(
  schema: SchemaModel,
  context: Pick<ZodContext, 'lookup'>,
): SchemaModel | undefined {
  let current: SchemaModel | undefined = schema;
  for (let hops = 0; current?.kind === 'ref'; hops += 1) {
    if (hops > 64) return undefined;
    current = context.lookup(current.name);
  }
  return current;
}
